/**
 * The auth hook (server/http/auth-hook.ts) answers a customer access token only while the sign-in
 * session it names (`sid`) is live: sign-out, a password change (other sessions), refresh-token
 * reuse and account deletion end it, and its access tokens get 401 'Invalid JWT.' on every route
 * instead of working for the rest of their hour — at once in the process that ended it, within
 * the liveness cache's TTL (here 150 ms) in any other process on the same database. A token with
 * no `exp` is refused; guest tokens need no session and no lookup.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { AUDIENCE, CUSTOMER_SCOPES, ISSUER, TokenService } from '../../../server/auth/tokens';
import type { Database } from '../../../server/db/database';
import { startTestServer, type TestServer } from '../../support/test-server';
import { ensureCustomerRow, signInSession } from '../cart/support';

const KEY = new Uint8Array(32).fill(7);
const tokens = new TokenService(KEY);
const TTL_MS = 150;

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
    sessionCacheTtlMs: TTL_MS,
  });
});
afterAll(async () => {
  await app.close();
  await server.dispose();
});

const CLAIMS = (customerId: string) => ({
  sub: `${customerId}@example.test`,
  uid: `uid-${customerId}`,
  customerId,
  firstName: 'Test',
  lastName: 'Customer',
  persona: ['KOUS:GST'],
  channel: 'KOUS',
  scopes: [...CUSTOMER_SCOPES],
  isAuth: true,
});

/** A customer access token with a recorded session (`record: false`: a session never recorded). */
const customerAccess = async (customerId: string, record = true): Promise<string> =>
  (await tokens.issue(CLAIMS(customerId), await signInSession(server.db, customerId, record)))
    .access_token;

const bodyOf = (text: string): Record<string, unknown> =>
  text === '' ? {} : (JSON.parse(text) as Record<string, unknown>);

const call = async (token: string, method: string, url: string, body?: unknown) => {
  const res = await app.inject({
    method: method as 'GET',
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: bodyOf(res.body) };
};

const post = async (url: string, body: unknown, token?: string) => {
  const res = await app.inject({
    method: 'POST',
    url,
    payload: body as Record<string, unknown>,
    ...(token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } }),
  });
  return { status: res.statusCode, body: bodyOf(res.body) };
};

const guestAccess = async (): Promise<string> =>
  (await tokens.issueGuest('KOUS', randomUUID())).access_token;

/** A fresh account signed in through the API: its token pair. */
const signedInAccount = async () => {
  const email = `session-${randomUUID()}@example.com`;
  const password = 'Sturdy-Tap-2026!';
  const signup = await post(
    '/api/customer/signup',
    { email, password, firstName: 'Jo', lastName: 'Doe', accountType: 'homeowner' },
    await guestAccess(),
  );
  expect(signup.status).toBe(202);
  return { email, password, ...(await signIn(email, password)) };
};

const signIn = async (email: string, password: string) => {
  const answer = await post(
    '/api/identity/signin',
    { username: email, password },
    await guestAccess(),
  );
  expect(answer.body.status).toBe('SUCCESS');
  return answer.body.tokens as { access_token: string; refresh_token: string };
};

const me = async (token: string) => (await call(token, 'GET', '/api/customer/me')).status;

/** Waits out the liveness cache: a revocation is seen by every process within its TTL. */
const afterTtl = () => new Promise((resolve) => setTimeout(resolve, TTL_MS + 20));

/** Routes of every area, not only the customer's own. */
const ROUTES: readonly (readonly [string, string, unknown?])[] = [
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

describe('a token without exp', () => {
  it("is 401 'Invalid JWT.' however well signed", async () => {
    const { sub, ...rest } = { ...CLAIMS('x'), customerId: undefined };
    const forever = await new SignJWT({ ...rest, anonymousId: randomUUID(), isAuth: false })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject(sub)
      .setIssuedAt()
      .sign(KEY);
    const answer = await call(forever, 'GET', '/api/cart/active');
    expect(answer).toMatchObject({ status: 401, body: { message: 'Invalid JWT.' } });
  });
});

describe('a customer token whose session is not live', () => {
  it("is 401 'Invalid JWT.' on every route when the account does not exist, and writes nothing", async () => {
    const ghost = randomUUID();
    const token = await customerAccess(ghost, false);
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

  it('is 401 without a sid: the server issues customer tokens only with a session', async () => {
    const id = randomUUID();
    await ensureCustomerRow(server, id, `${id}@example.test`);
    const bare = (await tokens.issue(CLAIMS(id))).access_token;
    expect(await me(bare)).toBe(401);
  });

  it('after sign-out', async () => {
    const account = await signedInAccount();
    expect(await me(account.access_token)).toBe(200);
    const out = await post('/api/identity/signout', { refresh_token: account.refresh_token });
    expect(out.status).toBeLessThan(300);
    expect(await me(account.access_token)).toBe(401);
  });

  it("after a password change, for the other sessions; the caller's own stays signed in", async () => {
    const account = await signedInAccount();
    const other = await signIn(account.email, account.password);
    expect(await me(other.access_token)).toBe(200);
    const changed = await call(account.access_token, 'POST', '/api/customer/change_password', {
      currentPassword: account.password,
      newPassword: 'Changed-Pass-12',
    });
    expect(changed.status).toBe(204);
    expect(await me(other.access_token)).toBe(401);
    expect(await me(account.access_token)).toBe(200);
  });

  it('after refresh-token reuse revokes the session', async () => {
    const account = await signedInAccount();
    const refresh = (refresh_token: string) =>
      post('/api/oauth/token?scope=refresh', { refresh_token });
    const rotated = await refresh(account.refresh_token);
    expect(rotated.status).toBe(200);
    const newer = rotated.body.access_token as string;
    expect(await me(newer)).toBe(200);
    expect((await refresh(account.refresh_token)).status).toBe(401);
    expect(await me(account.access_token)).toBe(401);
    expect(await me(newer)).toBe(401);
  });

  it('after account deletion', async () => {
    const account = await signedInAccount();
    expect((await call(account.access_token, 'DELETE', '/api/customer/account')).status).toBe(200);
    expect(await me(account.access_token)).toBe(401);
    const validate = await post('/api/oauth/token/validate', { token: account.access_token });
    expect(validate.body).toEqual({ valid: false });
  });
});

describe('a session ended by another process on the same database', () => {
  it('ends its access tokens here within the TTL', async () => {
    const account = await signedInAccount();
    expect(await me(account.access_token)).toBe(200);
    // What another process's sign-out writes; this process has not been told.
    await server.db.query(
      `UPDATE refresh_tokens SET revoked_at = now(), revoked_reason = 'signout'
        WHERE family_id = $1`,
      [decodeJwt(account.access_token).sid],
    );
    await afterTtl();
    expect(await me(account.access_token)).toBe(401);
  });
});

describe('the cost', () => {
  const sessionLookups = (from: number) =>
    seen.slice(from).filter((sql) => /\bFROM refresh_tokens\s+WHERE family_id/.test(sql)).length;

  it('is at most one session lookup per TTL, not one per request', async () => {
    const id = randomUUID();
    await ensureCustomerRow(server, id, `${id}@example.test`);
    const token = await customerAccess(id);
    const from = seen.length;
    for (const url of [
      '/api/cart/active',
      '/api/shopping-list/Favorites',
      '/api/orders?state=open',
    ]) {
      expect((await call(token, 'GET', url)).status).toBe(200);
    }
    expect(sessionLookups(from)).toBe(1);
  });

  it('is nothing for a guest token, which keeps working as before', async () => {
    const guest = await guestAccess();
    for (const url of ['/api/cart/active', '/api/shopping-list/Favorites', '/api/customer/me']) {
      const from = seen.length;
      expect((await call(guest, 'GET', url)).status).toBe(200);
      expect({ url, lookups: sessionLookups(from) }).toEqual({ url, lookups: 0 });
    }
  });
});
