/**
 * GET /api/search/plp against the running server and its seeded catalogue: filters, counts,
 * facets, sorting and paging checked as properties against a brute-force reading of the same
 * catalogue's documents; spellcheck, typeahead and the 400s of bad parameters as examples.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUMMARY_FIELDS } from '../../../core/catalog/search-document';
import type { SearchDocument } from '../../../server/search/documents';
import { startTestServer, type TestServer } from '../../support/test-server';
import { catalogueTruth, client, guestToken, type ErrorBody, type Params } from './support';

interface Plp {
  responseHeader: { status: number; QTime: number };
  response: { numFound: number; start: number; docs: SearchDocument[] };
  facet_counts?: {
    facet_fields: Record<string, (string | number)[]>;
    facet_ranges: Record<
      string,
      { counts: (string | number)[]; gap: number; start: number; end: number }
    >;
  };
  spellcheck?: { correctlySpelled: boolean; collations: string[]; suggestionExactMatch: boolean };
}

let server: TestServer;
let api: ReturnType<typeof client>;
const truth = catalogueTruth();

beforeAll(async () => {
  server = await startTestServer();
  api = client(server, await guestToken(server));
});
afterAll(() => server.dispose());

const plp = async (params: Params): Promise<Plp> => {
  const res = await api.get<Plp>('/api/search/plp', params);
  if (res.status !== 200)
    throw new Error(`plp ${JSON.stringify(params)} → ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

// ——— a model of the filters the storefront sends, and a brute-force reading of them ———

type Filter =
  | { field: string; negate: boolean; kind: 'terms'; values: readonly (string | boolean)[] }
  | {
      field: string;
      negate: boolean;
      kind: 'range';
      from: number | null;
      fromInclusive: boolean;
      to: number | null;
      toInclusive: boolean;
    };

const quoted = (v: string) => `"${v.replace(/[\\"]/g, '\\$&')}"`;

const render = (f: Filter): string => {
  const sign = f.negate ? '-' : '';
  if (f.kind === 'range') {
    const from = f.from === null ? '*' : String(f.from);
    const to = f.to === null ? '*' : String(f.to);
    return `${sign}${f.field}:${f.fromInclusive ? '[' : '{'}${from} TO ${to}${f.toInclusive ? ']' : '}'}`;
  }
  const vals = f.values.map((v) => (typeof v === 'boolean' ? String(v) : quoted(v)));
  return `${sign}${f.field}:${vals.length === 1 ? vals[0] : `(${vals.join(' OR ')})`}`;
};

const valuesOf = (doc: SearchDocument, field: string): unknown[] => {
  const v = doc[field];
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
};

const matches = (doc: SearchDocument, f: Filter): boolean => {
  const values = valuesOf(doc, f.field);
  let hit: boolean;
  if (f.kind === 'terms') {
    hit = values.some((v) => f.values.includes(v as string | boolean));
  } else {
    hit = values.some(
      (v) =>
        typeof v === 'number' &&
        (f.from === null || (f.fromInclusive ? v >= f.from : v > f.from)) &&
        (f.to === null || (f.toInclusive ? v <= f.to : v < f.to)),
    );
  }
  return f.negate ? !hit : hit;
};

const matching = (filters: readonly Filter[], except?: string) =>
  truth.docs.filter((d) => filters.every((f) => f.field === except || matches(d, f)));

const distinct = (field: string): string[] =>
  [...new Set(truth.docs.flatMap((d) => valuesOf(d, field)))]
    .filter((v): v is string => typeof v === 'string')
    .sort();

const categories = distinct('category_s');
const finishes = distinct('finish_ss');
const brands = distinct('brand_s');

const termFilter = (field: string, pool: readonly string[]) =>
  fc.record({
    field: fc.constant(field),
    negate: fc.constantFrom(false, false, true),
    kind: fc.constant('terms' as const),
    values: fc.uniqueArray(fc.constantFrom(...pool), { minLength: 1, maxLength: 3 }),
  });

const priceFilter = fc.record({
  field: fc.constant('finalPrice_d'),
  negate: fc.constant(false),
  kind: fc.constant('range' as const),
  from: fc.option(fc.integer({ min: 0, max: 3000 }), { nil: null }),
  fromInclusive: fc.boolean(),
  to: fc.option(fc.integer({ min: 0, max: 8000 }), { nil: null }),
  toInclusive: fc.boolean(),
});

const boolFilter = fc.record({
  field: fc.constantFrom('onSale_b', 'inStock_b', 'retailExclusive_b'),
  negate: fc.constant(false),
  kind: fc.constant('terms' as const),
  values: fc.constantFrom([true], [false]),
});

const filterArb: fc.Arbitrary<Filter> = fc.oneof(
  termFilter('category_s', categories),
  termFilter('finish_ss', finishes),
  termFilter('brand_s', brands),
  priceFilter,
  boolFilter,
);

const filtersArb = fc.array(filterArb, { minLength: 1, maxLength: 3 });

const fq = (filters: readonly Filter[]) => filters.map(render);

const ids = (answer: Plp) => answer.response.docs.map((d) => String(d.sku_s));

const RUNS = { numRuns: 30 };

describe('filters and counts', () => {
  it('returns only documents matching every fq, and numFound counts all that match', async () => {
    await fc.assert(
      fc.asyncProperty(filtersArb, async (filters) => {
        const answer = await plp({ fq: fq(filters), rows: 100, fl: 'sku_s' });
        const expected = matching(filters);
        expect(answer.response.numFound).toBe(expected.length);
        const expectedSkus = new Set(expected.map((d) => String(d.sku_s)));
        for (const sku of ids(answer)) expect(expectedSkus.has(sku)).toBe(true);
        expect(answer.response.docs.length).toBe(Math.min(100, expected.length));
      }),
      RUNS,
    );
  });

  it('counts facet values over documents matching every fq but those on the facet’s own field', async () => {
    const facetFields = ['category_s', 'finish_ss', 'brand_s'];
    await fc.assert(
      fc.asyncProperty(filtersArb, fc.constantFrom(50, 100, 250), async (filters, gap) => {
        const answer = await plp({
          fq: fq(filters),
          rows: 0,
          'facet.field': facetFields,
          'facet.range': 'finalPrice_d',
          'facet.range.gap': gap,
        });
        const facets = answer.facet_counts;
        expect(facets).toBeDefined();
        for (const field of facetFields) {
          const counts = new Map<string, number>();
          for (const d of matching(filters, field)) {
            for (const v of new Set(valuesOf(d, field)))
              counts.set(String(v), (counts.get(String(v)) ?? 0) + 1);
          }
          const flat = facets?.facet_fields[field] ?? [];
          const got = new Map<string, number>();
          for (let i = 0; i < flat.length; i += 2) got.set(String(flat[i]), Number(flat[i + 1]));
          expect(got).toEqual(counts);
          // Ordered by count, then value.
          const pairs = [...got];
          for (let i = 1; i < pairs.length; i += 1) {
            const [av, an] = pairs[i - 1] ?? ['', 0];
            const [bv, bn] = pairs[i] ?? ['', 0];
            expect(an > bn || (an === bn && av < bv)).toBe(true);
          }
        }
        const range = facets?.facet_ranges.finalPrice_d;
        expect(range?.gap).toBe(gap);
        const buckets = new Map<number, number>();
        for (const d of matching(filters, 'finalPrice_d')) {
          const b = Math.floor(Math.round(Number(d.finalPrice_d) * 100) / (gap * 100));
          buckets.set(b, (buckets.get(b) ?? 0) + 1);
        }
        const counts = range?.counts ?? [];
        let total = 0;
        for (let i = 0; i < counts.length; i += 2) {
          const lower = Number(counts[i]);
          const n = Number(counts[i + 1]);
          expect(lower).toBe((range?.start ?? 0) + (i / 2) * gap);
          expect(n).toBe(buckets.get(Math.round(lower / gap)) ?? 0);
          total += n;
        }
        expect(total).toBe([...buckets.values()].reduce((a, b) => a + b, 0));
      }),
      RUNS,
    );
  });
});

const SORTS: Readonly<Record<string, (d: SearchDocument) => number | string>> = {
  'finalPrice_d asc': (d) => Number(d.finalPrice_d),
  'finalPrice_d desc': (d) => -Number(d.finalPrice_d),
  'rating_d desc': (d) => -Number(d.rating_d),
  'unitsSold_i desc': (d) => -Number(d.unitsSold_i),
  'launchDate_dt desc': (d) => -Date.parse(String(d.launchDate_dt)),
  'Product_Title_s asc': (d) => String(d.Product_Title_s).toLowerCase(),
};

describe('sorting and paging', () => {
  it('holds the sort across pages, and pages neither skip nor repeat documents', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.option(filtersArb, { nil: null }),
        fc.constantFrom(...Object.keys(SORTS)),
        fc.integer({ min: 3, max: 25 }),
        fc.option(fc.constantFrom('faucet', 'sink', 'toilet', 'matte black', 'shower'), {
          nil: null,
        }),
        async (filters, sort, rows, q) => {
          const base: Params = {
            ...(filters === null ? {} : { fq: fq(filters) }),
            ...(q === null ? {} : { q }),
            sort,
            fl: 'sku_s',
          };
          const pages = 3;
          const whole = await plp({ ...base, rows: rows * pages, start: 0 });
          const paged: string[] = [];
          for (let p = 0; p < pages; p += 1) {
            const page = await plp({ ...base, rows, start: p * rows });
            expect(page.response.start).toBe(p * rows);
            expect(page.response.numFound).toBe(whole.response.numFound);
            paged.push(...ids(page));
          }
          expect(paged).toEqual(ids(whole));
          expect(new Set(paged).size).toBe(paged.length);
          const key = SORTS[sort] ?? (() => 0);
          const keys = paged.map((sku) => {
            const doc = truth.bySku.get(sku);
            if (doc === undefined) throw new Error(`unknown ${sku}`);
            if (filters !== null) for (const f of filters) expect(matches(doc, f)).toBe(true);
            return key(doc);
          });
          for (let i = 1; i < keys.length; i += 1) {
            expect((keys[i - 1] ?? 0) <= (keys[i] ?? 0)).toBe(true);
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('answers an empty page past the end, with numFound still counted', async () => {
    const answer = await plp({ fq: 'category_s:toilets', start: 5000, rows: 10 });
    expect(answer.response.docs).toEqual([]);
    expect(answer.response.numFound).toBe(
      matching([{ field: 'category_s', negate: false, kind: 'terms', values: ['toilets'] }]).length,
    );
  });
});

describe('keywords', () => {
  it('suggests "faucet" for the misspelt "fauset"', async () => {
    const answer = await plp({ q: 'fauset', rows: 5 });
    expect(answer.spellcheck?.correctlySpelled).toBe(false);
    expect(answer.spellcheck?.collations).toContain('faucet');
  });

  it('finds faucets for "faucet" and says the word is spelt right', async () => {
    const answer = await plp({ q: 'faucet', rows: 20, fl: 'sku_s,Product_Title_s,category_s' });
    expect(answer.response.numFound).toBeGreaterThan(0);
    expect(answer.spellcheck).toMatchObject({
      correctlySpelled: true,
      collations: [],
      suggestionExactMatch: true,
    });
    for (const doc of answer.response.docs)
      expect(String(doc.Product_Title_s).toLowerCase()).toContain('faucet');
  });

  it('finds a product by its SKU with skuSearch, the exact SKU first', async () => {
    const sku = String(truth.docs[17]?.sku_s);
    const answer = await plp({ q: sku, skuSearch: true, rows: 10, fl: 'sku_s' });
    expect(ids(answer)[0]).toBe(sku);
  });

  it('answers only the fields of fl', async () => {
    const answer = await plp({ rows: 3, fl: 'sku_s,finalPrice_d' });
    for (const doc of answer.response.docs)
      expect(Object.keys(doc).sort()).toEqual(['finalPrice_d', 'sku_s']);
  });

  it('has browsers ask again for a list every time, as it shows stock and prices', async () => {
    const res = await api.get('/api/search/plp', { q: 'sink', rows: 1 });
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });
});

describe('typeahead', () => {
  it('answers at most 10 suggestions and 10 products', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('f', 'fa', 'fau', 'sin', 'to', 'matte b', 'show', 'k-'),
        async (q) => {
          const res = await api.get<{
            suggestions: string[];
            response: { numFound: number; docs: SearchDocument[] };
          }>('/api/search/typeahead', { q });
          expect(res.status).toBe(200);
          expect(res.body.suggestions.length).toBeLessThanOrEqual(10);
          expect(res.body.response.docs.length).toBeLessThanOrEqual(10);
          expect(res.body.response.docs.length).toBeLessThanOrEqual(res.body.response.numFound);
        },
      ),
      { numRuns: 8 },
    );
  });

  it('completes "fau" to "faucet"', async () => {
    const res = await api.get<{ suggestions: string[] }>('/api/search/typeahead', {
      q: 'fau',
      rows: 5,
    });
    expect(res.body.suggestions).toContain('faucet');
    expect(res.body.suggestions.length).toBeLessThanOrEqual(5);
  });

  it("answers a suggestion's fields without fl, every field with fl=*, and those asked for with fl", async () => {
    type Typeahead = { response: { docs: Record<string, unknown>[] } };
    const keys = async (params: Params) => {
      const res = await api.get<Typeahead>('/api/search/typeahead', { q: 'fau', ...params });
      expect(res.status).toBe(200);
      expect(res.body.response.docs.length).toBeGreaterThan(0);
      return res.body.response.docs.map((d) => Object.keys(d));
    };
    const summary = new Set(SUMMARY_FIELDS);
    for (const fields of await keys({})) {
      expect(fields.filter((f) => !summary.has(f))).toEqual([]);
      expect(fields).toEqual(expect.arrayContaining(['sku_s', 'slug_s', 'Product_Title_s']));
    }
    for (const fields of await keys({ fl: '*' })) {
      expect(fields).toEqual(expect.arrayContaining(['Product_Description_s', 'sku_s']));
    }
    for (const fields of await keys({ fl: 'sku_s,slug_s' })) {
      expect(fields.sort()).toEqual(['sku_s', 'slug_s']);
    }
  });

  it('refuses more than 10 rows, naming rows', async () => {
    const res = await api.get<ErrorBody & { errors?: unknown }>('/api/search/typeahead', {
      q: 'fau',
      rows: 11,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^querystring\.rows /);
    expect(res.body.errors).toEqual([
      { code: 'InvalidField', field: 'querystring.rows', message: expect.any(String) },
    ]);
  });
});

describe('bad parameters', () => {
  const cases: [string, Params, string][] = [
    ['an unknown field in fq', { fq: 'colour_s:red' }, 'fq'],
    ['a negated unknown field in fq', { fq: '-nope:1' }, 'fq'],
    ['a malformed range', { fq: 'finalPrice_d:[10 TO' }, 'fq'],
    ['a range over a text field', { fq: 'brand_s:[a TO b]' }, 'fq'],
    ['a word for a number', { fq: 'finalPrice_d:cheap' }, 'fq'],
    ['an unknown sort field', { sort: 'colour_s asc' }, 'sort'],
    ['a sort without direction', { sort: 'finalPrice_d up' }, 'sort'],
    ['sorting a list field', { sort: 'finish_ss asc' }, 'sort'],
    ['an unknown fl field', { fl: 'sku_s,secret_s' }, 'fl'],
    ['rows over 100', { rows: 101 }, 'rows'],
    ['rows not a number', { rows: 'ten' }, 'rows'],
    ['a negative start', { start: -1 }, 'start'],
    ['skuSearch not a boolean', { skuSearch: 'yes' }, 'skuSearch'],
    ['a SKU search for a non-SKU', { skuSearch: true, q: 'matte black' }, 'q'],
    ['an unknown facet field', { 'facet.field': 'nope_s' }, 'facet.field'],
    [
      'a zero range gap',
      { 'facet.range': 'finalPrice_d', 'facet.range.gap': 0 },
      'facet.range.gap',
    ],
    ['a range facet on text', { 'facet.range': 'brand_s' }, 'facet.range'],
    ['rows given twice', { rows: ['1', '2'] }, 'rows'],
  ];

  it.each(cases)('answers 400 naming the parameter for %s', async (_name, params, param) => {
    const res = await api.get<ErrorBody>('/api/search/plp', params);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(
      res.body.message.startsWith(`${param} `) ||
        res.body.message.includes(`querystring.${param} `),
    ).toBe(true);
  });

  it('answers 401 without a bearer token', async () => {
    const res = await client(server, null).get<ErrorBody>('/api/search/plp', { q: 'sink' });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('JWT not present.');
  });
});
