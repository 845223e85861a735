/**
 * Issue 13 finding 4: order numbers handed out in sequence (LV-100001, LV-100002, …) let anyone
 * who knows an e-mail walk them through find-my-orders and read the shipping address and phone.
 * Here: checkout numbers orders at random in core's shape (`LV-` and ten Crockford base32
 * characters), unique under many concurrent submits, with `-1`, `-2` children; a drawn number
 * that is taken is drawn again, never shared; orders numbered in sequence before still open; and
 * every miss of find-my-orders, the split lookup and the order page answers the same, by the same
 * queries, as any other miss.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isOrderNumber,
  isRandomOrderNumber,
  ORDER_NUMBER_ALPHABET,
} from '../../../core/orders/order-number';
import { buildApp } from '../../../server/app';
import { TokenService } from '../../../server/auth/tokens';
import { CheckoutService } from '../../../server/checkout/checkout-service';
import type { Database } from '../../../server/db/database';
import type { Order } from '../../../server/orders/model';
import { ORDER_NUMBER_DRAWS, secureOrderNumber } from '../../../server/orders/order-number';
import { startTestServer, type TestServer } from '../../support/test-server';
import { client, guestToken, pickSku, type PickedSku } from '../cart/support';
import { paidCart, submit } from '../checkout/support';
import { freshOrderNumber, insertOrder, sequentialOrderNumber } from './fixture';

let server: TestServer;
let plenty: PickedSku;

beforeAll(async () => {
  server = await startTestServer();
  plenty = await pickSku(server, 'v.available_qty >= 100 AND NOT p.freight', 2);
});
afterAll(() => server.dispose());

const guest = async () => {
  const g = await guestToken(server);
  return { ...client(server, g.token), anonymousId: g.anonymousId };
};

const ordersOfCart = async (cartId: string): Promise<number> => {
  const rows = await server.db.query<{ n: number | string }>(
    'SELECT count(*) AS n FROM orders WHERE cart_id = $1',
    [cartId],
  );
  return Number(rows.rows[0]?.n);
};

describe('order numbers checkout hands out', () => {
  it('are random, in the shape core accepts, and unique across concurrent submits', async () => {
    const shoppers = await Promise.all(Array.from({ length: 12 }, () => guest()));
    const carts = await Promise.all(
      shoppers.map((c) => paidCart(c, [{ sku: plenty.sku, quantity: 1 }])),
    );
    const answers = await Promise.all(carts.map((cart, i) => submit<Order>(shoppers[i]!, cart)));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    const numbers = answers.map((a) => a.body.orderNumber);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const n of numbers) {
      expect(isRandomOrderNumber(n), n).toBe(true);
      expect(isOrderNumber(n), n).toBe(true);
    }
    // Not one after the other: no two share their first seven random characters.
    expect(new Set(numbers.map((n) => n.slice(0, 10))).size).toBe(numbers.length);
  });

  it('draws 100,000 distinct numbers from the CSPRNG, every character from the alphabet', () => {
    const drawn = Array.from({ length: 100_000 }, () => secureOrderNumber());
    expect(new Set(drawn).size).toBe(drawn.length);
    const seen = new Set(drawn.flatMap((n) => [...n.slice(3)]));
    expect([...seen].sort().join('')).toBe(ORDER_NUMBER_ALPHABET);
  });

  it('draws again when the number is taken, and never shares one', async () => {
    const taken = await insertOrder(server.db, {
      ownerKey: `guest:${randomUUID()}`,
      email: 'someone.else@example.com',
    });
    const fresh = secureOrderNumber();
    const draws = [taken.orderNumber, taken.orderNumber, fresh];
    const checkout = new CheckoutService(
      server.db,
      server.catalogueVersion,
      () => draws.shift() ?? secureOrderNumber(),
    );
    const c = await guest();
    const cart = await paidCart(c, [{ sku: plenty.sku, quantity: 1 }]);
    const placed = await checkout.submit(
      { owner: { kind: 'guest', id: c.anonymousId }, claims: null },
      { cartId: cart.id, version: cart.version },
      undefined,
    );
    expect(placed.created).toBe(true);
    expect(placed.order.orderNumber).toBe(fresh);
    // The taken number still names the other shopper's order, untouched.
    const other = await server.db.query<{ email: string }>(
      'SELECT email FROM orders WHERE order_number = $1',
      [taken.orderNumber],
    );
    expect(other.rows).toEqual([{ email: 'someone.else@example.com' }]);
    expect((await c.get<Order>(`/orders/${fresh}`)).body.email).toBe(placed.order.email);
  });

  it('writes nothing when every draw is taken (a broken source), and the cart can still order', async () => {
    const taken = await insertOrder(server.db, {
      ownerKey: `guest:${randomUUID()}`,
      email: 'someone.else@example.com',
    });
    let draws = 0;
    const stuck = new CheckoutService(server.db, server.catalogueVersion, () => {
      draws += 1;
      return taken.orderNumber;
    });
    const c = await guest();
    const cart = await paidCart(c, [{ sku: plenty.sku, quantity: 1 }]);
    const who = { owner: { kind: 'guest', id: c.anonymousId }, claims: null } as const;
    const ref = { cartId: cart.id, version: cart.version };
    await expect(stuck.submit(who, ref, undefined)).rejects.toThrow(/order number/);
    expect(draws).toBe(ORDER_NUMBER_DRAWS);
    expect(await ordersOfCart(cart.id)).toBe(0);
    const placed = await new CheckoutService(server.db, server.catalogueVersion).submit(
      who,
      ref,
      undefined,
    );
    expect(placed.created).toBe(true);
    expect(isRandomOrderNumber(placed.order.orderNumber)).toBe(true);
  });
});

describe('orders numbered in sequence before numbers were random', () => {
  it('are still found by number and e-mail, and by their owner', async () => {
    const c = await guest();
    const legacy = await insertOrder(server.db, {
      ownerKey: `guest:${c.anonymousId}`,
      email: 'Early.Bird@Example.com',
      orderNumber: sequentialOrderNumber(),
    });
    const child = await insertOrder(server.db, {
      ownerKey: `guest:${c.anonymousId}`,
      email: 'early.bird@example.com',
      orderNumber: `${legacy.orderNumber}-1`,
      parentOrderNumber: legacy.orderNumber,
    });
    const found = await c.post<{ results: Order[] }>('/orders/find-my-orders', {
      email: ' EARLY.BIRD@example.com ',
      orderId: ` ${legacy.orderNumber.toLowerCase()} `,
    });
    expect(found.body.results.map((o) => o.orderNumber)).toEqual([legacy.orderNumber]);
    expect((await c.get<Order>(`/orders/${child.orderNumber}`)).status).toBe(200);
    const split = await c.get<{ results: Order[] }>(
      `/orders/split?parentOrderNumber=${legacy.orderNumber}&email=early.bird@example.com`,
    );
    expect(split.body.results.map((o) => o.orderNumber)).toEqual([child.orderNumber]);
  });
});

describe('every miss answers the same, by the same path', () => {
  const KEY = new Uint8Array(32).fill(9);
  const tokens = new TokenService(KEY);
  /** Every SQL text the app ran, in order. */
  const seen: string[] = [];
  let app: FastifyInstance;
  let token: string;
  let order: Order;
  let child: Order;

  beforeAll(async () => {
    const recording: Database = {
      ...server.db,
      query: (sql, params) => {
        seen.push(sql);
        return server.db.query(sql, params);
      },
    };
    app = await buildApp({
      db: recording,
      signingKey: KEY,
      staticDir: server.dataDir,
      logLevel: 'silent',
    });
    token = (await tokens.issueGuest('KOUS', randomUUID())).access_token;
    order = await insertOrder(server.db, {
      ownerKey: 'customer:owner',
      email: 'owner@example.com',
    });
    child = await insertOrder(server.db, {
      ownerKey: 'customer:owner',
      email: 'owner@example.com',
      orderNumber: `${order.orderNumber}-1`,
      parentOrderNumber: order.orderNumber,
    });
  });
  afterAll(() => app.close());

  /** The answer as a client sees it, and the queries it took. */
  const ask = async (method: 'GET' | 'POST', url: string, body?: Record<string, unknown>) => {
    seen.length = 0;
    const res = await app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { payload: body }),
    });
    return {
      answer: {
        status: res.statusCode,
        body: res.body,
        type: res.headers['content-type'],
        cache: res.headers['cache-control'],
        length: res.headers['content-length'],
      },
      queries: [...seen],
    };
  };

  const misses = (number: () => string, email: string) =>
    [
      ['a wrong e-mail', order.orderNumber, 'someone.else@example.com'],
      ["a child's number with a wrong e-mail", child.orderNumber, 'nobody@example.com'],
      ['an unknown random number', number(), email],
      ['an unknown sequential number', sequentialOrderNumber(), email],
      [
        'a number one character off',
        `${order.orderNumber.slice(0, -1)}${order.orderNumber.endsWith('0') ? '1' : '0'}`,
        email,
      ],
      ['a number that cannot be one', 'LV-IOU; DROP TABLE orders', email],
      ['a number with letters outside the alphabet', 'LV-ILOUILOUIL', email],
    ] as const;

  it('find-my-orders: the same status, body, headers and queries for every miss', async () => {
    const hit = await ask('POST', '/api/orders/find-my-orders', {
      email: 'owner@example.com',
      orderId: order.orderNumber,
    });
    expect(JSON.parse(hit.answer.body)).toEqual({
      results: [{ ...order, childOrders: [child.orderNumber] }],
    });
    const answers = [];
    for (const [why, orderId, email] of misses(freshOrderNumber, 'owner@example.com')) {
      const miss = await ask('POST', '/api/orders/find-my-orders', { email, orderId });
      answers.push({ why, ...miss });
    }
    const first = answers[0]!;
    expect(first.answer).toMatchObject({ status: 200, body: '{"results":[]}', cache: 'no-store' });
    for (const a of answers) {
      expect(a.answer, a.why).toEqual(first.answer);
      // One path: the lookup runs for every miss, as for a hit.
      expect(a.queries, a.why).toEqual(hit.queries);
    }
  });

  it('split lookup: the same answer and queries for every miss', async () => {
    const url = (n: string, e: string) =>
      `/api/orders/split?parentOrderNumber=${encodeURIComponent(n)}&email=${encodeURIComponent(e)}`;
    const hit = await ask('GET', url(order.orderNumber, 'owner@example.com'));
    expect(JSON.parse(hit.answer.body).results).toEqual([child]);
    for (const [why, n, e] of misses(freshOrderNumber, 'owner@example.com')) {
      const miss = await ask('GET', url(n, e));
      expect(miss.answer.status, why).toBe(200);
      expect(JSON.parse(miss.answer.body), why).toEqual({
        parentOrderNumber: n.trim().toUpperCase(),
        results: [],
      });
      expect(miss.queries, why).toEqual(hit.queries);
    }
  });

  it("order page: someone else's order reads as an unknown one, by the same queries", async () => {
    const theirs = await ask('GET', `/api/orders/${order.orderNumber}`);
    const unknown = await ask('GET', `/api/orders/${freshOrderNumber()}`);
    const impossible = await ask('GET', `/api/orders/${encodeURIComponent('LV-ILOU')}`);
    for (const miss of [theirs, unknown, impossible]) {
      expect(miss.answer.status).toBe(404);
      expect(JSON.parse(miss.answer.body).errors).toEqual([{ code: 'OrderNotFound' }]);
      expect(miss.queries).toEqual(theirs.queries);
    }
  });
});
