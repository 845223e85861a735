import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOW_STOCK_THRESHOLD } from '../../../core/catalog/get-product-page';
import { leadTimeWeeks, tileStock, type TileStockFacts } from '../../../core/catalog/tile-stock';
import { finish } from './product-fixtures';

/** A product as the catalogue states it: finishes whose out-of-stock flag follows their units. */
const product = fc
  .record({
    backorderable: fc.boolean(),
    leadTimeDays: fc.option(fc.integer({ min: 1, max: 90 }), { nil: null }),
    masterQty: fc.nat({ max: 30 }),
    finishes: fc.array(
      fc.record({
        discontinued: fc.boolean(),
        availableQty: fc.option(fc.nat({ max: 30 }), { nil: null }),
      }),
      { maxLength: 5 },
    ),
  })
  .map((p): TileStockFacts => ({
    category: 'kitchen-faucets',
    discontinued: false,
    retailExclusive: false,
    backorderable: p.backorderable,
    leadTimeDays: p.leadTimeDays,
    availableQty: p.masterQty,
    finishes: p.finishes.map((f, i) =>
      finish('K-1', `F${i}`, `Finish ${i}`, {
        ...f,
        outOfStock: !p.backorderable && f.availableQty === 0,
      }),
    ),
  }));

/** What the tile should say, worked out on its own: the first finish with units decides. */
const expected = (p: TileStockFacts) => {
  const live = p.finishes.filter((f) => !f.discontinued);
  if (p.finishes.length > 0 && live.length === 0) return null;
  const units = p.finishes.length === 0 ? [p.availableQty] : live.map((f) => f.availableQty);
  const first = units.find((q) => q === null || q > 0);
  if (first !== undefined) {
    return first !== null && first <= LOW_STOCK_THRESHOLD
      ? { kind: 'low-stock', quantity: first }
      : null;
  }
  return p.backorderable
    ? { kind: 'ships-later', leadTimeDays: p.leadTimeDays }
    : { kind: 'out-of-stock' };
};

describe('tileStock (the stock line of a product tile)', () => {
  it('says out of stock, only N left or ships later exactly when the product page would', () => {
    fc.assert(
      fc.property(product, (p) => {
        expect(tileStock(p)).toEqual(expected(p));
      }),
      { numRuns: 500 },
    );
  });

  it('never warns about a product with a finish well stocked first in line', () => {
    fc.assert(
      fc.property(product, fc.integer({ min: LOW_STOCK_THRESHOLD + 1, max: 400 }), (p, qty) => {
        const finishes = [
          finish('K-1', 'CP', 'Polished Chrome', { availableQty: qty }),
          ...p.finishes,
        ];
        expect(tileStock({ ...p, finishes })).toBeNull();
      }),
    );
  });

  it('is silent for services, retail exclusives and discontinued products', () => {
    fc.assert(
      fc.property(
        product,
        fc.constantFrom(
          { category: 'install-services' },
          { category: 'design-services' },
          { retailExclusive: true },
          { discontinued: true },
        ),
        (p, change) => {
          expect(tileStock({ ...p, ...change })).toBeNull();
        },
      ),
    );
  });

  it('rounds a lead time up to whole weeks', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 }), (days) => {
        const weeks = leadTimeWeeks(days);
        expect(weeks * 7).toBeGreaterThanOrEqual(days);
        expect((weeks - 1) * 7).toBeLessThan(days);
      }),
    );
    expect(leadTimeWeeks(21)).toBe(3);
    expect(leadTimeWeeks(0)).toBe(1);
  });
});
