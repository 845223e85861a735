/**
 * Search latency on this machine against the embedded database loaded with the demo catalogue:
 * 500 mixed product-list queries (keywords, categories, finishes, price ranges, sorts, pages,
 * facets) and 200 product-page lookups, through the same SearchService the routes use. Prints
 * p50/p95/max and queries per second — cold (every query computed) and warm (the same queries again
 * through the routes' answer cache, server/search/answer-cache.ts) — then the plans of the hot queries (no sequential scan of
 * search_documents where an index applies). Figures only, never a timed test.
 * Run: npm run bench:search
 */
import { performance } from 'node:perf_hooks';
import { loadCatalogue } from '../../server/catalog/load-catalogue';
import { migrate } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';
import { AnswerCache } from '../../server/search/answer-cache';
import { InProcessCatalogueVersion } from '../../server/search/catalogue-version';
import { facetKey, searchKey } from '../../server/search/query-key';
import { SearchService } from '../../server/search/search-service';
import { parseSearchQuery, type RawParams, type SearchQuery } from '../../server/search/solr-query';
import {
  conditions,
  MASTERS,
  orderBySql,
  primaryOnly,
  scoreSql,
  SqlParams,
  whereSql,
  type Source,
} from '../../server/search/sql';
import { Random } from '../../server/seed/catalogue/prng';
import { generateCatalogue } from '../../server/seed/catalogue/generate';
import { REFERENCE_DATE } from '../../server/seed/catalogue/reference';

const PLP_QUERIES = 500;
const PDP_LOOKUPS = 200;
const WARM_UP = 20;

const random = new Random(2026);

const KEYWORDS = [
  'faucet',
  'kitchen faucet',
  'matte black',
  'toilet',
  'elongated toilet',
  'sink',
  'undermount sink',
  'shower',
  'rain shower head',
  'brass',
  'cartridge',
  'vanity',
  'fauset',
  'mirror',
  'bathtub',
];
const SORTS = [
  '',
  'finalPrice_d asc',
  'finalPrice_d desc',
  'rating_d desc',
  'unitsSold_i desc',
  'launchDate_dt desc',
  'Product_Title_s asc',
];

const summary = (times: readonly number[], wall: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    n: sorted.length,
    p50: at(0.5),
    p95: at(0.95),
    max: sorted.at(-1) ?? 0,
    qps: (sorted.length / wall) * 1000,
  };
};

const main = async () => {
  const began = performance.now();
  const db = await openPglite(null);
  await migrate(db);
  const catalogue = generateCatalogue();
  const report = await loadCatalogue(db, catalogue);
  console.log(
    `Loaded ${report.products} products, ${report.variants} variants, ${report.reviews} reviews in ${report.ms} ms (start-up ${Math.round(performance.now() - began)} ms; as of ${REFERENCE_DATE})`,
  );
  const search = new SearchService(db);
  const categories = catalogue.categories.map((c) => c.slug);
  const finishes = catalogue.finishes.map((f) => f.name);

  const plpParams = (): RawParams => {
    const params: Record<string, string | string[]> = {
      rows: String(random.pick([10, 30, 60, 90])),
      'facet.field': ['finish_ss', 'brand_s', 'collection_s'],
      'facet.range': 'finalPrice_d',
      'facet.range.gap': '100',
    };
    const fq: string[] = [];
    const kind = random.int(0, 3);
    if (kind !== 1) params.q = random.pick(KEYWORDS);
    if (kind !== 0) fq.push(`category_s:${random.pick(categories)}`);
    if (random.chance(0.3)) fq.push(`finish_ss:"${random.pick(finishes)}"`);
    if (random.chance(0.25)) {
      const from = random.int(0, 10) * 100;
      fq.push(`finalPrice_d:[${from} TO ${from + random.pick([100, 200, 500])}}`);
    }
    if (random.chance(0.1)) fq.push('onSale_b:true');
    if (fq.length > 0) params.fq = fq;
    const sort = random.pick(SORTS);
    if (sort !== '') params.sort = sort;
    params.start = String(random.pick([0, 0, 0, 1, 2]) * Number(params.rows));
    if (params.q !== undefined && random.chance(0.3))
      params['facet.field'] = ['category_s', 'finish_ss', 'brand_s'];
    return params;
  };

  const queries = Array.from({ length: PLP_QUERIES + WARM_UP }, () =>
    parseSearchQuery(plpParams()),
  );
  const slugs = Array.from(
    { length: PDP_LOOKUPS + WARM_UP },
    () => random.pick(catalogue.products).slug,
  );

  const time = async <T>(items: readonly T[], run: (item: T) => Promise<unknown>) => {
    for (const item of items.slice(0, WARM_UP)) await run(item);
    const times: number[] = [];
    const wallStart = performance.now();
    for (const item of items.slice(WARM_UP)) {
      const t = performance.now();
      await run(item);
      times.push(performance.now() - t);
    }
    return summary(times, performance.now() - wallStart);
  };

  let found = 0;
  const plp = await time(queries, async (q) => {
    found += (await search.search(q)).response.numFound;
  });
  // Warm: the routes' answer cache, filled by one pass over the same queries (facets per filter set).
  const cache = new AnswerCache(new InProcessCatalogueVersion());
  const cached = (q: SearchQuery) =>
    cache.get(searchKey('plp', q), () =>
      search.search(q, { countFacets: (count) => cache.get(facetKey(q), count) }),
    );
  for (const q of queries) await cached(q);
  const warm = await time(queries, async (q) => {
    await cached(q);
  });
  let pdpFound = 0;
  const pdp = await time(slugs, async (slug) => {
    pdpFound += (await search.pdp(slug, null)).response.numFound;
  });

  const row = (name: string, s: ReturnType<typeof summary>) =>
    `| ${name.padEnd(28)} | ${String(s.n).padStart(4)} | ${s.p50.toFixed(1).padStart(7)} | ${s.p95.toFixed(1).padStart(7)} | ${s.max.toFixed(1).padStart(7)} | ${s.qps.toFixed(0).padStart(6)} |`;
  console.log('');
  console.log('| calls                        |    n | p50 ms  | p95 ms  | max ms  | per s  |');
  console.log('|------------------------------|------|---------|---------|---------|--------|');
  console.log(row('GET /search/plp (mixed)', plp));
  console.log(row('GET /search/plp (mixed, cached)', warm));
  console.log(row('POST /search/pdp (by slug)', pdp));
  console.log(
    `\n(${found} documents counted over the PLP queries; ${pdpFound} of ${slugs.length} slug lookups found, warm-up included)`,
  );

  // ——— plans of the hot queries ———
  const pageSql = (query: SearchQuery, src: Source) => {
    const p = new SqlParams();
    const score = scoreSql(query, src, p);
    const where = whereSql(conditions(query, src, p));
    const order = orderBySql(query, src, p);
    return {
      sql: `SELECT ${src.doc} AS doc, ${score} AS score FROM ${src.from} ${where} ${order} LIMIT ${p.add(query.rows)} OFFSET ${p.add(query.start)}`,
      params: p.values,
    };
  };
  const countSql = (query: SearchQuery, src: Source) => {
    const p = new SqlParams();
    return {
      sql: `SELECT count(*)::int AS n FROM ${src.from} ${whereSql(conditions(query, src, p))}`,
      params: p.values,
    };
  };
  const plans: [string, { sql: string; params: unknown[] }][] = [
    [
      'keyword page (q=faucet)',
      pageSql(parseSearchQuery({ q: 'faucet', rows: '30' }), primaryOnly(MASTERS)),
    ],
    ['keyword count (q=faucet)', countSql(parseSearchQuery({ q: 'faucet' }), primaryOnly(MASTERS))],
    ['fallback keywords (q=quiet)', countSql(parseSearchQuery({ q: 'quiet' }), MASTERS)],
    [
      'category page (featured)',
      pageSql(parseSearchQuery({ fq: 'category_s:toilets', rows: '30' }), MASTERS),
    ],
    [
      'category count + finish',
      countSql(
        parseSearchQuery({ fq: ['category_s:kitchen-faucets', 'finish_ss:"Matte Black"'] }),
        MASTERS,
      ),
    ],
    [
      'pdp by slug',
      { sql: 'SELECT doc FROM search_documents WHERE slug = $1', params: [slugs[0]] },
    ],
    [
      'spellcheck candidates',
      {
        sql: 'SELECT term FROM search_terms t WHERE t.term % $1 ORDER BY similarity(t.term, $1) DESC LIMIT 1',
        params: ['fauset'],
      },
    ],
  ];
  const planNodes = async (sql: string, params: unknown[]): Promise<string[]> => {
    const r = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
    return r.rows
      .map((x) => /^\s*(?:->\s*)?(.+?)\s+\(cost=/.exec(x['QUERY PLAN'])?.[1])
      .filter((n): n is string => n !== undefined);
  };
  const isSeqScan = (nodes: readonly string[]) =>
    nodes.some((n) => /^Seq Scan on search_documents\b/.test(n));
  console.log('\nPlans of the hot queries (EXPLAIN as the planner chooses at this size):');
  const chosenSeq: string[] = [];
  for (const [name, { sql, params }] of plans) {
    const nodes = await planNodes(sql, params);
    if (isSeqScan(nodes)) chosenSeq.push(name);
    console.log(`- ${name}: ${nodes.join(' → ')}${isSeqScan(nodes) ? '   ← seq scan' : ''}`);
  }
  // Whether an index can serve each query at all: the same plans with sequential scans priced out.
  await db.exec('SET enable_seqscan = off');
  const noIndex: string[] = [];
  for (const [name, { sql, params }] of plans) {
    if (isSeqScan(await planNodes(sql, params))) noIndex.push(name);
  }
  await db.exec('RESET enable_seqscan');
  console.log(
    chosenSeq.length === 0
      ? '\nNo hot query scans search_documents sequentially.'
      : `\nThe planner scans search_documents sequentially for: ${chosenSeq.join('; ')} — at ${report.products} rows it prices that cheaper than the index.`,
  );
  console.log(
    noIndex.length === 0
      ? 'Every hot query has an index that serves it (checked with enable_seqscan off).'
      : `No index serves: ${noIndex.join('; ')}.`,
  );
  await db.close();
};

await main();
