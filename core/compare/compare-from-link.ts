/**
 * Use case: the compare page opened from a link (`/en/compare?compare=SKU1,SKU2`, maybe someone
 * else's) makes the link's products the compared ones, so the tray counts what the page shows.
 */
import type { Clock } from '../shared/clock';
import {
  COMPARE_EXPIRY_MS,
  expiryFrom,
  type ExpirySource,
  compareFromLink,
  EMPTY_COMPARE,
  type CompareState,
  type ProductToCompare,
} from './compare-state';
import type { CompareStore } from './ports';

export class CompareFromLink {
  constructor(
    private readonly store: CompareStore,
    private readonly clock: Clock,
    /** The configured expiry period (compareExpiryOf), read at each call. */
    private readonly expiryMs: ExpirySource = COMPARE_EXPIRY_MS,
  ) {}

  execute(products: readonly ProductToCompare[]): CompareState {
    const next = compareFromLink(this.store.load() ?? EMPTY_COMPARE, products, {
      now: this.clock.now(),
      expiryMs: expiryFrom(this.expiryMs),
    });
    this.store.save(next);
    return next;
  }
}
