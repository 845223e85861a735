/**
 * The API under load beside a bare Fastify (issue 14 "bench/api"): autocannon with the same
 * connections and duration on
 *   1. a bare Fastify "hello" (bench/api/hello.ts: same fastify version, no logging), the yardstick;
 *   2. the real server — started here as `npm run serve` starts it (server/main.ts, embedded
 *      database, demo catalogue, LOG_LEVEL as npm start's unless set) on a throwaway data dir, or an
 *      already running one given by `--url` — on GET /api/health, GET /api/search/plp?q=faucet&rows=30,
 *      GET /api/search/typeahead?q=fau, POST /api/search/pdp by slug, and add-to-cart (each
 *      connection adds one unit at a time to a cart of its own, carrying the cart's version).
 * Prints req/s, p50, p99, non-2xx answers and each route's share of the bare Fastify's req/s.
 * The servers never run at once: the hello server is stopped before the shop is loaded.
 *
 * With `--postgres` the same routes are then run on a PostgreSQL server — a throwaway one started
 * here (bench/api/postgres-server.ts), or the one of `--postgres-url` (an administrator's URL; the
 * bench makes a database of its own there and drops it after) — first with one API process, then
 * with two on the same port (WORKERS=2, server/cluster.ts), and every set-up is printed side by side.
 *
 * Every request carries the Accept-Encoding a browser sends (`--identity`: none).
 *
 * Run: npm run bench:api [-- --connections 50 --duration 8 --url http://127.0.0.1:8080 --identity]
 *      npm run bench:api -- --postgres [--postgres-url postgres://postgres@127.0.0.1:5432/postgres]
 * (or BENCH_CONNECTIONS, BENCH_DURATION, BENCH_URL, BENCH_POSTGRES_URL). Not part of npm test.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { projectRoot } from '../../server/config';
import { killStartedServers, startServerProcess } from '../checkout/server-process';
import { startPostgresServer } from './postgres-server';

const { values: args } = parseArgs({
  options: {
    connections: { type: 'string', short: 'c' },
    duration: { type: 'string', short: 'd' },
    url: { type: 'string', short: 'u' },
    postgres: { type: 'boolean' },
    'postgres-url': { type: 'string' },
    identity: { type: 'boolean' },
  },
});

const positive = (raw: string | undefined, fallback: number, name: string): number => {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number: ${raw}`);
  return n;
};

const CONNECTIONS = Math.round(
  positive(args.connections ?? process.env.BENCH_CONNECTIONS, 50, 'connections'),
);
const DURATION = positive(args.duration ?? process.env.BENCH_DURATION, 8, 'duration');
const GIVEN_URL = (args.url ?? process.env.BENCH_URL ?? '').replace(/\/+$/, '');
const POSTGRES_URL = args['postgres-url'] ?? process.env.BENCH_POSTGRES_URL ?? '';
const ON_POSTGRES = args.postgres === true || POSTGRES_URL !== '';

/**
 * What every request says it accepts: what Chromium sends, as the storefront's every call does
 * (answers the server keeps compressed, server/api/search.ts, go out as they are kept). `--identity`
 * asks for uncompressed answers instead, as a client that names no encoding would.
 */
const CLIENT_HEADERS: Readonly<Record<string, string>> =
  args.identity === true ? {} : { 'accept-encoding': 'gzip, deflate, br, zstd' };
const ENCODING_NOTE =
  args.identity === true ? 'no Accept-Encoding' : 'Accept-Encoding as a browser sends it';

interface Figure {
  readonly route: string;
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly total: number;
  readonly failed: number;
}

const load = async (
  route: string,
  options: Omit<autocannon.Options, 'connections' | 'duration'>,
): Promise<Figure> => {
  const result = await autocannon({
    ...options,
    headers: { ...CLIENT_HEADERS, ...options.headers },
    connections: CONNECTIONS,
    duration: DURATION,
    timeout: 30,
  });
  const figure = {
    route,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    failed: result.non2xx + result.errors + result.timeouts,
  };
  console.error(
    `  ${route}: ${Math.round(figure.rps)} req/s, p50 ${figure.p50} ms, p99 ${figure.p99} ms` +
      (figure.failed > 0 ? `, ${figure.failed} not 2xx` : ''),
  );
  return figure;
};

/** The bare Fastify in a child process, for as long as `work` runs. */
const withHello = async <T>(work: (origin: string) => Promise<T>): Promise<T> => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/api/hello.ts'], {
    cwd: projectRoot,
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    const origin = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        const match = /hello at (http:\/\/\S+)/.exec(out);
        if (match?.[1] !== undefined) resolve(match[1]);
      });
      void exited.then(() => reject(new Error(`the hello server exited: ${out}`)));
    });
    return await work(origin);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
};

/** A set-up of the shop to load: a name for the table and how to start it. */
interface Shop {
  readonly name: string;
  run<T>(work: (origin: string) => Promise<T>): Promise<T>;
}

/** server/main.ts started on a throwaway data dir with `env`, for as long as `work` runs. */
const withServer = async <T>(
  env: Readonly<Record<string, string>>,
  work: (origin: string) => Promise<T>,
): Promise<T> => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lavabo-bench-api-'));
  try {
    const shop = await startServerProcess({
      dataDir,
      timeoutMs: 300_000,
      logFile: path.join(dataDir, 'server.log'),
      env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'info', LAVABO_DEV_TOOLS: '', ...env },
    });
    try {
      return await work(shop.origin);
    } finally {
      // A shop that died under load makes every later figure an error: say why it died.
      if (!shop.alive()) console.error(`The shop exited during the run:\n${shop.output()}`);
      await shop.stop();
    }
  } finally {
    await killStartedServers();
    await rm(dataDir, { recursive: true, force: true });
  }
};

/** The shop: the URL given, or server/main.ts on the embedded database. */
const embeddedShop: Shop = {
  name: GIVEN_URL === '' ? 'embedded database' : GIVEN_URL,
  run: (work) => {
    if (GIVEN_URL !== '') return work(GIVEN_URL);
    console.error('Starting the shop (server/main.ts, embedded database, demo catalogue)…');
    return withServer({}, work);
  },
};

/**
 * A PostgreSQL server for the run — `--postgres-url`'s, or a throwaway one — with a database of
 * the bench's own, made empty (the first shop started migrates and seeds it) and dropped after.
 */
const withPostgresDatabase = async <T>(work: (url: string) => Promise<T>): Promise<T> => {
  const server =
    POSTGRES_URL === ''
      ? (console.error('Starting a throwaway PostgreSQL server…'), await startPostgresServer())
      : null;
  const adminUrl = server?.adminUrl ?? POSTGRES_URL;
  const database = `lavabo_bench_${process.pid}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  try {
    await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin(`CREATE DATABASE ${database}`);
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    try {
      return await work(url.toString());
    } finally {
      await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    }
  } finally {
    await server?.stop();
  }
};

/** server/main.ts on the PostgreSQL database with `workers` processes on one port. */
const postgresShop = (databaseUrl: string, workers: number): Shop => ({
  name: `PostgreSQL, ${workers} process${workers === 1 ? '' : 'es'}`,
  run: (work) => {
    console.error(`Starting the shop on PostgreSQL with ${workers} process(es)…`);
    return withServer({ DATABASE_URL: databaseUrl, WORKERS: String(workers) }, work);
  },
});

const json = async <T>(res: Response, what: string): Promise<T> => {
  const text = await res.text();
  if (!res.ok) {
    const hint = res.status === 429 ? ' (rate limited: raise the limits for the bench)' : '';
    throw new Error(`${what}: ${res.status}${hint} ${text.slice(0, 300)}`);
  }
  return JSON.parse(text) as T;
};

const guestToken = async (api: string): Promise<string> => {
  const res = await fetch(`${api}/oauth/token?scope=guest&channel=KOUS&gId=${randomUUID()}`, {
    method: 'POST',
  });
  return (await json<{ access_token: string }>(res, 'guest token')).access_token;
};

const send = (api: string, token: string, method: string, url: string, body?: unknown) =>
  fetch(`${api}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

interface CartState {
  readonly token: string;
  readonly id: string;
  version: number;
  adds: number;
}

const addLine = (sku: string) => ({
  action: 'addLineItem',
  sku,
  quantity: 1,
  lineItemShipping: { salesChannel: 'KOUS' },
});

const newCart = async (api: string): Promise<CartState> => {
  const token = await guestToken(api);
  const cart = await json<{ id: string; version: number }>(
    await send(api, token, 'POST', '/cart/create', { currency: 'USD', taxMode: 'Platform' }),
    'create a cart',
  );
  return { token, id: cart.id, version: cart.version, adds: 0 };
};

/** A slug for the product page and SKUs a guest can add, from the search the bench loads. */
const pickProducts = async (api: string, token: string) => {
  const plp = await json<{ response: { docs: Record<string, unknown>[] } }>(
    await send(api, token, 'GET', '/search/plp?q=faucet&rows=30'),
    'product list',
  );
  const docs = plp.response.docs;
  const slug = docs.map((d) => d.slug_s).find((s): s is string => typeof s === 'string');
  if (slug === undefined) throw new Error('the product list for "faucet" has no slug');
  // Variants with plenty in stock, so fifty carts adding for the whole run stay within stock (a
  // line asking for more than the stock is refused): twenty lines of a few units each.
  const stocked = await json<{ response: { docs: Record<string, unknown>[] } }>(
    await send(
      api,
      token,
      'GET',
      `/search/plp?q=*:*&noCollapse=true&fq=${encodeURIComponent('availableQty_i:[60 TO *]')}&rows=40&fl=sku_s`,
    ),
    'stocked variants',
  );
  const probe = await newCart(api);
  const skus: string[] = [];
  for (const sku of stocked.response.docs.map((d) => d.sku_s)) {
    if (typeof sku !== 'string' || skus.length >= 20) continue;
    const res = await send(api, probe.token, 'POST', `/cart/items?cartId=${probe.id}`, {
      version: probe.version,
      actions: [addLine(sku)],
    });
    if (res.ok) {
      probe.version = (await json<{ version: number }>(res, 'add')).version;
      skus.push(sku);
    } else await res.text();
  }
  if (skus.length === 0)
    throw new Error('no variant with 60 or more in stock can be added to a cart');
  return { slug, skus };
};

/**
 * Add-to-cart under load: a pool of carts, one per connection and a few spare; each request takes
 * a cart, adds one unit of the next SKU at the cart's version, and gives the cart back with the
 * version it answered (a 409's `currentVersion` too), so every add is a real one.
 */
const addToCartRequests = (
  api: string,
  pool: CartState[],
  skus: readonly string[],
): autocannon.RequestSpec[] => {
  const apiPath = new URL(api).pathname;
  const all = [...pool];
  let spare = 0;
  return [
    {
      method: 'POST',
      setupRequest: (request, context) => {
        const cart = pool.pop() ?? all[(spare += 1) % all.length];
        if (cart === undefined) throw new Error('no cart to add to');
        context.cart = cart;
        cart.adds += 1;
        return {
          ...request,
          path: `${apiPath}/cart/items?cartId=${cart.id}`,
          headers: {
            ...CLIENT_HEADERS,
            authorization: `Bearer ${cart.token}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({
            version: cart.version,
            actions: [addLine(skus[cart.adds % skus.length] ?? '')],
          }),
        };
      },
      onResponse: (status, body, context) => {
        const cart = context.cart as CartState | undefined;
        if (cart === undefined) return;
        if (status === 200) {
          // Every applied update moves the version by one (docs/api.md "Cart"); the answer itself
          // may be compressed, which autocannon does not undo.
          cart.version += 1;
        } else {
          try {
            // An error answer is short, so never compressed: a 409 names the current version.
            const answer = JSON.parse(body) as { errors?: { currentVersion?: number }[] };
            cart.version = answer.errors?.[0]?.currentVersion ?? cart.version;
          } catch {
            // Not JSON: the version stays, the failure is counted as non-2xx.
          }
        }
        if (!pool.includes(cart)) pool.push(cart);
      },
    },
  ];
};

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const share = (bare: Figure, f: Figure) =>
  bare.rps > 0 ? `${((100 * f.rps) / bare.rps).toFixed(1)} %` : '–';
const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;

const table = (bare: Figure, rows: readonly Figure[]): string =>
  [
    line(['route', 'req/s', 'p50', 'p99', 'not 2xx', 'share of bare Fastify']),
    line(['---', '---:', '---:', '---:', '---:', '---:']),
    ...[bare, ...rows].map((f) =>
      line([
        f.route,
        fmt(f.rps),
        `${f.p50} ms`,
        `${f.p99} ms`,
        f.failed === 0 ? '0' : `${fmt(f.failed)} of ${fmt(f.total)}`,
        share(bare, f),
      ]),
    ),
  ].join('\n');

/** Every set-up's figures for each route, side by side: req/s (share of bare), p50 / p99. */
const sideBySide = (
  bare: Figure,
  runs: readonly { readonly name: string; readonly figures: readonly Figure[] }[],
): string => {
  const routes = runs[0]?.figures.map((f) => f.route) ?? [];
  const cell = (f: Figure | undefined) =>
    f === undefined
      ? '–'
      : `${fmt(f.rps)} (${share(bare, f)}), ${f.p50} / ${f.p99} ms` +
        (f.failed === 0 ? '' : `, ${fmt(f.failed)} not 2xx`);
  return [
    line(['route', ...runs.map((r) => r.name)]),
    line(['---', ...runs.map(() => '---:')]),
    line([bare.route, ...runs.map(() => cell(bare))]),
    ...routes.map((route) =>
      line([route, ...runs.map((r) => cell(r.figures.find((f) => f.route === route)))]),
    ),
  ].join('\n');
};

/** Every route of the bench on a running shop. */
const loadShop = async (origin: string): Promise<Figure[]> => {
  const api = `${origin}/api`;
  const token = await guestToken(api);
  const auth = { authorization: `Bearer ${token}` };
  const { slug, skus } = await pickProducts(api, token);
  const pool: CartState[] = [];
  for (let i = 0; i < CONNECTIONS + 5; i += 1) pool.push(await newCart(api));
  const figures: Figure[] = [];
  figures.push(await load('GET /api/health', { url: `${api}/health` }));
  figures.push(
    await load('GET /api/search/plp?q=faucet&rows=30', {
      url: `${api}/search/plp?q=faucet&rows=30`,
      headers: auth,
    }),
  );
  figures.push(
    await load('GET /api/search/typeahead?q=fau', {
      url: `${api}/search/typeahead?q=fau`,
      headers: auth,
    }),
  );
  figures.push(
    await load('POST /api/search/pdp (by slug)', {
      url: `${api}/search/pdp`,
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ slug }),
    }),
  );
  figures.push(
    await load('POST /api/cart/items (add to cart)', {
      url: `${api}/cart/items`,
      requests: addToCartRequests(api, pool, skus),
    }),
  );
  return figures;
};

const main = async (): Promise<void> => {
  console.error(
    `autocannon, ${CONNECTIONS} connections, ${DURATION} s per route, ${ENCODING_NOTE}` +
      (GIVEN_URL === '' ? '' : `, shop at ${GIVEN_URL}`),
  );
  const bare = await withHello((origin) => load('bare Fastify "hello"', { url: `${origin}/` }));
  const runs: { name: string; figures: Figure[] }[] = [];
  const measure = async (shop: Shop) => {
    console.error(`${shop.name}:`);
    runs.push({ name: shop.name, figures: await shop.run(loadShop) });
  };
  await measure(embeddedShop);
  if (ON_POSTGRES) {
    await withPostgresDatabase(async (databaseUrl) => {
      await measure(postgresShop(databaseUrl, 1));
      await measure(postgresShop(databaseUrl, 2));
    });
  }
  for (const run of runs) {
    console.log(
      `\nautocannon ${CONNECTIONS} connections × ${DURATION} s per route, ${ENCODING_NOTE}, ${run.name}\n`,
    );
    console.log(table(bare, run.figures));
  }
  if (runs.length > 1) {
    console.log(
      `\nSide by side: req/s (share of bare Fastify), p50 / p99; ${CONNECTIONS} connections × ${DURATION} s, ${ENCODING_NOTE}\n`,
    );
    console.log(sideBySide(bare, runs));
  }
};

main().catch(async (error: unknown) => {
  console.error(error);
  await killStartedServers();
  process.exit(1);
});
