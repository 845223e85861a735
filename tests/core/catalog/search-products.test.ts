import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CatalogSearch } from '../../../core/catalog/ports';
import type {
  ActiveFilter,
  ProductQuery,
  ProductSearchResult,
  TypeaheadResult,
} from '../../../core/catalog/product';
import {
  CATEGORY_FILTER_FIELD,
  FINISH_FILTER_FIELD,
  SearchProducts,
  parseFilterQuery,
  showChosenFinish,
  productListCategory,
  productListQuery,
  sortKeyOfSolrSort,
  tidyQuery,
} from '../../../core/catalog/search-products';
import { DEFAULT_SORT, SORT_KEYS, SORT_OPTIONS } from '../../../core/catalog/sort-options';
import type { ProductListComponent } from '../../../core/content/page-model';
import type { CancelSignal } from '../../../core/shared/cancel';
import { finish, makeProduct } from './product-fixtures';

const FIELD = /^[A-Za-z_][A-Za-z0-9_.]*$/;

/** Solr's phrase quoting, as the HTTP adapter writes it. */
const quoted = (value: string): string => `"${value.replace(/[\\"]/g, '\\$&')}"`;

const spaces = fc.constantFrom('', ' ', '  ', '\t', ' \n ');
const padded = (text: fc.Arbitrary<string>) =>
  fc.tuple(spaces, text, spaces).map(([a, t, b]) => `${a}${t}${b}`);

const fieldName = fc.oneof(
  fc.constantFrom('finish_ss', 'brand_s', 'attr_mount_s', 'onSale_b', 'priceList.US.price_d'),
  fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_.]{0,10}$/),
);
const anyField = fc.oneof(
  padded(fieldName),
  fc.string({ maxLength: 6 }),
  fc.constantFrom('', ' ', '-brand_s', '1abc', 'a b', 'a:b', 'ü_s'),
);
const anyValue = fc.oneof(
  padded(fc.constantFrom('Matte Black', 'Lavabo', 'true', '2', 'undermount')),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  spaces,
);
const anyNumber = fc.oneof(
  fc.integer({ min: -50, max: 500 }),
  fc.double({ min: -1e6, max: 1e6 }),
  fc.constantFrom(Number.NaN, Infinity, -Infinity, -0, 0.5, 1e300),
);
const anyPrice = fc.oneof(
  fc.record({ fromCents: anyNumber, toCents: anyNumber }, { noNullPrototype: true }),
  fc
    .tuple(fc.nat(100_000), fc.integer({ min: 1, max: 100_000 }))
    .map(([fromCents, width]) => ({ fromCents, toCents: fromCents + width })),
);

const query: fc.Arbitrary<ProductQuery> = fc
  .record(
    {
      keyword: fc.option(padded(fc.string({ maxLength: 8 })), { nil: undefined }),
      category: fc.option(padded(fc.constantFrom('', 'toilets', 'kitchen-sinks')), {
        nil: undefined,
      }),
      filters: fc.array(
        fc.record({ field: anyField, value: anyValue }, { noNullPrototype: true }),
        { maxLength: 8 },
      ),
      price: fc.option(anyPrice, { nil: undefined }),
      sort: fc.constantFrom(...SORT_KEYS),
      start: anyNumber,
      rows: anyNumber,
    },
    { noNullPrototype: true },
  )
  .map(({ keyword, category, price, ...rest }) => ({
    ...rest,
    ...(keyword === undefined ? {} : { keyword }),
    ...(category === undefined ? {} : { category }),
    ...(price === undefined ? {} : { price }),
  }));

const keyOf = (f: ActiveFilter) => `${f.field}\u0000${f.value}`;

describe('tidyQuery', () => {
  it('is idempotent', () => {
    fc.assert(
      fc.property(query, (q) => {
        const once = tidyQuery(q);
        expect(tidyQuery(once)).toEqual(once);
      }),
    );
  });

  it('keeps trimmed, non-empty, unique filters on valid field names, in their first order', () => {
    fc.assert(
      fc.property(query, (q) => {
        const { filters } = tidyQuery(q);
        for (const f of filters) {
          expect(f.field).toMatch(FIELD);
          expect(f.value).toBe(f.value.trim());
          expect(f.value).not.toBe('');
        }
        expect(new Set(filters.map(keyOf)).size).toBe(filters.length);
        const expected = q.filters
          .map((f) => ({ field: f.field.trim(), value: f.value.trim() }))
          .filter((f) => FIELD.test(f.field) && f.value !== '')
          .filter((f, i, all) => all.findIndex((g) => keyOf(g) === keyOf(f)) === i);
        expect(filters).toEqual(expected);
      }),
    );
  });

  it('makes start and rows whole numbers, at least 0, and leaves whole ones alone', () => {
    fc.assert(
      fc.property(query, (q) => {
        const t = tidyQuery(q);
        for (const [given, got] of [
          [q.start, t.start],
          [q.rows, t.rows],
        ] as const) {
          expect(Number.isInteger(got)).toBe(true);
          expect(got).toBeGreaterThanOrEqual(0);
          expect(Object.is(got, -0)).toBe(false);
          if (Number.isInteger(given) && given > 0) expect(got).toBe(given);
          if (Number.isFinite(given) && given >= 0) {
            expect(got).toBeLessThanOrEqual(given);
            expect(given - got).toBeLessThan(1);
          } else {
            expect(got).toBe(0);
          }
        }
      }),
    );
  });

  it('keeps a price range only when it is a real range of whole cents', () => {
    fc.assert(
      fc.property(query, (q) => {
        const t = tidyQuery(q);
        const p = q.price;
        const real =
          p !== undefined &&
          Number.isSafeInteger(p.fromCents) &&
          Number.isSafeInteger(p.toCents) &&
          p.fromCents >= 0 &&
          p.toCents > p.fromCents;
        if (real) expect(t.price).toEqual({ fromCents: p.fromCents, toCents: p.toCents });
        else expect('price' in t).toBe(false);
      }),
    );
    const base: ProductQuery = { filters: [], sort: 'featured', start: 0, rows: 10 };
    expect(tidyQuery({ ...base, price: { fromCents: 0, toCents: 10_000 } }).price).toEqual({
      fromCents: 0,
      toCents: 10_000,
    });
    for (const price of [
      { fromCents: 500, toCents: 500 },
      { fromCents: 500, toCents: 100 },
      { fromCents: -100, toCents: 100 },
      { fromCents: 0.5, toCents: 100 },
      { fromCents: 0, toCents: Infinity },
      { fromCents: Number.NaN, toCents: 100 },
    ]) {
      expect(tidyQuery({ ...base, price }).price).toBeUndefined();
    }
  });

  it('trims the keyword and category and drops them when blank; keeps the sort', () => {
    fc.assert(
      fc.property(query, (q) => {
        const t = tidyQuery(q);
        const keyword = q.keyword?.trim() ?? '';
        const category = q.category?.trim() ?? '';
        if (keyword === '') expect('keyword' in t).toBe(false);
        else expect(t.keyword).toBe(keyword);
        if (category === '') expect('category' in t).toBe(false);
        else expect(t.category).toBe(category);
        expect(t.sort).toBe(q.sort);
      }),
    );
    expect(
      tidyQuery({
        keyword: '  kitchen faucet ',
        category: ' ',
        filters: [
          { field: ' finish_ss ', value: ' Matte Black ' },
          { field: 'finish_ss', value: 'Matte Black' },
          { field: 'finish_ss', value: '  ' },
          { field: '-finish_ss', value: 'Polished Chrome' },
          { field: 'brand_s', value: 'Lavabo' },
        ],
        sort: 'price-asc',
        start: 20.7,
        rows: -3,
      }),
    ).toEqual({
      keyword: 'kitchen faucet',
      filters: [
        { field: 'finish_ss', value: 'Matte Black' },
        { field: 'brand_s', value: 'Lavabo' },
      ],
      sort: 'price-asc',
      start: 20,
      rows: 0,
    });
  });
});

/** A value that reads as itself unquoted: no outer whitespace, no Solr syntax, no escapes. */
const plainValue = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 12 })
  .filter(
    (v) => v.trim() === v && v !== '' && v !== '*' && !/^["[{(]/.test(v) && !v.includes('\\'),
  );

describe('parseFilterQuery', () => {
  it('reads field:value, trimming around the field and the value', () => {
    fc.assert(
      fc.property(fieldName, plainValue, spaces, spaces, (field, value, a, b) => {
        expect(parseFilterQuery(`${a}${field}${b}:${a}${value}${b}`)).toEqual({ field, value });
      }),
    );
    expect(parseFilterQuery('attr_mount_s:farmhouse')).toEqual({
      field: 'attr_mount_s',
      value: 'farmhouse',
    });
  });

  it('round-trips field:"quoted value" for any value that is not blank', () => {
    fc.assert(
      fc.property(fieldName, fc.string({ unit: 'grapheme', maxLength: 16 }), (field, value) => {
        const parsed = parseFilterQuery(`${field}:${quoted(value)}`);
        if (value.trim() === '') expect(parsed).toBeNull();
        else expect(parsed).toEqual({ field, value });
      }),
    );
    expect(parseFilterQuery('finish_ss:"Matte Black"')).toEqual({
      field: 'finish_ss',
      value: 'Matte Black',
    });
    expect(parseFilterQuery('title_s:"12\\" \\\\ sink"')).toEqual({
      field: 'title_s',
      value: '12" \\ sink',
    });
  });

  it('removes backslash escapes from a plain value, as the search server does', () => {
    expect(parseFilterQuery('finish_ss:Matte\\ Black')).toEqual({
      field: 'finish_ss',
      value: 'Matte Black',
    });
    expect(parseFilterQuery('sku_s:K\\-4120')).toEqual({ field: 'sku_s', value: 'K-4120' });
    fc.assert(
      fc.property(fieldName, fc.string({ unit: 'grapheme', maxLength: 12 }), (field, value) => {
        fc.pre(value.trim() !== '' && value.trimEnd() === value);
        const escaped = Array.from(value, (ch) => `\\${ch}`).join('');
        expect(parseFilterQuery(`${field}:${escaped}`)).toEqual({ field, value });
      }),
    );
  });

  it('gives null for what is not one field and one value', () => {
    fc.assert(
      fc.property(anyField, fc.string({ maxLength: 10 }), (field, value) => {
        fc.pre(!field.includes(':'));
        const parsed = parseFilterQuery(`${field}:${value}`);
        if (!FIELD.test(field.trim())) expect(parsed).toBeNull();
        if (parsed !== null) {
          expect(parsed.field).toMatch(FIELD);
          expect(parsed.value.trim()).not.toBe('');
        }
      }),
    );
    for (const fq of [
      '',
      'onSale_b',
      ':true',
      'onSale_b:',
      'onSale_b:  ',
      'finish_ss:""',
      'finish_ss:" "',
      '-finish_ss:"Matte Black"',
      '{!tag=finish}finish_ss:Chrome',
      '9lives_s:x',
      'a b:c',
    ]) {
      expect(parseFilterQuery(fq), fq).toBeNull();
    }
  });

  it('leaves out ranges, value lists, "any value" and malformed quotes (docs/api.md fq forms)', () => {
    fc.assert(
      fc.property(
        fieldName,
        fc.constantFrom('[', '{'),
        fc.oneof(fc.constant('*'), fc.nat(5000).map(String)),
        fc.oneof(fc.constant('*'), fc.nat(5000).map(String)),
        fc.constantFrom(']', '}'),
        (field, open, from, to, close) => {
          expect(parseFilterQuery(`${field}:${open}${from} TO ${to}${close}`)).toBeNull();
        },
      ),
    );
    for (const fq of [
      'finalPrice_d:[0 TO 100}',
      'finalPrice_d:[* TO 250]',
      'finish_ss:("Matte Black" OR "Polished Chrome")',
      'brand_s:(Lavabo OR Avelle)',
      'collection_s:*',
      'finish_ss:"Matte" Black"',
      'finish_ss:"Matte Black',
      'finish_ss:"Matte Black\\"',
    ]) {
      expect(parseFilterQuery(fq), fq).toBeNull();
    }
  });
});

describe('sortKeyOfSolrSort', () => {
  const withSpacing = (text: string, gap: string, upper: boolean) => {
    const spaced = text.split(' ').join(gap);
    return upper ? spaced.toUpperCase() : spaced;
  };

  it("maps each option's Solr sort to its key, whatever the spacing and case", () => {
    const sorted = SORT_OPTIONS.flatMap((o) =>
      o.solrSort === undefined ? [] : [{ key: o.key, solrSort: o.solrSort }],
    );
    expect(sorted.length).toBe(SORT_OPTIONS.length - 1);
    fc.assert(
      fc.property(
        fc.constantFrom(...sorted),
        spaces,
        fc.constantFrom(' ', '  ', '\t'),
        fc.boolean(),
        (option, pad, gap, upper) => {
          expect(sortKeyOfSolrSort(`${pad}${withSpacing(option.solrSort, gap, upper)}${pad}`)).toBe(
            option.key,
          );
        },
      ),
    );
    expect(sortKeyOfSolrSort('finalPrice_d asc')).toBe('price-asc');
    expect(sortKeyOfSolrSort('launchDate_dt desc')).toBe('newest');
  });

  it('takes a sort key as itself', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SORT_KEYS), spaces, (key, pad) => {
        expect(sortKeyOfSolrSort(`${pad}${key}${pad}`)).toBe(key);
      }),
    );
  });

  it('gives the default for anything else', () => {
    const known = new Set<string>([
      ...SORT_KEYS,
      ...SORT_OPTIONS.flatMap((o) => (o.solrSort === undefined ? [] : [o.solrSort.toLowerCase()])),
    ]);
    fc.assert(
      fc.property(fc.string({ maxLength: 24 }), (sort) => {
        fc.pre(!known.has(sort.trim().replace(/\s+/g, ' ').toLowerCase()));
        expect(sortKeyOfSolrSort(sort)).toBe(DEFAULT_SORT);
      }),
    );
    for (const sort of ['', 'score desc', 'finalPrice_d', 'finalPrice_d up', 'unitsSold_i desc,x'])
      expect(sortKeyOfSolrSort(sort)).toBe(DEFAULT_SORT);
  });
});

const productList = (
  filters: readonly string[],
  sort = 'unitsSold_i desc',
  rows = 8,
): ProductListComponent => ({
  type: 'productList',
  title: 'Best sellers',
  filters,
  sort,
  rows,
  link: null,
});

describe('productListQuery and productListCategory (content product lists)', () => {
  it('reads a content list into a first-page query', () => {
    const list = productList(['category_s:toilets', 'attr_type_s:toilet'], 'unitsSold_i desc', 12);
    expect(productListQuery(list)).toEqual({
      category: 'toilets',
      filters: [{ field: 'attr_type_s', value: 'toilet' }],
      sort: 'best-sellers',
      start: 0,
      rows: 12,
    });
    expect(productListCategory(list)).toBe('toilets');
    expect(productListCategory(productList(['onSale_b:true']))).toBeUndefined();
  });

  it('takes the first category, keeps other simple filters, leaves out the rest', () => {
    const category = fc.constantFrom('toilets', 'kitchen-sinks', 'bathroom faucets');
    const other = fc.record(
      { field: fc.constantFrom('finish_ss', 'brand_s', 'onSale_b'), value: plainValue },
      { noNullPrototype: true },
    );
    const entry = fc.oneof(
      category.map((c) => ({
        kind: 'category' as const,
        fq: `${CATEGORY_FILTER_FIELD}:${quoted(c)}`,
        c,
      })),
      other.map((f) => ({ kind: 'filter' as const, fq: `${f.field}:${quoted(f.value)}`, f })),
      fc
        .constantFrom('finalPrice_d:[0 TO 100}', '-brand_s:Lavabo', 'finish_ss:(a OR b)', 'x')
        .map((fq) => ({ kind: 'other' as const, fq })),
    );
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: 8 }),
        fc.integer({ min: 0, max: 40 }),
        (es, rows) => {
          const q = productListQuery(
            productList(
              es.map((e) => e.fq),
              'finalPrice_d desc',
              rows,
            ),
          );
          const firstCategory = es.find((e) => e.kind === 'category');
          expect(q.category).toBe(firstCategory?.kind === 'category' ? firstCategory.c : undefined);
          const filters = es.flatMap((e) => (e.kind === 'filter' ? [e.f] : []));
          expect(q.filters).toEqual(
            filters.filter(
              (f, i) => filters.findIndex((g) => g.field === f.field && g.value === f.value) === i,
            ),
          );
          expect(q.filters.some((f) => f.field === CATEGORY_FILTER_FIELD)).toBe(false);
          expect(q.sort).toBe('price-desc');
          expect(q.start).toBe(0);
          expect(q.rows).toBe(rows);
          expect(tidyQuery(q)).toEqual(q);
          expect(productListCategory(productList(es.map((e) => e.fq)))).toBe(q.category);
        },
      ),
    );
  });

  it('falls back to the default sort and whole rows', () => {
    const q = productListQuery(productList(['onSale_b:true'], 'rating_d desc', 7.9));
    expect(q.sort).toBe(DEFAULT_SORT);
    expect(q.rows).toBe(7);
    expect(productListQuery(productList([], '', Number.NaN)).rows).toBe(0);
  });
});

class RecordingSearch implements CatalogSearch {
  readonly calls: { query: ProductQuery; signal: CancelSignal | undefined }[] = [];
  constructor(private readonly answer: ProductSearchResult) {}
  search(query: ProductQuery, signal?: CancelSignal): Promise<ProductSearchResult> {
    this.calls.push({ query, signal });
    return Promise.resolve(this.answer);
  }
  typeahead(): Promise<TypeaheadResult> {
    return Promise.reject(new Error('not used'));
  }
  topSearches(): Promise<readonly string[]> {
    return Promise.reject(new Error('not used'));
  }
}

const signal = (): CancelSignal => {
  const controller = new AbortController();
  return controller.signal;
};

describe('SearchProducts', () => {
  const result: ProductSearchResult = {
    total: 1,
    start: 0,
    products: [makeProduct('K-4120')],
    facets: [],
    priceRanges: [],
    suggestion: null,
  };

  it('sends the tidied query with the cancel signal and answers with the port', async () => {
    await fc.assert(
      fc.asyncProperty(query, fc.boolean(), async (q, withSignal) => {
        const search = new RecordingSearch(result);
        const s = withSignal ? signal() : undefined;
        const answer = await new SearchProducts(search).execute(q, s);
        const byFinish = tidyQuery(q).filters.some((f) => f.field === FINISH_FILTER_FIELD);
        if (byFinish) {
          expect({ ...answer, products: [] }).toEqual({ ...result, products: [] });
          expect(answer.products.map((p) => p.sku)).toEqual(result.products.map((p) => p.sku));
        } else {
          expect(answer).toBe(result);
        }
        expect(search.calls).toHaveLength(1);
        expect(search.calls[0]?.query).toEqual(tidyQuery(q));
        expect(search.calls[0]?.signal).toBe(s);
      }),
      { numRuns: 50 },
    );
  });

  it('passes on a failing search', async () => {
    const search = new RecordingSearch(result);
    search.search = () => Promise.reject(new Error('offline'));
    await expect(
      new SearchProducts(search).execute({ filters: [], sort: 'featured', start: 0, rows: 10 }),
    ).rejects.toThrow('offline');
  });
});

describe('a list narrowed to finishes pictures a chosen finish (issue 12: "Matte Black favorites" drawn in chrome)', () => {
  const names = ['Polished Chrome', 'Matte Black', 'Brushed Nickel', 'Brushed Brass'];
  const product = fc
    .array(
      fc.record({
        name: fc.constantFrom(...names),
        discontinued: fc.boolean(),
        outOfStock: fc.boolean(),
      }),
      { maxLength: 4 },
    )
    .map((fs) => {
      const unique = fs.filter((f, i) => fs.findIndex((g) => g.name === f.name) === i);
      return makeProduct('K-9', {
        finishes: unique.map((f) =>
          finish('K-9', f.name.replace(/[^A-Z]/g, ''), f.name, {
            discontinued: f.discontinued,
            outOfStock: f.outOfStock,
            availableQty: f.outOfStock ? 0 : 10,
          }),
        ),
      });
    });

  it('shows a finish among the chosen ones whenever the product has one, else leaves the tile alone', () => {
    fc.assert(
      fc.property(product, fc.subarray(names, { minLength: 1 }), (p, chosen) => {
        const shown = showChosenFinish(p, chosen);
        const matching = p.finishes.filter((f) => chosen.includes(f.name));
        if (matching.length === 0) {
          expect(shown).toBe(p);
          return;
        }
        const pictured = p.finishes.find((f) => f.imageUrl === shown.image.url);
        expect(chosen).toContain(pictured?.name);
        if (matching.some((f) => !f.discontinued && !f.outOfStock)) {
          expect(pictured?.outOfStock).toBe(false);
          expect(pictured?.discontinued).toBe(false);
        }
      }),
    );
  });

  it('is what SearchProducts answers for a finish filter', async () => {
    const p = makeProduct('K-9', {
      finishes: [finish('K-9', 'CP', 'Polished Chrome'), finish('K-9', 'BL', 'Matte Black')],
    });
    const search = new RecordingSearch({
      total: 1,
      start: 0,
      products: [p],
      facets: [],
      priceRanges: [],
      suggestion: null,
    });
    const answer = await new SearchProducts(search).execute({
      filters: [{ field: FINISH_FILTER_FIELD, value: 'Matte Black' }],
      sort: 'featured',
      start: 0,
      rows: 10,
    });
    expect(answer.products[0]?.image.url).toBe('/images/products/K-9-BL.svg');
  });
});
