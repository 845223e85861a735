/**
 * The offline demo's search: properties over generated catalogues — every result matches the
 * query, the sort holds, pages neither skip nor repeat, facet and price-range counts equal the
 * matching documents (each facet counted without its own field's filter).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FakeCatalogSearch } from '../../../adapters/fake/catalog/fake-catalog-search';
import { editDistance } from '../../../adapters/fake/catalog/search-engine';
import { facetFieldsFor } from '../../../adapters/http/catalog/search-params';
import type { ActiveFilter, ProductQuery } from '../../../core/catalog/product';
import { SORT_KEYS, type SortKey } from '../../../core/catalog/sort-options';
import { ManualClock } from '../../../core/shared/clock';
import {
  BRANDS,
  CATEGORIES,
  catalogueFacts,
  COLLECTIONS,
  FINISHES,
  MOUNTS,
  NOW,
  TITLE_WORDS,
  toDocument,
  type DocumentFacts,
} from './solr-documents';

const clock = new ManualClock(NOW);
const fakeOver = (facts: readonly DocumentFacts[]) =>
  new FakeCatalogSearch(
    { documents: facts.map(toDocument), topSearches: ['kitchen faucet'] },
    clock,
  );

const filterArb: fc.Arbitrary<ActiveFilter> = fc.oneof(
  fc.record(
    { field: fc.constant('finish_ss'), value: fc.constantFrom(...FINISHES.map((f) => f.name)) },
    { noNullPrototype: true },
  ),
  fc.record(
    { field: fc.constant('brand_s'), value: fc.constantFrom(...BRANDS) },
    { noNullPrototype: true },
  ),
  fc.record(
    { field: fc.constant('collection_s'), value: fc.constantFrom(...COLLECTIONS) },
    { noNullPrototype: true },
  ),
  fc.record(
    { field: fc.constant('attr_mount_s'), value: fc.constantFrom(...MOUNTS) },
    { noNullPrototype: true },
  ),
);

const queryArb: fc.Arbitrary<ProductQuery> = fc
  .record(
    {
      category: fc.option(fc.constantFrom(...CATEGORIES.map((c) => c.slug)), { nil: undefined }),
      filters: fc.array(filterArb, { maxLength: 4 }),
      price: fc.option(
        fc
          .integer({ min: 0, max: 8 })
          .map((i) => ({ fromCents: i * 100_000, toCents: (i + 1) * 100_000 })),
        { nil: undefined },
      ),
      sort: fc.constantFrom(...SORT_KEYS),
      start: fc.nat(20),
      rows: fc.integer({ min: 1, max: 12 }),
    },
    { noNullPrototype: true },
  )
  .map(({ category, price, ...rest }) => ({
    ...rest,
    ...(category === undefined ? {} : { category }),
    ...(price === undefined ? {} : { price }),
  }));

// --- The oracle: what a document must satisfy, straight from its facts --------------------------

const live = (f: DocumentFacts) =>
  f.variants.filter((v) => v.date === 'false' || Date.parse(v.date) > NOW);

const valuesOf = (f: DocumentFacts, field: string): readonly string[] => {
  switch (field) {
    case 'finish_ss':
      return [...new Set(live(f).map((v) => v.finish.name))];
    case 'brand_s':
      return [f.brand];
    case 'collection_s':
      return f.collection === null ? [] : [f.collection];
    case 'attr_mount_s':
      return [f.mount];
    case 'category_s':
      return [f.category.slug];
    default:
      throw new Error(`no oracle for ${field}`);
  }
};

const finalCents = (f: DocumentFacts) => f.saleCents ?? f.listCents;

const matches = (f: DocumentFacts, q: ProductQuery, except: string | null = null): boolean => {
  if (q.category !== undefined && except !== 'category_s' && f.category.slug !== q.category)
    return false;
  if (q.price !== undefined && except !== 'finalPrice_d') {
    if (finalCents(f) < q.price.fromCents || finalCents(f) >= q.price.toCents) return false;
  }
  const fields = [...new Set(q.filters.map((x) => x.field))].filter((field) => field !== except);
  return fields.every((field) => {
    const wanted = q.filters.filter((x) => x.field === field).map((x) => x.value);
    return valuesOf(f, field).some((v) => wanted.includes(v));
  });
};

/** Featured: still sold before discontinued, in stock before not, then best sellers. */
const featuredKey = (f: DocumentFacts): number => {
  const discontinued = f.variants.length > 0 && live(f).length === 0;
  const inStock = f.variants.some((v) => v.qty > 0);
  return -(((discontinued ? 0 : 2) + (inStock ? 1 : 0)) * 10_000_000 + f.unitsSold);
};

const sortField: Record<SortKey, ((f: DocumentFacts) => number | string) | null> = {
  featured: featuredKey,
  'best-sellers': (f) => -f.unitsSold,
  'price-asc': finalCents,
  'price-desc': (f) => -finalCents(f),
  'a-z': (f) => f.title.toLowerCase(),
  'z-a': null,
  newest: (f) => -f.launchDay,
  oldest: (f) => f.launchDay,
};

describe('FakeCatalogSearch', () => {
  it('returns only matching products, counts them all, and keeps the sort order', async () => {
    await fc.assert(
      fc.asyncProperty(catalogueFacts(), queryArb, async (facts, q) => {
        const result = await fakeOver(facts).search(q);
        const bySku = new Map(facts.map((f) => [f.sku, f]));
        const expected = facts.filter((f) => matches(f, q));
        expect(result.total).toBe(expected.length);
        expect(result.products.length).toBe(
          Math.max(0, Math.min(q.rows, expected.length - q.start)),
        );
        const shown = result.products.map((p) => bySku.get(p.sku)!);
        for (const f of shown) expect(matches(f, q)).toBe(true);
        const key = sortField[q.sort];
        for (let i = 1; i < shown.length; i += 1) {
          const [a, b] = [shown[i - 1]!, shown[i]!];
          if (key !== null) expect(key(a) <= key(b)).toBe(true);
          if (q.sort === 'z-a') expect(a.title.toLowerCase() >= b.title.toLowerCase()).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('pages neither skip nor repeat a product', async () => {
    await fc.assert(
      fc.asyncProperty(catalogueFacts(), queryArb, async (facts, q) => {
        const search = fakeOver(facts);
        const seen: string[] = [];
        let total = 0;
        for (let start = 0; ; start += q.rows) {
          const page = await search.search({ ...q, start });
          total = page.total;
          seen.push(...page.products.map((p) => p.sku));
          if (start + q.rows >= page.total) break;
        }
        expect(new Set(seen).size).toBe(seen.length);
        expect(seen.length).toBe(total);
        expect(new Set(seen)).toEqual(
          new Set(facts.filter((f) => matches(f, q)).map((f) => f.sku)),
        );
      }),
      { numRuns: 80 },
    );
  });

  it('counts each facet value over the documents matching every other filter', async () => {
    await fc.assert(
      fc.asyncProperty(catalogueFacts(), queryArb, async (facts, q) => {
        const result = await fakeOver(facts).search(q);
        for (const facet of result.facets) {
          const pool = facts.filter((f) => matches(f, q, facet.field));
          const expected = new Map<string, number>();
          for (const f of pool) {
            for (const v of valuesOf(f, facet.field)) expected.set(v, (expected.get(v) ?? 0) + 1);
          }
          for (const value of facet.values)
            expect(value.count).toBe(expected.get(value.value) ?? 0);
          expect(facet.values.filter((v) => v.count > 0).length).toBe(expected.size);
          const counts = facet.values.filter((v) => !v.selected || v.count > 0).map((v) => v.count);
          expect(counts).toEqual([...counts].sort((a, b) => b - a));
        }
        // The mount attribute is faceted only where the category configures it (bathroom sinks).
        const mountCounted = result.facets.some((f) => f.field === 'attr_mount_s');
        if (mountCounted) expect(q.category).toBe('bathroom-sinks');
        for (const facet of result.facets) expect(facetFieldsFor(q)).toContain(facet.field);
      }),
      { numRuns: 100 },
    );
  });

  it('counts each price range over the documents matching everything but the price', async () => {
    await fc.assert(
      fc.asyncProperty(catalogueFacts(), queryArb, async (facts, q) => {
        const result = await fakeOver(facts).search(q);
        const pool = facts.filter((f) => matches(f, q, 'finalPrice_d'));
        for (const range of result.priceRanges) {
          const inRange = pool.filter(
            (f) => finalCents(f) >= range.fromCents && finalCents(f) < range.toCents,
          );
          expect(range.count).toBe(inRange.length);
          expect(range.toCents - range.fromCents).toBe(10_000);
        }
        expect(result.priceRanges.reduce((sum, r) => sum + r.count, 0)).toBe(pool.length);
      }),
      { numRuns: 100 },
    );
  });

  it('finds every product whose title has all the keywords, and only products that have them', async () => {
    await fc.assert(
      fc.asyncProperty(
        catalogueFacts(),
        fc.subarray([...TITLE_WORDS], { minLength: 1, maxLength: 2 }),
        async (facts, keywords) => {
          const result = await fakeOver(facts).search({
            keyword: keywords.join(' ').toUpperCase(),
            filters: [],
            sort: 'featured',
            start: 0,
            rows: 100,
          });
          const found = new Set<string>(result.products.map((p) => p.sku));
          const parts = keywords.flatMap((k) => k.split('-'));
          for (const f of facts) {
            const title = f.title.toLowerCase();
            if (keywords.every((k) => title.includes(k.replace('-', ' ')) || title.includes(k))) {
              expect(found.has(f.sku)).toBe(true);
            }
          }
          for (const p of result.products) {
            const f = facts.find((x) => x.sku === p.sku)!;
            const text = `${f.title} ${f.mount} ${f.brand} ${f.category.name}`.toLowerCase();
            for (const part of parts) expect(text).toContain(part);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('did you mean', () => {
  const facts = fc.sample(catalogueFacts(40), { numRuns: 1, seed: 7 })[0]!;
  const faucets = facts.map((f) => ({ ...f, title: `Pull-Down Faucet ${f.sku}` }));

  it('suggests the closest known word for a misspelt one', async () => {
    const result = await fakeOver(faucets).search({
      keyword: 'fauset',
      filters: [],
      sort: 'featured',
      start: 0,
      rows: 10,
    });
    expect(result.suggestion).toEqual({ text: 'faucet', exactMatch: false });
  });

  it('suggests nothing for words the catalogue knows, or for words nothing is close to', async () => {
    const search = fakeOver(faucets);
    const known = await search.search({
      keyword: 'faucet',
      filters: [],
      sort: 'featured',
      start: 0,
      rows: 10,
    });
    expect(known.suggestion).toBeNull();
    expect(known.total).toBe(faucets.length);
    const far = await search.search({
      keyword: 'xylophone',
      filters: [],
      sort: 'featured',
      start: 0,
      rows: 10,
    });
    expect(far.suggestion).toBeNull();
    expect(far.total).toBe(0);
  });

  it('measures edit distance', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), (a, b) => {
        const d = editDistance(a, b);
        expect(d).toBe(editDistance(b, a));
        expect(d === 0).toBe(a === b);
        expect(d).toBeLessThanOrEqual(Math.max(a.length, b.length));
        expect(d).toBeGreaterThanOrEqual(Math.abs(a.length - b.length));
      }),
    );
  });
});

describe('typeahead', () => {
  const facts = fc.sample(catalogueFacts(40), { numRuns: 1, seed: 11 })[0]!;

  it('offers up to 10 products with a word starting with what was typed, and matching phrases', async () => {
    const search = fakeOver(
      facts.map((f, i) => ({ ...f, title: i % 2 === 0 ? `Kitchen Faucet ${i}` : `Toilet ${i}` })),
    );
    const result = await search.typeahead('kitchen fau');
    expect(result.products.length).toBe(Math.min(10, Math.ceil(facts.length / 2)));
    for (const p of result.products) expect(p.title.startsWith('Kitchen Faucet')).toBe(true);
    expect(result.suggestions).toContain('kitchen faucet');
    expect(result.suggestions.length).toBeLessThanOrEqual(10);
    expect(await search.typeahead('   ')).toEqual({ suggestions: [], products: [] });
    expect(await search.topSearches()).toEqual(['kitchen faucet']);
  });
});
