/**
 * Spec §3 `expireTime`: the compare selection expires after the configured period — read when a
 * product is added (the configuration may arrive or change after the use cases were made), with
 * the spec §9 default of 60 days when the configuration has none or a nonsensical one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AddToCompare } from '../../../core/compare/add-to-compare';
import { CompareFromLink } from '../../../core/compare/compare-from-link';
import {
  COMPARE_EXPIRY_MS,
  compareExpiryOf,
  type CompareState,
  type ProductToCompare,
} from '../../../core/compare/compare-state';
import { LoadCompare } from '../../../core/compare/load-compare';
import type { CompareStore } from '../../../core/compare/ports';
import { DAY, ManualClock } from '../../../core/shared/clock';

class MemoryCompareStore implements CompareStore {
  state: CompareState | null = null;
  load(): CompareState | null {
    return this.state;
  }
  save(state: CompareState): void {
    this.state = state;
  }
}

const product = (sku: string): ProductToCompare => ({
  compareSku: sku,
  backorder: false,
  category: 'kitchen-faucets',
  masterVariant: { sku, attributes: [] },
});

describe('compareExpiryOf', () => {
  it('takes a sensible configured period and keeps the 60-day default otherwise', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3650 * DAY }), (ms) => {
        expect(compareExpiryOf({ expireTime: ms })).toBe(ms);
      }),
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constant(undefined),
          fc.integer({ max: 0 }),
          fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, 3651 * DAY),
        ),
        (bad) => {
          const configuration = bad === undefined ? {} : { expireTime: bad };
          expect(compareExpiryOf(configuration)).toBe(COMPARE_EXPIRY_MS);
        },
      ),
    );
    expect(COMPARE_EXPIRY_MS).toBe(60 * DAY);
  });
});

describe('a compared product expires after the configured expireTime', () => {
  it('lives exactly the period configured when it was added, read at each add', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 90 * DAY }),
        fc.integer({ min: 1, max: 90 * DAY }),
        (first, second) => {
          const store = new MemoryCompareStore();
          const clock = new ManualClock(1_000_000);
          let configured = first;
          const add = new AddToCompare(store, clock, () =>
            compareExpiryOf({ expireTime: configured }),
          );
          const load = new LoadCompare(store, clock);
          add.execute(product('K-1'), 1400);
          configured = second; // the configuration changed after the use case was made
          add.execute(product('K-2'), 1400);
          const sorted = [
            ['K-1', first],
            ['K-2', second],
          ] as const;
          for (const [sku, period] of sorted) {
            const entry = store.state?.products.find((p) => p.compareSku === sku);
            expect(entry?.expiry).toBe(1_000_000 + period);
          }
          clock.advance(Math.min(first, second) - 1);
          expect(load.execute().products.map((p) => p.compareSku)).toEqual(['K-1', 'K-2']);
          clock.advance(1);
          expect(load.execute().products.map((p) => p.compareSku)).toEqual(
            first === second ? [] : first < second ? ['K-2'] : ['K-1'],
          );
        },
      ),
    );
  });

  it('a compare link gives its products the configured period too', () => {
    const store = new MemoryCompareStore();
    const clock = new ManualClock(0);
    new CompareFromLink(store, clock, () => compareExpiryOf({ expireTime: DAY })).execute([
      product('K-1'),
    ]);
    clock.advance(DAY);
    expect(new LoadCompare(store, clock).execute().products).toEqual([]);
  });
});
