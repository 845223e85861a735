/**
 * Contract tests: each catalogue HTTP adapter against the real server (docs/api.md), and the
 * offline fakes fed the server's own documents answering the same queries with the same products.
 */
import type * as t from 'io-ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnsureSession } from '../../../core/auth/ensure-session';
import type { ProductQuery, ProductSummary } from '../../../core/catalog/product';
import { effectiveCents } from '../../../core/catalog/product';
import { ManualClock } from '../../../core/shared/clock';
import { defaultAppConfig } from '../../../adapters/di/types';
import { FakeCatalogSearch } from '../../../adapters/fake/catalog/fake-catalog-search';
import { FakeProductCatalog } from '../../../adapters/fake/catalog/fake-product-catalog';
import { ApiClient, type RequestOptions } from '../../../adapters/http/api-client';
import { ApiError } from '../../../adapters/http/api-error';
import { HttpTokenGateway } from '../../../adapters/http/auth/http-token-gateway';
import { HttpCatalogSearch } from '../../../adapters/http/catalog/http-catalog-search';
import { HttpProductCatalog } from '../../../adapters/http/catalog/http-product-catalog';
import {
  InventoryAnswerCodec,
  PlpAnswerCodec,
  type SearchDocument,
} from '../../../adapters/http/catalog/search-document.codec';
import { HttpConfigurationGateway } from '../../../adapters/http/content/http-configuration-gateway';
import { HttpContentRepository } from '../../../adapters/http/content/http-content-repository';
import { LocalStorageTokenStore } from '../../../adapters/storage/local-storage-token-store';
import { MemoryStorage } from '../../../adapters/storage/memory-storage';
import { startTestServer, type TestServer } from '../../support/test-server';

let server: TestServer;
let api: ApiClient;
let search: HttpCatalogSearch;
let catalog: HttpProductCatalog;
/** One fixed "now" for both the HTTP adapters and the fakes, so discontinued agrees. */
const clock = new ManualClock(Date.now());

beforeAll(async () => {
  server = await startTestServer();
  const config = { ...defaultAppConfig, apiBaseUrl: server.api };
  const session = new EnsureSession(
    new HttpTokenGateway(config),
    new LocalStorageTokenStore(new MemoryStorage()),
    { now: () => Date.now() },
    { next: () => 'catalogue-contract' },
  );
  api = new ApiClient(config, session);
  search = new HttpCatalogSearch(api, clock);
  catalog = new HttpProductCatalog(api, clock);
});
afterAll(() => server?.dispose());

const list = (category: string, extra: Partial<ProductQuery> = {}): ProductQuery => ({
  category,
  filters: [],
  sort: 'price-asc',
  start: 0,
  rows: 30,
  ...extra,
});

describe('HttpCatalogSearch against the server', () => {
  it('lists a category with facets and price ranges, in price order', async () => {
    const result = await search.search(list('kitchen-faucets'));
    expect(result.total).toBeGreaterThan(0);
    expect(result.products.length).toBe(Math.min(30, result.total));
    for (const p of result.products) expect(p.category).toBe('kitchen-faucets');
    const prices = result.products.map((p) => effectiveCents(p.price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(result.facets.map((f) => f.label)).toEqual(expect.arrayContaining(['Finish', 'Brand']));
    expect(result.priceRanges.reduce((sum, r) => sum + r.count, 0)).toBe(result.total);
    expect(result.suggestion).toBeNull();
  });

  it('filters by a finish: every product has it, and the count is the facet’s', async () => {
    const first = await search.search(list('bathroom-faucets'));
    const finish = first.facets.find((f) => f.field === 'finish_ss')?.values[0];
    expect(finish).toBeDefined();
    const filtered = await search.search(
      list('bathroom-faucets', {
        filters: [{ field: 'finish_ss', value: finish!.value }],
        rows: 100,
      }),
    );
    expect(filtered.total).toBe(finish!.count);
    for (const p of filtered.products) {
      expect(p.finishes.some((f) => f.name === finish!.value && !f.discontinued)).toBe(true);
    }
    const selected = filtered.facets.find((f) => f.field === 'finish_ss')?.values;
    expect(selected?.find((v) => v.value === finish!.value)?.selected).toBe(true);
  });

  it('filters by a price range: every price inside it, and the count is the range’s', async () => {
    const first = await search.search(list('showers'));
    const range = first.priceRanges[0];
    expect(range).toBeDefined();
    const filtered = await search.search(
      list('showers', {
        price: { fromCents: range!.fromCents, toCents: range!.toCents },
        rows: 100,
      }),
    );
    expect(filtered.total).toBe(range!.count);
    for (const p of filtered.products) {
      expect(effectiveCents(p.price)).toBeGreaterThanOrEqual(range!.fromCents);
      expect(effectiveCents(p.price)).toBeLessThan(range!.toCents);
    }
  });

  it('pages without skipping or repeating', async () => {
    const q = list('toilets', { rows: 10, sort: 'a-z' });
    const [one, two] = await Promise.all([search.search(q), search.search({ ...q, start: 10 })]);
    expect(two.start).toBe(10);
    const skus = [...one.products, ...two.products].map((p) => p.sku);
    expect(new Set(skus).size).toBe(skus.length);
    const all = await search.search({ ...q, rows: 20 });
    expect(all.products.map((p) => p.sku)).toEqual(skus);
  });

  it('searches keywords with the category facet, and suggests "faucet" for "fauset"', async () => {
    const q: ProductQuery = {
      keyword: 'faucet',
      filters: [],
      sort: 'featured',
      start: 0,
      rows: 10,
    };
    const found = await search.search(q);
    expect(found.total).toBeGreaterThan(0);
    expect(found.facets.some((f) => f.field === 'category_s' && f.label === 'Category')).toBe(true);
    const misspelt = await search.search({ ...q, keyword: 'fauset' });
    expect(misspelt.suggestion?.text).toBe('faucet');
  });

  it('answers typeahead with at most 10 products, and top searches', async () => {
    const typed = await search.typeahead('fau');
    expect(typed.products.length).toBeGreaterThan(0);
    expect(typed.products.length).toBeLessThanOrEqual(10);
    expect(Array.isArray(typed.suggestions)).toBe(true);
    const top = await search.topSearches();
    expect(top.length).toBeGreaterThan(0);
  });

  it('turns an unknown filter field into a bad-request ApiError naming fq', async () => {
    const error = await search
      .search(list('toilets', { filters: [{ field: 'nonsense_field', value: 'x' }] }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('badRequest');
    expect((error as ApiError).message).toContain('fq');
  });
});

describe('HttpProductCatalog against the server', () => {
  let tiles: readonly ProductSummary[];
  beforeAll(async () => {
    tiles = (await search.search(list('kitchen-sinks', { sort: 'best-sellers', rows: 20 })))
      .products;
  });

  it('finds a product by slug, with its details, and null for an unknown slug', async () => {
    const tile = tiles[0]!;
    const details = await catalog.bySlug(tile.slug);
    expect(details?.sku).toBe(tile.sku);
    expect(details?.slug).toBe(tile.slug);
    expect(details?.customerFacingSku).toBe(tile.sku.replace(/^K-/, ''));
    expect(details?.specs.length).toBeGreaterThan(0);
    expect(await catalog.bySlug('no-such-product-k-0')).toBeNull();
  });

  it('gives tiles for SKUs in the order asked, leaving unknown SKUs out', async () => {
    const skus = tiles.slice(0, 3).map((t) => t.sku);
    const asked = [skus[2]!, 'K-0000000', skus[0]!, skus[1]!];
    expect((await catalog.bySkus(asked)).map((t) => t.sku)).toEqual([skus[2], skus[0], skus[1]]);
    expect(await catalog.bySkus([])).toEqual([]);
  });

  it('gives full details for SKUs in one call, each as the product page’s call gives it', async () => {
    let calls = 0;
    const counted = new HttpProductCatalog(
      {
        get<A, O>(path: string, codec: t.Type<A, O, unknown>, options?: RequestOptions) {
          calls += 1;
          return api.get(path, codec, options);
        },
        post<A, O>(
          path: string,
          body: unknown,
          codec: t.Type<A, O, unknown>,
          options?: RequestOptions,
        ) {
          calls += 1;
          return api.post(path, body, codec, options);
        },
      },
      clock,
    );
    const skus = tiles.slice(0, 4).map((t) => t.sku);
    const asked = [skus[3]!, 'K-0000000', skus[1]!, skus[0]!, skus[2]!];
    const details = await counted.detailsBySkus(asked);
    expect(calls).toBe(1);
    expect(details.map((d) => d.sku)).toEqual([skus[3], skus[1], skus[0], skus[2]]);
    const one = await Promise.all(details.map((d) => catalog.bySlug(d.slug)));
    expect(details).toEqual(one);
    expect(await counted.detailsBySkus([])).toEqual([]);
    expect(calls).toBe(1);
  });

  it('pages reviews', async () => {
    const reviewed = tiles.find((t) => t.reviewCount > 0);
    expect(reviewed).toBeDefined();
    const page = await catalog.reviews(reviewed!.sku, { start: 0, rows: 2 });
    expect(page.total).toBe(reviewed!.reviewCount);
    expect(page.reviews.length).toBe(Math.min(2, page.total));
  });

  it('reads stock and inventory for variant SKUs', async () => {
    const finish = tiles.flatMap((t) => t.finishes)[0]!;
    const units = await catalog.stock(finish.sku);
    expect(Number.isInteger(units) && units >= 0).toBe(true);
    const inventory = await api.get('/catalog/inventory', InventoryAnswerCodec, {
      params: { sku: [finish.sku] },
    });
    expect(inventory.results[0]?.availableQuantity).toBe(units);
  });
});

describe('content and configuration against the server', () => {
  it('reads page models by path, and null for an unknown page', async () => {
    const content = new HttpContentRepository(api);
    expect((await content.page('/en'))?.kind).toBe('home');
    expect((await content.page('/en/kitchen.html'))?.path).toBe('/en/kitchen');
    expect(await content.page('/en/no-such-page')).toBeNull();
  });

  it('loads the global configuration without falling back', async () => {
    const failures: unknown[] = [];
    const gateway = new HttpConfigurationGateway(api, clock, new MemoryStorage(), {
      log: (_m, e) => failures.push(e),
    });
    const configuration = await gateway.load();
    expect(failures).toEqual([]);
    expect(configuration.recentlyViewedMax).toBeGreaterThan(0);
  });
});

describe('the fakes over the server’s documents', () => {
  let fakeSearch: FakeCatalogSearch;
  let fakeCatalog: FakeProductCatalog;

  beforeAll(async () => {
    const documents: SearchDocument[] = [];
    for (let start = 0; ; start += 100) {
      const page = await api.get('/search/plp', PlpAnswerCodec, { params: { rows: 100, start } });
      documents.push(...page.response.docs);
      if (start + 100 >= page.response.numFound) break;
    }
    const data = { documents, reviews: {}, topSearches: [] };
    fakeSearch = new FakeCatalogSearch(data, clock);
    fakeCatalog = new FakeProductCatalog(data, clock);
  });

  const bySku = (products: readonly ProductSummary[]) =>
    [...products].sort((a, b) => (a.sku < b.sku ? -1 : 1));
  const sortedFacets = (r: Awaited<ReturnType<HttpCatalogSearch['search']>>) =>
    r.facets.map((f) => ({
      ...f,
      values: [...f.values].sort((a, b) => (a.value < b.value ? -1 : 1)),
    }));

  const queries: readonly ProductQuery[] = [
    list('kitchen-faucets', { rows: 100 }),
    list('bathroom-sinks', {
      rows: 100,
      filters: [{ field: 'attr_mount_s', value: 'undermount' }],
    }),
    list('showers', { rows: 100, sort: 'price-desc', price: { fromCents: 0, toCents: 50_000 } }),
    list('toilets', { rows: 100, filters: [{ field: 'finish_ss', value: 'White' }] }),
  ];

  it.each(queries)('returns the same products, facets and price ranges ($category)', async (q) => {
    const [http, fake] = await Promise.all([search.search(q), fakeSearch.search(q)]);
    expect(fake.total).toBe(http.total);
    expect(bySku(fake.products)).toEqual(bySku(http.products));
    expect(sortedFacets(fake)).toEqual(sortedFacets(http));
    expect(fake.priceRanges).toEqual(http.priceRanges);
  });

  it('gives the same product page and tiles', async () => {
    const tiles = (await search.search(list('bathtubs', { rows: 5 }))).products;
    for (const tile of tiles) {
      expect(await fakeCatalog.bySlug(tile.slug)).toEqual(await catalog.bySlug(tile.slug));
    }
    const skus = tiles.map((t) => t.sku).reverse();
    expect(await fakeCatalog.bySkus(skus)).toEqual(await catalog.bySkus(skus));
    expect(await fakeCatalog.detailsBySkus(skus)).toEqual(await catalog.detailsBySkus(skus));
  });
});
