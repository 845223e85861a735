/**
 * Pricing is on every cart change's path (the API prices the cart it answers with), so its cost
 * per line is part of add-to-cart's latency (issue 14). Each priced line used to be built as an
 * object literal spreading a base and then naming a dozen more members: V8 defines members after a
 * spread one runtime call at a time, and this 20-line cart took some 350 µs to price under vitest
 * where it takes some 30 µs built as one literal. `npm run bench:core` prints the figure (never a
 * timed test); this file pins what the faster pricing must still produce for such a cart.
 */
import { describe, expect, it } from 'vitest';
import { PROMOTIONS, quoteCart, type CartState, type ItemFacts } from '../../../../core/cart';
import { itemFacts } from './item-facts';

const NOW = '2026-11-26T12:00:00.000Z';

const catalogue = new Map<string, ItemFacts>();
const lines = Array.from({ length: 20 }, (_, i) => {
  const sku = `K-${4000 + i}-BN`;
  catalogue.set(
    sku,
    itemFacts(sku, {
      description: 'A faucet with a long description, as the catalogue has. '.repeat(6),
      saleCents: i % 3 === 0 ? 8_000 : null,
      leadTimeDays: i % 4 === 0 ? 5 : null,
    }),
  );
  return {
    id: `line-${i}`,
    sku,
    quantity: 1 + (i % 4),
    addedAt: NOW,
    lineItemShipping: { salesChannel: 'KOUS', ...(i % 2 === 0 ? { roomInfo: 'Kitchen' } : {}) },
  };
});

const state: CartState = {
  id: 'cart-1',
  version: 21,
  currency: 'USD',
  cartType: 'FG',
  lines,
  shippingAddress: {
    firstName: 'A',
    lastName: 'B',
    email: 'a@b.test',
    mobile: '5555550100',
    state: 'CA',
  },
  discountCodeIds: [],
};

const env = { catalogue, discounts: PROMOTIONS, now: NOW };

describe('pricing a 20-line cart', () => {
  it('prices every line with its facts', () => {
    const cart = quoteCart(state, env).cart;
    expect(cart.lineItems).toHaveLength(20);
    const first = cart.lineItems[0];
    expect(first).toMatchObject({
      id: 'line-0',
      sku: 'K-4000-BN',
      quantity: 1,
      price: { value: 10_000, discountedValue: 8_000 },
      leadTime: '5 days',
      lineItemShipping: { salesChannel: 'KOUS', roomInfo: 'Kitchen' },
      category: 'Toilets',
    });
    expect(cart.lineItems[1]).not.toHaveProperty('leadTime');
    expect(cart.lineItems[1]?.price).toEqual({ value: 10_000 });
  });
});
