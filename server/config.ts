/** Server settings from the environment, read once at start-up. */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { fileURLToPath } from 'node:url';
import {
  rateLimitsFromEnv,
  rateLimitStoreFromEnv,
  type RateLimits,
  type RateLimitStoreKind,
} from './http/rate-limits';
import { DEFAULT_ANSWER_CACHE_LIMITS, type AnswerCacheLimits } from './search/answer-cache';
import { DEMO_PRODUCTS, MAX_PRODUCTS } from './seed/catalogue/generate';
import type { ThirdPartyScript } from '../core/content/page-readiness';
import { parseThirdPartyScripts } from './analytics/third-party-scripts';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** Where the embedded database and the signing key live. */
  readonly dataDir: string;
  /** A PostgreSQL server to use instead of the embedded database. */
  readonly databaseUrl: string | undefined;
  /** HS256 signing secret; generated once and kept under dataDir when not given. */
  readonly jwtSecret: string | undefined;
  /** The built storefront (vite build output). */
  readonly staticDir: string;
  readonly logLevel: string;
  /**
   * The development tools (GET /api/dev/outbox, POST /api/dev/orders/{n}/advance): only with
   * LAVABO_DEV_TOOLS=1 (`npm run dev`, the tests), and then only to loopback clients.
   */
  readonly devEndpoints: boolean;
  /**
   * Fastify's trustProxy from TRUST_PROXY: off unless set, so a client cannot choose its own IP
   * through X-Forwarded-For. A whole number trusts that many hops; otherwise a comma-separated list
   * of proxy addresses or CIDR ranges.
   */
  readonly trustProxy?: boolean | number | readonly string[];
  /**
   * PUBLIC_ORIGIN: the shop's address as the world sees it (`https://shop.example`), for the
   * sitemap's and robots.txt's absolute URLs; unset, each request's own protocol and host.
   */
  readonly publicOrigin?: string;
  /** SITE_NOTICES: the JSON file of the promo banner and site-wide warning (server/content/site.json). */
  readonly siteNoticesFile?: string;
  /**
   * THIRD_PARTY_SCRIPTS: the third-party scripts pages load once interactive, in order
   * (server/analytics/third-party-scripts.ts); the demo tags when unset, none when empty.
   */
  readonly thirdPartyScripts?: readonly ThirdPartyScript[];
  /** Each rate-limited door's limits (RATE_LIMIT_*; server/http/rate-limits.ts). */
  readonly rateLimits: RateLimits;
  /** Where the rate-limit counts live: RATE_LIMIT_STORE, else the database with DATABASE_URL. */
  readonly rateLimitStore: RateLimitStoreKind;
  /**
   * DEMO_PRODUCTS: how many products the generated catalogue a fresh database is seeded with has
   * (the demo's 1,160 unless set). Undefined when not set: the server then serves whatever
   * catalogue the database holds, as it always did. When set, a database already seeded at
   * another size stops start-up (server/start.ts), never a catalogue of one size under the other.
   */
  readonly demoProducts?: number;
  /** Bounds of the search answer cache: SEARCH_CACHE_ENTRIES and SEARCH_CACHE_MB. */
  readonly searchCache?: AnswerCacheLimits;
  /**
   * Build the in-memory search index before listening (npm start); off, the first search builds it
   * (the test servers, most of which never search).
   */
  readonly warmSearchIndex?: boolean;
  /**
   * API processes sharing the port (WORKERS; 1 when not given): more than one runs them with
   * node:cluster (server/cluster.ts), and needs a PostgreSQL server (DATABASE_URL).
   */
  readonly workers?: number;
  /** Test harnesses only (buildApp's `instrument`): never read from the environment. */
  readonly instrument?: (app: FastifyInstance) => void;
}

const parsePort = (value: string | undefined, fallback: number): number => {
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, got "${value}"`);
  }
  return port;
};

const parseDevTools = (value: string | undefined): boolean => {
  if (value === undefined || value === '' || value === '0') return false;
  if (value === '1') return true;
  throw new Error(`LAVABO_DEV_TOOLS must be 1 (on) or 0 (off), got "${value}"`);
};

export const parseTrustProxy = (
  value: string | undefined,
): boolean | number | readonly string[] => {
  const given = value?.trim() ?? '';
  if (given === '' || given === '0' || given === 'false') return false;
  if (given === 'true') return true;
  if (/^\d+$/.test(given)) return Number(given);
  const addresses = given
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (addresses.some((part) => !/^[0-9A-Fa-f.:/]+$/.test(part))) {
    throw new Error(
      `TRUST_PROXY must be a number of hops or a comma-separated list of proxy addresses, got "${value}"`,
    );
  }
  return addresses;
};

const wholeNumber = (name: string, value: string | undefined, fallback: number): number => {
  if (value === undefined || value.trim() === '') return fallback;
  if (!/^\d{1,9}$/.test(value.trim())) {
    throw new Error(`${name} must be a whole number of 0 or more, got "${value}"`);
  }
  return Number(value.trim());
};

/** SEARCH_CACHE_ENTRIES (0 turns the cache off) and SEARCH_CACHE_MB bound the answer cache. */
export const searchCacheFromEnv = (env: NodeJS.ProcessEnv): AnswerCacheLimits => ({
  maxEntries: wholeNumber(
    'SEARCH_CACHE_ENTRIES',
    env.SEARCH_CACHE_ENTRIES,
    DEFAULT_ANSWER_CACHE_LIMITS.maxEntries,
  ),
  maxBytes:
    wholeNumber(
      'SEARCH_CACHE_MB',
      env.SEARCH_CACHE_MB,
      DEFAULT_ANSWER_CACHE_LIMITS.maxBytes / (1024 * 1024),
    ) *
    1024 *
    1024,
});

/**
 * WORKERS: how many API processes serve the port, 1 unless set. More than one needs DATABASE_URL:
 * the embedded database lives in one process, which alone can open it.
 */
export const parseWorkers = (
  value: string | undefined,
  databaseUrl: string | undefined,
): number => {
  if (value === undefined || value.trim() === '') return 1;
  if (!/^\d{1,3}$/.test(value.trim()) || Number(value.trim()) < 1) {
    throw new Error(`WORKERS must be a whole number of processes from 1 to 999, got "${value}"`);
  }
  const workers = Number(value.trim());
  if (workers > 1 && databaseUrl === undefined) {
    throw new Error(
      `WORKERS=${workers} needs a PostgreSQL server (DATABASE_URL): the embedded database can be ` +
        'opened by one process only. Set DATABASE_URL, or leave WORKERS unset for one process.',
    );
  }
  return workers;
};

/**
 * DEMO_PRODUCTS: a whole number of products from the demo's size to the generator's largest
 * (digits only, `_` or `,` between thousands allowed: 100000, 100_000, 100,000); undefined when
 * not set.
 */
export const parseDemoProducts = (value: string | undefined): number | undefined => {
  const given = value?.trim() ?? '';
  if (given === '') return undefined;
  const digits = given.replace(/(?<=\d)[_,](?=\d{3}(?:\D|$))/g, '');
  const products = /^\d{1,9}$/.test(digits) ? Number(digits) : Number.NaN;
  if (!(products >= DEMO_PRODUCTS && products <= MAX_PRODUCTS)) {
    throw new Error(
      `DEMO_PRODUCTS must be a whole number of products from ${DEMO_PRODUCTS} (the demo catalogue) to ${MAX_PRODUCTS}, got "${value}"`,
    );
  }
  return products;
};

const demoProductsFromEnv = (env: NodeJS.ProcessEnv): Pick<ServerConfig, 'demoProducts'> => {
  const demoProducts = parseDemoProducts(env.DEMO_PRODUCTS);
  return demoProducts === undefined ? {} : { demoProducts };
};

/** Where `npm start` listens unless HOST says otherwise: this machine only. */
export const DEFAULT_HOST = '127.0.0.1';

/** PUBLIC_ORIGIN as an origin (scheme, host, port); anything else stops the server at start-up. */
export const parsePublicOrigin = (value: string | undefined): string | undefined => {
  if (value === undefined || value.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(`PUBLIC_ORIGIN must be an origin such as https://shop.example, got "${value}"`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin === 'null') {
    throw new Error(`PUBLIC_ORIGIN must be an http or https origin, got "${value}"`);
  }
  return url.origin;
};

export const configFromEnv = (env: NodeJS.ProcessEnv = process.env): ServerConfig => ({
  port: parsePort(env.PORT, 8080),
  host: env.HOST || DEFAULT_HOST,
  dataDir: path.resolve(env.DATA_DIR ?? path.join(projectRoot, 'data')),
  databaseUrl: env.DATABASE_URL || undefined,
  jwtSecret: env.JWT_SECRET || undefined,
  staticDir: path.resolve(env.STATIC_DIR ?? path.join(projectRoot, 'dist', 'client')),
  logLevel: env.LOG_LEVEL ?? 'info',
  devEndpoints: parseDevTools(env.LAVABO_DEV_TOOLS),
  trustProxy: parseTrustProxy(env.TRUST_PROXY),
  ...(parsePublicOrigin(env.PUBLIC_ORIGIN) === undefined
    ? {}
    : { publicOrigin: parsePublicOrigin(env.PUBLIC_ORIGIN) as string }),
  ...(env.SITE_NOTICES ? { siteNoticesFile: path.resolve(env.SITE_NOTICES) } : {}),
  thirdPartyScripts: parseThirdPartyScripts(env.THIRD_PARTY_SCRIPTS),
  rateLimits: rateLimitsFromEnv(env),
  rateLimitStore: rateLimitStoreFromEnv(env),
  searchCache: searchCacheFromEnv(env),
  warmSearchIndex: true,
  workers: parseWorkers(env.WORKERS, env.DATABASE_URL || undefined),
  ...demoProductsFromEnv(env),
});
