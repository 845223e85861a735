/** The catalogue ports in the composition root: HTTP adapters, or fakes over the demo data. */
import { describe, expect, it } from 'vitest';
import { createContainer } from '../../../adapters/di/container';
import { defaultAppConfig, TYPES } from '../../../adapters/di/types';
import { FakeCatalogSearch } from '../../../adapters/fake/catalog/fake-catalog-search';
import { FakeProductCatalog } from '../../../adapters/fake/catalog/fake-product-catalog';
import { FakeConfigurationGateway } from '../../../adapters/fake/content/fake-configuration-gateway';
import { FakeContentRepository } from '../../../adapters/fake/content/fake-content-repository';
import { emptyDemoData } from '../../../adapters/fake/demo-data';
import { HttpCatalogSearch } from '../../../adapters/http/catalog/http-catalog-search';
import { HttpProductCatalog } from '../../../adapters/http/catalog/http-product-catalog';
import { DEFAULT_CONFIGURATION } from '../../../core/content/default-configuration';
import { HttpConfigurationGateway } from '../../../adapters/http/content/http-configuration-gateway';
import { HttpContentRepository } from '../../../adapters/http/content/http-content-repository';
import { LocalStorageBrowsingHistory } from '../../../adapters/storage/local-storage-browsing-history';
import {
  COMPARE_STORAGE_KEY,
  LocalStorageCompareStore,
} from '../../../adapters/storage/local-storage-compare-store';
import { MemoryStorage } from '../../../adapters/storage/memory-storage';
import {
  PER_PAGE_STORAGE_KEY,
  SessionStoragePerPageMemory,
} from '../../../adapters/storage/session-storage-per-page-memory';
import type { CatalogSearch, PerPageMemory } from '../../../core/catalog/ports';
import type { CompareStore } from '../../../core/compare/ports';
import type { ConfigurationGateway } from '../../../core/content/ports';
import { toDocument, documentFacts } from './solr-documents';
import fc from 'fast-check';

const storages = () => ({ storage: new MemoryStorage(), sessionStorage: new MemoryStorage() });

describe('catalogue bindings', () => {
  it('binds the HTTP adapters and the browser stores in http mode', () => {
    const c = createContainer({ mode: 'http', config: defaultAppConfig, ...storages() });
    expect(c.get(TYPES.CatalogSearch)).toBeInstanceOf(HttpCatalogSearch);
    expect(c.get(TYPES.ProductCatalog)).toBeInstanceOf(HttpProductCatalog);
    expect(c.get(TYPES.ContentRepository)).toBeInstanceOf(HttpContentRepository);
    expect(c.get(TYPES.ConfigurationGateway)).toBeInstanceOf(HttpConfigurationGateway);
    expect(c.get(TYPES.CompareStore)).toBeInstanceOf(LocalStorageCompareStore);
    expect(c.get(TYPES.BrowsingHistoryStore)).toBeInstanceOf(LocalStorageBrowsingHistory);
    expect(c.get(TYPES.PerPageMemory)).toBeInstanceOf(SessionStoragePerPageMemory);
    expect(c.get(TYPES.CatalogSearch)).toBe(c.get(TYPES.CatalogSearch));
  });

  it('keeps compare in local storage and products per page in session storage', () => {
    const { storage, sessionStorage } = storages();
    const c = createContainer({ mode: 'fake', config: defaultAppConfig, storage, sessionStorage });
    c.get<CompareStore>(TYPES.CompareStore).save({ products: [], category: null, enabled: true });
    c.get<PerPageMemory>(TYPES.PerPageMemory).save({ '/en/products/toilets': 60 });
    expect(storage.getItem(COMPARE_STORAGE_KEY)).not.toBeNull();
    expect(storage.getItem(PER_PAGE_STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem(PER_PAGE_STORAGE_KEY)).not.toBeNull();
  });

  it('serves the given demo data through the fakes in fake mode', async () => {
    const doc = toDocument(fc.sample(documentFacts(4120), { numRuns: 1, seed: 1 })[0]!);
    const configuration = { ...DEFAULT_CONFIGURATION, recentlyViewedMax: 4 };
    const c = createContainer({
      mode: 'fake',
      config: defaultAppConfig,
      ...storages(),
      demoData: { ...emptyDemoData(configuration), documents: [doc] },
    });
    expect(c.get(TYPES.CatalogSearch)).toBeInstanceOf(FakeCatalogSearch);
    expect(c.get(TYPES.ProductCatalog)).toBeInstanceOf(FakeProductCatalog);
    expect(c.get(TYPES.ContentRepository)).toBeInstanceOf(FakeContentRepository);
    expect(c.get(TYPES.ConfigurationGateway)).toBeInstanceOf(FakeConfigurationGateway);
    const result = await c
      .get<CatalogSearch>(TYPES.CatalogSearch)
      .search({ filters: [], sort: 'featured', start: 0, rows: 30 });
    expect(result.products.map((p) => p.sku)).toEqual(['K-4120']);
    expect(
      (await c.get<ConfigurationGateway>(TYPES.ConfigurationGateway).load()).recentlyViewedMax,
    ).toBe(4);
  });
});
