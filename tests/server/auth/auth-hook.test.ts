/**
 * The auth hook (server/http/auth-hook.ts) refuses a well-signed customer token whose account no
 * longer exists with 401 'Invalid JWT.' on every protected route, not only the customer's own
 * calls, so a deleted account's unexpired token cannot write carts or lists under a dead owner.
 * It costs one lookup by primary key per customer request and none for guests.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { CUSTOMER_SCOPES, TokenService } from '../../../server/auth/tokens';
import type { Database } from '../../../server/db/database';
import { startTestServer, type TestServer } from '../../support/test-server';
import { ensureCustomerRow } from '../cart/support';

const KEY = new Uint8Array(32).fill(7);
const tokens = new TokenService(KEY);

let server: TestServer;
let app: FastifyInstance;
/** Every SQL text the app ran, in order. */
const seen: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  const counting: Database = {
    ...server.db,
    query: (sql, params) => {
      seen.push(sql);
      return server.db.query(sql, params);
    },
  };
  app = await buildApp({
    db: counting,
    signingKey: KEY,
    staticDir: server.dataDir,
    logLevel: 'silent',
  });
});
afterAll(async () => {
  await app.close();
  await server.dispose();
});

const customerAccess = async (customerId: string): Promise<string> =>
  (
    await tokens.issue({
      sub: `${customerId}@example.test`,
      uid: `uid-${customerId}`,
      customerId,
      firstName: 'Test',
      lastName: 'Customer',
      persona: ['KOUS:GST'],
      channel: 'KOUS',
      scopes: [...CUSTOMER_SCOPES],
      isAuth: true,
    })
  ).access_token;

const call = async (token: string, method: 'GET' | 'POST', url: string, body?: unknown) => {
  const res = await app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
};

/** Routes of every area that is not the customer's own (those already checked the account). */
const ROUTES: readonly (readonly ['GET' | 'POST', string, unknown?])[] = [
  ['GET', '/api/cart/active'],
  ['POST', '/api/cart/create', { currency: 'USD', taxMode: 'Platform' }],
  ['GET', '/api/shopping-list/Favorites'],
  ['POST', '/api/shopping-list/create', { name: { 'en-US': 'Favorites' } }],
  ['GET', '/api/orders?state=open'],
  ['GET', '/api/orders/LV-100001'],
  ['GET', '/api/customer/me'],
];

const ownedRows = async (customerId: string): Promise<number> => {
  const key = `customer:${customerId}`;
  const r = await server.db.query<{ n: string | number }>(
    `SELECT (SELECT count(*) FROM carts WHERE owner_key = $1)
          + (SELECT count(*) FROM shopping_lists WHERE owner_key = $1) AS n`,
    [key],
  );
  return Number(r.rows[0]?.n);
};

describe('a customer token whose account does not exist', () => {
  it("is 401 'Invalid JWT.' on every route, and writes nothing", async () => {
    const ghost = randomUUID();
    const token = await customerAccess(ghost);
    for (const [method, url, body] of ROUTES) {
      const answer = await call(token, method, url, body);
      expect({ url, status: answer.status, message: answer.body.message }).toEqual({
        url,
        status: 401,
        message: 'Invalid JWT.',
      });
    }
    expect(await ownedRows(ghost)).toBe(0);
  });

  it('is honoured again as soon as the account exists: the lookup is live, not cached', async () => {
    const id = randomUUID();
    const token = await customerAccess(id);
    expect((await call(token, 'GET', '/api/cart/active')).status).toBe(401);
    await ensureCustomerRow(server, id, `${id}@example.test`);
    expect((await call(token, 'GET', '/api/cart/active')).status).toBe(200);
    expect((await call(token, 'POST', '/api/cart/create', ROUTES[1]?.[2])).status).toBe(201);
    await server.db.query('DELETE FROM customers WHERE id = $1', [id]);
    expect((await call(token, 'GET', '/api/cart/active')).status).toBe(401);
  });
});

describe('the cost', () => {
  const customerLookups = (from: number) =>
    seen.slice(from).filter((sql) => /\bFROM customers WHERE id = \$1/.test(sql)).length;

  it('is one account lookup per customer request', async () => {
    const id = randomUUID();
    await ensureCustomerRow(server, id, `${id}@example.test`);
    const token = await customerAccess(id);
    for (const url of [
      '/api/cart/active',
      '/api/shopping-list/Favorites',
      '/api/orders?state=open',
    ]) {
      const from = seen.length;
      expect((await call(token, 'GET', url)).status).toBe(200);
      expect({ url, lookups: customerLookups(from) }).toEqual({ url, lookups: 1 });
    }
  });

  it('is nothing for a guest token', async () => {
    const guest = (await tokens.issueGuest('KOUS', randomUUID())).access_token;
    for (const url of ['/api/cart/active', '/api/shopping-list/Favorites', '/api/customer/me']) {
      const from = seen.length;
      expect((await call(guest, 'GET', url)).status).toBe(200);
      expect({ url, lookups: customerLookups(from) }).toEqual({ url, lookups: 0 });
    }
  });
});
