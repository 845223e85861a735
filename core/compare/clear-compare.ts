/** Use case: clear all compared products. */
import { clearCompare, EMPTY_COMPARE, type CompareState } from './compare-state';
import type { CompareStore } from './ports';

export class ClearCompare {
  constructor(private readonly store: CompareStore) {}

  execute(): CompareState {
    const next = clearCompare(this.store.load() ?? EMPTY_COMPARE);
    this.store.save(next);
    return next;
  }
}
