/** Use case: read the compare slice on page load, dropping (and forgetting) expired entries. */
import type { Clock } from '../shared/clock';
import { dropExpired, EMPTY_COMPARE, type CompareState } from './compare-state';
import type { CompareStore } from './ports';

export class LoadCompare {
  constructor(
    private readonly store: CompareStore,
    private readonly clock: Clock,
  ) {}

  execute(): CompareState {
    const stored = this.store.load() ?? EMPTY_COMPARE;
    const live = dropExpired(stored, this.clock.now());
    if (live !== stored) this.store.save(live);
    return live;
  }
}
