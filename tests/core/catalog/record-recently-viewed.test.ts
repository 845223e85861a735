import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BrowsingHistoryStore } from '../../../core/catalog/ports';
import { RECENTLY_VIEWED_MAX_DEFAULT } from '../../../core/catalog/recently-viewed';
import { RecordRecentlyViewed } from '../../../core/catalog/record-recently-viewed';
import type { StorefrontConfiguration } from '../../../core/content/configuration';
import type { ConfigurationGateway } from '../../../core/content/ports';

class MemoryHistory implements BrowsingHistoryStore {
  recent: readonly string[] = [];
  loadRecentlyViewed() {
    return this.recent;
  }
  saveRecentlyViewed(skus: readonly string[]) {
    this.recent = skus;
  }
  loadKeywords() {
    return [];
  }
  saveKeywords() {}
}

const configured = (max: unknown): ConfigurationGateway => ({
  load: () => Promise.resolve({ recentlyViewedMax: max } as unknown as StorefrontConfiguration),
});

describe('RecordRecentlyViewed', () => {
  it('puts the product first, once, within the configured maximum', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom('K-1', 'K-2', 'K-3', 'K-4', 'K-5', 'K-6'), { maxLength: 20 }),
        fc.integer({ min: 1, max: 4 }),
        async (views, max) => {
          const store = new MemoryHistory();
          const record = new RecordRecentlyViewed(store, configured(max));
          for (const sku of views) await record.execute(sku);
          const stored = store.recent;
          expect(stored.length).toBeLessThanOrEqual(max);
          expect(new Set(stored).size).toBe(stored.length);
          if (views.length > 0) expect(stored[0]).toBe(views.at(-1));
        },
      ),
      { numRuns: 50 },
    );
  });

  it('falls back to the default maximum when configuration is missing or fails', async () => {
    const store = new MemoryHistory();
    const failing: ConfigurationGateway = { load: () => Promise.reject(new Error('down')) };
    const record = new RecordRecentlyViewed(store, failing);
    for (let i = 0; i < 15; i += 1) await record.execute(`K-${i}`);
    expect(store.recent).toHaveLength(RECENTLY_VIEWED_MAX_DEFAULT);
    const plain = new RecordRecentlyViewed(new MemoryHistory());
    expect(await plain.execute(' K-9 ')).toEqual(['K-9']);
  });

  it('ignores a blank SKU', async () => {
    const store = new MemoryHistory();
    store.recent = ['K-1'];
    expect(await new RecordRecentlyViewed(store).execute('  ')).toEqual(['K-1']);
  });
});
