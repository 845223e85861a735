/** Use case: add a product to compare at the current viewport width. */
import type { Clock } from '../shared/clock';
import type { Result } from '../shared/result';
import {
  addToCompare,
  COMPARE_EXPIRY_MS,
  expiryFrom,
  type ExpirySource,
  dropExpired,
  EMPTY_COMPARE,
  type CompareFull,
  type CompareState,
  type ProductToCompare,
} from './compare-state';
import { maxComparable } from './compare-tray';
import type { CompareStore } from './ports';

export class AddToCompare {
  constructor(
    private readonly store: CompareStore,
    private readonly clock: Clock,
    /** The configured expiry period (compareExpiryOf), read at each call. */
    private readonly expiryMs: ExpirySource = COMPARE_EXPIRY_MS,
  ) {}

  /** On `compare-full` the stored list only loses its expired entries. */
  execute(product: ProductToCompare, viewportWidth: number): Result<CompareState, CompareFull> {
    const now = this.clock.now();
    const current = dropExpired(this.store.load() ?? EMPTY_COMPARE, now);
    const result = addToCompare(current, product, {
      now,
      max: maxComparable(viewportWidth),
      expiryMs: expiryFrom(this.expiryMs),
    });
    this.store.save(result.ok ? result.value : current);
    return result;
  }
}
