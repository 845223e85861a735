/**
 * The composition root binds the checkout gateways in both modes; in the demo a guest's placed
 * order reads back through the orders port (the confirmation page after a reload).
 */
import { Container } from 'inversify';
import { describe, expect, it } from 'vitest';
import { checkoutModule } from '../../../adapters/di/checkout-modules';
import { createContainer } from '../../../adapters/di/container';
import { defaultAppConfig, TYPES } from '../../../adapters/di/types';
import { FakeCartGateway } from '../../../adapters/fake/cart/fake-cart-gateway';
import { FakeCheckoutGateway } from '../../../adapters/fake/checkout/fake-checkout-gateway';
import {
  HttpCheckoutGateway,
  HttpFinanceGateway,
} from '../../../adapters/http/checkout/http-checkout-gateway';
import { MemoryStorage } from '../../../adapters/storage/memory-storage';
import type { EnsureSession } from '../../../core/auth/ensure-session';
import type { TokenStore } from '../../../core/auth/ports';
import type { CheckoutGateway } from '../../../core/checkout/checkout';
import { totalToPay } from '../../../core/checkout/checkout-quote';
import type { CheckoutUseCases } from '../../../core/checkout/checkout-use-cases';
import { PlaceOrder } from '../../../core/checkout/place-order';
import { QuoteShipping } from '../../../core/checkout/quote-shipping';
import { RememberAddress } from '../../../core/checkout/remember-address';
import type { OrdersGateway } from '../../../core/orders/ports';
import type { Clock } from '../../../core/shared/clock';
import { FACTS } from '../../adapters/cart/fixtures';
import { addLine } from '../cart/harness';

const containerIn = (mode: 'http' | 'fake') =>
  createContainer({
    mode,
    config: defaultAppConfig,
    storage: new MemoryStorage(),
    sessionStorage: new MemoryStorage(),
  });

describe('checkout bindings', () => {
  it('uses the HTTP gateways over the API in http mode', () => {
    const c = containerIn('http');
    expect(c.get(TYPES.CheckoutGateway)).toBeInstanceOf(HttpCheckoutGateway);
    expect(c.get(TYPES.FinanceGateway)).toBeInstanceOf(HttpFinanceGateway);
  });

  it('builds checkout’s use cases in both modes, a fresh set per checkout visit', () => {
    for (const mode of ['http', 'fake'] as const) {
      const c = containerIn(mode);
      const first = c.get<CheckoutUseCases>(TYPES.CheckoutUseCases);
      expect(first.placeOrder).toBeInstanceOf(PlaceOrder);
      expect(first.quoteShipping).toBeInstanceOf(QuoteShipping);
      expect(first.rememberAddress).toBeInstanceOf(RememberAddress);
      // PlaceOrder remembers the payment of the placement under way: never shared between visits.
      expect(c.get<CheckoutUseCases>(TYPES.CheckoutUseCases).placeOrder).not.toBe(first.placeOrder);
    }
  });

  it('builds them where the app has no address book (a guest-only shop)', async () => {
    const c = new Container();
    c.bind(TYPES.CheckoutGateway).toConstantValue({});
    c.bind(TYPES.FinanceGateway).toConstantValue({});
    c.load(checkoutModule);
    const useCases = c.get<CheckoutUseCases>(TYPES.CheckoutUseCases);
    expect(await useCases.listAddresses.execute('a@b.co')).toEqual({ ok: true, value: null });
  });

  it('uses one in-tab sandbox for checkout and finance in demo mode', () => {
    const c = containerIn('fake');
    const checkout = c.get(TYPES.CheckoutGateway);
    expect(checkout).toBeInstanceOf(FakeCheckoutGateway);
    expect(c.get(TYPES.FinanceGateway)).toBe(checkout);
  });

  it('reads a guest’s placed order back through the orders port in demo mode', async () => {
    const c = containerIn('fake');
    await c.get<EnsureSession>(TYPES.EnsureSession).execute();
    // The demo's own cart over a known catalogue (the container's demo data is empty here).
    const carts = new FakeCartGateway(
      new Map(FACTS),
      c.get<TokenStore>(TYPES.TokenStore),
      c.get<Clock>(TYPES.Clock),
      'Storefront',
    );
    await c.unbind(TYPES.CartGateway);
    c.bind(TYPES.CartGateway).toConstantValue(carts);
    const checkout = c.get<CheckoutGateway>(TYPES.CheckoutGateway);
    const created = await carts.createCart({ currency: 'USD', taxMode: 'Platform' });
    const cart = await carts.updateCart(created.id, created.version, [addLine('K-1000-BL')]);
    const quoted = await checkout.shippingCost(cart.id, cart.version, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      mobile: '2125550100',
      streetName: '1 Main St',
      city: 'New York',
      state: 'NY',
      postalCode: '10001',
      country: 'US',
    });
    await checkout.authorizePayment(quoted.cart.id, quoted.cart.version, {
      method: 'card',
      card: {
        number: '4111111111111111',
        expiryMonth: 12,
        expiryYear: 2030,
        securityCode: '123',
        holderName: 'Ada Lovelace',
      },
    });
    const placed = await checkout.submitOrder(
      {
        cartId: quoted.cart.id,
        version: quoted.cart.version,
        totalCents: totalToPay(quoted.cart),
      },
      'key-1',
    );
    const orders = c.get<OrdersGateway>(TYPES.OrdersGateway);
    expect(await orders.getOrder(placed.orderNumber)).toEqual(placed);
    expect(await orders.getOrder('LV-999999')).toBeNull();
  });
});
