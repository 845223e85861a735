/**
 * The orders API on the real server (docs/api.md "Orders"), over orders written straight into the
 * orders table: who may read which order, find-my-orders normalisation without enumeration, open
 * and past history, split orders, the dev advance endpoint's status transitions, and bad input.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import type { Order } from '../../../server/orders/model';
import { OrderRepository } from '../../../server/orders/order-repository';
import { startTestServer, type TestServer } from '../../support/test-server';
import { client, customerToken, guestToken, type Client } from '../cart/support';
import { freshOrderNumber, insertOrder } from './fixture';

interface ErrorAnswer {
  statusCode: number;
  error: string;
  message: string;
  errors?: { code: string; field?: string; from?: string; to?: string }[];
}

let server: TestServer;
let alice: Client & { key: string; email: string };
let bob: Client & { key: string; email: string };
let guest: Client & { key: string };

const customer = async () => {
  const c = await customerToken(server);
  return { ...client(server, c.token), key: `customer:${c.customerId}`, email: c.email };
};

beforeAll(async () => {
  server = await startTestServer();
  alice = await customer();
  bob = await customer();
  const g = await guestToken(server);
  guest = { ...client(server, g.token), key: `guest:${g.anonymousId}` };
});
afterAll(() => server.dispose());

const advance = async (orderNumber: string, body?: unknown) => {
  const res = await fetch(`${server.api}/dev/orders/${orderNumber}/advance`, {
    method: 'POST',
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Order & ErrorAnswer };
};

describe('GET /api/orders/{orderNumber}', () => {
  it('answers the owner and 404s everyone else, the same as an unknown number', async () => {
    const order = await insertOrder(server.db, { ownerKey: alice.key, email: alice.email });

    const mine = await alice.get<Order>(`/orders/${order.orderNumber}`);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual(order);

    const theirs = await bob.get<ErrorAnswer>(`/orders/${order.orderNumber}`);
    const unknown = await bob.get<ErrorAnswer>(`/orders/${freshOrderNumber()}`);
    expect(theirs.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(theirs.body.errors).toEqual(unknown.body.errors);
    expect(theirs.body.errors?.[0]?.code).toBe('OrderNotFound');
    expect((await guest.get(`/orders/${order.orderNumber}`)).status).toBe(404);
  });

  it("lets a guest read the order it placed, and nobody else's guest token", async () => {
    const order = await insertOrder(server.db, { ownerKey: guest.key, email: 'Guest@Example.com' });
    const mine = await guest.get<Order>(`/orders/${order.orderNumber.toLowerCase()}`);
    expect(mine.status).toBe(200);
    expect(mine.body.orderNumber).toBe(order.orderNumber);
    expect(mine.body.email).toBe('guest@example.com');
    const other = client(server, (await guestToken(server)).token);
    expect((await other.get(`/orders/${order.orderNumber}`)).status).toBe(404);
    expect((await alice.get(`/orders/${order.orderNumber}`)).status).toBe(404);
  });

  it('needs a token and treats a number that cannot be an order as not found', async () => {
    const res = await fetch(`${server.api}/orders/LV-100001`);
    expect(res.status).toBe(401);
    expect((await alice.get(`/orders/${encodeURIComponent("LV-1' OR 1=1 --")}`)).status).toBe(404);
    const long = await alice.get<ErrorAnswer>(`/orders/LV-${'1'.repeat(60)}`);
    expect(long.status).toBe(400);
    expect(long.body.errors?.[0]?.field).toBe('orderNumber');
  });
});

describe('GET /api/orders?state=open|past', () => {
  it("lists only the customer's own orders, newest first, split by state", async () => {
    const c = await customer();
    const other = await customer();
    const old = await insertOrder(server.db, {
      ownerKey: c.key,
      email: c.email,
      createdAt: new Date('2026-01-01T00:00:00Z'),
    });
    const recent = await insertOrder(server.db, {
      ownerKey: c.key,
      email: c.email,
      status: 'Shipped',
      createdAt: new Date('2026-02-01T00:00:00Z'),
    });
    const done = await insertOrder(server.db, {
      ownerKey: c.key,
      email: c.email,
      status: 'Completed',
    });
    const cancelled = await insertOrder(server.db, {
      ownerKey: c.key,
      email: c.email,
      status: 'Cancelled',
    });
    await insertOrder(server.db, { ownerKey: other.key, email: c.email });

    const open = await c.get<{ results: Order[] }>('/orders?state=open');
    expect(open.status).toBe(200);
    expect(open.body.results.map((o) => o.orderNumber)).toEqual([
      recent.orderNumber,
      old.orderNumber,
    ]);
    const past = await c.get<{ results: Order[] }>('/orders?state=past');
    expect(past.body.results.map((o) => o.orderNumber).sort()).toEqual(
      [done.orderNumber, cancelled.orderNumber].sort(),
    );
    expect((await other.get<{ results: Order[] }>('/orders?state=past')).body.results).toEqual([]);
  });

  it('moves an order from open to past once it is completed', async () => {
    const c = await customer();
    const order = await insertOrder(server.db, {
      ownerKey: c.key,
      email: c.email,
      status: 'Shipped',
    });
    expect((await c.get<{ results: Order[] }>('/orders?state=open')).body.results).toHaveLength(1);
    expect((await advance(order.orderNumber)).status).toBe(200);
    expect((await c.get<{ results: Order[] }>('/orders?state=open')).body.results).toEqual([]);
    const past = await c.get<{ results: Order[] }>('/orders?state=past');
    expect(past.body.results.map((o) => [o.orderNumber, o.status])).toEqual([
      [order.orderNumber, 'Completed'],
    ]);
  });

  it('refuses guests (403) and a missing or unknown state (400 naming it)', async () => {
    expect((await guest.get('/orders?state=open')).status).toBe(403);
    for (const url of [
      '/orders',
      '/orders?state=all',
      '/orders?state=OPEN',
      '/orders?state=open&state=past',
    ]) {
      const res = await alice.get<ErrorAnswer>(url);
      expect(res.status, url).toBe(400);
      expect(res.body.errors?.[0]?.field, url).toBe('querystring.state');
    }
  });
});

describe('guest orders join the account when the guest signs in or signs up', () => {
  const PASSWORD = 'Sturdy-Tap-2026!';
  const ownerOfRow = async (orderNumber: string): Promise<string | undefined> =>
    (
      await server.db.query<{ owner_key: string }>(
        'SELECT owner_key FROM orders WHERE order_number = $1',
        [orderNumber],
      )
    ).rows[0]?.owner_key;
  const signUp = async (guest: string, email: string): Promise<string> => {
    const created = await client(server, guest).post<{ email: string }>('/customer/signup', {
      email,
      password: PASSWORD,
      firstName: 'Robin',
      lastName: 'Tester',
      accountType: 'homeowner',
    });
    // Sign-up answers alike for a new and a taken e-mail: the id is the database's.
    expect(created.status).toBe(202);
    const row = await server.db.query<{ id: string }>('SELECT id FROM customers WHERE email = $1', [
      created.body.email,
    ]);
    return row.rows[0]?.id ?? '';
  };
  const signIn = async (guest: string, email: string, password = PASSWORD) =>
    (
      await client(server, guest).post<{ status: string; tokens?: { access_token: string } }>(
        '/identity/signin',
        { username: email, password },
      )
    ).body;
  const numbers = async (c: Client) =>
    (await c.get<{ results: Order[] }>('/orders?state=open')).body.results.map(
      (o) => o.orderNumber,
    );

  it("takes over, at sign-in, the session's orders placed with the customer's e-mail", async () => {
    const email = `claim-${randomUUID()}@example.test`;
    const customerId = await signUp((await guestToken(server)).token, email);
    const g = await guestToken(server);
    const guestKey = `guest:${g.anonymousId}`;
    const mine = await insertOrder(server.db, { ownerKey: guestKey, email: email.toUpperCase() });
    const otherMail = await insertOrder(server.db, { ownerKey: guestKey, email: 'x@example.test' });
    const elsewhereKey = `guest:${randomUUID()}`;
    const elsewhere = await insertOrder(server.db, { ownerKey: elsewhereKey, email });

    // A failed sign-in, another session, or another account signing in from it moves nothing.
    expect((await signIn(g.token, email, 'Not-The-Password-1!')).status).toBe(
      'AUTHENTICATION_FAILED',
    );
    expect((await signIn((await guestToken(server)).token, email)).status).toBe('SUCCESS');
    const strangerMail = `stranger-${randomUUID()}@example.test`;
    await signUp((await guestToken(server)).token, strangerMail);
    expect((await signIn(g.token, strangerMail)).status).toBe('SUCCESS');
    expect(await ownerOfRow(mine.orderNumber)).toBe(guestKey);

    const answer = await signIn(g.token, email);
    expect(answer.status).toBe('SUCCESS');
    expect(Object.keys(answer).sort()).toEqual(['status', 'tokens']);
    // Moved by the sign-in itself, before anything reads the orders.
    expect(await ownerOfRow(mine.orderNumber)).toBe(`customer:${customerId}`);
    expect(await ownerOfRow(otherMail.orderNumber)).toBe(guestKey);
    expect(await ownerOfRow(elsewhere.orderNumber)).toBe(elsewhereKey);

    const c = client(server, answer.tokens?.access_token ?? '');
    expect(await numbers(c)).toEqual([mine.orderNumber]);
    expect((await c.get<Order>(`/orders/${mine.orderNumber}`)).status).toBe(200);
    // It is the customer's now, from any session; the guest token no longer reads it.
    const later = await customerToken(server, { customerId, email });
    expect(await numbers(client(server, later.token))).toEqual([mine.orderNumber]);
    const asGuest = client(server, g.token);
    expect((await asGuest.get(`/orders/${mine.orderNumber}`)).status).toBe(404);
    expect((await asGuest.get(`/orders/${otherMail.orderNumber}`)).status).toBe(200);
    expect(
      (
        await c.post<{ results: Order[] }>('/orders/find-my-orders', {
          email,
          orderId: elsewhere.orderNumber,
        })
      ).body.results,
    ).toHaveLength(1);
  });

  it("takes over, at sign-up, the session's orders placed with the new account's e-mail", async () => {
    const email = `signup-${randomUUID()}@example.test`;
    const g = await guestToken(server);
    const guestKey = `guest:${g.anonymousId}`;
    const mine = await insertOrder(server.db, { ownerKey: guestKey, email });
    const otherMail = await insertOrder(server.db, { ownerKey: guestKey, email: 'y@example.test' });
    const customerId = await signUp(g.token, email);
    expect(await ownerOfRow(mine.orderNumber)).toBe(`customer:${customerId}`);
    expect(await ownerOfRow(otherMail.orderNumber)).toBe(guestKey);
  });

  it('reading orders moves nothing, whatever guest session the token names', async () => {
    const email = `reader-${randomUUID()}@example.test`;
    const customerId = await signUp((await guestToken(server)).token, email);
    const g = await guestToken(server);
    const guestKey = `guest:${g.anonymousId}`;
    const order = await insertOrder(server.db, { ownerKey: guestKey, email });
    // A token naming that session that did not come from a sign-in there.
    const token = await customerToken(server, { customerId, email, anonymousId: g.anonymousId });
    const c = client(server, token.token);
    expect(await numbers(c)).toEqual([]);
    expect((await c.get(`/orders/${order.orderNumber}`)).status).toBe(404);
    expect(await ownerOfRow(order.orderNumber)).toBe(guestKey);
  });

  it('an account deleted meanwhile takes nothing', async () => {
    const guestKey = `guest:${randomUUID()}`;
    const email = `gone-${randomUUID()}@example.test`;
    const order = await insertOrder(server.db, { ownerKey: guestKey, email });
    const gone = randomUUID();
    const moved = await new OrderRepository(server.db).claimGuestOrders(
      gone,
      `customer:${gone}`,
      guestKey,
      email,
    );
    expect(moved).toBe(0);
    expect(await ownerOfRow(order.orderNumber)).toBe(guestKey);
  });
});

describe('POST /api/orders/find-my-orders', () => {
  it('finds an order by any spacing and case of its e-mail and number', async () => {
    const order = await insertOrder(server.db, {
      ownerKey: guest.key,
      email: 'Shopper.One@Example.com',
    });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          'shopper.one@example.com',
          'SHOPPER.ONE@EXAMPLE.COM',
          'Shopper.One@example.COM',
        ),
        fc.constantFrom('', ' ', '\t', '  \n'),
        fc.boolean(),
        async (email, pad, lower) => {
          const orderId = `${pad}${lower ? order.orderNumber.toLowerCase() : order.orderNumber}${pad}`;
          const res = await bob.post<{ results: Order[] }>('/orders/find-my-orders', {
            email: `${pad}${email}${pad}`,
            orderId,
          });
          expect(res.status).toBe(200);
          expect(res.body.results).toEqual([order]);
        },
      ),
      { numRuns: 12 },
    );
  });

  it('answers a wrong e-mail exactly as an unknown order: nothing to enumerate', async () => {
    const order = await insertOrder(server.db, { ownerKey: alice.key, email: alice.email });
    const wrongEmail = await guest.post('/orders/find-my-orders', {
      email: 'someone.else@example.com',
      orderId: order.orderNumber,
    });
    const unknownOrder = await guest.post('/orders/find-my-orders', {
      email: alice.email,
      orderId: freshOrderNumber(),
    });
    const implausible = await guest.post('/orders/find-my-orders', {
      email: alice.email,
      orderId: 'LV 100001; --',
    });
    expect(wrongEmail).toEqual({ status: 200, body: { results: [] } });
    expect(unknownOrder).toEqual(wrongEmail);
    expect(implausible).toEqual(wrongEmail);
  });

  it('refuses bad bodies with a 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ orderId: 'LV-100001' }, 'email'],
      [{ email: 'a@example.com' }, 'orderId'],
      [{ email: 42, orderId: 'LV-100001' }, 'email'],
      [{ email: 'nope', orderId: 'LV-100001' }, 'email'],
      [{ email: `${'a'.repeat(250)}@example.com`, orderId: 'LV-100001' }, 'email'],
      [{ email: 'a@example.com', orderId: ['LV-100001'] }, 'orderId'],
      [{ email: 'a@example.com', orderId: 'L'.repeat(41) }, 'orderId'],
      [[1, 2], 'body'],
      ['"text"', 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await guest.post<ErrorAnswer>('/orders/find-my-orders', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors?.[0]?.field, JSON.stringify(body)).toBe(field);
    }
    const broken = await guest.post<ErrorAnswer>('/orders/find-my-orders', '{"email":');
    expect(broken.status).toBe(400);
  });
  it('never fails on any JSON body: 200 with results or a 400', async () => {
    const field = fc.oneof(fc.string(), fc.emailAddress(), fc.jsonValue());
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.jsonValue(), fc.record({ email: field, orderId: field }, { requiredKeys: [] })),
        async (body) => {
          const res = await guest.post<{ results?: unknown[] } & ErrorAnswer>(
            '/orders/find-my-orders',
            JSON.stringify(body ?? null),
          );
          expect([200, 400], JSON.stringify(body)).toContain(res.status);
          if (res.status === 200) expect(res.body.results).toEqual([]);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('split orders', () => {
  it('lists the children by parent and e-mail, and nothing for a wrong e-mail', async () => {
    const parent = await insertOrder(server.db, { ownerKey: alice.key, email: alice.email });
    const children = [
      await insertOrder(server.db, {
        ownerKey: alice.key,
        email: alice.email,
        orderNumber: `${parent.orderNumber}-1`,
        parentOrderNumber: parent.orderNumber,
      }),
      await insertOrder(server.db, {
        ownerKey: alice.key,
        email: alice.email,
        orderNumber: `${parent.orderNumber}-2`,
        parentOrderNumber: parent.orderNumber,
      }),
    ];
    const q = (email: string, number = parent.orderNumber) =>
      guest.get<{ parentOrderNumber: string; results: Order[] }>(
        `/orders/split?parentOrderNumber=${encodeURIComponent(number)}&email=${encodeURIComponent(email)}`,
      );

    const found = await q(` ${alice.email.toUpperCase()} `, parent.orderNumber.toLowerCase());
    expect(found.status).toBe(200);
    expect(found.body.parentOrderNumber).toBe(parent.orderNumber);
    expect(found.body.results.map((o) => o.orderNumber)).toEqual(
      children.map((c) => c.orderNumber),
    );
    expect(found.body.results.every((o) => o.parentOrderNumber === parent.orderNumber)).toBe(true);
    expect((await q('someone@example.com')).body.results).toEqual([]);

    // The parent names its children; history lists the parent only.
    const detail = await alice.get<Order>(`/orders/${parent.orderNumber}`);
    expect(detail.body.childOrders).toEqual(children.map((c) => c.orderNumber));
    const open = await alice.get<{ results: Order[] }>('/orders?state=open');
    const listed = open.body.results.map((o) => o.orderNumber);
    expect(listed).toContain(parent.orderNumber);
    expect(listed).not.toContain(children[0]?.orderNumber);

    const missing = await guest.get<ErrorAnswer>(`/orders/split?email=${alice.email}`);
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.[0]?.field).toBe('querystring.parentOrderNumber');
  });
});

describe('POST /api/dev/orders/{orderNumber}/advance', () => {
  it('moves Open → Confirmed → Shipped → Completed, then refuses with 409', async () => {
    const order = await insertOrder(server.db, { ownerKey: alice.key, email: alice.email });
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await advance(order.orderNumber);
      expect(res.status).toBe(200);
      seen.push(res.body.status);
    }
    expect(seen).toEqual(['Confirmed', 'Shipped', 'Completed']);
    const stuck = await advance(order.orderNumber);
    expect(stuck.status).toBe(409);
    expect(stuck.body.errors?.[0]).toMatchObject({
      code: 'InvalidStatusTransition',
      from: 'Completed',
    });
    expect((await alice.get<Order>(`/orders/${order.orderNumber}`)).body.status).toBe('Completed');
  });

  it('cancels from Open or Confirmed only', async () => {
    for (const from of ['Open', 'Confirmed'] as const) {
      const o = await insertOrder(server.db, {
        ownerKey: alice.key,
        email: alice.email,
        status: from,
      });
      const res = await advance(o.orderNumber, { to: 'Cancelled' });
      expect(res.status, from).toBe(200);
      expect(res.body.status).toBe('Cancelled');
      expect((await advance(o.orderNumber)).status).toBe(409);
    }
    for (const from of ['Shipped', 'Completed', 'Cancelled'] as const) {
      const o = await insertOrder(server.db, {
        ownerKey: alice.key,
        email: alice.email,
        status: from,
      });
      const res = await advance(o.orderNumber, { to: 'Cancelled' });
      expect(res.status, from).toBe(409);
      expect((await alice.get<Order>(`/orders/${o.orderNumber}`)).body.status).toBe(from);
    }
    const open = await insertOrder(server.db, { ownerKey: alice.key, email: alice.email });
    expect((await advance(open.orderNumber, { to: 'Shipped' })).status).toBe(409);
    expect((await advance(open.orderNumber, { to: 'Confirmed' })).body.status).toBe('Confirmed');
  });

  it('lets concurrent advances each take one step: no step is lost or repeated', async () => {
    const order = await insertOrder(server.db, { ownerKey: alice.key, email: alice.email });
    const results = await Promise.all(Array.from({ length: 6 }, () => advance(order.orderNumber)));
    const ok = results.filter((r) => r.status === 200).map((r) => r.body.status);
    expect(ok.sort()).toEqual(['Completed', 'Confirmed', 'Shipped']);
    expect(results.filter((r) => r.status === 409)).toHaveLength(3);
  });

  it('404s an unknown order and 400s a bad body', async () => {
    expect((await advance(freshOrderNumber())).status).toBe(404);
    const o = await insertOrder(server.db, { ownerKey: alice.key, email: alice.email });
    const bad = await advance(o.orderNumber, { to: 'Lost' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('to');
    expect((await alice.get<Order>(`/orders/${o.orderNumber}`)).body.status).toBe('Open');
  });

  it('is not served without dev endpoints', async () => {
    const app = await buildApp({
      db: server.db,
      signingKey: new Uint8Array(32),
      staticDir: server.dataDir,
      logLevel: 'silent',
      devEndpoints: false,
    });
    try {
      const o = await insertOrder(server.db, { ownerKey: alice.key, email: alice.email });
      const res = await app.inject({
        method: 'POST',
        url: `/api/dev/orders/${o.orderNumber}/advance`,
      });
      expect(res.statusCode).toBe(401);
      expect((await alice.get<Order>(`/orders/${o.orderNumber}`)).body.status).toBe('Open');
    } finally {
      await app.close();
    }
  });
});

describe('ISC orders', () => {
  it('carry orderType and CSRAssociateId from the columns', async () => {
    const o = await insertOrder(server.db, {
      ownerKey: alice.key,
      email: alice.email,
      orderType: 'ISC',
      csrAssociateId: `assoc-${randomUUID()}`,
    });
    const res = await alice.get<Order>(`/orders/${o.orderNumber}`);
    expect(res.body.orderType).toBe('ISC');
    expect(res.body.CSRAssociateId).toBe(o.CSRAssociateId);
  });
});
