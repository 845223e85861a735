/**
 * The demo's checkout is the server's twin: the same carts (the fake cart over buildDemoData, the
 * HTTP adapters over the real server with its seeded catalogue) get the same shipping quote, the
 * same method change, the same split check and, once paid, an order with the same totals and
 * lines — checkout, payment and order read core's quoteCart, shipments and orderTotals on both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAppConfig } from '../../../adapters/di/types';
import { demoCatalogue } from '../../../adapters/fake/cart/catalogue-facts';
import { FakeCartGateway } from '../../../adapters/fake/cart/fake-cart-gateway';
import { FakeCheckoutGateway } from '../../../adapters/fake/checkout/fake-checkout-gateway';
import type { DemoData } from '../../../adapters/fake/demo-data';
import { ApiClient } from '../../../adapters/http/api-client';
import { HttpTokenGateway } from '../../../adapters/http/auth/http-token-gateway';
import { HttpCartGateway } from '../../../adapters/http/cart/http-cart-gateway';
import { HttpCheckoutGateway } from '../../../adapters/http/checkout/http-checkout-gateway';
import { LocalStorageTokenStore } from '../../../adapters/storage/local-storage-token-store';
import { MemoryStorage } from '../../../adapters/storage/memory-storage';
import { EnsureSession } from '../../../core/auth/ensure-session';
import type { Cart } from '../../../core/cart/cart';
import { DEFAULT_CART_TYPE } from '../../../core/cart/cart-use-cases';
import type { CartGateway } from '../../../core/cart/ports';
import {
  CheckoutFieldsError,
  type CheckoutAddress,
  type CheckoutGateway,
} from '../../../core/checkout/checkout';
import { orderTotals } from '../../../core/checkout/shipments';
import { ManualClock } from '../../../core/shared/clock';
import { buildDemoData } from '../../../scripts/demo-data';
import { startTestServer, type TestServer } from '../../support/test-server';
import { pickSku } from '../../server/cart/support';
import { guestTokens } from '../cart/fixtures';

let server: TestServer;
let demoData: DemoData;

beforeAll(async () => {
  server = await startTestServer();
  demoData = await buildDemoData();
});
afterAll(() => server?.dispose());

const config = () => ({ ...defaultAppConfig, apiBaseUrl: server.api });

interface Side {
  readonly carts: CartGateway;
  readonly checkout: CheckoutGateway;
}

const serverSide = (): Side => {
  const session = new EnsureSession(
    new HttpTokenGateway(config()),
    new LocalStorageTokenStore(new MemoryStorage()),
    { now: () => Date.now() },
    { next: () => `checkout-parity-${Date.now()}` },
  );
  const api = new ApiClient(config(), session);
  return {
    carts: new HttpCartGateway(api, { defaultCartType: DEFAULT_CART_TYPE }),
    checkout: new HttpCheckoutGateway(api),
  };
};

const fakeSide = (): Side => {
  const clock = new ManualClock(Date.now());
  const carts = new FakeCartGateway(
    demoCatalogue(demoData),
    { load: () => guestTokens('checkout-parity') },
    clock,
    DEFAULT_CART_TYPE,
  );
  return { carts, checkout: new FakeCheckoutGateway(carts, clock, 'http://shop.test') };
};

/** Line ids by position, so two stores' carts compare. */
const positions = (cart: Cart): Map<string, string> =>
  new Map(cart.lineItems.map((l, i) => [l.id, `line-${i}`] as const));

const comparableLines = (cart: Cart) =>
  cart.lineItems.map(({ id: _id, addedAt: _at, ...line }) => line);

const comparable = (cart: Cart) => {
  const { id: _id, anonymousId: _anonymousId, ...rest } = cart;
  return { ...rest, lineItems: comparableLines(cart) };
};

// A lower-case e-mail: the server lower-cases it, and the order is found by it.
const ADDRESS: CheckoutAddress = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  mobile: '2125550100',
  streetName: '1 Main St',
  city: 'Austin',
  state: 'TX',
  postalCode: '78701',
  country: 'US',
};

const add = (sku: string, quantity = 1) => ({
  action: 'addLineItem' as const,
  sku,
  quantity,
  lineItemShipping: { salesChannel: 'KOUS' },
});

/** The same cart on both sides: these SKUs, then the shipping-cost call with ADDRESS. */
const quoted = async (skus: readonly string[]) => {
  const sides = { server: serverSide(), fake: fakeSide() };
  const run = async (side: Side) => {
    const created = await side.carts.createCart({ currency: 'USD', taxMode: 'Platform' });
    const cart = await side.carts.updateCart(
      created.id,
      created.version,
      skus.map((s) => add(s)),
    );
    return side.checkout.shippingCost(cart.id, cart.version, ADDRESS);
  };
  const server = await run(sides.server);
  const fake = await run(sides.fake);
  return { sides, server, fake };
};

describe('the fake checkout agrees with the server', () => {
  it('on the quote, expedited, the payment and the order’s totals and lines', async () => {
    const a = await pickSku(server, 'NOT p.freight AND v.available_qty >= 5');
    const b = await pickSku(
      server,
      "NOT p.freight AND v.available_qty >= 5 AND c.department = 'parts'",
    );
    const { sides, server: s, fake: f } = await quoted([a.sku, b.sku]);
    expect(f.methods).toEqual(s.methods);
    expect(f.methods.map((m) => m.id)).toEqual(['standard', 'expedited']);
    expect(f.freeShippingThresholdCents).toBe(s.freeShippingThresholdCents);
    expect(f.selectedMethodId).toBe(s.selectedMethodId);
    expect(comparable(f.cart)).toEqual(comparable(s.cart));

    const sExpedited = await sides.server.checkout.assignShipping(
      s.cart.id,
      s.cart.version,
      'expedited',
    );
    const fExpedited = await sides.fake.checkout.assignShipping(
      f.cart.id,
      f.cart.version,
      'expedited',
    );
    expect(comparable(fExpedited)).toEqual(comparable(sExpedited));

    const card = {
      number: '4111 1111 1111 1111',
      expiryMonth: 12,
      expiryYear: new Date().getUTCFullYear() + 2,
      securityCode: '123',
      holderName: 'Ada Lovelace',
    };
    const pay = (side: Side, cart: Cart) =>
      side.checkout.authorizePayment(cart.id, cart.version, { method: 'card', card });
    const { paymentId: _s, ...sPaid } = await pay(sides.server, sExpedited);
    const { paymentId: _f, ...fPaid } = await pay(sides.fake, fExpedited);
    expect(fPaid).toEqual(sPaid);

    const sOrder = await sides.server.checkout.submitOrder(
      {
        cartId: sExpedited.id,
        version: sExpedited.version,
        totalCents: orderTotals(sExpedited).total,
      },
      `parity-${sExpedited.id}`,
    );
    const fOrder = await sides.fake.checkout.submitOrder(
      {
        cartId: fExpedited.id,
        version: fExpedited.version,
        totalCents: orderTotals(fExpedited).total,
      },
      `parity-${fExpedited.id}`,
    );
    expect(fOrder.totals).toEqual(sOrder.totals);
    expect(fOrder.totals.shipping).toBe(sExpedited.shippingCost);
    expect(fOrder.lineItems.map(({ id: _id, addedAt: _at, ...l }) => l)).toEqual(
      sOrder.lineItems.map(({ id: _id, addedAt: _at, ...l }) => l),
    );
    expect([fOrder.email, fOrder.currency, fOrder.payment]).toEqual([
      sOrder.email,
      sOrder.currency,
      sOrder.payment,
    ]);
  });

  it('on a cart with a freight item: freight only, and a split with a drop-ship', async () => {
    // Not the SKU the order above took stock of (the demo's catalogue does not count stock down).
    const goods = await pickSku(server, 'NOT p.freight AND v.available_qty >= 5', 3);
    const freight = await pickSku(server, 'p.freight AND v.available_qty >= 2');
    const { sides, server: s, fake: f } = await quoted([goods.sku, freight.sku]);
    expect(f.methods).toEqual(s.methods);
    expect(f.methods.map((m) => m.id)).toEqual(['freight']);
    expect(comparable(f.cart)).toEqual(comparable(s.cart));
    const sSplit = await sides.server.checkout.splitCheck(s.cart.id);
    const fSplit = await sides.fake.checkout.splitCheck(f.cart.id);
    const byPosition = (
      split: typeof sSplit,
      cart: Cart,
    ): { split: boolean; shipments: { source: string; lines: (string | undefined)[] }[] } => {
      const at = positions(cart);
      return {
        split: split.split,
        shipments: split.shipments.map((x) => ({
          source: x.source,
          lines: x.lineItemIds.map((id) => at.get(id)),
        })),
      };
    };
    expect(byPosition(fSplit, f.cart)).toEqual(byPosition(sSplit, s.cart));
    expect(fSplit.shipments.map((x) => x.source)).toEqual(['warehouse', 'drop-ship']);
  });

  it('on an emptied cart: payment is refused as EmptyCart naming cartId, on both sides', async () => {
    const goods = await pickSku(server, 'NOT p.freight AND v.available_qty >= 5', 5);
    const { sides, server: s, fake: f } = await quoted([goods.sku]);
    const refusal = async (side: Side, cart: Cart) => {
      const [line] = cart.lineItems;
      const emptied = await side.carts.updateCart(cart.id, cart.version, [
        { action: 'removeLineItem', lineItemId: line?.id ?? '' },
      ]);
      expect(emptied.lineItems).toEqual([]);
      const card = {
        number: '4111 1111 1111 1111',
        expiryMonth: 12,
        expiryYear: new Date().getUTCFullYear() + 2,
        securityCode: '123',
        holderName: 'Ada Lovelace',
      };
      const error: unknown = await side.checkout
        .authorizePayment(emptied.id, emptied.version, { method: 'card', card })
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(error).toBeInstanceOf(CheckoutFieldsError);
      return (error as CheckoutFieldsError).fields;
    };
    const serverFields = await refusal(sides.server, s.cart);
    expect(await refusal(sides.fake, f.cart)).toEqual(serverFields);
    expect(serverFields).toEqual(['cartId']);
  });
});
