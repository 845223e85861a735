import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CART_UPDATED_EVENT,
  cartSignature,
  cartUpdatedEvent,
  pageName,
  pageViewEvent,
} from '../../../core/analytics/events';
import type { Cart, CartLineItem } from '../../../core/cart/cart';
import { isSafeText } from '../../../core/validation/text';

const anyText = fc.string({
  unit: fc.oneof(
    fc.constantFrom(...'aZé0 9-,\'"<>&;/\\()%$#@!\t\n_.—|’'),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
  ),
  maxLength: 40,
});

describe('page analytics names (spec §3, §5: unsafe characters are stripped)', () => {
  it('are always non-empty safe text, whatever the title and path', () => {
    fc.assert(
      fc.property(anyText, anyText, (title, path) => {
        const name = pageName(title, path);
        expect(name).not.toBe('');
        expect(isSafeText(name)).toBe(true);
        expect(name).toBe(name.trim());
        expect(name).not.toContain('  ');
      }),
    );
  });

  it('are idempotent: a safe name named again is itself', () => {
    fc.assert(
      fc.property(anyText, anyText, (title, path) => {
        const name = pageName(title, path);
        expect(pageName(name, path)).toBe(name);
      }),
    );
  });

  it('drop the shop name the titles end with and keep what the shopper reads', () => {
    expect(pageName('Kitchen — Lavabo', '/en/kitchen')).toBe('Kitchen');
    expect(pageName('Purist® Faucet <b>2.0</b> | Lavabo', '/p/x')).toBe('Purist Faucet b20b');
    expect(pageName('José’s "Bath", Part-2', '/')).toBe('José’s "Bath", Part-2');
    // A title of nothing safe falls back to the path's words, then to Home.
    expect(pageName('<<>> — Lavabo', '/en/service-parts')).toBe('en service parts');
    expect(pageName('', '/')).toBe('Home');
  });

  it('page views carry the path without its query or fragment', () => {
    expect(pageViewEvent('Search results — Lavabo', '/en/search?q=me@x.test#top')).toEqual({
      event: 'page_view',
      page_name: 'Search results',
      page_path: '/en/search',
    });
  });
});

const line = (over: Partial<CartLineItem> & Pick<CartLineItem, 'id' | 'sku'>): CartLineItem => ({
  quantity: 1,
  addedAt: '2026-01-01T00:00:00Z',
  productSlug: { 'en-US': over.sku },
  name: { 'en-US': `Item ${over.sku}` },
  price: { value: 1000 },
  discounts: [],
  backorderable: false,
  noShipping: false,
  isService: false,
  isComboSku: false,
  ...over,
});

const cartOf = (lineItems: CartLineItem[]): Cart => ({
  id: 'c1',
  version: 1,
  currency: 'USD',
  lineItems,
  totalTax: 0,
  discountCodes: [],
  shippingCost: 0,
  freightDiscount: 0,
});

describe('cart events in the shape a tag manager reads (GA4 items)', () => {
  it('lists each chosen line with its unit price after discounts and the total value', () => {
    const cart = cartOf([
      line({
        id: 'l1',
        sku: 'K-100',
        quantity: 2,
        name: { 'en-US': 'Purist® faucet <matte>' },
        price: { value: 25_000, discountedValue: 20_000 },
        brand: 'Lavabo',
        category: 'Faucets & taps',
        color: 'Matte black',
      }),
      line({ id: 'l2', sku: 'K-200', price: { value: 1_999 } }),
      // A bundle's part rides on its parent; it is not an item of its own.
      line({ id: 'l3', sku: 'K-201', bundleParentId: 'l2' }),
    ]);
    expect(cartUpdatedEvent(cart)).toEqual({
      event: CART_UPDATED_EVENT,
      ecommerce: {
        currency: 'USD',
        value: 419.99,
        items: [
          {
            item_id: 'K-100',
            item_name: 'Purist faucet matte',
            price: 200,
            quantity: 2,
            item_brand: 'Lavabo',
            item_category: 'Faucets taps',
            item_variant: 'Matte black',
          },
          { item_id: 'K-200', item_name: 'Item K-200', price: 19.99, quantity: 1 },
        ],
      },
    });
  });

  it('reads no cart as an empty one', () => {
    expect(cartUpdatedEvent(null)).toEqual({
      event: CART_UPDATED_EVENT,
      ecommerce: { currency: 'USD', value: 0, items: [] },
    });
  });

  it('names are safe text and the value is the sum of price × quantity', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            name: anyText,
            quantity: fc.integer({ min: 1, max: 20 }),
            cents: fc.integer({ min: 0, max: 1_000_000 }),
          }),
          { maxLength: 6 },
        ),
        (specs) => {
          const cart = cartOf(
            specs.map((s, i) =>
              line({
                id: `l${i}`,
                sku: `S-${i}`,
                name: { 'en-US': s.name },
                quantity: s.quantity,
                price: { value: s.cents },
              }),
            ),
          );
          const { ecommerce } = cartUpdatedEvent(cart);
          for (const item of ecommerce.items) expect(isSafeText(item.item_name)).toBe(true);
          const cents = specs.reduce((sum, s) => sum + s.cents * s.quantity, 0);
          expect(Math.round(ecommerce.value * 100)).toBe(cents);
        },
      ),
    );
  });

  it('signatures ignore line order and ids, and see quantity and price changes', () => {
    const a = line({ id: 'l1', sku: 'A', quantity: 2 });
    const b = line({ id: 'l2', sku: 'B' });
    expect(cartSignature(cartOf([a, b]))).toBe(cartSignature(cartOf([{ ...b, id: 'x' }, a])));
    expect(cartSignature(cartOf([a]))).not.toBe(cartSignature(cartOf([{ ...a, quantity: 3 }])));
    expect(cartSignature(cartOf([a]))).not.toBe(
      cartSignature(cartOf([{ ...a, price: { value: 999 } }])),
    );
    expect(cartSignature(null)).toBe(cartSignature(cartOf([])));
  });
});
