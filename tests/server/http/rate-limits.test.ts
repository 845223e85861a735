/**
 * Rate limits (issue 13 §5, server/http/rate-limits.ts) on the real app with its default limits:
 * per client (each `remoteAddress` a client, loopback included), per account across clients, the
 * 429 in the API's error shape with Retry-After, the limits read from the environment, and the
 * database store that lets two servers on one database share their counts.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { TokenService } from '../../../server/auth/tokens';
import { configFromEnv } from '../../../server/config';
import { countHit, sweepRateLimitHits } from '../../../server/http/rate-limit-store';
import {
  DEFAULT_RATE_LIMITS,
  parseLimit,
  rateLimitsFromEnv,
  type RateLimits,
} from '../../../server/http/rate-limits';
import { startTestServer, type TestServer } from '../../support/test-server';
import { PNG } from '../crm/files';

let server: TestServer;
let app: FastifyInstance;
let guest: string;
const signingKey = new Uint8Array(randomBytes(32));

const appWith = (limits: RateLimits, store: 'memory' | 'database' = 'memory') =>
  buildApp({
    db: server.db,
    signingKey,
    staticDir: server.dataDir,
    logLevel: 'silent',
    rateLimits: limits,
    rateLimitStore: store,
  });

beforeAll(async () => {
  server = await startTestServer();
  app = await appWith(DEFAULT_RATE_LIMITS);
  guest = (await new TokenService(signingKey).issueGuest('KOUS', randomUUID())).access_token;
});
afterAll(async () => {
  await app.close();
  await server.dispose();
});

let clients = 0;
/** A client address no other test uses. */
const newClient = () => {
  clients += 1;
  return `198.51.100.${clients}`;
};

const signIn = (target: FastifyInstance, client: string, username: string, password = 'x') =>
  target.inject({
    method: 'POST',
    url: '/api/identity/signin',
    remoteAddress: client,
    headers: { authorization: `Bearer ${guest}` },
    payload: { username, password },
  });

const expectTooMany = (answer: Awaited<ReturnType<FastifyInstance['inject']>>, most: number) => {
  expect(answer.statusCode).toBe(429);
  const retryAfter = Number(answer.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(most);
  const body = answer.json<{ statusCode: number; error: string; message: string }>();
  expect(body).toMatchObject({ statusCode: 429, error: 'Too Many Requests' });
  expect(body.message).toBe(`Too many attempts. Please wait ${retryAfter} seconds and try again.`);
};

describe('per client', () => {
  it('answers the 21st sign-in a minute from one client with 429 and Retry-After', async () => {
    const client = newClient();
    for (let i = 0; i < 20; i += 1) {
      const answer = await signIn(app, client, `nobody-${randomUUID()}@example.com`);
      expect(answer.statusCode).toBe(200);
    }
    expectTooMany(await signIn(app, client, `nobody-${randomUUID()}@example.com`), 60);
    // Another client is not held back.
    expect((await signIn(app, newClient(), `nobody-${randomUUID()}@example.com`)).statusCode).toBe(
      200,
    );
  });

  it('counts the second step of a sign-in at the sign-in door: codes cannot be guessed past it', async () => {
    const client = newClient();
    for (let i = 0; i < 20; i += 1) {
      await signIn(app, client, `nobody-${randomUUID()}@example.com`);
    }
    for (const url of ['/api/identity/signin/verify', '/api/identity/signin/enrol']) {
      expectTooMany(
        await app.inject({
          method: 'POST',
          url,
          remoteAddress: client,
          headers: { authorization: `Bearer ${guest}` },
          payload: { challenge: 'x', code: '123456' },
        }),
        60,
      );
    }
  });

  it('counts loopback like any client', async () => {
    const limited = await appWith({
      ...DEFAULT_RATE_LIMITS,
      token: { perClient: { max: 2, windowMs: 60_000 }, perAccount: null },
    });
    try {
      const mint = () =>
        limited.inject({
          method: 'POST',
          url: '/api/oauth/token?scope=guest',
          remoteAddress: '127.0.0.1',
        });
      expect([(await mint()).statusCode, (await mint()).statusCode]).toEqual([200, 200]);
      expectTooMany(await mint(), 60);
    } finally {
      await limited.close();
    }
  });

  it('counts HEAD at its GET route’s door: order status cannot be walked by HEAD', async () => {
    const client = newClient();
    const call = (method: 'GET' | 'HEAD') =>
      app.inject({
        method,
        url: `/api/orders/LV-${randomUUID().slice(0, 8).toUpperCase()}`,
        remoteAddress: client,
        headers: { authorization: `Bearer ${guest}` },
      });
    const max = DEFAULT_RATE_LIMITS.orderStatus.perClient?.max ?? 0;
    for (let i = 0; i < max; i += 1) {
      expect((await call(i % 2 === 0 ? 'HEAD' : 'GET')).statusCode).toBe(404);
    }
    expect((await call('HEAD')).statusCode).toBe(429);
    expectTooMany(await call('GET'), 60);
  });

  it('limits the lookup, forgot password and find-my-orders per client', async () => {
    const cases = [
      { url: '/api/customer/lookup', max: 20, payload: () => ({ email: `${randomUUID()}@ex.co` }) },
      {
        url: '/api/identity/password/forgot',
        max: 10,
        payload: () => ({ email: `${randomUUID()}@ex.co` }),
      },
      {
        url: '/api/orders/find-my-orders',
        max: 10,
        payload: () => ({ email: `${randomUUID()}@ex.co`, orderId: 'LV-100001' }),
      },
    ];
    for (const { url, max, payload } of cases) {
      const client = newClient();
      const call = () =>
        app.inject({
          method: 'POST',
          url,
          remoteAddress: client,
          headers: { authorization: `Bearer ${guest}` },
          payload: payload(),
        });
      for (let i = 0; i < max; i += 1) expect((await call()).statusCode).toBeLessThan(400);
      expectTooMany(await call(), 15 * 60);
    }
  });

  it('limits proof-of-purchase uploads per client, refusing the one over before keeping its bytes', async () => {
    const client = newClient();
    const upload = () =>
      app.inject({
        method: 'PUT',
        url: '/api/crm/asset/upload?fileName=receipt.png',
        remoteAddress: client,
        headers: { authorization: `Bearer ${guest}`, 'content-type': 'image/png' },
        payload: Buffer.from(PNG),
      });
    const max = DEFAULT_RATE_LIMITS.upload.perClient?.max ?? 0;
    expect(max).toBeGreaterThan(0);
    for (let i = 0; i < max; i += 1) expect((await upload()).statusCode).toBe(201);
    const kept = async () =>
      Number(
        (await server.db.query<{ n: string }>('SELECT count(*) AS n FROM crm_assets')).rows[0]?.n,
      );
    const before = await kept();
    expectTooMany(await upload(), 60 * 60);
    expect(await kept()).toBe(before);
    // Another client is not held back by this one.
    const other = await app.inject({
      method: 'PUT',
      url: '/api/crm/asset/upload?fileName=receipt.png',
      remoteAddress: newClient(),
      headers: { authorization: `Bearer ${guest}`, 'content-type': 'image/png' },
      payload: Buffer.from(PNG),
    });
    expect(other.statusCode).toBe(201);
  });

  it('counts every maps and stores call at one door per client', async () => {
    const client = newClient();
    const calls = [
      { method: 'GET', url: '/api/maps/zip?postalCode=10001&country=US' },
      { method: 'GET', url: '/api/maps/location/zipcode?postalCode=99723' },
      { method: 'GET', url: '/api/maps/location/reverse?brand=lavabo&lat=41.88&long=-87.63' },
      { method: 'GET', url: '/api/maps/location/ip' },
      {
        method: 'GET',
        url: '/api/maps/stores?format=json&brand=lavabo&spatialFilter=nearby(41.88,-87.63,64)',
      },
    ] as const;
    const call = (i: number) => {
      const { method, url } = calls[i % calls.length] ?? calls[0];
      return app.inject({
        method,
        url,
        remoteAddress: client,
        headers: { authorization: `Bearer ${guest}` },
      });
    };
    const max = DEFAULT_RATE_LIMITS.maps.perClient?.max ?? 0;
    expect(max).toBeGreaterThan(calls.length);
    for (let i = 0; i < max; i += 1) expect((await call(i)).statusCode).toBeLessThan(400);
    for (let i = 0; i < calls.length; i += 1) expectTooMany(await call(i), 60);
  });
});

describe('per account', () => {
  it('counts sign-ins for one account across clients', async () => {
    const account = `target-${randomUUID()}@example.com`;
    const perAccount = DEFAULT_RATE_LIMITS.signIn.perAccount?.max ?? 0;
    expect(perAccount).toBeGreaterThan(0);
    for (let i = 0; i < perAccount; i += 1) {
      expect((await signIn(app, newClient(), account)).statusCode).toBe(200);
    }
    const over = await signIn(app, newClient(), account.toUpperCase());
    expectTooMany(over, 15 * 60);
    // Other accounts are not held back.
    expect((await signIn(app, newClient(), `other-${randomUUID()}@example.com`)).statusCode).toBe(
      200,
    );
  });
});

describe('settings', () => {
  it('reads each limit from the environment, off included, and refuses a typo', () => {
    expect(parseLimit('20/min', 'X')).toEqual({ max: 20, windowMs: 60_000 });
    expect(parseLimit('5/15m', 'X')).toEqual({ max: 5, windowMs: 15 * 60_000 });
    expect(parseLimit(' 3 / 1h ', 'X')).toEqual({ max: 3, windowMs: 3_600_000 });
    expect(parseLimit('100/30s', 'X')).toEqual({ max: 100, windowMs: 30_000 });
    expect(parseLimit('off', 'X')).toBeNull();
    for (const bad of ['20', '20/', '/1m', '20/0m', '20/1d', 'twenty/min', '-1/1m']) {
      expect(() => parseLimit(bad, 'RATE_LIMIT_SIGN_IN')).toThrow(/RATE_LIMIT_SIGN_IN/);
    }
    const limits = rateLimitsFromEnv({
      RATE_LIMIT_SIGN_IN: '7/1m',
      RATE_LIMIT_SIGN_IN_ACCOUNT: 'off',
      RATE_LIMIT_SCALE: '2',
    });
    expect(limits.signIn).toEqual({ perClient: { max: 14, windowMs: 60_000 }, perAccount: null });
    expect(limits.token.perClient?.max).toBe((DEFAULT_RATE_LIMITS.token.perClient?.max ?? 0) * 2);
    expect(() => configFromEnv({ RATE_LIMIT_STORE: 'redis' })).toThrow(/RATE_LIMIT_STORE/);
    expect(configFromEnv({}).rateLimitStore).toBe('memory');
    expect(configFromEnv({ DATABASE_URL: 'postgres://db/lavabo' }).rateLimitStore).toBe('database');
    expect(configFromEnv({}).rateLimits).toEqual(DEFAULT_RATE_LIMITS);
  });
});

describe('the database store', () => {
  it('counts in fixed windows that start again once run out', async () => {
    const key = `test:${randomUUID()}`;
    const t0 = Date.UTC(2026, 0, 1);
    expect(await countHit(server.db, key, 60_000, t0)).toEqual({ current: 1, ttl: 60_000 });
    expect(await countHit(server.db, key, 60_000, t0 + 10_000)).toEqual({
      current: 2,
      ttl: 50_000,
    });
    expect(await countHit(server.db, key, 60_000, t0 + 60_000)).toEqual({
      current: 1,
      ttl: 60_000,
    });
    expect(await sweepRateLimitHits(server.db, t0 + 120_001)).toBeGreaterThanOrEqual(1);
    const left = await server.db.query('SELECT 1 FROM rate_limit_hits WHERE key = $1', [key]);
    expect(left.rows).toHaveLength(0);
  });

  it('shares the counts between two servers on one database', async () => {
    const limits: RateLimits = {
      ...DEFAULT_RATE_LIMITS,
      signIn: { perClient: { max: 3, windowMs: 60_000 }, perAccount: null },
    };
    const one = await appWith(limits, 'database');
    const two = await appWith(limits, 'database');
    try {
      const client = newClient();
      const answers = [];
      for (const target of [one, two, one]) {
        answers.push((await signIn(target, client, `${randomUUID()}@example.com`)).statusCode);
      }
      expect(answers).toEqual([200, 200, 200]);
      expectTooMany(await signIn(two, client, `${randomUUID()}@example.com`), 60);
      // The counts are in the database: no e-mail address is stored with them.
      const keys = await server.db.query<{ key: string }>('SELECT key FROM rate_limit_hits');
      expect(keys.rows.some((r) => r.key === `signIn:client:${client}`)).toBe(true);
      expect(keys.rows.some((r) => r.key.includes('@'))).toBe(false);
    } finally {
      await one.close();
      await two.close();
    }
  });
});
