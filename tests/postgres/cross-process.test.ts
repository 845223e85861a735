/**
 * Two API processes on one PostgreSQL database (issue 14, `WORKERS=2`): whatever a shopper did
 * through one process holds in the other — the sign-in, the cart and its version, the submitted
 * order and its Idempotency-Key, a two-step challenge, a sign-out, the rate-limit counts — and the
 * last unit of stock goes to exactly one of two checkouts racing through different processes. A
 * list or product page read through one process right after an order through the other shows the
 * stock that order left, although both processes keep catalogue answers in memory
 * (server/db/shared-versions.ts).
 */
import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '../../core/cart/cart';
import type { Order } from '../../core/orders/order';
import { ADDRESS, APPROVE_CARD } from '../../bench/checkout/burst';
import { DEMO_PASSWORD } from '../../server/identity/demo-accounts';
import { variantWithStock, type StockedVariant } from './support/stock';
import { startTwoProcesses, type TwoProcesses } from './support/two-processes';

let shop: TwoProcesses;

beforeAll(async () => {
  shop = await startTwoProcesses({
    // The real limits (server-process.ts scales them up for benches), the lookup's made small.
    RATE_LIMIT_SCALE: '1',
    RATE_LIMIT_LOOKUP: '4/1m',
    RATE_LIMIT_LOOKUP_ACCOUNT: 'off',
  });
}, 240_000);

afterAll(async () => {
  await shop?.close();
}, 60_000);

interface Answer<T> {
  readonly status: number;
  readonly body: T;
}

const call = async <T = unknown>(
  api: string,
  token: string | null,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer<T>> => {
  const res = await fetch(`${api}${url}`, {
    method,
    headers: {
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text === '' ? undefined : JSON.parse(text)) as T };
};

const ok = <T>(answer: Answer<T>, status = 200): T => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body;
};

const guestToken = async (api: string): Promise<string> =>
  ok(
    await call<{ access_token: string }>(
      api,
      null,
      'POST',
      `/oauth/token?scope=guest&channel=KOUS&gId=${randomUUID()}`,
    ),
  ).access_token;

interface Tokens {
  readonly access_token: string;
  readonly refresh_token: string;
}

const signIn = async (api: string, guest: string, username: string): Promise<Tokens> => {
  const answer = ok(
    await call<{ status: string; tokens: Tokens }>(api, guest, 'POST', '/identity/signin', {
      username,
      password: DEMO_PASSWORD,
    }),
  );
  expect(answer.status).toBe('SUCCESS');
  return answer.tokens;
};

const addLine = (sku: string, quantity: number) => ({
  action: 'addLineItem',
  sku,
  quantity,
  lineItemShipping: { salesChannel: 'KOUS' },
});

/** The shipping-cost answer: the cart with its address, and the shipping method in force. */
interface Addressed {
  readonly cart: Cart;
  readonly selectedMethodId: string;
}

/** A cart with the lines, addressed, shipped and paid through the processes given in turn. */
const paidCart = async (
  steps: readonly [string, string, string, string, string],
  token: string,
  lines: readonly (readonly [string, number])[],
): Promise<Cart> => {
  const [create, add, address, ship, pay] = steps;
  const empty = ok(
    await call<Cart>(create, token, 'POST', '/cart/create', {
      currency: 'USD',
      taxMode: 'Platform',
    }),
    201,
  );
  const filled = ok(
    await call<Cart>(add, token, 'POST', `/cart/items?cartId=${empty.id}`, {
      version: empty.version,
      actions: lines.map(([sku, quantity]) => addLine(sku, quantity)),
    }),
  );
  const addressed = ok(
    await call<Addressed>(address, token, 'POST', '/checkout/shipping-cost', {
      cartId: filled.id,
      version: filled.version,
      address: { ...ADDRESS, email: `${randomUUID()}@example.com` },
    }),
  );
  const shipped = ok(
    await call<Cart>(ship, token, 'POST', '/checkout/v2/assign/shipmentfromcart', {
      cartId: addressed.cart.id,
      version: addressed.cart.version,
      methodId: addressed.selectedMethodId,
    }),
  );
  ok(
    await call(pay, token, 'POST', '/checkout/payment', {
      cartId: shipped.id,
      version: shipped.version,
      method: 'card',
      card: APPROVE_CARD,
    }),
  );
  return shipped;
};

const submit = (api: string, token: string, cart: Cart, idempotencyKey?: string) =>
  call<Order & { errors?: { code: string; skus?: string[] }[] }>(
    api,
    token,
    'POST',
    '/checkout/order/submit',
    { cartId: cart.id, version: cart.version },
    idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey },
  );

let picked = 0;

/** A variant of a finished good that cannot be backordered, its stock set to `units`. */
const stocked = (units: number): Promise<StockedVariant> =>
  variantWithStock(shop.db, units, (picked += 7));

const unitsOf = async (sku: string): Promise<number> =>
  Number(
    (await shop.db.query('SELECT available_qty FROM product_variants WHERE sku = $1', [sku]))
      .rows[0]?.available_qty,
  );

describe('one shopper whose requests alternate between two processes', () => {
  it('keeps the sign-in, the cart, its version and one order for one submit', async () => {
    const { a, b } = shop;
    const guest = await guestToken(a.api);
    const tokens = await signIn(a.api, guest, 'homeowner@lavabo.test');
    const token = tokens.access_token;
    const variant = await stocked(20);

    // Created on B with A's token, filled on B, read on A.
    const empty = ok(
      await call<Cart>(b.api, token, 'POST', '/cart/create', {
        currency: 'USD',
        taxMode: 'Platform',
      }),
      201,
    );
    const filled = ok(
      await call<Cart>(b.api, token, 'POST', `/cart/items?cartId=${empty.id}`, {
        version: empty.version,
        actions: [addLine(variant.sku, 2)],
      }),
    );
    const read = ok(await call<Cart>(a.api, token, 'GET', `/cart/${empty.id}`));
    expect(read.version).toBe(filled.version);
    expect(read.lineItems.map((l) => [l.sku, l.quantity])).toEqual([[variant.sku, 2]]);

    // A changes it; B is sent the version A replaced and refuses it.
    const changed = ok(
      await call<Cart>(a.api, token, 'POST', `/cart/items?cartId=${empty.id}`, {
        version: read.version,
        actions: [addLine(variant.sku, 1)],
      }),
    );
    const stale = await call<{ errors: { code: string; currentVersion?: number }[] }>(
      b.api,
      token,
      'POST',
      `/cart/items?cartId=${empty.id}`,
      { version: read.version, actions: [addLine(variant.sku, 1)] },
    );
    expect(stale.status).toBe(409);
    expect(stale.body.errors[0]).toMatchObject({
      code: 'ConcurrentModification',
      currentVersion: changed.version,
    });

    // Addressed on B, shipped on A, paid on B; submitted on both at once and once more on A.
    const addressed = ok(
      await call<Addressed>(b.api, token, 'POST', '/checkout/shipping-cost', {
        cartId: empty.id,
        version: changed.version,
        address: { ...ADDRESS, email: 'homeowner@lavabo.test' },
      }),
    );
    const shipped = ok(
      await call<Cart>(a.api, token, 'POST', '/checkout/v2/assign/shipmentfromcart', {
        cartId: addressed.cart.id,
        version: addressed.cart.version,
        methodId: addressed.selectedMethodId,
      }),
    );
    ok(
      await call(b.api, token, 'POST', '/checkout/payment', {
        cartId: shipped.id,
        version: shipped.version,
        method: 'card',
        card: APPROVE_CARD,
      }),
    );
    const key = `cluster-${randomUUID()}`;
    const both = await Promise.all([
      submit(a.api, token, shipped, key),
      submit(b.api, token, shipped, key),
    ]);
    expect(both.map((s) => s.status).sort()).toEqual([200, 201]);
    const again = await submit(a.api, token, shipped, key);
    expect(again.status).toBe(200);
    const numbers = [...both, again].map((s) => s.body.orderNumber);
    expect(new Set(numbers).size).toBe(1);

    const orders = await shop.db.query('SELECT order_number FROM orders WHERE cart_id = $1', [
      empty.id,
    ]);
    expect(orders.rows).toHaveLength(1);
    expect(await unitsOf(variant.sku)).toBe(17);
  });

  it('completes a two-step sign-in begun on one process on the other', async () => {
    const { a, b } = shop;
    const guest = await guestToken(a.api);
    const first = ok(
      await call<{ status: string; challenge: string }>(a.api, guest, 'POST', '/identity/signin', {
        username: 'associate@lavabo.test',
        password: DEMO_PASSWORD,
      }),
    );
    expect(first.status).toBe('MFA_ENROLL_REQUIRED');
    const enrolment = ok(
      await call<{ secret: string }>(b.api, guest, 'POST', '/identity/signin/enrol', {
        challenge: first.challenge,
      }),
    );
    const code = new TOTP({ secret: Secret.fromBase32(enrolment.secret) }).generate();
    const verified = ok(
      await call<{ status: string; tokens?: Tokens }>(
        a.api,
        guest,
        'POST',
        '/identity/signin/verify',
        {
          challenge: first.challenge,
          code,
        },
      ),
    );
    expect(verified.status).toBe('SUCCESS');
    // The code is used up wherever it is typed again.
    const replay = ok(
      await call<{ status: string }>(b.api, guest, 'POST', '/identity/signin/verify', {
        challenge: first.challenge,
        code,
      }),
    );
    expect(replay.status).not.toBe('SUCCESS');
    ok(await call(b.api, verified.tokens?.access_token ?? '', 'GET', '/search/typeahead?q=fau'));
  });
});

describe('what one process ends or counts, the other knows at once', () => {
  it('refuses on B an access token whose session was signed out on A', async () => {
    const { a, b } = shop;
    const tokens = await signIn(a.api, await guestToken(a.api), 'homeowner@lavabo.test');
    // B has checked the session, and would remember it as live.
    ok(await call(b.api, tokens.access_token, 'GET', '/search/typeahead?q=fau'));
    ok(await call(b.api, tokens.access_token, 'GET', '/search/typeahead?q=fau'));
    expect(
      (
        await call(a.api, null, 'POST', '/identity/signout', {
          refresh_token: tokens.refresh_token,
        })
      ).status,
    ).toBe(204);
    expect((await call(b.api, tokens.access_token, 'GET', '/search/typeahead?q=fau')).status).toBe(
      401,
    );
    expect((await call(a.api, tokens.access_token, 'GET', '/search/typeahead?q=fau')).status).toBe(
      401,
    );
  });

  it('counts one client’s attempts on both processes against one limit', async () => {
    const { a, b } = shop;
    const token = await guestToken(a.api);
    const statuses: number[] = [];
    for (const api of [a.api, b.api, a.api, b.api, a.api, b.api]) {
      const answer = await call(api, token, 'POST', '/customer/lookup', {
        email: `${randomUUID()}@example.com`,
      });
      statuses.push(answer.status);
    }
    // RATE_LIMIT_LOOKUP=4/1m: four in all, whichever process counted them.
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });
});

describe('stock across processes', () => {
  it('gives the last unit to exactly one of two checkouts racing through A and B', async () => {
    const { a, b } = shop;
    const variant = await stocked(1);
    const first = await guestToken(a.api);
    const second = await guestToken(b.api);
    const [cartA, cartB] = await Promise.all([
      paidCart([a.api, a.api, a.api, a.api, a.api], first, [[variant.sku, 1]]),
      paidCart([b.api, b.api, b.api, b.api, b.api], second, [[variant.sku, 1]]),
    ]);
    const answers = await Promise.all([
      submit(a.api, first, cartA, randomUUID()),
      submit(b.api, second, cartB, randomUUID()),
    ]);
    expect(answers.map((s) => s.status).sort()).toEqual([201, 409]);
    const lost = answers.find((s) => s.status === 409);
    expect(lost?.body.errors?.[0]).toMatchObject({ code: 'OutOfStock', skus: [variant.sku] });
    expect(await unitsOf(variant.sku)).toBe(0);
    const orders = await shop.db.query(
      'SELECT count(*)::int AS n FROM orders WHERE cart_id = ANY($1::text[])',
      [[cartA.id, cartB.id]],
    );
    expect(orders.rows[0]?.n).toBe(1);
  });

  it('shows on B, at once, the stock an order through A left, in lists and product pages', async () => {
    const { a, b } = shop;
    const variant = await stocked(5);
    const token = await guestToken(b.api);
    const list = `/search/plp?q=*:*&fq=sku_s:${variant.master}&fl=sku_s,availableQty_i`;
    const listedUnits = async () => {
      const answer = ok(
        await call<{ response: { docs: { availableQty_i: number }[] } }>(b.api, token, 'GET', list),
      );
      expect(answer.response.docs).toHaveLength(1);
      return answer.response.docs[0]?.availableQty_i;
    };
    const pageUnits = async () =>
      ok(
        await call<{ response: { docs: { availableQty_i: number }[] } }>(
          b.api,
          token,
          'POST',
          '/search/pdp?fl=sku_s,availableQty_i',
          { slug: variant.slug },
        ),
      ).response.docs[0]?.availableQty_i;

    // Read twice on B: the answers are B's to keep.
    const listedBefore = await listedUnits();
    expect(await listedUnits()).toBe(listedBefore);
    const pageBefore = await pageUnits();
    expect(await pageUnits()).toBe(pageBefore);

    const buyer = await guestToken(a.api);
    const cart = await paidCart([a.api, a.api, a.api, a.api, a.api], buyer, [[variant.sku, 2]]);
    expect((await submit(a.api, buyer, cart)).status).toBe(201);

    expect(await listedUnits()).toBe((listedBefore ?? 0) - 2);
    expect(await pageUnits()).toBe((pageBefore ?? 0) - 2);
  });
});

describe('requests alternating between two processes see every commit answered before them', () => {
  it('orders through A and B in turn: each process lists and shows the stock the last one left', async () => {
    const { a, b } = shop;
    const variant = await stocked(9);
    const readers = { a: await guestToken(a.api), b: await guestToken(b.api) };
    const list = `/search/plp?q=*:*&fq=sku_s:${variant.master}&fl=sku_s,availableQty_i`;
    // Both what a list and what a product page answer, through one process.
    const unitsOn = async (api: string, token: string) => {
      const listed = ok(
        await call<{ response: { docs: { availableQty_i: number }[] } }>(api, token, 'GET', list),
      ).response.docs[0]?.availableQty_i;
      const shown = ok(
        await call<{ response: { docs: { availableQty_i: number }[] } }>(
          api,
          token,
          'POST',
          '/search/pdp?fl=sku_s,availableQty_i',
          { slug: variant.slug },
        ),
      ).response.docs[0]?.availableQty_i;
      return [listed, shown];
    };
    const bothSee = async () => [
      ...(await unitsOn(a.api, readers.a)),
      ...(await unitsOn(b.api, readers.b)),
      ...(await unitsOn(a.api, readers.a)),
    ];
    // Each process has read (and keeps) the answer before the first order.
    const start = await bothSee();
    const before = start[0] ?? 0;
    expect(start).toEqual([before, before, before, before, before, before]);

    let left = before;
    for (const api of [a.api, b.api, a.api, b.api]) {
      const buyer = await guestToken(api);
      const cart = await paidCart([api, api, api, api, api], buyer, [[variant.sku, 1]]);
      expect((await submit(api, buyer, cart)).status).toBe(201);
      left -= 1;
      // Started after the order's answer: every read, on either process, shows its stock.
      expect(await bothSee()).toEqual([left, left, left, left, left, left]);
    }
  });

  it('signs out through A and B in turn: each session is refused on both processes at once', async () => {
    const { a, b } = shop;
    for (const [out, other] of [
      [a.api, b.api],
      [b.api, a.api],
    ] as const) {
      const tokens = await signIn(other, await guestToken(other), 'homeowner@lavabo.test');
      // Both processes have checked the session live, and would remember it.
      ok(await call(a.api, tokens.access_token, 'GET', '/search/typeahead?q=fau'));
      ok(await call(b.api, tokens.access_token, 'GET', '/search/typeahead?q=fau'));
      const signedOut = await call(out, null, 'POST', '/identity/signout', {
        refresh_token: tokens.refresh_token,
      });
      expect(signedOut.status).toBe(204);
      for (const api of [other, out, other]) {
        expect(
          (await call(api, tokens.access_token, 'GET', '/search/typeahead?q=fau')).status,
        ).toBe(401);
      }
    }
  });
});
