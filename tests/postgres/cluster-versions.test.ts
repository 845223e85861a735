/**
 * `WORKERS=2`: the workers hold the shared versions in memory, and a writer answers only once the
 * primary has passed its new versions to the other worker (server/db/cluster-versions.ts). Several
 * kept-alive connections, opened one after another, are handed to the workers in turn, so reading
 * through every one of them reads through both workers: right after an order's answer on one, every
 * connection lists and shows the stock it left; right after a sign-out on one, every connection
 * refuses the session.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '../../core/cart/cart';
import { ADDRESS, APPROVE_CARD } from '../../bench/checkout/burst';
import {
  killStartedServers,
  startServerProcess,
  type ServerProcess,
} from '../../bench/checkout/server-process';
import { DEMO_PASSWORD } from '../../server/identity/demo-accounts';
import { variantWithStock, type StockedVariant } from './support/stock';
import { createTestDatabase } from './support/two-processes';

/** Connections opened in turn: the primary hands them to worker 1, 2, 1, 2. */
const CONNECTIONS = 4;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dataDir: string;
let server: ServerProcess;
let db: pg.Pool;
let agents: http.Agent[] = [];

interface Answer<T> {
  readonly status: number;
  readonly body: T;
}

/** A request through one agent: one kept-alive connection of its own. */
const call = <T = unknown>(
  agent: http.Agent,
  token: string | null,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
): Promise<Answer<T>> =>
  new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      `${server.api}${url}`,
      {
        agent,
        method,
        headers: {
          ...(token === null ? {} : { authorization: `Bearer ${token}` }),
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            body: (text === '' ? undefined : JSON.parse(text)) as T,
          });
        });
        res.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });

const ok = <T>(answer: Answer<T>, status = 200): T => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body;
};

const guestToken = async (agent: http.Agent): Promise<string> =>
  ok(
    await call<{ access_token: string }>(
      agent,
      null,
      'POST',
      `/oauth/token?scope=guest&channel=KOUS&gId=${randomUUID()}`,
    ),
  ).access_token;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'lavabo-cluster-versions-'));
  server = await startServerProcess({
    dataDir,
    timeoutMs: 120_000,
    env: { DATABASE_URL: database.url, WORKERS: '2', LAVABO_DEV_TOOLS: '' },
  });
  db = new pg.Pool({ connectionString: database.url, max: 2 });
  agents = Array.from(
    { length: CONNECTIONS },
    () => new http.Agent({ keepAlive: true, maxSockets: 1 }),
  );
  // Opened one after another, so the primary's turns give each worker two of them.
  for (const agent of agents) ok(await call(agent, null, 'GET', '/health'));
}, 240_000);

afterAll(async () => {
  for (const agent of agents) agent.destroy();
  await server?.stop();
  await killStartedServers();
  await db?.end();
  await database?.drop();
  if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
}, 60_000);

/** A variant of a finished good that cannot be backordered, its stock set to `units`. */
const stocked = (units: number): Promise<StockedVariant> => variantWithStock(db, units, 11);

/** An order of `quantity` units of `sku`, every step through one connection. */
const order = async (agent: http.Agent, sku: string, quantity: number): Promise<void> => {
  const token = await guestToken(agent);
  const empty = ok(
    await call<Cart>(agent, token, 'POST', '/cart/create', {
      currency: 'USD',
      taxMode: 'Platform',
    }),
    201,
  );
  const filled = ok(
    await call<Cart>(agent, token, 'POST', `/cart/items?cartId=${empty.id}`, {
      version: empty.version,
      actions: [
        { action: 'addLineItem', sku, quantity, lineItemShipping: { salesChannel: 'KOUS' } },
      ],
    }),
  );
  const addressed = ok(
    await call<{ cart: Cart; selectedMethodId: string }>(
      agent,
      token,
      'POST',
      '/checkout/shipping-cost',
      {
        cartId: filled.id,
        version: filled.version,
        address: { ...ADDRESS, email: `${randomUUID()}@example.com` },
      },
    ),
  );
  const shipped = ok(
    await call<Cart>(agent, token, 'POST', '/checkout/v2/assign/shipmentfromcart', {
      cartId: addressed.cart.id,
      version: addressed.cart.version,
      methodId: addressed.selectedMethodId,
    }),
  );
  ok(
    await call(agent, token, 'POST', '/checkout/payment', {
      cartId: shipped.id,
      version: shipped.version,
      method: 'card',
      card: APPROVE_CARD,
    }),
  );
  ok(
    await call(agent, token, 'POST', '/checkout/order/submit', {
      cartId: shipped.id,
      version: shipped.version,
    }),
    201,
  );
};

describe('WORKERS=2: every worker sees a commit as soon as its answer was received', () => {
  it('lists and shows, through every connection, the stock an order through one left', async () => {
    const variant = await stocked(9);
    const readers = await Promise.all(agents.map((agent) => guestToken(agent)));
    const list = `/search/plp?q=*:*&fq=sku_s:${variant.master}&fl=sku_s,availableQty_i`;
    type Docs = { response: { docs: { availableQty_i: number }[] } };
    const everywhere = async (): Promise<(number | undefined)[]> => {
      const seen: (number | undefined)[] = [];
      for (const [i, agent] of agents.entries()) {
        const token = readers[i] ?? null;
        seen.push(ok(await call<Docs>(agent, token, 'GET', list)).response.docs[0]?.availableQty_i);
        seen.push(
          ok(
            await call<Docs>(agent, token, 'POST', '/search/pdp?fl=sku_s,availableQty_i', {
              slug: variant.slug,
            }),
          ).response.docs[0]?.availableQty_i,
        );
      }
      return seen;
    };
    // Every worker has read the answers, and keeps them.
    expect(await everywhere()).toEqual(Array(CONNECTIONS * 2).fill(9));
    expect(await everywhere()).toEqual(Array(CONNECTIONS * 2).fill(9));

    let left = 9;
    for (const agent of agents) {
      await order(agent, variant.sku, 1);
      left -= 1;
      // Started after the order's answer: every connection, so both workers, shows its stock.
      expect(await everywhere()).toEqual(Array(CONNECTIONS * 2).fill(left));
    }
  });

  it('refuses, through every connection, a session signed out through one', async () => {
    for (const out of agents) {
      const guest = await guestToken(out);
      const signedIn = ok(
        await call<{ status: string; tokens: { access_token: string; refresh_token: string } }>(
          out,
          guest,
          'POST',
          '/identity/signin',
          { username: 'homeowner@lavabo.test', password: DEMO_PASSWORD },
        ),
      );
      const tokens = signedIn.tokens;
      // Every worker has checked the session live twice, and would remember it.
      for (const agent of [...agents, ...agents]) {
        ok(await call(agent, tokens.access_token, 'GET', '/search/typeahead?q=fau'));
      }
      const signedOut = await call(out, null, 'POST', '/identity/signout', {
        refresh_token: tokens.refresh_token,
      });
      expect(signedOut.status).toBe(204);
      const statuses: number[] = [];
      for (const agent of agents) {
        statuses.push(
          (await call(agent, tokens.access_token, 'GET', '/search/typeahead?q=fau')).status,
        );
      }
      expect(statuses).toEqual(Array(CONNECTIONS).fill(401));
    }
  });
});
