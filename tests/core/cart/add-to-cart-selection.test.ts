import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildLineItemRequests,
  salesChannelFor,
  selectionUnitPrice,
  type AddToCartSelection,
} from '../../../core/cart/add-to-cart-selection';
import { skuArb } from './arbitraries';

const CHANNELS = { byBrand: { Lavabo: 'KOUS', Ondine: 'ONUS' } } as const;

const selectionArb: fc.Arbitrary<AddToCartSelection> = fc
  .record({
    skuid: skuArb,
    brandName: fc.constantFrom('Lavabo', 'ondine', 'Unknown Co'),
    backorder: fc.boolean(),
    outOfStock: fc.option(fc.boolean(), { nil: undefined }),
    others: fc.array(fc.record({ id: skuArb, isOutOfStock: fc.boolean() }), { maxLength: 3 }),
    price: fc.option(
      fc.record({
        cents: fc.integer({ min: 0, max: 200_000 }),
        discountedCents: fc.option(fc.integer({ min: 0, max: 250_000 }), { nil: undefined }),
      }),
      { nil: undefined },
    ),
    quantity: fc.option(fc.integer({ min: -2, max: 12 }), { nil: undefined }),
    roomInfo: fc.option(fc.constantFrom('Kitchen', 'Guest bath'), { nil: undefined }),
    isSuperSku: fc.boolean(),
  })
  .map((r): AddToCartSelection => ({
    skuid: r.skuid,
    brandName: r.brandName,
    backorder: r.backorder,
    colorsData: [
      ...r.others.filter((o) => o.id !== r.skuid),
      ...(r.outOfStock === undefined ? [] : [{ id: r.skuid, isOutOfStock: r.outOfStock }]),
    ],
    priceData:
      r.price === undefined
        ? []
        : [
            {
              id: r.skuid,
              price: r.price.cents / 100,
              ...(r.price.discountedCents === undefined
                ? {}
                : { discountedPrice: r.price.discountedCents / 100 }),
            },
          ],
    ...(r.quantity === undefined ? {} : { quantity: r.quantity }),
    ...(r.roomInfo === undefined ? {} : { roomInfo: r.roomInfo }),
    isSuperSku: r.isSuperSku,
  }));

const outOfStock = (s: AddToCartSelection): boolean =>
  s.colorsData.some((c) => c.id === s.skuid && c.isOutOfStock);

describe('add-to-cart selection (spec §3, §4 Add to cart)', () => {
  it('leaves out out-of-stock items and adds back-orderable ones with quantity 1', () => {
    fc.assert(
      fc.property(fc.array(selectionArb, { maxLength: 8 }), (selections) => {
        const plan = buildLineItemRequests(selections, CHANNELS);
        // Every selection is either requested or left out, in order.
        expect(plan.requests.length + plan.leftOut.length).toBe(selections.length);
        const kept = selections.filter((s) => {
          const q = s.quantity ?? 1;
          return Number.isInteger(q) && q >= 1 && (s.backorder || !outOfStock(s));
        });
        expect(plan.requests.map((r) => r.sku)).toEqual(kept.map((s) => s.skuid));
        plan.requests.forEach((r, i) => {
          const s = kept[i];
          if (s === undefined) throw new Error('no selection');
          expect(r.quantity).toBe(s.backorder ? 1 : (s.quantity ?? 1));
          expect(r.isBackOrderable === true).toBe(s.backorder);
          expect(r.action).toBe(s.isSuperSku === true ? 'addbundle' : 'addLineItem');
          expect(r.lineItemShipping.roomInfo).toBe(s.roomInfo);
        });
        for (const l of plan.leftOut) {
          expect(['outOfStock', 'invalidQuantity']).toContain(l.reason);
        }
      }),
    );
  });

  it('marking an in-stock, not back-orderable item out of stock removes exactly its line', () => {
    fc.assert(
      fc.property(
        fc.array(selectionArb, { minLength: 1, maxLength: 8 }),
        fc.nat(),
        (selections, k) => {
          const i = k % selections.length;
          const target = selections[i];
          if (target === undefined || target.backorder || (target.quantity ?? 1) < 1) return;
          const marked = selections.map((s, j) =>
            j === i ? { ...s, colorsData: [{ id: s.skuid, isOutOfStock: true }] } : s,
          );
          const before = buildLineItemRequests(selections, CHANNELS);
          const after = buildLineItemRequests(marked, CHANNELS);
          const dropped = before.requests.length - after.requests.length;
          expect(dropped).toBe(outOfStock(target) ? 0 : 1);
          expect(
            after.leftOut.filter((l) => l.reason === 'outOfStock').map((l) => l.sku),
          ).toContain(target.skuid);
        },
      ),
    );
  });

  it('expects the value the page showed: lower of list and discounted price, times quantity', () => {
    fc.assert(
      fc.property(fc.array(selectionArb, { maxLength: 8 }), (selections) => {
        const plan = buildLineItemRequests(selections, CHANNELS);
        const kept = selections.filter((s) => {
          const q = s.quantity ?? 1;
          return Number.isInteger(q) && q >= 1 && (s.backorder || !outOfStock(s));
        });
        const expected = plan.requests.reduce((sum, r, i) => {
          const s = kept[i];
          return s === undefined ? Number.NaN : sum + selectionUnitPrice(s) * r.quantity;
        }, 0);
        expect(plan.expectedValue).toBe(expected);
        expect(Number.isSafeInteger(plan.expectedValue)).toBe(true);
        for (const s of selections) {
          const p = s.priceData[0];
          const unit = selectionUnitPrice(s);
          if (p === undefined) expect(unit).toBe(0);
          else {
            expect(unit).toBeLessThanOrEqual(Math.round(p.price * 100));
            if (p.discountedPrice !== undefined && p.discountedPrice > 0) {
              expect(unit).toBe(Math.round(Math.min(p.price, p.discountedPrice) * 100));
            }
          }
        }
      }),
    );
  });

  it('sends each line on its brand’s sales channel, KOUS by default', () => {
    fc.assert(
      fc.property(fc.array(selectionArb, { maxLength: 8 }), (selections) => {
        const plan = buildLineItemRequests(selections, CHANNELS);
        for (const r of plan.requests) {
          expect(['KOUS', 'ONUS']).toContain(r.lineItemShipping.salesChannel);
        }
      }),
    );
    expect(salesChannelFor('ONDINE', CHANNELS)).toBe('ONUS');
    expect(salesChannelFor('Nobody', CHANNELS)).toBe('KOUS');
    expect(salesChannelFor('Nobody', { byBrand: {}, defaultChannel: 'KOCA' })).toBe('KOCA');
  });

  it('example: a back-orderable, out-of-stock faucet goes in once; an out-of-stock sink stays out', () => {
    const plan = buildLineItemRequests(
      [
        {
          skuid: 'K-4120-BL',
          brandName: 'Lavabo',
          backorder: true,
          quantity: 4,
          colorsData: [{ id: 'K-4120-BL', isOutOfStock: true }],
          priceData: [{ id: 'K-4120-BL', price: 249.99, discountedPrice: 199.99 }],
        },
        {
          skuid: 'K-2210-WH',
          brandName: 'Lavabo',
          backorder: false,
          quantity: 2,
          colorsData: [{ id: 'K-2210-WH', isOutOfStock: true }],
          priceData: [{ id: 'K-2210-WH', price: 480 }],
        },
      ],
      CHANNELS,
    );
    expect(plan.requests).toEqual([
      {
        action: 'addLineItem',
        sku: 'K-4120-BL',
        quantity: 1,
        lineItemShipping: { salesChannel: 'KOUS' },
        isBackOrderable: true,
      },
    ]);
    expect(plan.leftOut).toEqual([{ sku: 'K-2210-WH', reason: 'outOfStock' }]);
    expect(plan.expectedValue).toBe(19_999);
  });
});
