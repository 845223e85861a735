/**
 * The device's ListPresence (adapters/storage/local-storage-list-presence.ts): a customer is
 * signed in when the kept token is a customer's; the lists the device knows are kept in local
 * storage for the next page and visit, and in memory when the storage refuses writes.
 */
import { describe, expect, it } from 'vitest';
import { createContainer } from '../../../adapters/di/container';
import { defaultAppConfig, TYPES } from '../../../adapters/di/types';
import {
  LIST_PRESENCE_STORAGE_KEY,
  LocalStorageListPresence,
} from '../../../adapters/storage/local-storage-list-presence';
import { MemoryStorage } from '../../../adapters/storage/memory-storage';
import type { ListPresence } from '../../../core/lists/ports';
import { FAVORITES, MY_PRODUCTS } from '../../../core/lists/shopping-list';
import { customerTokens, guestTokens, MemoryTokenStore } from '../cart/fixtures';

describe('the device’s list presence', () => {
  it('is signed in with a customer’s token only, usable or spent', () => {
    const tokens = new MemoryTokenStore(null);
    const presence = new LocalStorageListPresence(tokens, new MemoryStorage());
    expect(presence.signedIn()).toBe(false);
    tokens.tokens = guestTokens('g1');
    expect(presence.signedIn()).toBe(false);
    tokens.tokens = { ...customerTokens({}), expiresAt: 0 };
    expect(presence.signedIn()).toBe(true);
  });

  it('keeps the lists it knows for the next page, each apart', () => {
    const storage = new MemoryStorage();
    const tokens = new MemoryTokenStore(null);
    new LocalStorageListPresence(tokens, storage).set(FAVORITES, true);
    const next = new LocalStorageListPresence(tokens, storage);
    expect(next.has(FAVORITES)).toBe(true);
    expect(next.has(MY_PRODUCTS)).toBe(false);
    next.set(FAVORITES, false);
    expect(new LocalStorageListPresence(tokens, storage).has(FAVORITES)).toBe(false);
    expect(storage.getItem(LIST_PRESENCE_STORAGE_KEY)).toBe('[]');
  });

  it('reads an unreadable value as knowing nothing, and keeps this page’s knowledge when writes fail', () => {
    const storage = new MemoryStorage();
    storage.setItem(LIST_PRESENCE_STORAGE_KEY, '{"not":"a list"}');
    const tokens = new MemoryTokenStore(null);
    expect(new LocalStorageListPresence(tokens, storage).has(FAVORITES)).toBe(false);
    const refusing = new MemoryStorage();
    refusing.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    const presence = new LocalStorageListPresence(tokens, refusing);
    presence.set(FAVORITES, true);
    expect(presence.has(FAVORITES)).toBe(true);
  });

  it('is what the app’s containers give the list use cases', () => {
    for (const mode of ['fake', 'http'] as const) {
      const container = createContainer({
        mode,
        config: defaultAppConfig,
        storage: new MemoryStorage(),
        sessionStorage: new MemoryStorage(),
      });
      expect(container.get<ListPresence>(TYPES.ListPresence)).toBeInstanceOf(
        LocalStorageListPresence,
      );
    }
  });
});
