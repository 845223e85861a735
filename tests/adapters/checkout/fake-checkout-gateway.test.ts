/**
 * The demo's checkout charges the shipping its cart showed: standard is the fake cart's own
 * shipping (free from the same threshold), expedited never free, and every figure the server's.
 */
import { describe, expect, it } from 'vitest';
import {
  FAKE_FREE_SHIPPING_FROM_CENTS,
  FAKE_SHIPPING_CENTS,
} from '../../../adapters/fake/cart/fake-cart-gateway';
import {
  FAKE_EXPEDITED_CENTS,
  FakeCheckoutGateway,
} from '../../../adapters/fake/checkout/fake-checkout-gateway';
import { summarizeCart } from '../../../core/cart/summary';
import type { CheckoutAddress } from '../../../core/checkout/checkout';
import { FREE_SHIPPING_FROM_CENTS, STANDARD_SHIPPING_CENTS } from '../../../server/cart/pricing';
import { EXPEDITED_CENTS } from '../../../server/checkout/shipping';
import { makeCartSystem } from '../../ui/cart/harness';

const ADDRESS: CheckoutAddress = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  mobile: '2125550100',
  streetName: '1 Main St',
  city: 'New York',
  state: 'NY',
  postalCode: '10001',
  country: 'US',
};

const quoteFor = async (lines: readonly [string, number][]) => {
  const system = makeCartSystem();
  const cart = await system.seed(lines);
  const checkout = new FakeCheckoutGateway(system.engine, system.clock, 'http://shop.test');
  const quote = await checkout.shippingCost(cart.id, cart.version, ADDRESS);
  return { cart, checkout, quote };
};

const centsOf = (quote: { methods: readonly { id: string; cents: number }[] }) =>
  Object.fromEntries(quote.methods.map((m) => [m.id, m.cents]));

describe('the fake checkout’s shipping', () => {
  it('uses the server’s figures', () => {
    expect(FAKE_SHIPPING_CENTS).toBe(STANDARD_SHIPPING_CENTS);
    expect(FAKE_FREE_SHIPPING_FROM_CENTS).toBe(FREE_SHIPPING_FROM_CENTS);
    expect(FAKE_EXPEDITED_CENTS).toBe(EXPEDITED_CENTS);
  });

  it('quotes standard at the price the cart showed, under the free-shipping threshold', async () => {
    const { cart, quote } = await quoteFor([['K-1000-BL', 1]]);
    expect(summarizeCart(cart).cents.subtotalWithDiscount).toBeLessThan(
      FAKE_FREE_SHIPPING_FROM_CENTS,
    );
    expect(cart.shippingCost).toBe(FAKE_SHIPPING_CENTS);
    expect(centsOf(quote)).toEqual({
      standard: cart.shippingCost,
      expedited: FAKE_EXPEDITED_CENTS,
    });
    expect(quote.freeShippingThresholdCents).toBe(FAKE_FREE_SHIPPING_FROM_CENTS);
    expect(quote.cart.shippingCost).toBe(cart.shippingCost);
  });

  it('ships standard free from the threshold, as the cart does, but never expedited', async () => {
    const { cart, checkout, quote } = await quoteFor([['K-2000-CP', 3]]);
    expect(summarizeCart(cart).cents.subtotalWithDiscount).toBeGreaterThanOrEqual(
      FAKE_FREE_SHIPPING_FROM_CENTS,
    );
    expect(cart.shippingCost).toBe(0);
    expect(centsOf(quote)).toEqual({ standard: 0, expedited: FAKE_EXPEDITED_CENTS });
    const expedited = await checkout.assignShipping(quote.cart.id, quote.cart.version, 'expedited');
    expect(expedited.shippingCost).toBe(FAKE_EXPEDITED_CENTS);
    const standard = await checkout.assignShipping(expedited.id, expedited.version, 'standard');
    expect(standard.shippingCost).toBe(0);
  });
});
