import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createContainer } from '../../../adapters/di/container';
import { defaultAppConfig, TYPES } from '../../../adapters/di/types';
import { demoCatalogueFacts } from '../../../adapters/fake/cart/catalogue-facts';
import { FakeCartGateway } from '../../../adapters/fake/cart/fake-cart-gateway';
import { emptyDemoData } from '../../../adapters/fake/demo-data';
import { HttpCartGateway } from '../../../adapters/http/cart/http-cart-gateway';
import { StoredLocalCartState } from '../../../adapters/storage/local-cart-state';
import {
  ACTIVE_CART_STORAGE_KEY,
  LocalStorageActiveCartStore,
} from '../../../adapters/storage/local-storage-active-cart-store';
import { LocalStorageAnonymousIdStore } from '../../../adapters/storage/local-storage-anonymous-id-store';
import { MemoryStorage } from '../../../adapters/storage/memory-storage';
import { jwtClaims } from '../../../adapters/http/identity/jwt-payload';
import { TokenShopperSession } from '../../../adapters/storage/token-shopper-session';
import type { LocalCartState } from '../../../core/auth/ports';
import type { CartUseCases } from '../../../core/cart/cart-use-cases';
import type { ActiveCartRef } from '../../../core/cart/cart';
import { DEFAULT_CONFIGURATION } from '../../../core/content/default-configuration';
import { catalogueFacts, toDocument } from '../catalog/solr-documents';
import { customerTokens, guestTokens, MemoryTokenStore } from './fixtures';

const storages = () => ({ storage: new MemoryStorage(), sessionStorage: new MemoryStorage() });

/** A storage that refuses every call, as private modes and full quotas do. */
class BrokenStorage extends MemoryStorage {
  override getItem(): string | null {
    throw new Error('denied');
  }
  override setItem(): void {
    throw new Error('denied');
  }
  override removeItem(): void {
    throw new Error('denied');
  }
}

describe('cart bindings', () => {
  it('binds the HTTP gateway in http mode and the demo engine in fake mode, one bundle each', () => {
    const http = createContainer({ mode: 'http', config: defaultAppConfig, ...storages() });
    expect(http.get(TYPES.CartGateway)).toBeInstanceOf(HttpCartGateway);
    const fake = createContainer({ mode: 'fake', config: defaultAppConfig, ...storages() });
    expect(fake.get(TYPES.CartGateway)).toBeInstanceOf(FakeCartGateway);
    const useCases = fake.get<CartUseCases>(TYPES.CartUseCases);
    expect(fake.get(TYPES.CartUseCases)).toBe(useCases);
    expect(fake.get(TYPES.MergeGuestCart)).toBe(useCases.mergeGuestCart);
    expect(useCases.store).toBe(fake.get(TYPES.ActiveCartStore));
    expect(fake.get(TYPES.LocalCartState)).toBeInstanceOf(StoredLocalCartState);
  });

  it('signing out clears the active cart (listeners hear it) and the guest id', () => {
    const { storage, sessionStorage } = storages();
    const c = createContainer({ mode: 'fake', config: defaultAppConfig, storage, sessionStorage });
    const useCases = c.get<CartUseCases>(TYPES.CartUseCases);
    const store = c.get<LocalStorageActiveCartStore>(TYPES.ActiveCartStore);
    const heard: (ActiveCartRef | null)[] = [];
    store.subscribe((ref) => heard.push(ref));
    useCases.store.save({ cartId: 'c1', version: 3 });
    useCases.anonymousIds.save('guest-1');
    const local = c.get<LocalCartState>(TYPES.LocalCartState);
    local.clearCart();
    local.clearCustomerCartId();
    expect(useCases.store.load()).toBeNull();
    expect(useCases.anonymousIds.load()).toBeNull();
    expect(heard).toEqual([{ cartId: 'c1', version: 3 }, null]);
  });
});

describe('cart stores on Web Storage', () => {
  it('round-trips any active cart pointer and reads junk as none', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.nat(), (cartId, version) => {
        const storage = new MemoryStorage();
        const store = new LocalStorageActiveCartStore(storage);
        store.save({ cartId, version });
        expect(new LocalStorageActiveCartStore(storage).load()).toEqual({ cartId, version });
      }),
    );
    const storage = new MemoryStorage();
    storage.setItem(ACTIVE_CART_STORAGE_KEY, '{"cartId": 4}');
    expect(new LocalStorageActiveCartStore(storage).load()).toBeNull();
    storage.setItem(ACTIVE_CART_STORAGE_KEY, 'not json');
    expect(new LocalStorageActiveCartStore(storage).load()).toBeNull();
  });

  it('keeps working for the page view when storage refuses', () => {
    const store = new LocalStorageActiveCartStore(new BrokenStorage());
    store.save({ cartId: 'c1', version: 2 });
    expect(store.load()).toEqual({ cartId: 'c1', version: 2 });
    store.clear();
    expect(store.load()).toBeNull();
    const ids = new LocalStorageAnonymousIdStore(new BrokenStorage());
    ids.save(' guest-9 ');
    expect(ids.load()).toBe('guest-9');
    ids.save('   ');
    expect(ids.load()).toBeNull();
  });
});

describe('TokenShopperSession', () => {
  it('gives the signed-in customer’s e-mail from the subject claim, and null for guests', () => {
    const tokens = new MemoryTokenStore(guestTokens('g1'));
    const session = new TokenShopperSession(tokens);
    expect(session.signedInEmail()).toBeNull();
    tokens.tokens = customerTokens({ sub: 'Pro@Lavabo.test', firstName: 'Zoë' });
    expect(session.signedInEmail()).toBe('Pro@Lavabo.test');
    tokens.tokens = { ...customerTokens({}), accessToken: 'opaque-token' };
    expect(session.signedInEmail()).toBeNull();
    tokens.tokens = null;
    expect(session.signedInEmail()).toBeNull();
  });

  it('is signed in only with a customer’s token, usable or spent', () => {
    const tokens = new MemoryTokenStore(null);
    const session = new TokenShopperSession(tokens);
    expect(session.signedIn()).toBe(false);
    tokens.tokens = guestTokens('g1');
    expect(session.signedIn()).toBe(false);
    tokens.tokens = { ...customerTokens({}), expiresAt: 0 };
    expect(session.signedIn()).toBe(true);
    tokens.tokens = null;
    expect(session.signedIn()).toBe(false);
  });

  it('never throws on any token text', () => {
    fc.assert(
      fc.property(fc.string(), (token) => {
        const claims = jwtClaims(token);
        expect(claims === null || typeof claims === 'object').toBe(true);
      }),
    );
  });
});

describe('demo catalogue facts', () => {
  it('knows every master and variant SKU with the document’s US prices and each variant’s stock', () => {
    fc.assert(
      fc.property(catalogueFacts(8), (facts) => {
        const data = { ...emptyDemoData(DEFAULT_CONFIGURATION), documents: facts.map(toDocument) };
        const index = demoCatalogueFacts(data, 'USD');
        for (const f of facts) {
          // A master SKU stands for its first variant, as on the server; with none it is unknown.
          expect(index.get(f.sku)?.sku).toBe(f.variants[0]?.sku);
          if (f.variants.length > 0) expect(index.get(f.sku)?.listCents).toBe(f.listCents);
          for (const v of f.variants) {
            const item = index.get(v.sku);
            expect(item?.availableQty).toBe(v.qty);
            expect(item?.saleCents).toBe(f.saleCents);
            expect(item?.color).toBe(v.finish.name);
          }
        }
      }),
      { numRuns: 30 },
    );
  });
});
