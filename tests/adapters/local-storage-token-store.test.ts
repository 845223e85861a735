import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StoredTokens } from '../../core/auth/token-lifecycle';
import {
  AUTH_STORAGE_KEY,
  LocalStorageTokenStore,
} from '../../adapters/storage/local-storage-token-store';
import { MemoryStorage } from '../../adapters/storage/memory-storage';

const tokens: fc.Arbitrary<StoredTokens> = fc
  .record(
    {
      accessToken: fc.string(),
      refreshToken: fc.string(),
      tokenType: fc.constant('Bearer'),
      scopes: fc.array(fc.string(), { maxLength: 3 }),
      expiresAt: fc.integer({ min: 0 }),
      receivedAt: fc.integer({ min: 0 }),
      anonymous: fc.boolean(),
      revalidateIn: fc.integer({ min: 0, max: 86_400 }),
      lastValidatedAt: fc.integer({ min: 0 }),
      anonymousId: fc.uuid(),
    },
    {
      requiredKeys: [
        'accessToken',
        'refreshToken',
        'tokenType',
        'scopes',
        'expiresAt',
        'receivedAt',
        'anonymous',
      ],
      noNullPrototype: true,
    },
  )
  .map((t) => t as StoredTokens);

describe('LocalStorageTokenStore', () => {
  it('reads back exactly what it saved', () => {
    fc.assert(
      fc.property(tokens, (t) => {
        const store = new LocalStorageTokenStore(new MemoryStorage());
        store.save(t);
        expect(store.load()).toEqual(t);
        store.clear();
        expect(store.load()).toBeNull();
      }),
    );
  });

  it('reads anything unreadable as no token', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (raw) => {
        const storage = new MemoryStorage();
        storage.setItem(AUTH_STORAGE_KEY, raw);
        const loaded = new LocalStorageTokenStore(storage).load();
        // Only a well-formed slice comes back; everything else is null.
        if (loaded !== null) expect(typeof loaded.accessToken).toBe('string');
      }),
    );
    const storage = new MemoryStorage();
    storage.setItem(AUTH_STORAGE_KEY, '{"accessToken": 1}');
    expect(new LocalStorageTokenStore(storage).load()).toBeNull();
  });

  it('never throws when the browser storage does', () => {
    const broken = new MemoryStorage();
    broken.getItem = () => {
      throw new Error('SecurityError');
    };
    broken.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    broken.removeItem = () => {
      throw new Error('SecurityError');
    };
    const store = new LocalStorageTokenStore(broken);
    expect(store.load()).toBeNull();
    expect(() => store.save({} as StoredTokens)).not.toThrow();
    expect(() => store.clear()).not.toThrow();
  });
});
