/** The offline demo's product catalogue, content and configuration over seeded data. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FakeProductCatalog } from '../../../adapters/fake/catalog/fake-product-catalog';
import { FakeConfigurationGateway } from '../../../adapters/fake/content/fake-configuration-gateway';
import { FakeContentRepository } from '../../../adapters/fake/content/fake-content-repository';
import { DemoDataCodec, loadDemoData } from '../../../adapters/fake/demo-data';
import { mappingContext, toProductDetails } from '../../../adapters/http/catalog/document-mapper';
import { ApiError } from '../../../adapters/http/api-error';
import { DEFAULT_CONFIGURATION } from '../../../core/content/default-configuration';
import type { Review } from '../../../core/catalog/product';
import type { PageModel } from '../../../core/content/page-model';
import { ManualClock } from '../../../core/shared/clock';
import { buildDemoData } from '../../../scripts/demo-data';
import { catalogueFacts, NOW, toDocument } from './solr-documents';

const clock = new ManualClock(NOW);

const review = (id: string, rating: number): Review => ({
  id,
  author: 'A. Shopper',
  rating,
  title: 'Good',
  body: 'Works well.',
  createdAt: '2026-01-01T00:00:00Z',
  verifiedPurchase: true,
});

describe('FakeProductCatalog', () => {
  it('finds a product by slug with the same details the mapper gives, and null for unknown slugs', async () => {
    await fc.assert(
      fc.asyncProperty(catalogueFacts(10), async (facts) => {
        const documents = facts.map(toDocument);
        const catalog = new FakeProductCatalog({ documents, reviews: {} }, clock);
        for (const doc of documents) {
          expect(await catalog.bySlug(doc.slug_s)).toEqual(
            toProductDetails(doc, mappingContext(NOW)),
          );
        }
        expect(await catalog.bySlug('no-such-product')).toBeNull();
      }),
      { numRuns: 30 },
    );
  });

  it('gives tiles for SKUs in the order asked, each once, leaving unknown SKUs out', async () => {
    await fc.assert(
      fc.asyncProperty(
        catalogueFacts(10).chain((facts) =>
          fc.tuple(
            fc.constant(facts),
            fc.array(fc.oneof(fc.constantFrom(...facts.map((f) => f.sku)), fc.constant('K-0')), {
              maxLength: 12,
            }),
          ),
        ),
        async ([facts, asked]) => {
          const catalog = new FakeProductCatalog(
            { documents: facts.map(toDocument), reviews: {} },
            clock,
          );
          const tiles = await catalog.bySkus(asked.map((s) => s.toLowerCase()));
          expect(tiles.map((t) => t.sku)).toEqual([...new Set(asked.filter((s) => s !== 'K-0'))]);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('pages reviews and averages their ratings', async () => {
    const reviews = { 'K-1': [review('a', 5), review('b', 4), review('c', 4)] };
    const catalog = new FakeProductCatalog({ documents: [], reviews }, clock);
    expect(await catalog.reviews('K-1', { start: 1, rows: 1 })).toEqual({
      total: 3,
      averageRating: 4.3,
      reviews: [review('b', 4)],
    });
    expect(await catalog.reviews('K-2', { start: 0, rows: 10 })).toEqual({
      total: 0,
      averageRating: 0,
      reviews: [],
    });
  });

  it('reads a variant’s stock from its colour details', async () => {
    const facts = fc.sample(catalogueFacts(5), { numRuns: 1, seed: 3 })[0]!;
    const catalog = new FakeProductCatalog(
      { documents: facts.map(toDocument), reviews: {} },
      clock,
    );
    for (const f of facts) {
      for (const v of f.variants) expect(await catalog.stock(v.sku)).toBe(v.qty);
    }
    expect(await catalog.stock('K-0-XX')).toBe(0);
  });
});

const page: PageModel = {
  path: '/en/kitchen',
  kind: 'category-landing',
  title: 'Kitchen',
  description: 'Kitchen sinks and faucets',
  components: [{ type: 'text', title: null, paragraphs: ['Hello'] }],
};

describe('FakeContentRepository', () => {
  it('finds pages by path, however the path is spelt', async () => {
    const repo = new FakeContentRepository({ pages: { '/en/kitchen': page } });
    for (const path of ['/en/kitchen', 'en/kitchen/', '/en/kitchen.html', '/en/kitchen?x=1']) {
      expect(await repo.page(path)).toBe(page);
    }
    expect(await repo.page('/en/garden')).toBeNull();
  });
});

describe('FakeConfigurationGateway', () => {
  it('serves the seeded configuration', async () => {
    expect(
      await new FakeConfigurationGateway({ configuration: DEFAULT_CONFIGURATION }).load(),
    ).toBe(DEFAULT_CONFIGURATION);
  });
});

describe('demo data', () => {
  it('is built from the server’s catalogue and content, and decodes as the demo loads it', async () => {
    const data = await buildDemoData();
    expect(data.documents.length).toBeGreaterThanOrEqual(1000);
    expect(Object.keys(data.pages)).toContain('/en');
    const loaded = await loadDemoData(async (url) => {
      expect(url).toBe('/demo-data.json');
      return JSON.parse(JSON.stringify(data)) as unknown;
    });
    expect(loaded.documents.length).toBe(data.documents.length);
    expect(DemoDataCodec.is(loaded)).toBe(true);
  });

  it('refuses a file of the wrong shape with the path of the bad field', async () => {
    const error = await loadDemoData(async () => ({ documents: [{ sku_s: 1 }] })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('decode');
    expect((error as ApiError).details.path).toMatch(/^documents\.0/);
  });
});

describe('pageModelUrl', () => {
  it('asks for the page model file of a path', async () => {
    const { pageModelUrl } = await import('../../../adapters/http/content/http-content-repository');
    expect(pageModelUrl('/en')).toBe('/content/en.model.json');
    expect(pageModelUrl('/en/kitchen.html')).toBe('/content/en/kitchen.model.json');
    expect(pageModelUrl('/en/support/help-and-faq/?x=1')).toBe(
      '/content/en/support/help-and-faq.model.json',
    );
    expect(pageModelUrl('/en/../oauth/token')).toBe('/content/en/oauth/token.model.json');
    expect(pageModelUrl('')).toBe('/content/en.model.json');
  });
});
