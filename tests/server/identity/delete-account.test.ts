/**
 * DELETE /api/customer/account on a real test server (docs/api.md "Identity"): a customer with
 * data everywhere — saved address, favorites, an ordered cart, a paid cart never ordered, an active
 * cart with a shipping choice and a shared link, two sessions, a pending reset code — deletes the
 * account. What is only theirs is gone; the order stays findable by number and e-mail under no
 * account; the old tokens are refused on every call; the e-mail signs up again afresh; another
 * customer loses nothing; a failure half-way leaves everything as it was.
 */
import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '../../../core/cart/cart';
import { TokenService } from '../../../server/auth/tokens';
import type { Database, Queryable, Transaction } from '../../../server/db/database';
import { deletedOwnerKey } from '../../../server/identity/account-deletion';
import { IdentityService } from '../../../server/identity/identity-service';
import type { Order } from '../../../server/orders/model';
import { startTestServer, type TestServer } from '../../support/test-server';
import {
  add,
  addItems,
  client,
  createCart,
  guestToken,
  pickSku,
  type Client,
  type PickedSku,
} from '../cart/support';
import { addressedCart, paidCart, submit } from '../checkout/support';

let server: TestServer;
let sku: PickedSku;

beforeAll(async () => {
  server = await startTestServer();
  sku = await pickSku(server, 'v.available_qty >= 50 AND NOT p.freight');
});
afterAll(() => server.dispose());

const PASSWORD = 'Sturdy-Tap-2026!';

interface Tokens {
  readonly access_token: string;
  readonly refresh_token: string;
}

interface Account {
  readonly email: string;
  readonly customerId: string;
  readonly tokens: Tokens;
  readonly c: Client;
}

const anyToken = async () => (await guestToken(server)).token;

const signIn = async (email: string, password = PASSWORD) =>
  (
    await client(server, await anyToken()).post<{ status: string; tokens?: Tokens }>(
      '/identity/signin',
      { username: email, password },
    )
  ).body;

/** Signs a fresh account up and in through the API, as the storefront does. */
const newAccount = async (email = `leaver-${randomUUID()}@example.com`): Promise<Account> => {
  const created = await client(server, await anyToken()).post<{ email: string }>(
    '/customer/signup',
    { email, password: PASSWORD, firstName: 'Lee', lastName: 'Vera', accountType: 'homeowner' },
  );
  expect(created.status).toBe(202);
  const answer = await signIn(email);
  if (answer.tokens === undefined) throw new Error(`sign-in: ${answer.status}`);
  return {
    email,
    customerId: String(decodeJwt(answer.tokens.access_token).customerId),
    tokens: answer.tokens,
    c: client(server, answer.tokens.access_token),
  };
};

const count = async (sql: string, params: unknown[]): Promise<number> =>
  Number(
    (await server.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${sql}`, params)).rows[0]?.n,
  );

/** Every row the account owns or refers to, table by table. */
const footprint = async (customerId: string) => {
  const key = `customer:${customerId}`;
  return {
    customers: await count('customers WHERE id = $1', [customerId]),
    addresses: await count('customer_addresses WHERE customer_id = $1', [customerId]),
    refreshTokens: await count('refresh_tokens WHERE customer_id = $1', [customerId]),
    resetCodes: await count('password_reset_codes WHERE customer_id = $1', [customerId]),
    lists: await count('shopping_lists WHERE owner_key = $1', [key]),
    listItems: await count(
      'shopping_list_items WHERE list_id IN (SELECT id FROM shopping_lists WHERE owner_key = $1)',
      [key],
    ),
    carts: await count('carts WHERE owner_key = $1', [key]),
    orders: await count('orders WHERE owner_key = $1', [key]),
  };
};

const saveAddress = async (c: Client) => {
  const profile = await c.get<{ version: number }>('/customer/profile');
  const saved = await c.post('/customer/address', {
    version: profile.body.version,
    actions: [
      {
        action: 'addAddress',
        address: {
          firstName: 'Lee',
          lastName: 'Vera',
          streetName: '1 Main Street',
          city: 'New York',
          state: 'NY',
          postalCode: '10001',
          country: 'US',
        },
      },
    ],
  });
  expect(saved.status).toBe(200);
};

const addFavorite = async (c: Client) => {
  const list = await c.post<{ id: string; version: number }>('/shopping-list/create', {
    name: { 'en-US': 'Favorites' },
  });
  const added = await c.post(`/shopping-list/add/${list.body.id}?type=product`, {
    version: list.body.version,
    actions: [
      {
        action: 'addLineItem',
        sku: sku.sku,
        quantity: 1,
        custom: { type: { key: 'lineItemShoppingList' } },
      },
    ],
  });
  expect(added.status).toBe(200);
};

const placeOrder = async (c: Client): Promise<{ order: Order; cartId: string }> => {
  const cart = await paidCart(c, [{ sku: sku.sku, quantity: 1 }]);
  const placed = await submit<Order>(c, cart);
  expect(placed.status).toBe(201);
  return { order: placed.body, cartId: cart.id };
};

/** An active cart with a line, the address and a shipping method set, and shared by link. */
const sharedActiveCart = async (c: Client): Promise<{ cartId: string; sharedId: string }> => {
  const { cart } = await addressedCart(c, [{ sku: sku.sku, quantity: 2 }]);
  const assigned = await c.post<Cart>('/checkout/v2/assign/shipmentfromcart', {
    cartId: cart.id,
    version: cart.version,
    methodId: 'standard',
  });
  expect(assigned.status).toBe(200);
  const shared = await c.post<{ sharedCartId: string }>('/cart/sharedcart', { cartId: cart.id });
  expect(shared.status).toBe(201);
  return { cartId: cart.id, sharedId: shared.body.sharedCartId };
};

/** The account of the other tests: data in every table deletion touches. */
const busyAccount = async () => {
  const account = await newAccount();
  const { c } = account;
  await saveAddress(c);
  await addFavorite(c);
  const ordered = await placeOrder(c);
  const paidOnly = await paidCart(c, [{ sku: sku.sku, quantity: 1 }]);
  const active = await sharedActiveCart(c);
  // A second session and a pending reset code.
  expect((await signIn(account.email)).status).toBe('SUCCESS');
  expect((await c.post('/identity/password/forgot', { email: account.email })).status).toBe(202);
  return { account, ordered, paidOnlyCartId: paidOnly.id, active };
};

const del = (c: Client) => c.del<Record<string, unknown>>('/customer/account');

describe('DELETE /api/customer/account', () => {
  it('deletes the account and what is only theirs, keeps the order findable under no account', async () => {
    const { account, ordered, paidOnlyCartId, active } = await busyAccount();
    const before = await footprint(account.customerId);
    expect(before).toEqual({
      customers: 1,
      addresses: 1,
      refreshTokens: 2,
      resetCodes: 1,
      lists: 1,
      listItems: 1,
      carts: 3,
      orders: 1,
    });

    const answer = await del(account.c);
    expect(answer).toEqual({ status: 200, body: { data: true } });

    expect(await footprint(account.customerId)).toEqual({
      customers: 0,
      addresses: 0,
      refreshTokens: 0,
      resetCodes: 0,
      lists: 0,
      listItems: 0,
      carts: 0,
      orders: 0,
    });
    // The active cart went with its shipping choice (part of its state) and its shared link.
    expect(await count('carts WHERE id = $1', [active.cartId])).toBe(0);
    expect(await count('shared_carts WHERE id = $1', [active.sharedId])).toBe(0);
    const stranger = client(server, await anyToken());
    expect((await stranger.get(`/cart/sharedcart/${active.sharedId}`)).status).toBe(404);

    // The books keep the order, its cart and the paid cart, under the tombstone owner.
    const tombstone = deletedOwnerKey(account.customerId);
    const kept = await server.db.query<{ id: string; status: string }>(
      'SELECT id, status FROM carts WHERE owner_key = $1 ORDER BY id',
      [tombstone],
    );
    expect(new Map(kept.rows.map((r) => [r.id, r.status]))).toEqual(
      new Map([
        [ordered.cartId, 'ordered'],
        [paidOnlyCartId, 'deleted'],
      ]),
    );
    expect(
      await count('orders WHERE order_number = $1 AND owner_key = $2', [
        ordered.order.orderNumber,
        tombstone,
      ]),
    ).toBe(1);
    // By the e-mail it was placed with (the checkout address's), as any guest finds an order.
    const found = await stranger.post<{ results: Order[] }>('/orders/find-my-orders', {
      email: ordered.order.email.toUpperCase(),
      orderId: ordered.order.orderNumber,
    });
    expect(found.body.results.map((o) => o.orderNumber)).toEqual([ordered.order.orderNumber]);
  });

  it('refuses the old tokens on every call, writes nothing for them, and refuses the old password', async () => {
    const { account, ordered, active } = await busyAccount();
    const validate = async () => {
      const res = await fetch(`${server.api}/oauth/token/validate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: account.tokens.access_token }),
      });
      return res.json();
    };
    expect(await validate()).toEqual({ valid: true });
    expect((await del(account.c)).status).toBe(200);

    const invalid = { message: 'Invalid JWT.' };
    const favorite = {
      version: 1,
      actions: [{ action: 'addLineItem', sku: sku.sku, quantity: 1 }],
    };
    for (const [method, path, body] of [
      ['GET', '/customer/me', undefined],
      ['GET', '/customer/profile', undefined],
      [
        'POST',
        '/customer/change_password',
        { currentPassword: PASSWORD, newPassword: 'New-Pass-2026' },
      ],
      ['DELETE', '/customer/account', undefined],
      // Not the customer's own calls, but they would write under an owner that no longer exists.
      ['GET', '/cart/active?expand=calculation', undefined],
      ['GET', `/cart/${active.cartId}`, undefined],
      ['POST', '/cart/create', { currency: 'USD', taxMode: 'Platform' }],
      ['POST', `/cart/v2/items?cartId=${active.cartId}`, { version: 1, actions: [] }],
      ['GET', '/shopping-list/Favorites', undefined],
      ['POST', '/shopping-list/create', { name: { 'en-US': 'Favorites' } }],
      ['POST', `/shopping-list/add/${randomUUID()}?type=product`, favorite],
      ['GET', '/orders?state=open', undefined],
      ['GET', `/orders/${ordered.order.orderNumber}`, undefined],
      ['POST', '/checkout/v2/assign/shipmentfromcart', { cartId: active.cartId, version: 1 }],
    ] as const) {
      const res = await fetch(`${server.api}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${account.tokens.access_token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      expect({ path, status: res.status, body: await res.json() }).toMatchObject({
        path,
        status: 401,
        body: invalid,
      });
    }
    // No session survives: the refresh token is refused.
    const refreshed = await fetch(`${server.api}/oauth/token?scope=refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: account.tokens.refresh_token }),
    });
    expect(refreshed.status).toBe(401);
    // The validate call agrees: the token is no longer valid, though its signature still holds.
    expect(await validate()).toEqual({ valid: false });
    // No orphan cart or list was written under the dead owner.
    const after = await footprint(account.customerId);
    expect({ carts: after.carts, lists: after.lists }).toEqual({ carts: 0, lists: 0 });

    expect(await signIn(account.email)).toMatchObject({ status: 'AUTHENTICATION_FAILED' });
  });

  it('lets the e-mail sign up again, as a new account that inherits nothing', async () => {
    const { account } = await busyAccount();
    expect((await del(account.c)).status).toBe(200);
    const again = await newAccount(account.email);
    expect(again.customerId).not.toBe(account.customerId);
    const orders = await again.c.get<{ results: Order[] }>('/orders?state=open');
    expect(orders).toEqual({ status: 200, body: { results: [] } });
    const profile = await again.c.get<{ addresses: unknown[] }>('/customer/profile');
    expect(profile.body.addresses).toEqual([]);
    const favorites = await again.c.get<{ results: unknown[] }>('/shopping-list/Favorites');
    expect(favorites.body.results).toEqual([]);
    const carts = await again.c.get<unknown[]>('/cart/active?expand=calculation');
    expect(carts.body).toEqual([]);
  });

  it("leaves every other customer's data alone", async () => {
    const other = await newAccount();
    await saveAddress(other.c);
    await addFavorite(other.c);
    await placeOrder(other.c);
    const cart = await createCart(other.c);
    expect((await addItems(other.c, cart, [add(sku.sku, 1)])).status).toBe(200);
    const before = await footprint(other.customerId);

    const { account } = await busyAccount();
    expect((await del(account.c)).status).toBe(200);
    expect(await footprint(other.customerId)).toEqual(before);
    expect((await other.c.get('/customer/me')).status).toBe(200);
  });

  it('is for customers: a guest token gets 403, no token 401, and nothing is deleted', async () => {
    const guest = client(server, await anyToken());
    expect((await del(guest)).status).toBe(403);
    const bare = await fetch(`${server.api}/customer/account`, { method: 'DELETE' });
    expect(bare.status).toBe(401);
    expect(await bare.json()).toMatchObject({ message: 'JWT not present.' });
  });

  it('deletes once when asked twice at the same moment: one 200, the other 401, never a 500', async () => {
    const { account } = await busyAccount();
    const answers = await Promise.all([del(account.c), del(account.c), del(account.c)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401]);
    expect((await footprint(account.customerId)).customers).toBe(0);
  });

  it('writes all or nothing: a failure at the last step leaves the account as it was', async () => {
    const { account } = await busyAccount();
    const before = await footprint(account.customerId);
    const failing: Database = {
      ...server.db,
      query: failingAtCustomerDelete(server.db).query,
      transaction: (work) =>
        server.db.transaction((tx) => work(failingAtCustomerDelete(tx) as Transaction)),
    };
    const identity = new IdentityService(failing, new TokenService(new Uint8Array(32)));
    await expect(identity.deleteAccount(account.customerId)).rejects.toThrow('injected');
    expect(await footprint(account.customerId)).toEqual(before);
    expect((await account.c.get('/customer/me')).status).toBe(200);
  });

  it('is listed in the API reference under Identity', async () => {
    const doc = (await (await fetch(`${server.api}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    expect(doc.paths['/api/customer/account']?.delete?.tags).toEqual(['Identity']);
  });
});

/** The transaction as given, except that deleting the customer row fails. */
const failingAtCustomerDelete = (tx: Queryable): Queryable => ({
  ...tx,
  query: (sql, params) =>
    sql.startsWith('DELETE FROM customers')
      ? Promise.reject(new Error('injected'))
      : tx.query(sql, params),
});
