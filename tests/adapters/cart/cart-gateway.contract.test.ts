/**
 * Contract tests: the cart use cases over the HTTP adapter against the real server (docs/api.md,
 * Cart), and over the offline demo's fake cart fed the same catalogue (scripts/demo-data.ts
 * buildDemoData), pass one suite: prices from the catalogue, versions and 409s, discount code
 * errors, stock, ownership, sharing and merge after sign-in — so the demo behaves as the shop
 * does. The 401 guest-token retry is the HTTP adapter's alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAppConfig } from '../../../adapters/di/types';
import { ApiClient, type SessionTokens } from '../../../adapters/http/api-client';
import { HttpTokenGateway } from '../../../adapters/http/auth/http-token-gateway';
import { FakeCartGateway } from '../../../adapters/fake/cart/fake-cart-gateway';
import { demoCatalogue } from '../../../adapters/fake/cart/catalogue-facts';
import type { DemoData } from '../../../adapters/fake/demo-data';
import { HttpCartGateway } from '../../../adapters/http/cart/http-cart-gateway';
import { LocalStorageActiveCartStore } from '../../../adapters/storage/local-storage-active-cart-store';
import { LocalStorageAnonymousIdStore } from '../../../adapters/storage/local-storage-anonymous-id-store';
import { LocalStorageTokenStore } from '../../../adapters/storage/local-storage-token-store';
import { MemoryStorage } from '../../../adapters/storage/memory-storage';
import { EnsureSession } from '../../../core/auth/ensure-session';
import type { StoredTokens } from '../../../core/auth/token-lifecycle';
import type { AddToCartSelection } from '../../../core/cart/add-to-cart-selection';
import { createCartUseCases, DEFAULT_CART_TYPE } from '../../../core/cart/cart-use-cases';
import type { CartGateway } from '../../../core/cart/ports';
import { ManualClock } from '../../../core/shared/clock';
import {
  ApplicationStoppedByPreviousDiscountError,
  CartNotFoundError,
  VersionConflictError,
  DiscountCodeNonApplicableError,
  MaxApplicationReachedError,
  OutOfStockError,
} from '../../../core/cart/errors';
import { buildDemoData } from '../../../scripts/demo-data';
import { startTestServer, type TestServer } from '../../support/test-server';
import { customerToken, pickSku, type PickedSku } from '../../server/cart/support';
import { customerTokens, guestTokens } from './fixtures';

let server: TestServer;
let demoData: DemoData;
let inStock: PickedSku;
let other: PickedSku;

beforeAll(async () => {
  server = await startTestServer();
  demoData = await buildDemoData();
  inStock = await pickSku(server, 'v.available_qty >= 10');
  other = await pickSku(server, 'v.available_qty >= 10', 1);
});
afterAll(() => server?.dispose());

const config = () => ({ ...defaultAppConfig, apiBaseUrl: server.api });

/** Stores and use cases of one shopper (their own tab) over `gateway`. */
const shopperOver = (gateway: CartGateway, storage: Storage) => {
  const store = new LocalStorageActiveCartStore(storage);
  const anonymousIds = new LocalStorageAnonymousIdStore(storage);
  const useCases = createCartUseCases({
    gateway,
    store,
    anonymousIds,
    config: { currency: 'USD', cartType: DEFAULT_CART_TYPE, salesChannels: { Lavabo: 'KOUS' } },
    session: { signedInEmail: () => null, signedIn: () => true },
  });
  return { gateway, store, anonymousIds, useCases };
};

interface Subject {
  /** A guest shopper: their own tab over this cart API, and their anonymousId. */
  guest(name: string): Promise<ReturnType<typeof shopperOver> & { anonymousId: string }>;
  /** The cart API as the customer who signed in from guest `anonymousId`. */
  customer(anonymousId: string): Promise<CartGateway>;
}

/** The server: a guest token of its own per shopper, a minted customer token for sign-in. */
const httpSubject = (): Subject => ({
  async guest(name) {
    const storage = new MemoryStorage();
    const tokens = new LocalStorageTokenStore(storage);
    let n = 0;
    const session = new EnsureSession(
      new HttpTokenGateway(config()),
      tokens,
      { now: () => Date.now() },
      { next: () => `${name}-${Date.now()}-${(n += 1)}` },
    );
    const gateway = new HttpCartGateway(new ApiClient(config(), session), {
      defaultCartType: DEFAULT_CART_TYPE,
    });
    const anonymousId = (await session.execute()).anonymousId ?? '';
    return { ...shopperOver(gateway, storage), anonymousId };
  },
  async customer(anonymousId) {
    // Sign-in issues the customer's token for the guest whose token it was called with.
    const customer = await customerToken(server, { anonymousId });
    return new HttpCartGateway(new ApiClient(config(), fixedSession(customer.token)), {
      defaultCartType: DEFAULT_CART_TYPE,
    });
  },
});

/**
 * One fake cart (one tab's Storage, the demo's catalogue) shared by every shopper of a test; each
 * shopper's calls run with their own token, as each request carries its bearer token.
 */
const fakeSubject = (): Subject => {
  let current: StoredTokens | null = null;
  const fake = new FakeCartGateway(
    demoCatalogue(demoData),
    { load: () => current },
    new ManualClock(Date.now()),
    DEFAULT_CART_TYPE,
    new MemoryStorage(),
  );
  const as = (tokens: StoredTokens): CartGateway => {
    const run =
      <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
      (...args: A): Promise<R> => {
        current = tokens;
        return call.apply(fake, args);
      };
    return {
      getActiveCarts: run(fake.getActiveCarts),
      getCart: run(fake.getCart),
      createCart: run(fake.createCart),
      updateCart: run(fake.updateCart),
      applyDiscount: run(fake.applyDiscount),
      removeDiscount: run(fake.removeDiscount),
      deleteCart: run(fake.deleteCart),
      shareCart: run(fake.shareCart),
      getSharedCart: run(fake.getSharedCart),
      mergeGuestCart: run(fake.mergeGuestCart),
    };
  };
  let n = 0;
  return {
    async guest(name) {
      const anonymousId = `${name}-${(n += 1)}`;
      return { ...shopperOver(as(guestTokens(anonymousId)), new MemoryStorage()), anonymousId };
    },
    async customer() {
      return as(customerTokens({ sub: 'customer@example.test' }));
    },
  };
};

/** A session that always hands out this token (a signed-in customer's). */
const fixedSession = (accessToken: string, anonymous = false): SessionTokens => {
  const tokens: StoredTokens = {
    accessToken,
    refreshToken: 'r',
    tokenType: 'Bearer',
    scopes: [],
    expiresAt: Date.now() + 3_600_000,
    receivedAt: Date.now(),
    anonymous,
  };
  return {
    execute: () => Promise.resolve(tokens),
    replaceWithGuestToken: () => Promise.reject(new Error('not a guest')),
  };
};

const selection = (sku: string, quantity: number): AddToCartSelection => ({
  skuid: sku,
  brandName: 'Lavabo',
  backorder: false,
  quantity,
  colorsData: [{ id: sku, isOutOfStock: false }],
  priceData: [],
});

describe.each([
  ['HttpCartGateway against the server', httpSubject],
  ['FakeCartGateway over the demo catalogue', fakeSubject],
])('cart use cases over %s', (_, make) => {
  it('adds, reads back, changes and removes lines priced from the catalogue', async () => {
    const shopper = await make().guest('flow');
    const added = await shopper.useCases.addToCart.execute([selection(inStock.sku, 2)]);
    expect(added.ok).toBe(true);
    if (!added.ok) return;
    const line = added.value.cart.lineItems.find((l) => l.sku === inStock.sku);
    expect(line?.quantity).toBe(2);
    expect(line?.price.value).toBe(inStock.listCents);
    expect(added.value.cart.anonymousId).toBe(shopper.anonymousId);

    const picked = await shopper.useCases.pickActiveCart.execute();
    expect(picked.ok && picked.value?.id).toBe(added.value.cart.id);
    const changed = await shopper.useCases.changeQuantity.execute(line?.id ?? '', 3);
    expect(changed.ok && changed.value.lineItems[0]?.quantity).toBe(3);
    expect(changed.ok && changed.value.version).toBeGreaterThan(added.value.cart.version);
    const removed = await shopper.useCases.removeLineItem.execute(line?.id ?? '');
    expect(removed.ok && removed.value.lineItems).toEqual([]);
    const deleted = await shopper.useCases.deleteCart.execute();
    expect(deleted.ok && deleted.value.lineItems).toEqual([]);
  });

  it('answers a stale version with 409 and the current version; the use cases retry', async () => {
    const shopper = await make().guest('conflict');
    const first = await shopper.useCases.addToCart.execute([selection(inStock.sku, 1)]);
    if (!first.ok) throw first.error;
    const cart = first.value.cart;
    const error = await shopper.gateway
      .updateCart(cart.id, cart.version - 1, [{ action: 'recalculate', updateProductData: true }])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VersionConflictError);
    expect((error as VersionConflictError).currentVersion).toBe(cart.version);
    // Another tab writes; this tab's stored version is now stale.
    const elsewhere = await shopper.gateway.updateCart(cart.id, cart.version, [
      {
        action: 'addLineItem',
        sku: other.sku,
        quantity: 1,
        lineItemShipping: { salesChannel: 'KOUS' },
      },
    ]);
    expect(shopper.store.load()?.version).toBe(cart.version);
    const line = elsewhere.lineItems.find((l) => l.sku === inStock.sku);
    const changed = await shopper.useCases.changeQuantity.execute(line?.id ?? '', 4);
    expect(changed.ok).toBe(true);
    if (changed.ok) {
      expect(changed.value.lineItems.map((l) => [l.sku, l.quantity]).sort()).toEqual(
        [
          [inStock.sku, 4],
          [other.sku, 1],
        ].sort(),
      );
    }
  });

  it('maps the discount code errors and applies and removes codes', async () => {
    const shopper = await make().guest('codes');
    await shopper.useCases.addToCart.execute([selection(inStock.sku, 1)]);
    const unknown = await shopper.useCases.applyDiscountCode.execute('NO-SUCH-CODE');
    expect(!unknown.ok && unknown.error).toBeInstanceOf(DiscountCodeNonApplicableError);
    const applied = await shopper.useCases.applyDiscountCode.execute('save10');
    expect(applied.ok).toBe(true);
    if (!applied.ok) return;
    const save10 = applied.value.discountCodes.find((c) => c.code === 'SAVE10');
    expect(save10?.target).toBe('lineItems');
    const again = await shopper.useCases.applyDiscountCode.execute('SAVE10');
    expect(!again.ok && again.error).toBeInstanceOf(MaxApplicationReachedError);
    const vip = await shopper.useCases.applyDiscountCode.execute('VIP25');
    expect(!vip.ok && vip.error).toBeInstanceOf(ApplicationStoppedByPreviousDiscountError);
    const removed = await shopper.useCases.removeDiscountCode.execute(save10?.id ?? '');
    expect(removed.ok && removed.value.discountCodes).toEqual([]);
  });

  it('refuses more than the stock with OutOfStock naming the SKU', async () => {
    const shopper = await make().guest('stock');
    const result = await shopper.useCases.addToCart.execute([
      selection(inStock.sku, inStock.availableQty + 1),
    ]);
    expect(!result.ok && result.error).toBeInstanceOf(OutOfStockError);
    if (!result.ok && result.error instanceof OutOfStockError) {
      expect(result.error.skus).toContain(inStock.sku);
    }
  });

  it('keeps carts to their owner: another guest gets 404, and shares read by anyone', async () => {
    const subject = make();
    const owner = await subject.guest('owner');
    const added = await owner.useCases.addToCart.execute([selection(inStock.sku, 2)]);
    if (!added.ok) throw added.error;
    const stranger = await subject.guest('stranger');
    await expect(stranger.gateway.getCart(added.value.cart.id)).rejects.toBeInstanceOf(
      CartNotFoundError,
    );
    // A pointer to a cart that is not theirs: the next add starts the stranger's own cart.
    stranger.store.save({ cartId: added.value.cart.id, version: added.value.cart.version });
    const own = await stranger.useCases.addToCart.execute([selection(other.sku, 1)]);
    expect(own.ok && own.value.cart.id).not.toBe(added.value.cart.id);

    const shared = await owner.useCases.shareCart.execute();
    if (!shared.ok) throw shared.error;
    expect(shared.value.path).toBe(`/en/cart/shared/${shared.value.sharedCartId}`);
    const read = await stranger.useCases.getSharedCart.execute(shared.value.sharedCartId);
    expect(read.ok && read.value?.lineItems.map((l) => [l.sku, l.quantity])).toEqual([
      [inStock.sku, 2],
    ]);
    const missing = await stranger.useCases.getSharedCart.execute('no-such-shared-cart');
    expect(missing.ok && missing.value).toBeNull();
  });

  it('merges the guest cart into the customer’s after sign-in', async () => {
    const subject = make();
    const shopper = await subject.guest('merge');
    const added = await shopper.useCases.addToCart.execute([selection(inStock.sku, 2)]);
    if (!added.ok) throw added.error;
    const anonymousId = added.value.cart.anonymousId ?? '';
    expect(anonymousId).not.toBe('');
    const customerGateway = await subject.customer(anonymousId);
    const merged = await customerGateway.mergeGuestCart(anonymousId);
    expect(merged.anonymousId).toBeUndefined();
    expect(merged.lineItems.map((l) => [l.sku, l.quantity])).toEqual([[inStock.sku, 2]]);
    expect((await customerGateway.getActiveCarts()).map((c) => [c.id, c.cartType])).toEqual([
      [merged.id, DEFAULT_CART_TYPE],
    ]);
    expect(await shopper.gateway.getActiveCarts()).toEqual([]);
  });
});

describe('the HTTP cart adapter', () => {
  it('recovers from a token the server no longer accepts by fetching a guest token once', async () => {
    const guestSession = new EnsureSession(
      new HttpTokenGateway(config()),
      new LocalStorageTokenStore(new MemoryStorage()),
      { now: () => Date.now() },
      { next: () => `retry-${Date.now()}` },
    );
    let replaced = 0;
    const session: SessionTokens = {
      execute: () => fixedSession('not-a-valid-token', true).execute(),
      replaceWithGuestToken: async () => {
        replaced += 1;
        return guestSession.replaceWithGuestToken();
      },
    };
    const gateway = new HttpCartGateway(new ApiClient(config(), session));
    expect(await gateway.getActiveCarts()).toEqual([]);
    expect(replaced).toBe(1);
  });
});
