import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FAKE_CART_STORAGE_KEY,
  FakeCartGateway,
} from '../../../adapters/fake/cart/fake-cart-gateway';
import { MemoryStorage } from '../../../adapters/storage/memory-storage';
import type { Cart } from '../../../core/cart/cart';
import { EXPEDITED_CENTS, STANDARD_SHIPPING_CENTS } from '../../../core/cart/engine/pricing';
import { deriveLineItems } from '../../../core/cart/derive-line-items';
import {
  ApplicationStoppedByPreviousDiscountError,
  CartNotFoundError,
  VersionConflictError,
  DiscountCodeNonApplicableError,
  MaxApplicationReachedError,
  OutOfStockError,
} from '../../../core/cart/errors';
import type { CartUpdateAction } from '../../../core/cart/ports';
import { summarizeCart } from '../../../core/cart/summary';
import { ManualClock } from '../../../core/shared/clock';
import { customerTokens, FACTS, guestTokens, item, MemoryTokenStore } from './fixtures';

const shipping = { salesChannel: 'KOUS' };
const add = (sku: string, quantity = 1): CartUpdateAction => ({
  action: 'addLineItem',
  sku,
  quantity,
  lineItemShipping: shipping,
});

const setup = (storage: Storage | null = null) => {
  const tokens = new MemoryTokenStore(guestTokens('guest-1'));
  const clock = new ManualClock(Date.UTC(2026, 0, 15));
  const gateway = new FakeCartGateway(FACTS, tokens, clock, 'Storefront', storage);
  return { tokens, clock, gateway };
};

const newCart = (gateway: FakeCartGateway) =>
  gateway.createCart({ currency: 'USD', taxMode: 'Platform' });

describe('FakeCartGateway (the demo’s cart: storage around core’s engine)', () => {
  it('prices lines from the catalogue, never from the request, with sale prices as sitewide discounts', async () => {
    const { gateway } = setup();
    const cart = await newCart(gateway);
    const after = await gateway.updateCart(cart.id, cart.version, [add('K-2000-CP', 2)]);
    const line = after.lineItems[0];
    expect(line?.price).toEqual({ value: 25_000, discountedValue: 20_000 });
    expect(line?.discounts).toEqual([
      expect.objectContaining({ kind: 'sitewide', amount: 10_000 }),
    ]);
    expect(summarizeCart(after).cents.subtotalWithDiscount).toBe(40_000);
  });

  it('keeps versions strictly increasing and refuses a stale version without writing', async () => {
    const skus = ['K-1000-BL', 'K-2000-CP', 'K-3000', 'K-4000', 'K-6000'];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom(...skus), fc.integer({ min: 1, max: 3 }), fc.boolean()), {
          minLength: 1,
          maxLength: 12,
        }),
        async (steps) => {
          const { gateway } = setup();
          let cart: Cart = await newCart(gateway);
          for (const [sku, qty, stale] of steps) {
            if (stale) {
              const before = await gateway.getCart(cart.id);
              const error = await gateway
                .updateCart(cart.id, cart.version - 1, [add(sku, qty)])
                .catch((e: unknown) => e);
              expect(error).toBeInstanceOf(VersionConflictError);
              expect(await gateway.getCart(cart.id)).toEqual(before);
              continue;
            }
            try {
              const next = await gateway.updateCart(cart.id, cart.version, [add(sku, qty)]);
              expect(next.version).toBe(cart.version + 1);
              cart = next;
            } catch (e) {
              expect(e).toBeInstanceOf(OutOfStockError);
              expect((await gateway.getCart(cart.id)).version).toBe(cart.version);
            }
          }
          // Totals: the summary's subtotal is the sum of the derived lines.
          const lines = deriveLineItems(cart);
          expect(summarizeCart(cart).cents.subtotal).toBe(
            lines.reduce((s, l) => s + l.totalPriceCents, 0),
          );
        },
      ),
      { numRuns: 40 },
    );
  });

  it('applies all actions of one request, or none', async () => {
    const { gateway } = setup();
    const cart = await newCart(gateway);
    const error = await gateway
      .updateCart(cart.id, cart.version, [add('K-1000-BL'), add('K-5000')])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutOfStockError);
    const after = await gateway.getCart(cart.id);
    expect(after.lineItems).toHaveLength(0);
    expect(after.version).toBe(cart.version);
  });

  it('refuses more than the stock of goods that cannot be back-ordered; back-orders pass', async () => {
    const { gateway } = setup();
    const cart = await newCart(gateway);
    await expect(gateway.updateCart(cart.id, 1, [add('K-3000', 3)])).rejects.toBeInstanceOf(
      OutOfStockError,
    );
    await expect(gateway.updateCart(cart.id, 1, [add('K-7000')])).rejects.toBeInstanceOf(
      OutOfStockError,
    );
    const after = await gateway.updateCart(cart.id, 1, [add('K-4000', 1)]);
    expect(after.lineItems[0]).toMatchObject({ backorderable: true, leadTime: '21 days' });
  });

  it('adds a bundle’s parts under the parent and removes them with it', async () => {
    const { gateway } = setup();
    const cart = await newCart(gateway);
    const after = await gateway.updateCart(cart.id, 1, [
      { action: 'addbundle', sku: 'K-6000', quantity: 2, lineItemShipping: shipping },
    ]);
    const parent = after.lineItems.find((l) => l.sku === 'K-6000');
    expect(parent?.isComboSku).toBe(true);
    expect(after.lineItems.filter((l) => l.bundleParentId === parent?.id)).toHaveLength(2);
    const removed = await gateway.updateCart(cart.id, after.version, [
      { action: 'removeLineItem', lineItemId: parent?.id ?? '' },
    ]);
    expect(removed.lineItems).toEqual([]);
  });

  it('answers core’s codes with the three discount errors', async () => {
    const { gateway } = setup();
    let cart = await newCart(gateway);
    cart = await gateway.updateCart(cart.id, cart.version, [add('K-1000-BL')]);
    await expect(gateway.applyDiscount(cart.id, cart.version, 'NOPE')).rejects.toBeInstanceOf(
      DiscountCodeNonApplicableError,
    );
    cart = await gateway.applyDiscount(cart.id, cart.version, 'save10');
    expect(cart.lineItems[0]?.discountedPrice).toBe(9_000);
    await expect(gateway.applyDiscount(cart.id, cart.version, 'SAVE10')).rejects.toBeInstanceOf(
      MaxApplicationReachedError,
    );
    cart = await gateway.updateCart(cart.id, cart.version, [add('K-2000-CP', 1)]);
    await expect(gateway.applyDiscount(cart.id, cart.version, 'VIP25')).rejects.toBeInstanceOf(
      ApplicationStoppedByPreviousDiscountError,
    );
    cart = await gateway.applyDiscount(cart.id, cart.version, 'FREESHIP');
    const summary = summarizeCart(cart);
    expect(summary.cents.estimatedShipping).toBe(STANDARD_SHIPPING_CENTS);
    expect(summary.promoCodes.find((p) => p.type === 'shipping')?.discountCents).toBe(
      STANDARD_SHIPPING_CENTS,
    );
    const save10 = cart.discountCodes.find((c) => c.code === 'SAVE10');
    const without = await gateway.removeDiscount(cart.id, cart.version, save10?.id ?? '');
    expect(without.discountCodes.map((c) => c.code)).toEqual(['FREESHIP']);
    const big = await gateway.updateCart(without.id, without.version, [add('K-1000-BL', 10)]);
    expect(summarizeCart(big).cents.estimatedShipping).toBe(0);
    const solo = await newCart(gateway);
    const one = await gateway.updateCart(solo.id, 1, [add('K-1000-BL', 6)]);
    await expect(gateway.applyDiscount(solo.id, one.version, 'FREESHIP')).rejects.toBeInstanceOf(
      DiscountCodeNonApplicableError,
    );
    const vip = await gateway.applyDiscount(solo.id, one.version, 'VIP25');
    await expect(gateway.applyDiscount(solo.id, vip.version, 'SAVE10')).rejects.toBeInstanceOf(
      ApplicationStoppedByPreviousDiscountError,
    );
  });

  it('counts a once-per-shopper code per owner, across carts and a reload', async () => {
    const storage = new MemoryStorage();
    const { gateway, tokens } = setup(storage);
    let cart = await newCart(gateway);
    cart = await gateway.updateCart(cart.id, cart.version, [add('K-1000-BL')]);
    cart = await gateway.applyDiscount(cart.id, cart.version, 'ONETIME5');
    expect(summarizeCart(cart).cents.totalPromotions).toBe(500);
    const onetime = cart.discountCodes.find((c) => c.code === 'ONETIME5');
    cart = await gateway.removeDiscount(cart.id, cart.version, onetime?.id ?? '');
    // Used once: taking it off the cart does not give the use back, not even after a reload.
    const reloaded = setup(storage).gateway;
    await expect(reloaded.applyDiscount(cart.id, cart.version, 'ONETIME5')).rejects.toBeInstanceOf(
      MaxApplicationReachedError,
    );
    // Another shopper has their own use.
    tokens.tokens = guestTokens('guest-2');
    let theirs = await newCart(gateway);
    theirs = await gateway.updateCart(theirs.id, theirs.version, [add('K-1000-BL')]);
    theirs = await gateway.applyDiscount(theirs.id, theirs.version, 'ONETIME5');
    expect(theirs.discountCodes.map((c) => c.code)).toEqual(['ONETIME5']);
  });

  it('makes carts only in a currency with a price list, and prices each in its own', async () => {
    const { gateway } = setup();
    await expect(gateway.createCart({ currency: 'EUR', taxMode: 'Platform' })).rejects.toThrow(
      /currency/,
    );
    const cad = new FakeCartGateway(
      (currency) =>
        new Map([['K-1000-BL', item('K-1000-BL', { listCents: currency === 'CAD' ? 13_000 : 1 })]]),
      new MemoryTokenStore(guestTokens('guest-1')),
      new ManualClock(Date.UTC(2026, 0, 15)),
      'Storefront',
    );
    const created = await cad.createCart({ currency: 'CAD', taxMode: 'Platform' });
    const cart = await cad.updateCart(created.id, created.version, [add('K-1000-BL')]);
    expect(cart.lineItems[0]?.price.value).toBe(13_000);
  });

  it('keeps carts per owner, and merges the guest’s cart into the customer’s on sign-in', async () => {
    const { gateway, tokens } = setup();
    const guestCart = await newCart(gateway);
    await gateway.updateCart(guestCart.id, 1, [add('K-1000-BL', 2)]);
    tokens.tokens = guestTokens('someone-else');
    expect(await gateway.getActiveCarts()).toEqual([]);
    await expect(gateway.getCart(guestCart.id)).rejects.toBeInstanceOf(CartNotFoundError);
    tokens.tokens = customerTokens({ sub: 'homeowner@lavabo.test' });
    const merged = await gateway.mergeGuestCart('guest-1');
    expect(merged.anonymousId).toBeUndefined();
    expect(merged.lineItems.map((l) => [l.sku, l.quantity])).toEqual([['K-1000-BL', 2]]);
    expect((await gateway.getActiveCarts()).map((c) => c.id)).toEqual([merged.id]);
    tokens.tokens = guestTokens('guest-1');
    expect(await gateway.getActiveCarts()).toEqual([]);
  });

  it('shares a snapshot anyone can read, and keeps the carts across a reload', async () => {
    const storage = new MemoryStorage();
    const { gateway } = setup(storage);
    const cart = await newCart(gateway);
    await gateway.updateCart(cart.id, 1, [add('K-1000-BL')]);
    const { sharedCartId } = await gateway.shareCart(cart.id);
    expect(storage.getItem(FAKE_CART_STORAGE_KEY)).not.toBeNull();
    const reloaded = setup(storage).gateway;
    expect((await reloaded.getSharedCart(sharedCartId)).lineItems.map((l) => l.sku)).toEqual([
      'K-1000-BL',
    ]);
    expect((await reloaded.getActiveCarts()).map((c) => c.id)).toEqual([cart.id]);
    await expect(reloaded.getSharedCart('nope')).rejects.toBeInstanceOf(CartNotFoundError);
  });

  it('deletes with the current version only', async () => {
    const { gateway } = setup();
    const cart = await newCart(gateway);
    await expect(gateway.deleteCart(cart.id, 9)).rejects.toBeInstanceOf(VersionConflictError);
    await gateway.deleteCart(cart.id, 1);
    await expect(gateway.getCart(cart.id)).rejects.toBeInstanceOf(CartNotFoundError);
  });

  it('keeps the chosen shipping method on the cart and prices it as the server does', async () => {
    const tokens = new MemoryTokenStore(guestTokens('guest-1'));
    const clock = new ManualClock(Date.UTC(2026, 0, 15));
    const facts = new Map([...FACTS, ['S-1', item('S-1', { isService: true })]]);
    const storage = new MemoryStorage();
    const gateway = new FakeCartGateway(facts, tokens, clock, 'Storefront', storage);
    let cart = await newCart(gateway);
    cart = await gateway.updateCart(cart.id, cart.version, [add('K-1000-BL'), add('S-1')]);
    expect(cart.shippingMethodId).toBe('standard');
    cart = await gateway.applyDiscount(cart.id, cart.version, 'FREESHIP');
    expect(summarizeCart(cart).cents.estimatedShipping).toBe(STANDARD_SHIPPING_CENTS);

    const before = cart.version;
    cart = await gateway.updateCart(cart.id, cart.version, [
      { action: 'setShippingMethod', methodId: 'expedited' },
    ]);
    expect(cart.version).toBe(before + 1);
    expect(cart.shippingMethodId).toBe('expedited');
    // Expedited is never free: the shipping code, which would take nothing off it, is taken off.
    expect(cart.shippingCost).toBe(EXPEDITED_CENTS);
    expect(cart.discountCodes).toEqual([]);
    expect(summarizeCart(cart).cents.estimatedShipping).toBe(EXPEDITED_CENTS);
    // A reload (a new gateway over the same storage) reads the same cart.
    const reloaded = new FakeCartGateway(facts, tokens, clock, 'Storefront', storage);
    expect(await reloaded.getCart(cart.id)).toEqual(cart);
    // A stale choice changes nothing.
    await expect(
      gateway.updateCart(cart.id, before, [{ action: 'setShippingMethod', methodId: 'standard' }]),
    ).rejects.toBeInstanceOf(VersionConflictError);
    expect((await gateway.getCart(cart.id)).shippingMethodId).toBe('expedited');

    // Only a service left: standard (nothing to ship), and expedited cannot be chosen.
    const goods = cart.lineItems.find((l) => l.sku === 'K-1000-BL');
    cart = await gateway.updateCart(cart.id, cart.version, [
      { action: 'removeLineItem', lineItemId: goods?.id ?? '' },
    ]);
    expect(cart.shippingMethodId).toBe('standard');
    expect(cart.shippingCost).toBe(0);
    await expect(
      gateway.updateCart(cart.id, cart.version, [
        { action: 'setShippingMethod', methodId: 'expedited' },
      ]),
    ).rejects.toThrow(/methodId/);
    expect((await gateway.getCart(cart.id)).version).toBe(cart.version);
  });

  it('refuses a shipping code while the cart ships expedited, as the server does', async () => {
    const { gateway } = setup();
    let cart = await newCart(gateway);
    cart = await gateway.updateCart(cart.id, cart.version, [
      add('K-1000-BL'),
      { action: 'setShippingMethod', methodId: 'expedited' },
    ]);
    await expect(gateway.applyDiscount(cart.id, cart.version, 'FREESHIP')).rejects.toBeInstanceOf(
      DiscountCodeNonApplicableError,
    );
  });
});
