import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cartDraft } from '../../../core/cart/add-to-cart';
import type { Cart } from '../../../core/cart/cart';
import { cartCount } from '../../../core/cart/derive-line-items';
import {
  CartNotFoundError,
  VersionConflictError,
  InvalidQuantityError,
  NoActiveCartError,
  OutOfStockError,
} from '../../../core/cart/errors';
import { PickActiveCart, selectActiveCart } from '../../../core/cart/pick-active-cart';
import type { CartGateway } from '../../../core/cart/ports';
import { withConflictRetry } from '../../../core/cart/with-conflict-retry';
import { InMemoryCartGateway, MemoryStore } from './in-memory-cart-gateway';
import { CART_TYPE, config, inStock, makeSystem } from './support';

const okValue = <T, E>(r: { ok: true; value: T } | { ok: false; error: E }): T => {
  if (!r.ok) throw new Error(`expected ok, got ${String(r.error)}`);
  return r.value;
};

const stubCart = (id: string, version: number, cartType?: string, anonymousId?: string): Cart => ({
  id,
  version,
  currency: 'USD',
  ...(cartType === undefined ? {} : { cartType }),
  ...(anonymousId === undefined ? {} : { anonymousId }),
  lineItems: [],
  totalTax: 0,
  discountCodes: [],
  shippingCost: 0,
  freightDiscount: 0,
});

describe('conflict retry (spec §4: every mutation uses the current version)', () => {
  it('re-reads and re-applies exactly once; a second conflict is reported', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 1, max: 50 }),
        async (conflicts, v) => {
          let attempts = 0;
          let reads = 0;
          const versionsSent: number[] = [];
          const gateway = {
            getCart: async (id: string) => {
              reads += 1;
              return stubCart(id, v + 10);
            },
          };
          const run = withConflictRetry(gateway, { cartId: 'c', version: v }, async (a) => {
            attempts += 1;
            versionsSent.push(a.version);
            expect(a.fresh === null).toBe(attempts === 1);
            if (attempts <= conflicts) throw new VersionConflictError('cart', a.version + 1);
            return a.version;
          });
          if (conflicts <= 1) {
            await expect(run).resolves.toBe(conflicts === 0 ? v : v + 10);
          } else {
            await expect(run).rejects.toBeInstanceOf(VersionConflictError);
          }
          expect(attempts).toBe(Math.min(conflicts + 1, 2));
          expect(reads).toBe(conflicts === 0 ? 0 : 1);
          expect(versionsSent[0]).toBe(v);
        },
      ),
    );
  });

  it('does not retry other failures', async () => {
    let attempts = 0;
    const gateway = { getCart: async () => stubCart('c', 1) };
    await expect(
      withConflictRetry(gateway, { cartId: 'c', version: 1 }, async () => {
        attempts += 1;
        throw new CartNotFoundError('c');
      }),
    ).rejects.toBeInstanceOf(CartNotFoundError);
    expect(attempts).toBe(1);
  });
});

describe('add to cart (spec §4 Add to cart, Cart lifecycle)', () => {
  it('creates the cart on first add: configured currency, tax mode Platform, lower-cased e-mail only when signed in', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.option(
          fc
            .tuple(fc.emailAddress(), fc.array(fc.boolean(), { maxLength: 40 }))
            .map(([e, up]) =>
              [...e].map((ch, i) => (up[i] === true ? ch.toUpperCase() : ch)).join(''),
            ),
          { nil: null },
        ),
        async (email) => {
          const sys = makeSystem({ email });
          const first = okValue(await sys.addToCart.execute([inStock('K-1', 2)]));
          okValue(await sys.addToCart.execute([inStock('K-2')]));
          expect(sys.gateway.drafts).toEqual([
            email === null
              ? { currency: config.currency, taxMode: 'Platform' }
              : {
                  currency: config.currency,
                  taxMode: 'Platform',
                  customerEmail: email.toLowerCase(),
                },
          ]);
          expect(first.cart.customerEmail).toBe(email?.toLowerCase());
          expect(sys.store.load()?.cartId).toBe(first.cart.id);
        },
      ),
      { numRuns: 50 },
    );
    expect(cartDraft('GBP', '  Pat@Example.COM ')).toEqual({
      currency: 'GBP',
      taxMode: 'Platform',
      customerEmail: 'pat@example.com',
    });
    expect(cartDraft('USD', '')).toEqual({ currency: 'USD', taxMode: 'Platform' });
  });

  it('stores the new version after every add', async () => {
    const sys = makeSystem();
    const a = okValue(await sys.addToCart.execute([inStock('K-1')]));
    const b = okValue(await sys.addToCart.execute([inStock('K-1', 2)]));
    expect(b.cart.id).toBe(a.cart.id);
    expect(b.cart.version).toBeGreaterThan(a.cart.version);
    expect(sys.store.load()).toEqual({ cartId: b.cart.id, version: b.cart.version });
    expect(cartCount(b.cart)).toBe(3);
  });

  it('reports out of stock without creating a cart when everything is left out', async () => {
    const sys = makeSystem();
    const r = await sys.addToCart.execute([
      { ...inStock('K-9'), colorsData: [{ id: 'K-9', isOutOfStock: true }] },
    ]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toBeInstanceOf(OutOfStockError);
    expect(sys.gateway.drafts).toHaveLength(0);
  });

  it('concurrent first adds share one new cart and lose neither line', async () => {
    const sys = makeSystem();
    const [a, b] = await Promise.all([
      sys.addToCart.execute([inStock('K-1')]),
      sys.addToCart.execute([inStock('K-2')]),
    ]);
    expect(a.ok && b.ok).toBe(true);
    expect(sys.gateway.drafts).toHaveLength(1);
    const cart = sys.gateway.peek(sys.store.load()?.cartId ?? '');
    expect(cart?.lineItems.map((l) => l.sku).sort()).toEqual(['K-1', 'K-2']);
  });

  it('rethrows failures that are not cart errors', async () => {
    const broken = new InMemoryCartGateway(CART_TYPE);
    broken.createCart = async () => {
      throw new Error('network down');
    };
    const sys = makeSystem({ gateway: broken });
    await expect(sys.addToCart.execute([inStock('K-1')])).rejects.toThrow('network down');
  });
});

describe('delete, change, share, merge', () => {
  it('after delete the cart is empty with the same id and count 0; the next add starts a new cart', async () => {
    const sys = makeSystem();
    const added = okValue(await sys.addToCart.execute([inStock('K-1', 3)]));
    const deleted = okValue(await sys.deleteCart.execute());
    expect(deleted.id).toBe(added.cart.id);
    expect(deleted.lineItems).toEqual([]);
    expect(cartCount(deleted)).toBe(0);
    expect(sys.store.load()?.cartId).toBe(added.cart.id);
    const again = okValue(await sys.addToCart.execute([inStock('K-2')]));
    expect(again.cart.id).not.toBe(added.cart.id);
    expect(again.cart.lineItems.map((l) => l.sku)).toEqual(['K-2']);
  });

  it('refuses quantities that are not whole numbers ≥ 0, and removes the line at 0', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.integer({ max: -1 }), fc.double({ noInteger: true }), fc.constant(Number.NaN)),
        async (q) => {
          const sys = makeSystem();
          const r = await sys.changeQuantity.execute('any', q);
          expect(r.ok).toBe(false);
          if (!r.ok) expect(r.error).toBeInstanceOf(InvalidQuantityError);
        },
      ),
      { numRuns: 30 },
    );
    const sys = makeSystem();
    const { cart } = okValue(await sys.addToCart.execute([inStock('K-1', 2)]));
    const line = cart.lineItems[0];
    const after = okValue(await sys.changeQuantity.execute(line?.id ?? '', 0));
    expect(after.lineItems).toEqual([]);
  });

  it('without an active cart, mutations and sharing report No active cart exists', async () => {
    const sys = makeSystem();
    for (const r of [
      await sys.changeQuantity.execute('l', 1),
      await sys.removeLine.execute('l'),
      await sys.applyCode.execute('SAVE10'),
      await sys.removeCode.execute('dc-SAVE10'),
      await sys.deleteCart.execute(),
      await sys.shareCart.execute(),
    ]) {
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toBeInstanceOf(NoActiveCartError);
    }
  });

  it('shares the cart as a link to the shared-cart page', async () => {
    const sys = makeSystem();
    okValue(await sys.addToCart.execute([inStock('K-1', 2)]));
    const link = okValue(await sys.shareCart.execute());
    expect(link.path).toBe(`/en/cart/shared/${link.sharedCartId}`);
    const shared = await sys.gateway.getSharedCart(link.sharedCartId);
    expect(shared.lineItems.map((l) => [l.sku, l.quantity])).toEqual([['K-1', 2]]);
  });

  it('merges the guest cart on sign-in and then clears the guest anonymousId', async () => {
    const gateway = new InMemoryCartGateway(CART_TYPE);
    gateway.seedCart({
      cartType: CART_TYPE,
      anonymousId: 'anon-1',
      lines: [{ sku: 'K-G', quantity: 2 }],
    });
    const sys = makeSystem({ gateway, anonymousId: 'anon-1', email: 'pat@example.com' });
    okValue(await sys.addToCart.execute([inStock('K-1')]));
    const merged = okValue(await sys.mergeGuestCart.execute());
    expect(merged?.lineItems.map((l) => [l.sku, l.quantity]).sort()).toEqual([
      ['K-1', 1],
      ['K-G', 2],
    ]);
    expect(sys.anonymousIds.load()).toBeNull();
    expect(sys.store.load()).toEqual({ cartId: merged?.id, version: merged?.version });
    expect(okValue(await sys.mergeGuestCart.execute())).toBeNull();
  });

  it('keeps the anonymousId when the merge fails', async () => {
    const sys = makeSystem({ anonymousId: 'anon-unknown' });
    const r = await sys.mergeGuestCart.execute();
    expect(r.ok).toBe(false);
    expect(sys.anonymousIds.load()).toBe('anon-unknown');
  });
});

describe('pick the active cart (spec §4: the one with the matching cartType)', () => {
  const typeArb = fc.constantFrom('storefront', 'associate', 'quote', undefined);

  it('picks the first cart of the configured type, or none; stores its id and anonymousId', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.tuple(typeArb, fc.option(fc.constantFrom('anon-a', 'anon-b'), { nil: undefined })),
          {
            maxLength: 5,
          },
        ),
        async (specs) => {
          const carts = specs.map(([t, anon], i) => stubCart(`c${i}`, i + 1, t, anon));
          const expected = carts.find((c) => c.cartType === CART_TYPE) ?? null;
          expect(selectActiveCart(carts, CART_TYPE)).toBe(expected);

          const gateway = { getActiveCarts: async () => carts } as unknown as CartGateway;
          const store = new MemoryStore({ cartId: 'stale', version: 9 });
          const anonymousIds = new MemoryStore<string>('anon-before');
          const r = await new PickActiveCart(gateway, store, anonymousIds, config, {
            signedIn: () => true,
          }).execute();
          expect(okValue(r)).toBe(expected);
          expect(store.load()).toEqual(
            expected === null ? null : { cartId: expected.id, version: expected.version },
          );
          expect(anonymousIds.load()).toBe(
            expected === null ? 'anon-before' : (expected.anonymousId ?? null),
          );
        },
      ),
    );
  });

  it('reads a guest’s carts only when this device keeps a pointer; a customer’s always', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(typeArb, { maxLength: 5 }),
        fc.boolean(),
        fc.boolean(),
        async (types, signedIn, pointer) => {
          const carts = types.map((t, i) => stubCart(`c${i}`, i + 1, t, 'anon-a'));
          let calls = 0;
          const gateway = {
            getActiveCarts: async () => {
              calls += 1;
              return carts;
            },
          } as unknown as CartGateway;
          const store = new MemoryStore(pointer ? { cartId: 'c0', version: 1 } : null);
          const anonymousIds = new MemoryStore<string>('anon-before');
          const r = await new PickActiveCart(gateway, store, anonymousIds, config, {
            signedIn: () => signedIn,
          }).execute();
          const reads = signedIn || pointer;
          expect(calls).toBe(reads ? 1 : 0);
          // Without a read: no cart, and nothing stored changes (there was no pointer to clear).
          expect(okValue(r)).toBe(reads ? selectActiveCart(carts, CART_TYPE) : null);
          if (!reads) {
            expect(store.load()).toBeNull();
            expect(anonymousIds.load()).toBe('anon-before');
          }
        },
      ),
    );
  });
});
