/** The compare slice, browsing history and products-per-page stores on Web Storage. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CompareState } from '../../../core/compare/compare-state';
import {
  KEYWORDS_STORAGE_KEY,
  LocalStorageBrowsingHistory,
  RECENTLY_VIEWED_STORAGE_KEY,
} from '../../../adapters/storage/local-storage-browsing-history';
import {
  COMPARE_STORAGE_KEY,
  LocalStorageCompareStore,
} from '../../../adapters/storage/local-storage-compare-store';
import { MemoryStorage } from '../../../adapters/storage/memory-storage';
import {
  PER_PAGE_STORAGE_KEY,
  SessionStoragePerPageMemory,
} from '../../../adapters/storage/session-storage-per-page-memory';

const compareState: fc.Arbitrary<CompareState> = fc.record(
  {
    products: fc.array(
      fc.record(
        {
          compareSku: fc.string(),
          expiry: fc.integer(),
          backorder: fc.boolean(),
          category: fc.string(),
          masterVariant: fc.record(
            {
              sku: fc.string(),
              attributes: fc.array(
                fc.record({ name: fc.string(), value: fc.string() }, { noNullPrototype: true }),
                {
                  maxLength: 3,
                },
              ),
            },
            { noNullPrototype: true },
          ),
        },
        { noNullPrototype: true },
      ),
      { maxLength: 5 },
    ),
    category: fc.option(fc.string(), { nil: null }),
    enabled: fc.boolean(),
  },
  { noNullPrototype: true },
);

/** A storage whose every call throws, as in private mode or over quota. */
const brokenStorage = (): Storage => {
  const broken = new MemoryStorage();
  broken.getItem = () => {
    throw new Error('SecurityError');
  };
  broken.setItem = () => {
    throw new Error('QuotaExceededError');
  };
  return broken;
};

describe('LocalStorageCompareStore', () => {
  it('reads back exactly what it saved, under lavabo.compare', () => {
    fc.assert(
      fc.property(compareState, (state) => {
        const storage = new MemoryStorage();
        const store = new LocalStorageCompareStore(storage);
        expect(store.load()).toBeNull();
        store.save(state);
        expect(store.load()).toEqual(state);
        expect(JSON.parse(storage.getItem(COMPARE_STORAGE_KEY) ?? 'null')).toEqual(state);
      }),
    );
  });

  it('reads anything unreadable as nothing stored', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (raw) => {
        const storage = new MemoryStorage();
        storage.setItem(COMPARE_STORAGE_KEY, raw);
        const loaded = new LocalStorageCompareStore(storage).load();
        if (loaded !== null) expect(Array.isArray(loaded.products)).toBe(true);
      }),
    );
    const storage = new MemoryStorage();
    storage.setItem(
      COMPARE_STORAGE_KEY,
      '{"products":[{"compareSku":1}],"category":null,"enabled":false}',
    );
    expect(new LocalStorageCompareStore(storage).load()).toBeNull();
  });

  it('never throws when the browser storage does', () => {
    const store = new LocalStorageCompareStore(brokenStorage());
    expect(store.load()).toBeNull();
    expect(() => store.save({ products: [], category: null, enabled: false })).not.toThrow();
  });
});

describe('LocalStorageBrowsingHistory', () => {
  it('keeps recently viewed SKUs and keywords apart, as saved', () => {
    fc.assert(
      fc.property(fc.array(fc.string()), fc.array(fc.string()), (skus, keywords) => {
        const history = new LocalStorageBrowsingHistory(new MemoryStorage());
        expect(history.loadRecentlyViewed()).toEqual([]);
        expect(history.loadKeywords()).toEqual([]);
        history.saveRecentlyViewed(skus);
        history.saveKeywords(keywords);
        expect(history.loadRecentlyViewed()).toEqual(skus);
        expect(history.loadKeywords()).toEqual(keywords);
      }),
    );
  });

  it('reads unreadable lists as empty and never throws', () => {
    const storage = new MemoryStorage();
    storage.setItem(RECENTLY_VIEWED_STORAGE_KEY, '{"not":"a list"}');
    storage.setItem(KEYWORDS_STORAGE_KEY, '["ok", 3]');
    const history = new LocalStorageBrowsingHistory(storage);
    expect(history.loadRecentlyViewed()).toEqual([]);
    expect(history.loadKeywords()).toEqual([]);
    const broken = new LocalStorageBrowsingHistory(brokenStorage());
    expect(broken.loadKeywords()).toEqual([]);
    expect(() => broken.saveKeywords(['faucet'])).not.toThrow();
  });
});

describe('SessionStoragePerPageMemory', () => {
  it('reads back the remembered choices', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.string().filter((k) => k !== '__proto__'),
          fc.constantFrom(30, 60, 90),
          {
            noNullPrototype: true,
          },
        ),
        (memory) => {
          const store = new SessionStoragePerPageMemory(new MemoryStorage());
          expect(store.load()).toEqual({});
          store.save(memory);
          expect(store.load()).toEqual(memory);
        },
      ),
    );
  });

  it('drops entries that are not whole numbers, and reads garbage as nothing remembered', () => {
    const storage = new MemoryStorage();
    storage.setItem(PER_PAGE_STORAGE_KEY, '{"/en/products/toilets":60,"/en/x":"90","/en/y":1.5}');
    expect(new SessionStoragePerPageMemory(storage).load()).toEqual({ '/en/products/toilets': 60 });
    storage.setItem(PER_PAGE_STORAGE_KEY, '[60]');
    expect(new SessionStoragePerPageMemory(storage).load()).toEqual({});
    storage.setItem(PER_PAGE_STORAGE_KEY, '{');
    expect(new SessionStoragePerPageMemory(storage).load()).toEqual({});
    const broken = new SessionStoragePerPageMemory(brokenStorage());
    expect(broken.load()).toEqual({});
    expect(() => broken.save({ '/en': 60 })).not.toThrow();
  });
});
