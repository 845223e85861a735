import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { summarySelection } from '../../../ui/cart/product-selection';
import { finish, makeProduct, summaryOf } from '../../core/catalog/product-fixtures';

const finishStates = fc.array(fc.record({ outOfStock: fc.boolean(), discontinued: fc.boolean() }), {
  maxLength: 4,
});

describe('summarySelection (add to cart from a list)', () => {
  it('picks the first finish that is in stock and not discontinued, one unit, never a back-order', () => {
    fc.assert(
      fc.property(finishStates, fc.boolean(), fc.boolean(), (states, retail, inStock) => {
        const finishes = states.map((s, i) => finish('K-1', `F${i}`, `Finish ${i}`, s));
        const product = {
          ...summaryOf(makeProduct('K-1', { finishes })),
          retailExclusive: retail,
          inStock,
        };
        const selection = summarySelection(product);
        const buyable = finishes.find((f) => !f.outOfStock && !f.discontinued);
        if (
          retail ||
          (finishes.length > 0 && buyable === undefined) ||
          (finishes.length === 0 && !inStock)
        ) {
          expect(selection).toBeNull();
          return;
        }
        expect(selection?.skuid).toBe(buyable?.sku ?? product.sku);
        expect(selection?.quantity).toBe(1);
        expect(selection?.backorder).toBe(false);
        expect(selection?.colorsData).toEqual([{ id: selection?.skuid, isOutOfStock: false }]);
      }),
    );
  });

  it('carries the list and sale prices the shopper saw', () => {
    const product = summaryOf(makeProduct('K-2'));
    const selection = summarySelection({
      ...product,
      price: { ...product.price, listCents: 12_000 as never, saleCents: 9_900 as never },
    });
    expect(selection?.priceData[0]).toMatchObject({ price: 120, discountedPrice: 99 });
  });
});
