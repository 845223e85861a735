/**
 * The in-memory search index (server/search/index/) answers exactly as the SQL search over
 * PostgreSQL (server/search/search-service.ts) does — the same documents in the same order with the
 * same scores, counts, facets, range facets and spelling — for generated product-list queries over
 * the demo catalogue: keywords (prefixes, misspellings, phrases, negations, SKUs, stop words),
 * filters of every kind, sorts, pages, variants. And it follows the database: after a stock change
 * or a product's removal its answers are those of the SQL search again.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database';
import { catalogueVersionOf } from '../../../server/catalog/catalogue-version';
import { SearchIndex } from '../../../server/search/index/search-index';
import { SearchService, type SearchAnswer } from '../../../server/search/search-service';
import { parseSearchQuery, type RawParams } from '../../../server/search/solr-query';
import { refreshSearchStock } from '../../../server/search/stock';
import { startTestServer, type TestServer } from '../../support/test-server';

let server: TestServer;
let db: Database;
let sql: SearchService;
let index: SearchIndex;
let skus: string[];
let categories: string[];
let finishes: string[];
let brands: string[];

beforeAll(async () => {
  // The embedded database, or with TEST_POSTGRES_URL a PostgreSQL server's (server-postgresql).
  server = await startTestServer();
  db = server.db;
  sql = new SearchService(db);
  index = new SearchIndex(db, () => catalogueVersionOf(db).current());
  const rows = await db.query<{ sku: string; category: string; brand: string; finishes: string[] }>(
    `SELECT sku, category, doc ->> 'brand_s' AS brand,
       ARRAY(SELECT jsonb_array_elements_text(doc -> 'finish_ss')) AS finishes
     FROM search_documents ORDER BY sku`,
  );
  skus = rows.rows.map((r) => r.sku);
  categories = [...new Set(rows.rows.map((r) => r.category))];
  brands = [...new Set(rows.rows.map((r) => r.brand))];
  finishes = [...new Set(rows.rows.flatMap((r) => r.finishes))];
}, 120_000);

afterAll(() => server.dispose());

const WORDS = [
  'faucet',
  'kitchen faucet',
  'fau',
  'kitch',
  'matte black',
  '"matte black"',
  'toilet -smart',
  'elongated toilet',
  'sink',
  'undermount',
  'shower head',
  'rain',
  'brass',
  'cartridge',
  'vanity',
  'fauset',
  'mirror',
  'bathtub',
  'quiet',
  'the',
  'valve or cartridge',
  'soft close seat',
  'k',
  'pull-down',
  '"one piece"',
  'black -brass',
  'chrome',
  'led',
  'x',
  'norrland',
  'tessa',
];

const sortArb = fc.constantFrom(
  undefined,
  'finalPrice_d asc',
  'finalPrice_d desc',
  'rating_d desc',
  'unitsSold_i desc',
  'launchDate_dt desc',
  'Product_Title_s asc',
  'score desc',
  'brand_s asc',
  'onSale_b desc',
  'availableQty_i asc',
  'reviewCount_i desc, finalPrice_d asc',
  'discountedPrice_d asc',
);

const paramsArb = (): fc.Arbitrary<RawParams> =>
  fc
    .record({
      q: fc.option(
        fc.oneof(
          fc.constantFrom(...WORDS),
          fc.constantFrom(...skus).map((s) => s.slice(0, 6)),
          fc.constantFrom(...skus),
        ),
        { nil: undefined },
      ),
      sku: fc.boolean(),
      category: fc.option(fc.constantFrom(...categories), { nil: undefined }),
      finish: fc.option(fc.subarray(finishes, { minLength: 1, maxLength: 3 }), { nil: undefined }),
      brand: fc.option(fc.constantFrom(...brands), { nil: undefined }),
      price: fc.option(
        fc.tuple(
          fc.constantFrom('*', '0', '100', '250.5'),
          fc.constantFrom('*', '300', '1000'),
          fc.boolean(),
        ),
        { nil: undefined },
      ),
      extra: fc.subarray(
        [
          'inStock_b:true',
          '-onSale_b:true',
          'onSale_b:*',
          'discontinued_b:false',
          '-freight_b:true',
          'launchDate_dt:[2025-01-01T00:00:00Z TO *]',
          'rating_d:[4 TO *]',
          'language:en',
          'attr_mount_s:*',
          '-finish_ss:Chrome',
          'reviewCount_i:[1 TO 10}',
        ],
        { maxLength: 3 },
      ),
      sort: sortArb,
      rows: fc.constantFrom('0', '1', '10', '30', '100'),
      start: fc.constantFrom('0', '0', '5', '30', '2000'),
      noCollapse: fc.boolean(),
      fl: fc.constantFrom(undefined, 'sku_s,score', 'sku_s,finalPrice_d,Color.SKU.Details_ss'),
      gap: fc.constantFrom('100', '50', '12.5'),
    })
    .map((r) => {
      const fq: string[] = [...r.extra];
      if (r.category !== undefined) fq.push(`category_s:${r.category}`);
      if (r.finish !== undefined) {
        fq.push(`finish_ss:(${r.finish.map((f) => JSON.stringify(f)).join(' OR ')})`);
      }
      if (r.brand !== undefined) fq.push(`brand_s:"${r.brand}"`);
      if (r.price !== undefined) {
        fq.push(`finalPrice_d:[${r.price[0]} TO ${r.price[1]}${r.price[2] ? ']' : '}'}`);
      }
      return {
        ...(r.q === undefined ? {} : { q: r.q }),
        ...(r.sku && r.q !== undefined && /^[A-Za-z0-9-]+$/.test(r.q) ? { skuSearch: 'true' } : {}),
        fq,
        ...(r.sort === undefined ? {} : { sort: r.sort }),
        rows: r.rows,
        start: r.start,
        ...(r.noCollapse ? { noCollapse: 'true' } : {}),
        ...(r.fl === undefined ? {} : { fl: r.fl }),
        'facet.field': ['finish_ss', 'brand_s', 'collection_s', 'attr_mount_s', 'inStock_b'],
        'facet.range': 'finalPrice_d',
        'facet.range.gap': r.gap,
      };
    });

const withoutTime = (answer: SearchAnswer) => ({ ...answer, responseHeader: null });

const same = async (params: RawParams) => {
  const query = parseSearchQuery(params, { facets: true });
  const [expected, actual] = await Promise.all([sql.search(query), index.search(query)]);
  expect(withoutTime(actual), JSON.stringify(params)).toEqual(withoutTime(expected));
};

describe('the in-memory search index', () => {
  it('answers every generated product list as the SQL search does', async () => {
    await fc.assert(fc.asyncProperty(paramsArb(), same), { numRuns: 100 });
  }, 300_000);

  it('answers typeahead as the SQL search does', async () => {
    for (const typed of ['f', 'fau', 'kitchen fa', 'matte bl', 'toilet', 'k-4', 'zzz', '"one']) {
      const [expected, actual] = await Promise.all([
        sql.typeahead(typed, 10, null),
        index.typeahead(typed, 10, null),
      ]);
      expect(actual, typed).toEqual(expected);
    }
  });

  it('follows stock changes and removed products, as the SQL search does', async () => {
    const [victim, other] = skus;
    const variants = await db.query<{ sku: string }>(
      'SELECT sku FROM product_variants WHERE product_sku = $1',
      [other],
    );
    const params = {
      q: '*:*',
      rows: '100',
      sort: 'availableQty_i asc',
      fq: ['inStock_b:true'],
      'facet.field': ['inStock_b'],
    };
    await same(params);
    await db.transaction(async (tx) => {
      await tx.query('UPDATE product_variants SET available_qty = 0 WHERE product_sku = $1', [
        other,
      ]);
      await refreshSearchStock(
        tx,
        variants.rows.map((r) => r.sku),
      );
      await tx.query('DELETE FROM search_variant_documents WHERE master_sku = $1', [victim]);
      await tx.query('DELETE FROM search_documents WHERE sku = $1', [victim]);
    });
    catalogueVersionOf(db).bump('stock');
    await same(params);
    await same({ q: victim ?? '', skuSearch: 'true' });
    const after = await index.search(parseSearchQuery({ q: other ?? '', skuSearch: 'true' }, {}));
    expect(after.response.docs[0]?.inStock_b).toBe(false);
  });

  it('keeps its typed columns and sorted orders right after prices, categories and sales change', async () => {
    // Lists whose sorts, filters and facets read the typed columns and precomputed orders: made
    // before the change, so the change patches them rather than building them afresh.
    const lists: RawParams[] = [
      { q: '*:*', rows: '100', sort: 'finalPrice_d asc', 'facet.range': 'finalPrice_d' },
      { q: '*:*', rows: '10', fq: ['finalPrice_d:[* TO 1]'], 'facet.field': ['category_s'] },
      { q: '*:*', rows: '100', sort: 'finalPrice_d desc', 'facet.field': ['category_s'] },
      { q: '*:*', rows: '100', sort: 'unitsSold_i desc', fq: ['finalPrice_d:[100 TO 400}'] },
      { q: '*:*', rows: '100', sort: 'Product_Title_s asc', fq: [`category_s:${categories[0]}`] },
      { q: '*:*', rows: '100', fq: [`category_s:${categories[1]}`] },
      { q: 'faucet', rows: '100', sort: 'rating_d desc', 'facet.range': 'finalPrice_d' },
      { q: 'faucet', rows: '100', 'facet.field': ['brand_s', 'finish_ss'] },
      { q: '*:*', rows: '100', sort: 'brand_s asc', fq: ['onSale_b:true'] },
    ];
    for (const params of lists) await same(params);
    const live = await db.query<{ sku: string; final_price: number; category: string }>(
      'SELECT sku, final_price::float8 AS final_price, category FROM search_documents ORDER BY sku',
    );
    const rows = live.rows;
    const [a, b, c, d] = [rows[3], rows[40], rows[77], rows[120]];
    const e = rows.find((r, i) => i > 200 && r.category !== categories[0]);
    if (!a || !b || !c || !d || !e) throw new Error('the demo catalogue is smaller than expected');
    await db.transaction(async (tx) => {
      // a and b tie on price with c (the SKU decides their order); d becomes the cheapest and the
      // best seller; e moves to another category, is featured first and goes on sale.
      for (const [sku, price] of [
        [a.sku, c.final_price],
        [b.sku, c.final_price],
        [d.sku, 0.5],
      ] as const) {
        await tx.query(
          `UPDATE search_documents SET final_price = $2,
             doc = jsonb_set(doc, '{finalPrice_d}', to_jsonb($2::numeric)) WHERE sku = $1`,
          [sku, price],
        );
      }
      await tx.query(
        `UPDATE search_documents SET units_sold = 1000000,
           doc = jsonb_set(doc, '{unitsSold_i}', '1000000') WHERE sku = $1`,
        [d.sku],
      );
      await tx.query(
        `UPDATE search_documents SET category = $2, featured_score = 1e9,
           doc = jsonb_set(jsonb_set(doc, '{category_s}', to_jsonb($2::text)), '{onSale_b}', 'true')
         WHERE sku = $1`,
        [e.sku, categories[0]],
      );
    });
    catalogueVersionOf(db).bump('stock');
    for (const params of lists) await same(params);
    await fc.assert(fc.asyncProperty(paramsArb(), same), { numRuns: 30 });
  }, 300_000);
});
