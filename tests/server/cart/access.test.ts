/**
 * Whose cart is whose: a cart answers only its owner (customer id or guest anonymousId); anyone
 * else gets 404, as if it did not exist. And the guest → customer merge.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '../../../core/cart/cart';
import { startTestServer, type TestServer } from '../../support/test-server';
import {
  add,
  addItems,
  client,
  createCart,
  customerToken,
  guestToken,
  pickSku,
  type Client,
  type PickedSku,
} from './support';

let server: TestServer;
let first: PickedSku;
let second: PickedSku;

beforeAll(async () => {
  server = await startTestServer();
  first = await pickSku(server, 'v.available_qty >= 50 AND NOT p.freight');
  second = await pickSku(server, 'v.available_qty >= 50 AND NOT p.freight', 1);
});
afterAll(() => server.dispose());

const units = (cart: Cart, sku: string) =>
  cart.lineItems.filter((l) => l.sku === sku).reduce((n, l) => n + l.quantity, 0);

/** Every way to touch a cart by id; each must answer 404 to a stranger. */
const touchAll = (c: Client, cart: Cart) => [
  c.get(`/cart/${cart.id}?expand=calculation`),
  addItems(c, cart, [add(first.sku, 1)]),
  c.post('/cart/v2/items', {
    cartId: cart.id,
    version: cart.version,
    actions: [add(first.sku, 1)],
  }),
  c.post(`/cart/discount?cartId=${cart.id}`, { version: cart.version, code: 'SAVE10' }),
  c.post('/cart/v2/discount', { cartId: cart.id, version: cart.version, code: 'SAVE10' }),
  c.del(`/cart/${cart.id}?cart-versionId=${cart.version}`),
  c.post('/cart/sharedcart', { cartId: cart.id }),
];

describe('isolation', () => {
  it("customer A cannot read or change customer B's cart (404), and B's cart is untouched", async () => {
    const a = client(server, (await customerToken(server)).token);
    const b = client(server, (await customerToken(server)).token);
    const cart = (await addItems(b, await createCart(b), [add(first.sku, 2)])).body;
    const answers = await Promise.all(touchAll(a, cart));
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 404));
    expect((await a.get<Cart[]>('/cart/active')).body).toEqual([]);
    expect((await b.get<Cart>(`/cart/${cart.id}`)).body).toEqual(cart);
  });

  it("a guest token cannot read a customer's cart, nor a customer a guest's", async () => {
    const customer = client(server, (await customerToken(server)).token);
    const guest = client(server, (await guestToken(server)).token);
    const customerCart = await createCart(customer);
    const guestCart = await createCart(guest);
    expect((await Promise.all(touchAll(guest, customerCart))).map((r) => r.status)).toEqual(
      Array(7).fill(404),
    );
    expect((await Promise.all(touchAll(customer, guestCart))).map((r) => r.status)).toEqual(
      Array(7).fill(404),
    );
  });

  it('two guests are two owners', async () => {
    const one = client(server, (await guestToken(server)).token);
    const two = client(server, (await guestToken(server)).token);
    const cart = await createCart(one);
    expect((await two.get(`/cart/${cart.id}`)).status).toBe(404);
  });

  it('no token is 401; a customer cart carries the e-mail of the token, not of the body', async () => {
    const res = await fetch(`${server.api}/cart/active`);
    expect(res.status).toBe(401);
    const { token, email } = await customerToken(server, { email: 'Someone@Example.test' });
    const c = client(server, token);
    const created = await c.post<Cart>('/cart/create', {
      currency: 'USD',
      taxMode: 'Platform',
      customerEmail: 'other@example.test',
    });
    expect(created.body.customerEmail).toBe(email.toLowerCase());
    expect(created.body).not.toHaveProperty('anonymousId');
  });
});

describe('merge', () => {
  it("moves the guest's lines into the customer's cart, adding up the same SKU; the guest cart is gone", async () => {
    const guest = await guestToken(server);
    const g = client(server, guest.token);
    const guestCart = (
      await addItems(g, await createCart(g), [add(first.sku, 2), add(second.sku, 1)])
    ).body;
    const me = await customerToken(server, { anonymousId: guest.anonymousId });
    const c = client(server, me.token);
    const mine = (await addItems(c, await createCart(c), [add(first.sku, 3)])).body;

    const merged = await c.post<{ data: { FGCart: Cart } }>('/cart/merge?expand=calculation', {
      anonymousId: guest.anonymousId,
    });
    expect(merged.status).toBe(200);
    const cart = merged.body.data.FGCart;
    expect(cart.id).toBe(mine.id);
    expect(cart.version).toBe(mine.version + 1);
    expect(units(cart, first.sku)).toBe(5);
    expect(units(cart, second.sku)).toBe(1);
    expect((await g.get(`/cart/${guestCart.id}`)).status).toBe(404);
    expect((await g.get<Cart[]>('/cart/active')).body).toEqual([]);
    // Merging again finds no guest cart: nothing changes.
    const again = await c.post<{ data: { FGCart: Cart } }>('/cart/merge', {
      anonymousId: guest.anonymousId,
    });
    expect(again.body.data.FGCart).toEqual(cart);
  });

  it('creates the customer cart when there is none', async () => {
    const guest = await guestToken(server);
    const g = client(server, guest.token);
    await addItems(g, await createCart(g), [add(second.sku, 4)]);
    const me = await customerToken(server, { anonymousId: guest.anonymousId });
    const c = client(server, me.token);
    const merged = await c.post<{ data: { FGCart: Cart } }>('/cart/merge', {
      anonymousId: guest.anonymousId,
    });
    expect(units(merged.body.data.FGCart, second.sku)).toBe(4);
    expect(merged.body.data.FGCart.customerEmail).toBe(me.email);
    expect((await c.get<Cart[]>('/cart/active')).body.map((x) => x.id)).toEqual([
      merged.body.data.FGCart.id,
    ]);
  });

  it("cannot take another guest's cart; guests cannot merge", async () => {
    const victim = await guestToken(server);
    const v = client(server, victim.token);
    const victimCart = (await addItems(v, await createCart(v), [add(first.sku, 1)])).body;
    const thief = client(
      server,
      (await customerToken(server, { anonymousId: 'someone-else' })).token,
    );
    const res = await thief.post<{ data: { FGCart: Cart } }>('/cart/merge', {
      anonymousId: victim.anonymousId,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.FGCart.lineItems).toEqual([]);
    expect((await v.get<Cart>(`/cart/${victimCart.id}`)).body).toEqual(victimCart);
    const asGuest = await v.post('/cart/merge', { anonymousId: victim.anonymousId });
    expect(asGuest.status).toBe(403);
    const bad = await thief.post<{ message: string }>('/cart/merge', {});
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('anonymousId');
  });
});
