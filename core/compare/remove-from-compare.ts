/** Use case: clear one product from compare. */
import type { Clock } from '../shared/clock';
import { EMPTY_COMPARE, removeFromCompare, type CompareState } from './compare-state';
import type { CompareStore } from './ports';

export class RemoveFromCompare {
  constructor(
    private readonly store: CompareStore,
    private readonly clock: Clock,
  ) {}

  execute(sku: string): CompareState {
    const next = removeFromCompare(this.store.load() ?? EMPTY_COMPARE, sku, this.clock.now());
    this.store.save(next);
    return next;
  }
}
