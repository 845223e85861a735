/**
 * Search latency on this machine against the embedded database loaded with the generated
 * catalogue, at each size of `--products` (default 1160,100000: the demo, and the scaled catalogue
 * of server/seed/catalogue/generate.ts): 500 mixed product-list queries (keywords, categories,
 * finishes, price ranges, sorts, pages, facets) and 200 product-page lookups, through the engine
 * makeSearch answers (the in-memory index the routes use, or with --engine sql the SQL search). Per size: generation and load time
 * and database size, then p50/p95/max and queries per second — cold (answer cache off, 500
 * distinct queries, each computed once) and warm (the same queries again through the routes'
 * answer cache, server/search/answer-cache.ts) — then the plans of the hot queries (no sequential
 * scan of search_documents where an index applies). Figures only, never a timed test.
 * Run: npm run bench:search [-- --products 1160,100000] [--engine index|sql] [--data-dir DIR] [--by-kind]
 *
 * --by-kind also prints the cold figures per kind of list (keywords, category, both; per sort; first
 * or deeper page; with a finish, price or sale filter; counting categories) and the ten slowest.
 *
 * --data-dir DIR keeps each size's database on disk, in DIR/products-N, instead of in memory: the
 * first run loads the catalogue there (3–5 minutes at 100,000 products), later runs find it loaded
 * and only open it (the catalogue is still generated, from the same seed, for the query mix). The
 * directory must hold nothing but such a database; delete it to load again (after a change to the
 * generator or the migrations).
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { loadCatalogue } from '../../server/catalog/load-catalogue';
import { migrate } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';
import { AnswerCache } from '../../server/search/answer-cache';
import { InProcessCatalogueVersion } from '../../server/search/catalogue-version';
import { facetKey, searchKey } from '../../server/search/query-key';
import { SearchIndex } from '../../server/search/index/search-index';
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
import type { Database } from '../../server/db/database';
import { Random } from '../../server/seed/catalogue/prng';
import {
  DEMO_PRODUCTS,
  generateCatalogue,
  MAX_PRODUCTS,
} from '../../server/seed/catalogue/generate';
import { REFERENCE_DATE } from '../../server/seed/catalogue/reference';

const PLP_QUERIES = 500;
const PDP_LOOKUPS = 200;
const WARM_UP = 20;

type Engine = 'index' | 'sql';

/** A full garbage collection (node's gc(), exposed here rather than by a flag to node). */
const collectGarbage = (): void => {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
};

/**
 * The engine measured: `index` (default), the in-memory index the routes use (server/search/index/),
 * built and timed before the queries; `sql`, the SQL search it is held to (--engine sql).
 */
const makeSearch = async (
  db: Database,
  engine: Engine,
): Promise<Pick<SearchService, 'search' | 'pdp'>> => {
  const sql = new SearchService(db);
  if (engine === 'sql') return sql;
  const version = new InProcessCatalogueVersion();
  const index = new SearchIndex(db, () => version.current());
  collectGarbage();
  const heapBefore = process.memoryUsage().heapUsed;
  const building = performance.now();
  let longest = 0;
  let last = performance.now();
  const watch = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  await index.fresh();
  clearInterval(watch);
  const builtMs = performance.now() - building;
  // The heap the index holds: what is left after a full collection, not the build's garbage.
  collectGarbage();
  console.log(
    `Index of ${index.size} products built in ${Math.round(builtMs)} ms (longest event-loop stall ${Math.round(longest)} ms; heap ${Math.round(process.memoryUsage().heapUsed / 1048576)} MB after a full collection, of which the index ${Math.round((process.memoryUsage().heapUsed - heapBefore) / 1048576)} MB)`,
  );
  return { search: (query, options) => index.search(query, options), pdp: (s, f) => sql.pdp(s, f) };
};

/** `--data-dir DIR` (or `--data-dir=DIR`): where each size's database is kept, or null (in memory). */
const dataDirFromArgs = (args: readonly string[]): string | null => {
  const at = args.findIndex((a) => a === '--data-dir' || a.startsWith('--data-dir='));
  if (at < 0) return null;
  const given = args[at]?.split('=')[1] ?? args[at + 1] ?? '';
  if (given.trim() === '' || given.startsWith('--')) {
    throw new Error('--data-dir takes a directory, got nothing');
  }
  return given;
};

const engineFromArgs = (args: readonly string[]): Engine => {
  const at = args.findIndex((a) => a === '--engine' || a.startsWith('--engine='));
  if (at < 0) return 'index';
  const given = args[at]?.split('=')[1] ?? args[at + 1] ?? '';
  if (given !== 'index' && given !== 'sql') {
    throw new Error(`--engine takes index or sql, got "${given}"`);
  }
  return given;
};

/** `--products 1160,100000` (or `--products=…`): the catalogue sizes to bench, in that order. */
const sizesFromArgs = (args: readonly string[]): number[] => {
  const at = args.findIndex((a) => a === '--products' || a.startsWith('--products='));
  const given =
    at < 0 ? `${DEMO_PRODUCTS},100000` : (args[at]?.split('=')[1] ?? args[at + 1] ?? '');
  const sizes = given.split(',').map((part) => Number(part.trim().replace(/_/g, '')));
  const bad = sizes.filter((n) => !Number.isInteger(n) || n < DEMO_PRODUCTS || n > MAX_PRODUCTS);
  if (given.trim() === '' || bad.length > 0) {
    throw new Error(
      `--products takes comma-separated whole numbers from ${DEMO_PRODUCTS} to ${MAX_PRODUCTS}, got "${given}"`,
    );
  }
  return sizes;
};

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
/** Keywords of the mix misspelt on purpose (the spelling-suggestion path): they find nothing. */
const MISSPELT = new Set(['fauset']);
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

/** The kinds of list a query of the mix is, for --by-kind: one label per dimension. */
const kindsOf = (params: RawParams): string[] => {
  const fq = ([] as unknown[]).concat(params.fq ?? []).map(String);
  const hasCategory = fq.some((f) => f.startsWith('category_s:'));
  const out = [
    params.q === undefined
      ? 'category only'
      : hasCategory
        ? 'keywords + category'
        : 'keywords only',
    `sort ${typeof params.sort === 'string' ? params.sort : '(default)'}`,
    Number(params.start) > 0 ? 'page 2 or 3' : 'first page',
  ];
  if (fq.some((f) => f.startsWith('finish_ss:'))) out.push('finish filter');
  if (fq.some((f) => f.startsWith('finalPrice_d:'))) out.push('price filter');
  if (fq.includes('onSale_b:true')) out.push('on-sale filter');
  if (([] as unknown[]).concat(params['facet.field']).includes('category_s'))
    out.push('category facet');
  return out;
};

const printByKind = (
  queries: readonly SearchQuery[],
  kinds: ReadonlyMap<SearchQuery, string[]>,
  timed: ReadonlyMap<unknown, number>,
) => {
  const groups = new Map<string, number[]>();
  for (const q of queries) {
    for (const kind of kinds.get(q) ?? []) {
      const list = groups.get(kind) ?? [];
      list.push(timed.get(q) ?? 0);
      groups.set(kind, list);
    }
  }
  console.log('\n| cold, by kind                    |    n | p50 ms  | p95 ms  | max ms  |');
  console.log('|----------------------------------|------|---------|---------|---------|');
  for (const [kind, times] of [...groups].sort((a, b) => a[0].localeCompare(b[0]))) {
    const s = summary(times, 1);
    console.log(
      `| ${kind.padEnd(32)} | ${String(s.n).padStart(4)} | ${s.p50.toFixed(1).padStart(7)} | ${s.p95.toFixed(1).padStart(7)} | ${s.max.toFixed(1).padStart(7)} |`,
    );
  }
  console.log('\nSlowest cold lists:');
  for (const q of [...queries]
    .sort((a, b) => (timed.get(b) ?? 0) - (timed.get(a) ?? 0))
    .slice(0, 10)) {
    const filters = q.filters.map((f) => `${f.field}`).join(',');
    console.log(
      `- ${(timed.get(q) ?? 0).toFixed(1)} ms: q=${q.keywords ?? '*'} fq=[${filters}] sort=${q.sort.map((c) => `${c.field} ${c.direction}`).join(',') || '-'} start=${q.start} rows=${q.rows} facets=${q.facetFields.join(',')}`,
    );
  }
};

const benchSize = async (products: number) => {
  // The same query mix at every size: one stream per size, from the same seed.
  const random = new Random(2026);
  const began = performance.now();
  const dataDir = dataDirFromArgs(process.argv.slice(2));
  const db = await openPglite(dataDir === null ? null : join(dataDir, `products-${products}`));
  await migrate(db);
  const generating = performance.now();
  let catalogue: ReturnType<typeof generateCatalogue> | null = generateCatalogue(2026, {
    products,
  });
  const generatedMs = performance.now() - generating;
  const report = await loadCatalogue(db, catalogue);
  const size = await db.query<{ mb: number }>(
    'SELECT round(pg_database_size(current_database()) / 1048576.0)::int AS mb',
  );
  console.log(`\n## ${products.toLocaleString('en-US')} products\n`);
  const loadedBefore = !report.loaded;
  const held = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM search_documents');
  if (held.rows[0]?.n !== products) {
    throw new Error(
      `--data-dir: ${join(dataDir ?? '', `products-${products}`)} holds ${held.rows[0]?.n ?? 0} products, not ${products}; delete it to load again`,
    );
  }
  console.log(
    `Generated in ${Math.round(generatedMs)} ms; ${loadedBefore ? 'found already loaded (--data-dir)' : 'loaded'} ${report.products} products, ${report.variants} variants, ${report.reviews} reviews in ${report.ms} ms; database ${size.rows[0]?.mb ?? '?'} MB (start-up ${Math.round(performance.now() - began)} ms; as of ${REFERENCE_DATE})`,
  );
  const search = await makeSearch(db, engineFromArgs(process.argv.slice(2)));
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

  // Distinct queries (by the answer cache's key): cold, each one is computed once, never answered
  // from a cache; warm, the same ones again through the answer cache.
  const queries: SearchQuery[] = [];
  const kinds = new Map<SearchQuery, string[]>();
  const keys = new Set<string>();
  while (queries.length < PLP_QUERIES + WARM_UP) {
    const params = plpParams();
    const query = parseSearchQuery(params);
    const key = searchKey('plp', query);
    if (keys.has(key)) continue;
    keys.add(key);
    queries.push(query);
    kinds.set(query, kindsOf(params));
  }
  const slugs: string[] = [];
  {
    const all = catalogue.products;
    while (slugs.length < PDP_LOOKUPS + WARM_UP) slugs.push(random.pick(all).slug);
  }
  // The mix makes sense at this size only if its keywords find products.
  const unmatched: string[] = [];
  for (const q of KEYWORDS.filter((k) => !MISSPELT.has(k))) {
    const answer = await search.search(parseSearchQuery({ q, rows: '0' }));
    if (answer.response.numFound === 0) unmatched.push(q);
  }
  // The timed runs below need none of it: its memory goes back before they start.
  catalogue = null;

  const byKind = process.argv.includes('--by-kind');
  const timed = new Map<unknown, number>();
  const time = async <T>(items: readonly T[], run: (item: T) => Promise<unknown>) => {
    for (const item of items.slice(0, WARM_UP)) await run(item);
    const times: number[] = [];
    const wallStart = performance.now();
    for (const item of items.slice(WARM_UP)) {
      const t = performance.now();
      await run(item);
      times.push(performance.now() - t);
      timed.set(item, performance.now() - t);
    }
    return summary(times, performance.now() - wallStart);
  };

  // Cold: every query computed (no answer cache); its answers and facet counts are kept aside to
  // fill the cache for the warm run, rather than computed all over again.
  let found = 0;
  const answers = new Map<string, unknown>();
  const plp = await time(queries, async (q) => {
    const answer = await search.search(q, {
      countFacets: async (count) => {
        const counts = await count();
        answers.set(facetKey(q), counts);
        return counts;
      },
    });
    answers.set(searchKey('plp', q), answer);
    found += answer.response.numFound;
  });
  if (byKind) printByKind(queries.slice(WARM_UP), kinds, timed);
  // Warm: the routes' answer cache (answers by query, facets per filter set), holding the answers
  // of the cold run.
  const cache = new AnswerCache(new InProcessCatalogueVersion());
  const cached = (q: SearchQuery) =>
    cache.get(searchKey('plp', q), () =>
      search.search(q, { countFacets: (count) => cache.get(facetKey(q), count) }),
    );
  for (const [key, answer] of answers) await cache.get(key, () => Promise.resolve(answer));
  const warm = await time(queries, async (q) => {
    await cached(q);
  });
  let pdpFound = 0;
  const pdp = await time(slugs, async (slug) => {
    pdpFound += (await search.pdp(slug, null)).response.numFound;
  });

  const row = (name: string, s: ReturnType<typeof summary>) =>
    `| ${name.padEnd(32)} | ${String(s.n).padStart(4)} | ${s.p50.toFixed(1).padStart(7)} | ${s.p95.toFixed(1).padStart(7)} | ${s.max.toFixed(1).padStart(7)} | ${s.qps.toFixed(0).padStart(6)} |`;
  console.log('');
  console.log('| calls                            |    n | p50 ms  | p95 ms  | max ms  | per s  |');
  console.log('|----------------------------------|------|---------|---------|---------|--------|');
  console.log(row('GET /search/plp (mixed, cold)', plp));
  console.log(row('GET /search/plp (mixed, warm)', warm));
  console.log(row('POST /search/pdp (by slug)', pdp));
  console.log(
    `\n(${found} documents counted over the PLP queries; ${pdpFound} of ${slugs.length} slug lookups found, warm-up included; ${unmatched.length === 0 ? 'every keyword of the mix finds products' : `keywords finding nothing: ${unmatched.join(', ')}`})`,
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
  return { products, generatedMs, loadMs: report.ms, plp, warm, pdp };
};

const main = async () => {
  const sizes = sizesFromArgs(process.argv.slice(2));
  const results = [];
  for (const products of sizes) results.push(await benchSize(products));
  if (results.length > 1) {
    console.log('\n## Side by side (ms)\n');
    console.log(
      '| products | generate |   load | cold p50 | cold p95 | warm p50 | warm p95 | pdp p50 |',
    );
    console.log(
      '|----------|----------|--------|----------|----------|----------|----------|---------|',
    );
    for (const r of results) {
      const n = (x: number, width: number, digits = 1) => x.toFixed(digits).padStart(width);
      console.log(
        `| ${String(r.products).padStart(8)} | ${n(r.generatedMs, 8, 0)} | ${n(r.loadMs, 6, 0)} | ${n(r.plp.p50, 8)} | ${n(r.plp.p95, 8)} | ${n(r.warm.p50, 8)} | ${n(r.warm.p95, 8)} | ${n(r.pdp.p50, 7)} |`,
      );
    }
  }
};

await main();
