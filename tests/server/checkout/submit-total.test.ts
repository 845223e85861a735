/**
 * Issue 11 on the server (docs/rules.md "What is shown is what is charged"): the submit carries the
 * cart version and the total the shopper was shown (`totalCents`); inside its transaction the
 * server prices the locked cart again with core's orderTotals and refuses with a 409 — TotalChanged
 * or ConcurrentModification, with the cart's total now — when either differs, writing nothing: no
 * order, no captured payment, no stock taken, the cart untouched. The right ones make the order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '../../../core/cart/cart';
import { orderTotals } from '../../../core/checkout/shipments';
import type { Order } from '../../../server/orders/model';
import { startTestServer, type TestServer } from '../../support/test-server';
import { client, guestToken, pickSku, type Client, type PickedSku } from '../cart/support';
import { paidCart, pay, type ErrorBody } from './support';

let server: TestServer;
let plenty: PickedSku;
let repriced: PickedSku;

beforeAll(async () => {
  server = await startTestServer();
  const where = 'v.available_qty >= 200 AND NOT p.freight';
  plenty = await pickSku(server, where, 0);
  repriced = await pickSku(server, where, 3);
});
afterAll(() => server.dispose());

const guest = async (): Promise<Client> => client(server, (await guestToken(server)).token);

interface TotalError extends ErrorBody {
  readonly errors?: readonly {
    code: string;
    field?: string;
    totalCents?: number;
    currentVersion?: number;
  }[];
}

const submitShown = <T>(c: Client, cart: Pick<Cart, 'id' | 'version'>, totalCents?: number) =>
  c.post<T>('/checkout/order/submit', {
    cartId: cart.id,
    version: cart.version,
    ...(totalCents === undefined ? {} : { totalCents }),
  });

/** Everything a submit could write, for one cart: to compare before and after a refusal. */
const written = async (cart: Pick<Cart, 'id'>, sku: string) => {
  const one = async (sql: string, params: unknown[]) =>
    (await server.db.query<Record<string, unknown>>(sql, params)).rows;
  return {
    orders: await one('SELECT order_number FROM orders WHERE cart_id = $1', [cart.id]),
    payments: await one('SELECT status, order_number FROM payments WHERE cart_id = $1', [cart.id]),
    cart: await one('SELECT status, version FROM carts WHERE id = $1', [cart.id]),
    stock: await one('SELECT available_qty FROM product_variants WHERE sku = $1', [sku]),
    outbox: (await one('SELECT count(*) AS n FROM outbox', []))[0],
  };
};

describe('submit with the total shown', () => {
  it('refuses a total other than the cart’s with 409 TotalChanged and the total now, writing nothing', async () => {
    const c = await guest();
    const cart = await paidCart(c, [{ sku: plenty.sku, quantity: 2 }]);
    const total = orderTotals(cart).total;
    const before = await written(cart, plenty.sku);
    for (const wrong of [total - 1, total + 2464, 0]) {
      const res = await submitShown<TotalError>(c, cart, wrong);
      expect(res.status).toBe(409);
      expect(res.body.errors?.[0]).toMatchObject({
        code: 'TotalChanged',
        field: 'totalCents',
        totalCents: total,
        currentVersion: cart.version,
      });
      expect(res.body.message).toMatch(/totalCents/);
    }
    expect(await written(cart, plenty.sku)).toEqual(before);

    const placed = await submitShown<Order>(c, cart, total);
    expect(placed.status).toBe(201);
    expect(placed.body.totals.total).toBe(total);
    expect((await written(cart, plenty.sku)).orders).toHaveLength(1);
  });

  it('refuses a stale version with 409 ConcurrentModification naming the version and total now', async () => {
    const c = await guest();
    const cart = await paidCart(c, [{ sku: plenty.sku, quantity: 1 }]);
    // The shopper saw the cart before the address: an older version, at another total.
    const before = await written(cart, plenty.sku);
    const res = await submitShown<TotalError>(
      c,
      { id: cart.id, version: cart.version - 1 },
      orderTotals(cart).total,
    );
    expect(res.status).toBe(409);
    expect(res.body.errors?.[0]).toMatchObject({
      code: 'ConcurrentModification',
      currentVersion: cart.version,
      totalCents: orderTotals(cart).total,
    });
    expect(await written(cart, plenty.sku)).toEqual(before);
  });

  it('prices the locked cart again: a price changed after paying is a 409 with the new total', async () => {
    const c = await guest();
    const cart = await paidCart(c, [{ sku: repriced.sku, quantity: 1 }]);
    const shown = orderTotals(cart).total;
    // A writer of prices rewrites the product's search documents in the same transaction (the
    // catalogue load does; on a PostgreSQL server that moves the shared search_version row) and
    // bumps the catalogue version once it has committed: the cart routes' catalogue facts are
    // kept under it.
    await server.db.transaction(async (tx) => {
      await tx.query(
        `UPDATE product_prices SET list_cents = list_cents + 1000,
           sale_cents = CASE WHEN sale_cents IS NULL THEN NULL ELSE sale_cents + 1000 END
         WHERE product_sku = $1`,
        [repriced.productSku],
      );
      await tx.query('UPDATE search_documents SET doc = doc WHERE sku = $1', [repriced.productSku]);
    });
    await server.catalogueVersion.changed();
    const fresh = await c.get<Cart>(`/cart/${cart.id}`);
    expect(fresh.status).toBe(200);
    const now = orderTotals(fresh.body).total;
    const before = await written(cart, repriced.sku);
    // Same version, the total the shopper saw: the cart no longer comes to it.
    const res = await submitShown<TotalError>(c, cart, shown);
    expect(res.status).toBe(409);
    expect(res.body.errors?.[0]?.code).toBe('TotalChanged');
    const current = res.body.errors?.[0]?.totalCents ?? 0;
    expect(current).toBeGreaterThan(shown);
    expect(current).toBe(now);
    // A client of the spec's shape (no totalCents) is held to the amount it paid: also refused.
    const bare = await submitShown<TotalError>(c, cart);
    expect(bare.status).toBe(409);
    expect(bare.body.errors?.[0]).toMatchObject({ code: 'TotalChanged', field: 'payment' });
    expect(await written(cart, repriced.sku)).toEqual(before);

    // Paying again at the new total, and submitting the new total, places the order at it.
    expect((await pay(c, cart)).status).toBe(200);
    const placed = await submitShown<Order>(c, cart, current);
    expect(placed.status).toBe(201);
    expect(placed.body.totals.total).toBe(current);
  });

  it('still takes the spec’s {cartId, version} when nothing changed', async () => {
    const c = await guest();
    const cart = await paidCart(c, [{ sku: plenty.sku, quantity: 1 }]);
    const res = await submitShown<Order>(c, cart);
    expect(res.status).toBe(201);
    expect(res.body.totals.total).toBe(orderTotals(cart).total);
  });

  it('names totalCents when it is not a whole number of cents', async () => {
    const c = await guest();
    const cart = await paidCart(c, [{ sku: plenty.sku, quantity: 1 }]);
    for (const bad of ['100', -1, 12.5, null]) {
      const res = await c.post<TotalError>('/checkout/order/submit', {
        cartId: cart.id,
        version: cart.version,
        totalCents: bad,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/totalCents/);
    }
    expect((await written(cart, plenty.sku)).orders).toHaveLength(0);
  });
});
