/**
 * Rate limits on the doors an attacker knocks on (issue 13 §5): minting tokens, signing in and
 * up, the account lookup, forgot and reset password, find-my-orders, order status, the
 * newsletter, the literature zip, the proof-of-purchase upload and the maps calls. Each door has a
 * limit per client (its IP, as Fastify resolves it under TRUST_PROXY)
 * and, where the body names an account, one per account (the e-mail, normalised, counted across
 * every client). Over a limit → 429 in the API's error shape with `Retry-After`.
 *
 * Counting is @fastify/rate-limit's (`createRateLimit`), in memory by default or in PostgreSQL
 * (./rate-limit-store.ts) so that several servers share one count. The numbers come from the
 * environment (README "Environment"): `RATE_LIMIT_<DOOR>=<max>/<window>` per client and
 * `RATE_LIMIT_<DOOR>_ACCOUNT=…` per account, `off` to switch one off; `RATE_LIMIT_SCALE`
 * multiplies every max (a load test). Loopback is counted like any client.
 */
import { createHash } from 'node:crypto';
import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteOptions,
  onRequestAsyncHookHandler,
} from 'fastify';
import { normalizeEmail } from '../../core/validation/email';
import type { Database } from '../db/database';
import { withErrors } from '../api/schemas/common';
import { ApiError } from './errors';
import { databaseRateLimitStore } from './rate-limit-store';

export type RateLimitDoor =
  | 'token'
  | 'signIn'
  | 'signUp'
  | 'lookup'
  | 'passwordForgot'
  | 'passwordReset'
  | 'findOrders'
  | 'orderStatus'
  | 'newsletter'
  | 'literature'
  | 'upload'
  | 'maps';

/** At most `max` requests in any `windowMs` (a fixed window from the first request). */
export interface Limit {
  readonly max: number;
  readonly windowMs: number;
}

/** A door's limits: per client, per account; null when that count is off. */
export interface DoorLimits {
  readonly perClient: Limit | null;
  readonly perAccount: Limit | null;
}

export type RateLimits = Readonly<Record<RateLimitDoor, DoorLimits>>;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

const limit = (max: number, windowMs: number): Limit => ({ max, windowMs });

/**
 * The defaults: a shopper never meets them, a script soon does. Per-account limits are kept wide
 * enough that an attacker who fills one holds the owner off only for the rest of a short window
 * (the sign-in lockout itself is per account and client: ../identity/identity-service.ts).
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  token: { perClient: limit(60, MINUTE), perAccount: null },
  signIn: { perClient: limit(20, MINUTE), perAccount: limit(30, 15 * MINUTE) },
  signUp: { perClient: limit(10, HOUR), perAccount: limit(3, HOUR) },
  lookup: { perClient: limit(20, MINUTE), perAccount: limit(10, MINUTE) },
  passwordForgot: { perClient: limit(10, 15 * MINUTE), perAccount: limit(5, 15 * MINUTE) },
  passwordReset: { perClient: limit(20, 15 * MINUTE), perAccount: limit(10, 15 * MINUTE) },
  findOrders: { perClient: limit(10, MINUTE), perAccount: limit(10, MINUTE) },
  orderStatus: { perClient: limit(60, MINUTE), perAccount: null },
  newsletter: { perClient: limit(5, HOUR), perAccount: limit(3, HOUR) },
  // Each zip reads and packs up to MAX_ZIP_FILES PDFs: heavy, so a script cannot loop on it.
  literature: { perClient: limit(30, MINUTE), perAccount: null },
  // Each upload keeps up to 10 MB until its registration is purged: a script could fill the disk.
  upload: { perClient: limit(30, HOUR), perAccount: null },
  // Geocoding and the store search: a finder or a checkout asks a few times per action; a script
  // walking every ZIP code or scraping the store list does not get far.
  maps: { perClient: limit(120, MINUTE), perAccount: null },
};

/** The environment variable of each door: RATE_LIMIT_<this>, RATE_LIMIT_<this>_ACCOUNT. */
export const RATE_LIMIT_ENV: Readonly<Record<RateLimitDoor, string>> = {
  token: 'TOKEN',
  signIn: 'SIGN_IN',
  signUp: 'SIGN_UP',
  lookup: 'LOOKUP',
  passwordForgot: 'PASSWORD_FORGOT',
  passwordReset: 'PASSWORD_RESET',
  findOrders: 'FIND_ORDERS',
  orderStatus: 'ORDER_STATUS',
  newsletter: 'NEWSLETTER',
  literature: 'LITERATURE',
  upload: 'UPLOAD',
  maps: 'MAPS',
};

const UNIT_MS: Readonly<Record<string, number>> = {
  s: SECOND,
  sec: SECOND,
  m: MINUTE,
  min: MINUTE,
  h: HOUR,
  hour: HOUR,
};

/**
 * `20/min`, `20/1m`, `5/15m`, `100/30s`, `3/1h` → a limit; `off` → null. Anything else throws,
 * naming the variable, so a typo stops the server at start-up instead of leaving a door open.
 */
export const parseLimit = (value: string, variable: string): Limit | null => {
  const given = value.trim().toLowerCase();
  if (given === 'off') return null;
  const match = /^(\d{1,9})\s*\/\s*(\d{0,6})\s*(s|sec|m|min|h|hour)$/.exec(given);
  const count = match?.[2] === '' ? 1 : Number(match?.[2]);
  const unit = UNIT_MS[match?.[3] ?? ''];
  if (match === null || unit === undefined || count < 1) {
    throw new Error(
      `${variable} must be <max>/<window> such as 20/1m, 5/15m or 3/1h (or off), got "${value}"`,
    );
  }
  return limit(Number(match[1]), count * unit);
};

const parseScale = (value: string | undefined): number => {
  if (value === undefined || value.trim() === '') return 1;
  const scale = Number(value);
  if (!Number.isFinite(scale) || scale < 1) {
    throw new Error(`RATE_LIMIT_SCALE must be a number of at least 1, got "${value}"`);
  }
  return scale;
};

const scaled = (given: Limit | null, scale: number): Limit | null =>
  given === null ? null : limit(Math.round(given.max * scale), given.windowMs);

/** Every max multiplied by `scale` (windows unchanged). */
export const scaleRateLimits = (limits: RateLimits, scale: number): RateLimits =>
  Object.fromEntries(
    Object.entries(limits).map(([door, l]) => [
      door,
      { perClient: scaled(l.perClient, scale), perAccount: scaled(l.perAccount, scale) },
    ]),
  ) as unknown as RateLimits;

/** The limits an environment asks for, over DEFAULT_RATE_LIMITS. */
export const rateLimitsFromEnv = (env: NodeJS.ProcessEnv): RateLimits => {
  const read = (variable: string, fallback: Limit | null): Limit | null => {
    const value = env[variable];
    return value === undefined || value.trim() === '' ? fallback : parseLimit(value, variable);
  };
  const limits = Object.fromEntries(
    (Object.keys(RATE_LIMIT_ENV) as RateLimitDoor[]).map((door) => {
      const name = `RATE_LIMIT_${RATE_LIMIT_ENV[door]}`;
      const defaults = DEFAULT_RATE_LIMITS[door];
      return [
        door,
        {
          perClient: read(name, defaults.perClient),
          perAccount: read(`${name}_ACCOUNT`, defaults.perAccount),
        },
      ];
    }),
  ) as unknown as RateLimits;
  return scaleRateLimits(limits, parseScale(env.RATE_LIMIT_SCALE));
};

export type RateLimitStoreKind = 'memory' | 'database';

/** RATE_LIMIT_STORE, else the database when there is a PostgreSQL server (DATABASE_URL). */
export const rateLimitStoreFromEnv = (env: NodeJS.ProcessEnv): RateLimitStoreKind => {
  const given = env.RATE_LIMIT_STORE?.trim() ?? '';
  if (given === 'memory' || given === 'database') return given;
  if (given !== '') {
    throw new Error(`RATE_LIMIT_STORE must be memory or database, got "${given}"`);
  }
  return env.DATABASE_URL ? 'database' : 'memory';
};

// ---- which route is which door ----

type AccountOf = (request: FastifyRequest) => string | null;

const fieldOf =
  (where: 'body' | 'query', field: string): AccountOf =>
  (request) => {
    const source = where === 'body' ? request.body : request.query;
    if (typeof source !== 'object' || source === null) return null;
    const value = (source as Record<string, unknown>)[field];
    if (typeof value !== 'string') return null;
    const email = normalizeEmail(value);
    return email === '' ? null : email;
  };

interface Door {
  readonly door: RateLimitDoor;
  /** The account a request names, counted per account; absent: counted per client only. */
  readonly account?: AccountOf;
}

/** `METHOD url` → its door. A route missing here is not limited. */
export const RATE_LIMITED_ROUTES: Readonly<Record<string, Door>> = {
  'POST /api/oauth/token': { door: 'token' },
  'POST /api/identity/signin': { door: 'signIn', account: fieldOf('body', 'username') },
  // The second step of a sign-in (a code for its challenge) counts with the password step.
  'POST /api/identity/signin/verify': { door: 'signIn' },
  'POST /api/identity/signin/enrol': { door: 'signIn' },
  'POST /api/customer/signup': { door: 'signUp', account: fieldOf('body', 'email') },
  'POST /api/customer/lookup': { door: 'lookup', account: fieldOf('body', 'email') },
  'POST /api/identity/password/forgot': {
    door: 'passwordForgot',
    account: fieldOf('body', 'email'),
  },
  'POST /api/identity/password/reset': {
    door: 'passwordReset',
    account: fieldOf('body', 'email'),
  },
  'POST /api/orders/find-my-orders': { door: 'findOrders', account: fieldOf('body', 'email') },
  'GET /api/orders/split': { door: 'orderStatus', account: fieldOf('query', 'email') },
  'GET /api/orders/:orderNumber': { door: 'orderStatus' },
  // Each one mails a confirmation link: limited per client and per address (../api/newsletter.ts).
  'POST /api/crm/newsletter/subscription': {
    door: 'newsletter',
    account: fieldOf('body', 'email'),
  },
  // A zip of literature PDFs (../api/literature.ts), by either method.
  'GET /api/catalog/zip-file-download': { door: 'literature' },
  'POST /api/catalog/zip-file-download': { door: 'literature' },
  // Counted when the request arrives, before its body is read (../api/crm.ts).
  'PUT /api/crm/asset/upload': { door: 'upload' },
  // Every maps and stores call (../api/maps.ts).
  'GET /api/maps/zip': { door: 'maps' },
  'POST /api/maps/address/validate': { door: 'maps' },
  'GET /api/maps/location/ip': { door: 'maps' },
  'GET /api/maps/location/zipcode': { door: 'maps' },
  'GET /api/maps/location/reverse': { door: 'maps' },
  'GET /api/maps/stores': { door: 'maps' },
  'GET /api/maps/stores/:entityId': { door: 'maps' },
};

/** The client as counted: its IP, an IPv6 client by its /64 (one machine holds a whole /64). */
export const clientKeyOf = (request: FastifyRequest): string => normalizeIP(request.ip);

/** Account keys are hashed: the counters never hold an e-mail address. */
const accountKey = (email: string): string =>
  createHash('sha256').update(email).digest('base64url');

export const tooManyRequests = (retryAfterSeconds: number): ApiError =>
  new ApiError(
    429,
    `Too many attempts. Please wait ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'} and try again.`,
    [{ code: 'RateLimited', retryAfter: retryAfterSeconds }],
  );

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

const enforce = async (limiter: Limiter, request: FastifyRequest, reply: FastifyReply) => {
  const outcome = await limiter(request);
  if (outcome.isAllowed || !outcome.isExceeded) return;
  const retryAfter = Math.max(1, outcome.ttlInSeconds);
  reply.header('retry-after', String(retryAfter));
  throw tooManyRequests(retryAfter);
};

const addHook = (route: RouteOptions, hook: 'onRequest' | 'preHandler', handler: unknown) => {
  const existing = route[hook] as unknown;
  route[hook] = (
    existing === undefined
      ? [handler]
      : Array.isArray(existing)
        ? [...existing, handler]
        : [existing, handler]
  ) as never;
};

export interface RateLimitOptions {
  readonly limits: RateLimits;
  /** Where the counts live: this process's memory, or the database (shared by every server). */
  readonly store: RateLimitStoreKind;
  readonly db: Database;
}

/**
 * Registers the limiter and puts each door's checks on its routes as they are added (so it must
 * run before the routes are registered): per client when the request arrives, per account once
 * the body is read (a body naming no account counts per client only, and gets its 400).
 */
export const registerRateLimits = async (
  app: FastifyInstance,
  options: RateLimitOptions,
): Promise<void> => {
  await app.register(fastifyRateLimit, {
    global: false,
    ...(options.store === 'database' ? { store: databaseRateLimitStore(options.db) } : {}),
  });
  const limiterOf = (door: RateLimitDoor, scope: 'client' | 'account', given: Limit | null) =>
    given === null
      ? null
      : app.createRateLimit({
          max: given.max,
          timeWindow: given.windowMs,
          keyGenerator: (request) =>
            scope === 'client'
              ? `${door}:client:${clientKeyOf(request)}`
              : `${door}:account:${accountKey(accountOfRequest.get(request) ?? '')}`,
        });
  const accountOfRequest = new WeakMap<FastifyRequest, string>();
  const limiters = new Map(
    (Object.keys(options.limits) as RateLimitDoor[]).map((door) => [
      door,
      {
        perClient: limiterOf(door, 'client', options.limits[door].perClient),
        perAccount: limiterOf(door, 'account', options.limits[door].perAccount),
      },
    ]),
  );

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // A GET's HEAD runs the same handler (and its status tells as much): the same door.
      const entry = RATE_LIMITED_ROUTES[`${method === 'HEAD' ? 'GET' : method} ${route.url}`];
      if (entry === undefined) continue;
      const { perClient, perAccount } = limiters.get(entry.door) ?? {};
      // The route's contract gains the answer its limit can give (the OpenAPI document and the
      // serialiser read the same schema; this runs before either compiles it).
      if ((perClient || perAccount) && route.schema?.response !== undefined) {
        route.schema = {
          ...route.schema,
          response: withErrors(route.schema.response as Parameters<typeof withErrors>[0], 429),
        };
      }
      if (perClient) {
        const check: onRequestAsyncHookHandler = (request, reply) =>
          enforce(perClient, request, reply);
        addHook(route, 'onRequest', check);
      }
      const accountOf = entry.account;
      if (perAccount && accountOf !== undefined) {
        addHook(route, 'preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
          const account = accountOf(request);
          if (account === null) return;
          accountOfRequest.set(request, account);
          await enforce(perAccount, request, reply);
        });
      }
      return;
    }
  });
};
