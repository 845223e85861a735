/** Use case: the shopper turns compare on (or off) for the next product; an add resets it. */
import { EMPTY_COMPARE, setCompareEnabled, type CompareState } from './compare-state';
import type { CompareStore } from './ports';

export class EnableCompare {
  constructor(private readonly store: CompareStore) {}

  execute(enabled = true): CompareState {
    const next = setCompareEnabled(this.store.load() ?? EMPTY_COMPARE, enabled);
    this.store.save(next);
    return next;
  }
}
