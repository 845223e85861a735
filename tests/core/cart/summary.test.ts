import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Cart } from '../../../core/cart/cart';
import { deriveLineItems } from '../../../core/cart/derive-line-items';
import { formatCartSummary, summarizeCart, type CartSummary } from '../../../core/cart/summary';
import { formatMoney, money } from '../../../core/shared/money';
import { cartArb, wildCartArb } from './arbitraries';

const KEYS = [
  'subtotal',
  'subtotalWithDiscount',
  'totalPromotions',
  'estimatedTax',
  'estimatedShipping',
  'estimatedTotal',
  'freightDiscountTotal',
] as const;

const expectWellFormed = (s: CartSummary): void => {
  const c = s.cents;
  expect(c.subtotal - c.totalPromotions + c.estimatedTax + c.estimatedShipping).toBe(
    c.estimatedTotal,
  );
  for (const k of KEYS) {
    expect(Number.isSafeInteger(c[k]), k).toBe(true);
    expect(c[k], k).toBeGreaterThanOrEqual(0);
    // The decimal field is the cents divided by 100, to 2 decimals.
    expect(Math.round(s[k] * 100), k).toBe(c[k]);
  }
  expect(c.subtotalWithDiscount).toBeLessThanOrEqual(c.subtotal);
  expect(c.freightDiscountTotal).toBeLessThanOrEqual(c.estimatedShipping);
  expect(c.totalPromotions).toBeLessThanOrEqual(c.subtotal + c.estimatedShipping);
};

describe('cart summary (spec §3, §9 money in cents)', () => {
  it('adds up: subtotal − promotions + tax + shipping = total, never negative, whole cents', () => {
    fc.assert(
      fc.property(cartArb(), (cart) => {
        expectWellFormed(summarizeCart(cart));
      }),
    );
  });

  it('stays well formed on odd wire numbers (negative, inflated or missing prices)', () => {
    fc.assert(
      fc.property(wildCartArb, (cart) => {
        expectWellFormed(summarizeCart(cart));
      }),
    );
  });

  it('totals are the sums of the lines', () => {
    fc.assert(
      fc.property(cartArb(), (cart) => {
        const lines = deriveLineItems(cart);
        const s = summarizeCart(cart, lines);
        expect(s.cents.subtotal).toBe(lines.reduce((t, l) => t + l.totalPriceCents, 0));
        expect(s.cents.subtotalWithDiscount).toBe(
          lines.reduce((t, l) => t + l.discountPriceCents, 0),
        );
        expect(s.cents.estimatedTax).toBe(cart.totalTax);
        expect(s.cents.estimatedShipping).toBe(cart.shippingCost);
        expect(summarizeCart(cart)).toEqual(s);
      }),
    );
  });

  it('promo codes account for every promotion but the freight discount', () => {
    fc.assert(
      fc.property(cartArb(), (cart) => {
        const s = summarizeCart(cart);
        const promos = s.promoCodes.reduce((t, p) => t + p.discountCents, 0);
        expect(promos + s.cents.freightDiscountTotal).toBe(s.cents.totalPromotions);
        for (const p of s.promoCodes) {
          expect(Math.round(p.discount * 100)).toBe(p.discountCents);
          expect(p.code === undefined).toBe(p.type === 'product' || p.type === 'no-code');
        }
        // Each applied code is listed once, under its discount code id, so it can be removed.
        for (const applied of cart.discountCodes) {
          const listed = s.promoCodes.filter((p) => p.code === applied.code);
          expect(listed).toHaveLength(1);
          expect(listed[0]?.id).toBe(applied.id);
          expect(listed[0]?.type).toBe(applied.target === 'shipping' ? 'shipping' : 'code');
        }
      }),
    );
  });

  it('types promotions: sitewide → product, cart without code → no-code', () => {
    fc.assert(
      fc.property(cartArb(), (cart) => {
        const s = summarizeCart(cart);
        const sitewide = new Set(
          cart.lineItems
            .flatMap((l) => l.discounts.filter((d) => d.kind === 'sitewide'))
            .map((d) => d.id),
        );
        const automatic = new Set(
          cart.lineItems
            .flatMap((l) => l.discounts.filter((d) => d.kind === 'cart' && d.code === undefined))
            .map((d) => d.id),
        );
        expect(new Set(s.promoCodes.filter((p) => p.type === 'product').map((p) => p.id))).toEqual(
          sitewide,
        );
        expect(new Set(s.promoCodes.filter((p) => p.type === 'no-code').map((p) => p.id))).toEqual(
          automatic,
        );
      }),
    );
  });

  it('lists the out-of-stock and cannot-ship lines', () => {
    fc.assert(
      fc.property(cartArb(), (cart) => {
        const lines = deriveLineItems(cart);
        const s = summarizeCart(cart, lines);
        expect(s.outOfStockItems).toEqual(lines.filter((l) => l.outOfStock));
        expect(s.noShippingItems).toEqual(lines.filter((l) => l.noShipping));
      }),
    );
  });

  it('formats every total in the cart currency', () => {
    fc.assert(
      fc.property(cartArb({ maxLines: 4 }), (cart) => {
        const s = summarizeCart(cart);
        const shown = formatCartSummary(s);
        for (const k of KEYS) expect(shown[k]).toBe(formatMoney(money(s.cents[k], cart.currency)));
      }),
    );
  });

  it('example: free-shipping code and freight discount never take shipping below zero', () => {
    const cart: Cart = {
      id: 'c',
      version: 3,
      currency: 'USD',
      lineItems: [
        {
          id: 'l1',
          sku: 'K-TUB-1',
          quantity: 1,
          addedAt: '2025-01-01T00:00:00.000Z',
          productSlug: { 'en-US': 'tub' },
          name: { 'en-US': 'Tub' },
          price: { value: 150_000, discountedValue: 135_000 },
          discountedPrice: 121_500,
          discounts: [
            {
              id: 'sale',
              kind: 'sitewide',
              value: { type: 'relative', percent: 10 },
              amount: 15_000,
            },
            {
              id: 'cd-SAVE10',
              kind: 'cart',
              value: { type: 'relative', percent: 10 },
              code: 'SAVE10',
              amount: 13_500,
            },
          ],
          backorderable: false,
          noShipping: false,
          isService: false,
          isComboSku: false,
        },
      ],
      totalTax: 8_505,
      discountCodes: [
        { id: 'dc-SAVE10', code: 'SAVE10', target: 'lineItems', shippingDiscount: 0 },
        { id: 'dc-SHIP', code: 'SHIP', target: 'shipping', shippingDiscount: 5_000 },
      ],
      shippingCost: 5_995,
      freightDiscount: 1_500,
    };
    const s = summarizeCart(cart);
    expect(s.subtotal).toBe(1500);
    expect(s.subtotalWithDiscount).toBe(1215);
    expect(s.freightDiscountTotal).toBe(9.95); // only what the code left of shipping
    expect(s.totalPromotions).toBe(285 + 59.95);
    expect(s.estimatedTotal).toBe(1215 + 85.05);
    expect(s.promoCodes.map((p) => [p.type, p.code, p.discount])).toEqual([
      ['code', 'SAVE10', 135],
      ['product', undefined, 150],
      ['shipping', 'SHIP', 50],
    ]);
  });
});
