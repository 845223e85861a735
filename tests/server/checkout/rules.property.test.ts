/**
 * The pure checkout rules over their input space: order totals equal to the cart's own total,
 * child orders adding up to the parent, shipments covering every line once, and the card sandbox's
 * answer for any valid card. (Shipping methods are the cart's pricing:
 * tests/server/cart/shipping-method.property.test.ts.)
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Cart, CartLineItem } from '../../../core/cart/cart';
import { luhnCheckDigit } from '../../../core/checkout';
import { cartTotals } from '../../../core/cart/engine/pricing';
import { authoriseCard, SANDBOX_DECLINE_NUMBER } from '../../../server/checkout/card-sandbox';
import { childTotals } from '../../../server/checkout/checkout-service';
import { orderTotals, shipments } from '../../../core/checkout/shipments';
import { ApiError } from '../../../server/http/errors';

const lineArb = (i: number): fc.Arbitrary<CartLineItem> =>
  fc
    .record({
      list: fc.integer({ min: 0, max: 500_000 }),
      saleOff: fc.integer({ min: 0, max: 100 }),
      cartOff: fc.integer({ min: 0, max: 100 }),
      quantity: fc.integer({ min: 1, max: 20 }),
      isService: fc.boolean(),
      sku: fc.constantFrom('A-1', 'B-2', 'C-3', 'F-9'),
    })
    .map(({ list, saleOff, cartOff, quantity, isService, sku }) => {
      const sale = Math.floor((list * (100 - saleOff)) / 100);
      const net = Math.floor((sale * (100 - cartOff)) / 100);
      return {
        id: `line-${i}`,
        sku,
        quantity,
        addedAt: '2026-01-01T00:00:00.000Z',
        productSlug: { 'en-US': sku },
        name: { 'en-US': sku },
        price: { value: list, ...(sale < list ? { discountedValue: sale } : {}) },
        ...(net < sale ? { discountedPrice: net } : {}),
        discounts: [],
        backorderable: false,
        noShipping: false,
        isService,
        isComboSku: false,
      };
    });

const cartArb: fc.Arbitrary<Cart> = fc
  .record({
    n: fc.integer({ min: 1, max: 6 }),
    totalTax: fc.integer({ min: 0, max: 100_000 }),
    shippingCost: fc.integer({ min: 0, max: 30_000 }),
    freightDiscount: fc.integer({ min: 0, max: 14_900 }),
    codeDiscount: fc.integer({ min: 0, max: 1_495 }),
  })
  .chain(({ n, totalTax, shippingCost, freightDiscount, codeDiscount }) =>
    fc.tuple(...Array.from({ length: n }, (_, i) => lineArb(i))).map((lineItems): Cart => ({
      id: 'cart-1',
      version: 3,
      currency: 'USD',
      lineItems,
      totalTax,
      discountCodes: [
        {
          id: 'dc-freeship',
          code: 'FREESHIP',
          target: 'shipping',
          shippingDiscount: Math.min(codeDiscount, shippingCost),
        },
      ],
      shippingCost,
      // Shipping codes and the freight discount never take more than the shipping.
      freightDiscount: Math.min(
        freightDiscount,
        shippingCost - Math.min(codeDiscount, shippingCost),
      ),
    })),
  );

const freightArb = fc.subarray(['A-1', 'B-2', 'C-3', 'F-9']).map((s) => new Set(s));

describe('order totals', () => {
  it("equal the cart's total and add up", () => {
    fc.assert(
      fc.property(cartArb, (cart) => {
        const t = orderTotals(cart);
        expect(t.total).toBe(cartTotals(cart).total);
        expect(t.subtotal - t.discount + t.shipping + t.tax).toBe(t.total);
        expect(t.discount).toBeGreaterThanOrEqual(0);
        expect(t.shipping).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('of child orders add up to the parent, every line in exactly one shipment', () => {
    fc.assert(
      fc.property(cartArb, freightArb, (cart, freight) => {
        const groups = shipments(cart, freight);
        const ids = groups.flatMap((g) => g.lineItemIds);
        expect([...ids].sort()).toEqual(cart.lineItems.map((l) => l.id).sort());
        expect(new Set(groups.map((g) => g.source)).size).toBe(groups.length);
        const parent = orderTotals(cart);
        const byId = new Map(cart.lineItems.map((l) => [l.id, l] as const));
        const children = childTotals(
          parent,
          groups.map((g) => ({
            source: g.source,
            lines: g.lineItemIds.map((id) => byId.get(id)).filter((l) => l !== undefined),
          })),
        );
        for (const k of ['subtotal', 'discount', 'shipping', 'tax', 'total'] as const) {
          expect(
            children.reduce((n, c) => n + c[k], 0),
            k,
          ).toBe(parent[k]);
        }
        for (const c of children) expect(c.tax).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('card sandbox', () => {
  const now = Date.UTC(2026, 10, 23);
  const visa = fc
    .array(fc.integer({ min: 0, max: 9 }), { minLength: 14, maxLength: 14 })
    .map((d) => {
      const partial = `4${d.join('')}`;
      return `${partial}${luhnCheckDigit(partial)}`;
    });

  it('approves any valid card but the declining one with 870, keeping only the last four', () => {
    fc.assert(
      fc.property(
        visa,
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 2027, max: 2041 }),
        fc.stringMatching(/^[0-9]{3}$/),
        (number, month, year, cvv) => {
          const auth = authoriseCard(
            { number, expiryMonth: month, expiryYear: year, securityCode: cvv, holderName: 'A' },
            now,
          );
          expect(auth.approved).toBe(number !== SANDBOX_DECLINE_NUMBER);
          expect(auth.resultCode === 870).toBe(auth.approved);
          expect(auth.last4).toBe(number.slice(-4));
          expect(auth.brand).toBe('visa');
        },
      ),
    );
  });

  it('refuses a number failing Luhn, naming card.number', () => {
    fc.assert(
      fc.property(visa, fc.integer({ min: 1, max: 9 }), (number, bump) => {
        const last = Number(number.slice(-1));
        const wrong = `${number.slice(0, -1)}${(last + bump) % 10}`;
        try {
          authoriseCard(
            {
              number: wrong,
              expiryMonth: 1,
              expiryYear: 2030,
              securityCode: '123',
              holderName: 'A',
            },
            now,
          );
          expect.unreachable();
        } catch (error) {
          expect(error).toBeInstanceOf(ApiError);
          expect((error as ApiError).errors?.map((e) => e.field)).toEqual(['card.number']);
        }
      }),
    );
  });
});
