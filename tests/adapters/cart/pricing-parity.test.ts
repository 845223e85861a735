/**
 * The demo's fake cart is the server's twin to the cent: one scenario is driven through the fake
 * (over the demo data built from the seeded catalogue, scripts/demo-data.ts buildDemoData) and
 * through the HTTP adapter against the real server (the same generated catalogue), and after every
 * step the whole priced cart — line prices, sale and cart discounts, the automatic parts discount,
 * codes, tax, shipping, shipping discounts, the freight discount, the method in force — and core's
 * summarizeCart totals must be equal; a step one side refuses, the other must refuse alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAppConfig } from '../../../adapters/di/types';
import { demoCatalogue } from '../../../adapters/fake/cart/catalogue-facts';
import { FakeCartGateway } from '../../../adapters/fake/cart/fake-cart-gateway';
import type { DemoData } from '../../../adapters/fake/demo-data';
import { ApiClient } from '../../../adapters/http/api-client';
import { HttpTokenGateway } from '../../../adapters/http/auth/http-token-gateway';
import { HttpCartGateway } from '../../../adapters/http/cart/http-cart-gateway';
import { LocalStorageTokenStore } from '../../../adapters/storage/local-storage-token-store';
import { MemoryStorage } from '../../../adapters/storage/memory-storage';
import { EnsureSession } from '../../../core/auth/ensure-session';
import type { Cart, ShippingAddress } from '../../../core/cart/cart';
import { DEFAULT_CART_TYPE } from '../../../core/cart/cart-use-cases';
import type { CartGateway, CartUpdateAction } from '../../../core/cart/ports';
import { summarizeCart } from '../../../core/cart/summary';
import { DiscountCodeNonApplicableError, isDiscountCodeError } from '../../../core/cart/errors';
import { ManualClock } from '../../../core/shared/clock';
import { buildDemoData } from '../../../scripts/demo-data';
import { startTestServer, type TestServer } from '../../support/test-server';
import { pickSku } from '../../server/cart/support';
import { guestTokens } from './fixtures';

let server: TestServer;
let demoData: DemoData;

beforeAll(async () => {
  server = await startTestServer();
  demoData = await buildDemoData();
});
afterAll(() => server?.dispose());

const config = () => ({ ...defaultAppConfig, apiBaseUrl: server.api });

const httpGateway = (): CartGateway =>
  new HttpCartGateway(
    new ApiClient(
      config(),
      new EnsureSession(
        new HttpTokenGateway(config()),
        new LocalStorageTokenStore(new MemoryStorage()),
        { now: () => Date.now() },
        { next: () => `parity-${Date.now()}` },
      ),
    ),
    { defaultCartType: DEFAULT_CART_TYPE },
  );

const fakeGateway = (): CartGateway =>
  new FakeCartGateway(
    demoCatalogue(demoData),
    { load: () => guestTokens('parity-guest') },
    new ManualClock(Date.now()),
    DEFAULT_CART_TYPE,
  );

/** The cart without what names the store rather than the price: ids, owner, times. */
const comparable = (cart: Cart) => {
  const lineIds = new Map(cart.lineItems.map((l, i) => [l.id, `line-${i}`] as const));
  const { id: _id, anonymousId: _anonymousId, ...rest } = cart;
  return {
    ...rest,
    lineItems: cart.lineItems.map(({ id: _line, addedAt: _at, bundleParentId, ...line }) => ({
      ...line,
      ...(bundleParentId === undefined ? {} : { parent: lineIds.get(bundleParentId) }),
    })),
  };
};

type Outcome =
  | { readonly ok: true; readonly cart: Cart }
  | { readonly ok: false; readonly error: string; readonly refusal?: object };

/** A refusal as the shopper would be told it: the error, and for a code why and about which. */
const outcome = async (run: () => Promise<Cart>): Promise<Outcome> => {
  try {
    return { ok: true, cart: await run() };
  } catch (error) {
    const name = error instanceof Error ? error.constructor.name : String(error);
    if (!isDiscountCodeError(error)) return { ok: false, error: name };
    const minimumCents =
      error instanceof DiscountCodeNonApplicableError ? error.minimumCents : undefined;
    return {
      ok: false,
      error: name,
      refusal: {
        reason: error.reason,
        discountCode: error.discountCode,
        ...(minimumCents === undefined ? {} : { minimumCents }),
      },
    };
  }
};

/** Both sides of the scenario, each with its own current cart. */
const twins = () => {
  const sides = { server: { gateway: httpGateway() }, fake: { gateway: fakeGateway() } };
  const carts: Record<'server' | 'fake', Cart | undefined> = { server: undefined, fake: undefined };
  const log: string[] = [];
  /** Runs one step on both, and checks they agree to the cent; answers the server's cart. */
  const step = async (
    name: string,
    run: (gateway: CartGateway, cart: Cart | undefined) => Promise<Cart>,
  ): Promise<Cart> => {
    const server = await outcome(() => run(sides.server.gateway, carts.server));
    const fake = await outcome(() => run(sides.fake.gateway, carts.fake));
    log.push(name);
    const at = `after ${log.join(' → ')}`;
    if (!server.ok || !fake.ok) {
      expect(fake, at).toEqual(server);
      throw new Error(`${name} was refused: ${server.ok ? '' : server.error}`);
    }
    expect(comparable(fake.cart), at).toEqual(comparable(server.cart));
    expect(summarizeCart(fake.cart), at).toEqual(summarizeCart(server.cart));
    carts.server = server.cart;
    carts.fake = fake.cart;
    return server.cart;
  };
  const update = (name: string, actions: (cart: Cart) => CartUpdateAction[]) =>
    step(name, (g, cart) => {
      if (cart === undefined) throw new Error('no cart yet');
      return g.updateCart(cart.id, cart.version, actions(cart));
    });
  const discount = (code: string) =>
    step(code, (g, cart) => {
      if (cart === undefined) throw new Error('no cart yet');
      return g.applyDiscount(cart.id, cart.version, code);
    });
  /** A code both sides must refuse alike; answers the refusal (the server's). */
  const refused = async (code: string): Promise<object | undefined> => {
    const run = (g: CartGateway, cart: Cart | undefined) => {
      if (cart === undefined) throw new Error('no cart yet');
      return g.applyDiscount(cart.id, cart.version, code);
    };
    const server = await outcome(() => run(sides.server.gateway, carts.server));
    const fake = await outcome(() => run(sides.fake.gateway, carts.fake));
    log.push(`${code} (refused)`);
    expect(server.ok, `${code} is refused`).toBe(false);
    expect(fake, `after ${log.join(' → ')}`).toEqual(server);
    return server.ok ? undefined : server.refusal;
  };
  const removeCode = (code: string) =>
    step(`remove ${code}`, (g, cart) => {
      if (cart === undefined) throw new Error('no cart yet');
      const id = cart.discountCodes.find((c) => c.code === code)?.id ?? '';
      return g.removeDiscount(cart.id, cart.version, id);
    });
  return { step, update, discount, refused, removeCode };
};

const add = (sku: string, quantity = 1, action: 'addLineItem' | 'addbundle' = 'addLineItem') => ({
  action,
  sku,
  quantity,
  lineItemShipping: { salesChannel: 'KOUS' },
});

const address = (state: string, city: string, postalCode: string): ShippingAddress => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  mobile: '2125550100',
  streetName: '1 Main St',
  city,
  state,
  postalCode,
  country: 'US',
});

/** Plain goods: no parts, no required items, sold from stock, not by freight. */
const PLAIN = 'NOT p.freight AND v.available_qty >= 5';

/** Two finishes of one plain product, cheap enough for the scenario to stay under free shipping. */
const twoFinishes = async (): Promise<[string, string]> => {
  const rows = await server.db.query<{ sku: string }>(
    `SELECT v.sku FROM product_variants v
     WHERE v.product_sku = (
       SELECT p.sku FROM products p
       JOIN product_prices pr ON pr.product_sku = p.sku AND pr.region = 'US'
       WHERE cardinality(p.super_sku_components) = 0 AND cardinality(p.required_items) = 0
         AND p.kind = 'finished-good' AND NOT p.freight AND NOT p.backorderable
         AND pr.sale_cents IS NULL AND pr.list_cents < 9000
         AND (SELECT count(*) FROM product_variants w
              WHERE w.product_sku = p.sku AND w.available_qty >= 5) >= 2
       ORDER BY p.sku LIMIT 1)
     AND v.available_qty >= 5
     ORDER BY v.position LIMIT 2`,
  );
  const [a, b] = rows.rows.map((r) => r.sku);
  if (a === undefined || b === undefined) throw new Error('no product in two finishes');
  return [a, b];
};

describe('the fake cart prices as the server does, to the cent', () => {
  it('agrees on finishes, a sale, parts, SAVE10, FREESHIP, CA then TX tax, expedited and freight', async () => {
    const [finishA, finishB] = await twoFinishes();
    const sale = await pickSku(
      server,
      `${PLAIN} AND pr.sale_cents IS NOT NULL AND pr.list_cents < 9000`,
    );
    const part = await pickSku(
      server,
      `${PLAIN} AND c.department = 'parts' AND pr.list_cents < 9000`,
    );
    const freight = await pickSku(server, 'p.freight AND v.available_qty >= 2');
    const { step, update, discount, refused } = twins();

    await step('create', (g) => g.createCart({ currency: 'USD', taxMode: 'Platform' }));
    let cart = await update('two finishes', () => [add(finishA, 1), add(finishB, 2)]);
    expect(new Set(cart.lineItems.map((l) => l.color)).size).toBe(2);
    cart = await update('a sale item', () => [add(sale.sku)]);
    expect(cart.lineItems.some((l) => l.price.discountedValue !== undefined)).toBe(true);
    cart = await update('a part', () => [add(part.sku)]);
    // The automatic parts discount, with no code.
    expect(cart.lineItems.find((l) => l.sku === part.sku)?.discountedPrice).toBeDefined();
    await discount('SAVE10');
    cart = await discount('FREESHIP');
    expect(summarizeCart(cart).promoCodes.some((p) => p.discountCents > 0)).toBe(true);
    cart = await update('California', () => [
      { action: 'setShippingAddress', address: address('CA', 'San Francisco', '94105') },
    ]);
    const californiaTax = cart.totalTax;
    expect(californiaTax).toBeGreaterThan(0);
    cart = await update('Texas', () => [
      { action: 'setShippingAddress', address: address('TX', 'Austin', '78701') },
    ]);
    expect(cart.totalTax).not.toBe(californiaTax);
    cart = await update('expedited', () => [
      { action: 'setShippingMethod', methodId: 'expedited' },
    ]);
    expect(cart.shippingMethodId).toBe('expedited');
    // Expedited took FREESHIP off (it takes off standard shipping only), on both sides alike.
    expect(cart.discountCodes.map((c) => c.code)).toEqual(['SAVE10']);
    expect(await refused('freeship')).toEqual({
      reason: 'ExpeditedShipping',
      discountCode: 'FREESHIP',
    });
    cart = await update('a freight item', () => [add(freight.sku)]);
    expect(cart.shippingMethodId).toBe('freight');
    cart = await update('freight item out again', (c) => [
      {
        action: 'removeLineItem',
        lineItemId: c.lineItems.find((l) => l.sku === freight.sku)?.id ?? '',
      },
    ]);
    // The choice of expedited was kept while the cart could not ship by it.
    expect(cart.shippingMethodId).toBe('expedited');
  });

  it('agrees in Canadian dollars, on a super SKU bundle and on a product with required items', async () => {
    const sale = await pickSku(server, `${PLAIN} AND pr.sale_cents IS NOT NULL`);
    const superSku = await server.db.query<{ sku: string }>(
      `SELECT sku FROM products WHERE cardinality(super_sku_components) > 0 ORDER BY sku LIMIT 1`,
    );
    const requiring = await server.db.query<{ sku: string }>(
      `SELECT sku FROM products WHERE cardinality(required_items) > 0 ORDER BY sku LIMIT 1`,
    );
    const bundle = superSku.rows[0]?.sku;
    const needsParts = requiring.rows[0]?.sku;
    expect(bundle, 'the seeded catalogue has a super SKU').toBeDefined();
    expect(needsParts, 'the seeded catalogue has a product with required items').toBeDefined();
    const { step, update, discount } = twins();

    await step('create CAD', (g) => g.createCart({ currency: 'CAD', taxMode: 'Platform' }));
    let cart = await update('a sale item', () => [add(sale.sku, 2)]);
    expect(cart.currency).toBe('CAD');
    cart = await update('a bundle', () => [add(bundle ?? '', 1, 'addbundle')]);
    expect(cart.lineItems.some((l) => l.bundleParentId !== undefined)).toBe(true);
    cart = await update('required items', () => [add(needsParts ?? '')]);
    await discount('WELCOME20');
    await update('an address', () => [
      { action: 'setShippingAddress', address: address('NY', 'New York', '10001') },
    ]);
  });

  it('refuses a promo code alike, for the same reason, through the fake and the HTTP adapter', async () => {
    const bathroom = `${PLAIN} AND pr.sale_cents IS NULL AND c.department = 'bathroom'`;
    const plain = await pickSku(server, `${bathroom} AND pr.list_cents < 9000`);
    // Enough on its own for free shipping, whatever the codes take off.
    const pricey = await pickSku(server, `${bathroom} AND pr.list_cents >= 80000`);
    const { step, update, discount, refused, removeCode } = twins();

    await step('create', (g) => g.createCart({ currency: 'USD', taxMode: 'Platform' }));
    await update('a plain item', () => [add(plain.sku)]);
    expect(await refused(' nope ')).toEqual({ reason: 'UnknownCode', discountCode: 'NOPE' });
    expect(await refused('spring2020')).toEqual({ reason: 'Ended', discountCode: 'SPRING2020' });
    expect(await refused('KITCHEN15')).toEqual({
      reason: 'NoEligibleItems',
      discountCode: 'KITCHEN15',
    });
    expect(await refused('WELCOME20')).toEqual({
      reason: 'MinimumNotMet',
      discountCode: 'WELCOME20',
      minimumCents: 20_000,
    });
    await discount('SAVE10');
    expect(await refused('save10')).toEqual({ reason: 'AlreadyApplied', discountCode: 'SAVE10' });
    expect(await refused('VIP25')).toEqual({ reason: 'NotCombinable', discountCode: 'VIP25' });
    await discount('ONETIME5');
    await removeCode('ONETIME5');
    expect(await refused('onetime5')).toEqual({
      reason: 'UsageLimitReached',
      discountCode: 'ONETIME5',
    });
    await update('a pricey item', () => [add(pricey.sku)]);
    expect(await refused('FREESHIP')).toEqual({
      reason: 'NoShippingCharge',
      discountCode: 'FREESHIP',
    });
  });
});
