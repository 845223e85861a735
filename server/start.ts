import { loadSiteNotices } from './content/site-notices';
import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { loadSigningKey } from './auth/signing-key';
import type { ServerConfig } from './config';
import type { Database } from './db/database';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open';
import { isCatalogueLoaded, loadCatalogue } from './catalog/load-catalogue';
import { DEMO_PRODUCTS, generateCatalogue } from './seed/catalogue/generate';
import { DEFAULT_SEED } from './seed/catalogue/reference';
import { seedDemoAccounts } from './identity/demo-accounts';
import { seedStores } from './stores/store-repository';
import { catalogueVersionOf } from './catalog/catalogue-version';
import type { CatalogueVersion } from './search/catalogue-version';
import { startClusterVersions, type ClusterVersions } from './db/cluster-versions';
import { purgeSpentRefreshTokens, scheduleRefreshTokenPurge } from './identity/refresh-token-purge';
import { purgeUnusedUploads } from './crm/assets';
import { schedulePurge, systemClock } from './db/purge-schedule';

export interface RunningServer {
  readonly app: FastifyInstance;
  readonly db: Database;
  /** Bumped after every committed catalogue, price or stock change (cached search answers). */
  readonly catalogueVersion: CatalogueVersion;
  readonly url: string;
  close(): Promise<void>;
}

/**
 * A database seeded at one size and asked for another (DEMO_PRODUCTS) stops start-up: the loader
 * writes only into empty tables, so going on would serve the old catalogue under the new setting.
 */
const checkCatalogueSize = async (db: Database, products: number): Promise<void> => {
  const r = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM products');
  const held = r.rows[0]?.n ?? 0;
  if (held !== products) {
    throw new Error(
      `DEMO_PRODUCTS is ${products}, but the database already holds a catalogue of ${held} products. Start with a fresh DATA_DIR (or an empty DATABASE_URL database) to load ${products}, or set DEMO_PRODUCTS=${held} (or leave it unset) to serve the catalogue that is there.`,
    );
  }
};

/**
 * The demo catalogue on first start: generated from the fixed seed, at `products` products when
 * given (DEMO_PRODUCTS; the demo's 1,160 otherwise), and written once. A later start finds it and
 * does nothing (but stops when `products` is given and the catalogue there has another size); two
 * servers starting together on one PostgreSQL are kept apart by loadCatalogue's advisory lock (the
 * second finds the tables full and writes nothing).
 */
export const seedCatalogue = async (
  db: Database,
  log: FastifyInstance['log'],
  catalogueVersion?: CatalogueVersion,
  products?: number,
): Promise<void> => {
  // The store directory (issue 16) rides with the catalogue: written once, on the first start
  // after migration 023 (an existing data directory gets it too).
  const stores = await seedStores(db);
  if (stores > 0) log.info({ stores }, 'store directory loaded');
  if (await isCatalogueLoaded(db)) {
    if (products !== undefined) await checkCatalogueSize(db, products);
    return;
  }
  const began = performance.now();
  if (products !== undefined && products > DEMO_PRODUCTS) {
    log.info(
      { products },
      'generating and loading the scaled catalogue (once; minutes at 100,000)',
    );
  }
  const catalogue = generateCatalogue(DEFAULT_SEED, products === undefined ? {} : { products });
  const generatedMs = Math.round(performance.now() - began);
  const report = await loadCatalogue(db, catalogue);
  if (report.loaded) {
    await catalogueVersion?.changed();
    log.info(
      {
        products: report.products,
        variants: report.variants,
        reviews: report.reviews,
        generatedMs,
        ms: Math.round(performance.now() - began),
      },
      'demo catalogue loaded',
    );
  } else if (products !== undefined) {
    await checkCatalogueSize(db, products);
  }
};

/**
 * What every process would otherwise do at start, done once before several start together
 * (server/cluster.ts): the migrations, the demo catalogue and accounts, and the signing key (when
 * generated, written once, so every process signs with the same one). The processes' own starts
 * then find all of it done.
 */
export const prepareDatabase = async (
  config: ServerConfig,
  log: FastifyInstance['log'],
): Promise<void> => {
  const db = await openDatabase(config);
  try {
    const report = await migrate(db);
    if (report.applied.length > 0) log.info({ applied: report.applied }, 'migrations applied');
    await loadSigningKey(config);
    await seedCatalogue(db, log, catalogueVersionOf(db));
    const accounts = await seedDemoAccounts(db);
    if (accounts.length > 0) log.info({ accounts }, 'demo accounts created');
  } finally {
    await db.close();
  }
};

/**
 * Opens the database, applies migrations, seeds the catalogue on first start and the demo accounts
 * when missing, purges spent refresh tokens and unused uploads (then hourly), and listens.
 */
export const startServer = async (config: ServerConfig): Promise<RunningServer> => {
  const db = await openDatabase(config);
  let built: FastifyInstance | null = null;
  let versions: ClusterVersions | undefined;
  const catalogueVersion = catalogueVersionOf(db);
  try {
    const report = await migrate(db);
    // A worker of a cluster (WORKERS=n, server/cluster.ts) holds the shared versions in memory,
    // its primary passing every worker's changes on; a process alone reads them per request.
    if (cluster.isWorker && db.kind === 'postgres') versions = await startClusterVersions(db);
    const signingKey = await loadSigningKey(config);
    const app = await buildApp({
      db,
      signingKey,
      staticDir: config.staticDir,
      logLevel: config.logLevel,
      devEndpoints: config.devEndpoints,
      rateLimits: config.rateLimits,
      rateLimitStore: config.rateLimitStore,
      ...(config.trustProxy !== undefined ? { trustProxy: config.trustProxy } : {}),
      ...(config.publicOrigin !== undefined ? { publicOrigin: config.publicOrigin } : {}),
      ...(config.siteNoticesFile !== undefined
        ? { siteNotices: loadSiteNotices(config.siteNoticesFile) }
        : {}),
      ...(config.thirdPartyScripts !== undefined
        ? { thirdPartyScripts: config.thirdPartyScripts }
        : {}),
      ...(config.instrument !== undefined ? { instrument: config.instrument } : {}),
      ...(config.searchCache !== undefined ? { searchCache: config.searchCache } : {}),
      warmSearchIndex: config.warmSearchIndex === true,
      catalogueVersion,
      ...(versions !== undefined ? { versions } : {}),
    });
    built = app;
    if (report.applied.length > 0) app.log.info({ applied: report.applied }, 'migrations applied');
    await seedCatalogue(db, app.log, catalogueVersion, config.demoProducts);
    const accounts = await seedDemoAccounts(db);
    if (accounts.length > 0) app.log.info({ accounts }, 'demo accounts created');
    const purged = await purgeSpentRefreshTokens(db);
    if (purged > 0) app.log.info({ purged }, 'spent refresh tokens purged');
    const uploadsPurged = await purgeUnusedUploads(db, systemClock);
    if (uploadsPurged > 0) app.log.info({ purged: uploadsPurged }, 'unused uploads purged');
    await app.listen({ port: config.port, host: config.host });
    // Hourly from here on, so a long-running server does not wait for its next start.
    const purges = [
      scheduleRefreshTokenPurge(db, { log: app.log }),
      schedulePurge(db, purgeUnusedUploads, 'unused uploads', { log: app.log }),
    ];
    const address = app.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : config.port;
    app.log.info({ database: db.kind, migrationVersion: report.version }, 'Lavabo is serving');
    return {
      app,
      db,
      catalogueVersion,
      url: `http://localhost:${port}`,
      async close() {
        await Promise.all(purges.map((purge) => purge.stop()));
        await app.close();
        versions?.close();
        await db.close();
      },
    };
  } catch (error) {
    await built?.close().catch(() => undefined);
    versions?.close();
    await db.close().catch(() => undefined);
    throw error;
  }
};
