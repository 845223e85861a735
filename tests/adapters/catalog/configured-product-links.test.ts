/**
 * Spec §2 product-link map, honoured by the catalogue adapters: every product path they hand the
 * screens (tiles, typeahead, compare, favorites) follows the configuration's pdpUrlMapping as it is
 * at the time of the answer, and the configuration gateway says what it knows without waiting.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FakeCatalogSearch } from '../../../adapters/fake/catalog/fake-catalog-search';
import { FakeProductCatalog } from '../../../adapters/fake/catalog/fake-product-catalog';
import { HttpConfigurationGateway } from '../../../adapters/http/content/http-configuration-gateway';
import { INLINE_CONFIGURATION_ID } from '../../../adapters/http/content/inline-configuration';
import type { ApiClient } from '../../../adapters/http/api-client';
import { MemoryStorage } from '../../../adapters/storage/memory-storage';
import {
  productLinkConfigOf,
  productLinkPath,
  type ProductLinkConfig,
} from '../../../core/catalog/product-link';
import { DEFAULT_CONFIGURATION } from '../../../core/content/default-configuration';
import { ManualClock } from '../../../core/shared/clock';
import { catalogueFacts, NOW, toDocument } from './solr-documents';

const clock = new ManualClock(NOW);

describe('catalogue adapters with a configured product-link map', () => {
  it('give every product the configured path of its category, read per answer', async () => {
    await fc.assert(
      fc.asyncProperty(catalogueFacts(8), async (facts) => {
        const documents = facts.map(toDocument);
        let links: ProductLinkConfig = productLinkConfigOf({});
        const options = { links: () => links };
        const catalog = new FakeProductCatalog({ documents, reviews: {} }, clock, options);
        const search = new FakeCatalogSearch({ documents, topSearches: [] }, clock, options);
        const doc = documents[0];
        if (doc === undefined) return;
        const before = await catalog.bySlug(doc.slug_s);
        expect(before?.path).toBe(
          productLinkPath({ category: before?.categoryName ?? '', slug: doc.slug_s }),
        );
        // The configuration arrives (or changes) after the adapters were made.
        links = productLinkConfigOf({
          pdpUrlMapping: { [doc.category_s ?? '']: '/en/configured/{slug}.html' },
        });
        const after = await catalog.bySlug(doc.slug_s);
        const expected = `/en/configured/${doc.slug_s}.html`;
        expect(after?.path.startsWith(expected)).toBe(true);
        const listed = await search.search({
          keyword: '',
          filters: [],
          sort: 'featured',
          start: 0,
          rows: 100,
        });
        for (const p of listed.products.filter((p) => p.slug === doc.slug_s)) {
          expect(p.path.startsWith(expected)).toBe(true);
        }
      }),
      { numRuns: 20 },
    );
  });
});

describe('HttpConfigurationGateway.current', () => {
  const noCall = {
    get: (() => Promise.reject(new Error('no call expected'))) as unknown as ApiClient['get'],
  };

  it('is the page inline configuration at once, else the built-in one', () => {
    const inline = { ...DEFAULT_CONFIGURATION, pdpUrlMapping: { sinks: '/en/s/{slug}.html' } };
    const gateway = new HttpConfigurationGateway(noCall, clock, new MemoryStorage(), {
      inline: () => JSON.stringify(inline),
    });
    expect(gateway.current().pdpUrlMapping).toEqual({ sinks: '/en/s/{slug}.html' });
    const bare = new HttpConfigurationGateway(noCall, clock, new MemoryStorage(), {
      inline: () => null,
    });
    expect(bare.current()).toEqual(DEFAULT_CONFIGURATION);
    expect(INLINE_CONFIGURATION_ID).toBeTruthy();
  });
});
