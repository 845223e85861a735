/**
 * The chosen shipping method is part of the cart: after checkout assigns it, the cart as GET
 * /api/cart reads it, the PayPal amount, the payment and the order all carry the same shipping and
 * total; the choice is versioned like every cart update (stale → 409, nothing changed); a freight
 * item added after choosing expedited makes the cart ship by freight, never by a method it cannot.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '../../../core/cart/cart';
import { summarizeCart } from '../../../core/cart/summary';
import { cartTotals, EXPEDITED_CENTS } from '../../../core/cart/engine/pricing';
import type { Order } from '../../../server/orders/model';
import { startTestServer, type TestServer } from '../../support/test-server';
import { add, addItems, client, guestToken, pickSku, type PickedSku } from '../cart/support';
import {
  ADDRESS,
  addressedCart,
  pay,
  submit,
  type ErrorBody,
  type ShippingCostBody,
} from './support';

let server: TestServer;
let parcel: PickedSku;
let heavy: PickedSku;
let service: string;

type Quote = ShippingCostBody & { readonly selectedMethodId: string };

beforeAll(async () => {
  server = await startTestServer();
  parcel = await pickSku(server, 'v.available_qty >= 50 AND NOT p.freight', 3);
  heavy = await pickSku(server, 'v.available_qty >= 5 AND p.freight', 1);
  const services = await server.db.query<{ sku: string }>(
    `SELECT v.sku FROM product_variants v JOIN products p ON p.sku = v.product_sku
     WHERE p.kind IN ('design-service', 'install-service') AND cardinality(p.required_items) = 0
     ORDER BY v.sku LIMIT 1`,
  );
  service = services.rows[0]?.sku ?? '';
});
afterAll(() => server.dispose());

const guest = async () => client(server, (await guestToken(server)).token);

const assign = (
  c: Awaited<ReturnType<typeof guest>>,
  cart: Pick<Cart, 'id' | 'version'>,
  methodId: string,
) =>
  c.post<Cart>('/checkout/v2/assign/shipmentfromcart', {
    cartId: cart.id,
    version: cart.version,
    methodId,
  });

const quote = (c: Awaited<ReturnType<typeof guest>>, cart: Pick<Cart, 'id' | 'version'>) =>
  c.post<Quote>('/checkout/shipping-cost', {
    cartId: cart.id,
    version: cart.version,
    address: ADDRESS,
  });

describe('the chosen shipping method belongs to the cart', () => {
  it("after assigning expedited, the cart's totals equal the PayPal amount, the payment's and the order's", async () => {
    const c = await guest();
    const { cart } = await addressedCart(c, [{ sku: parcel.sku, quantity: 1 }]);
    const assigned = await assign(c, cart, 'expedited');
    expect(assigned.status).toBe(200);

    const read = await c.get<Cart>(`/cart/${cart.id}?expand=calculation`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(assigned.body);
    expect(read.body.shippingMethodId).toBe('expedited');
    expect(read.body.shippingCost).toBe(EXPEDITED_CENTS);
    const active = await c.get<Cart[]>('/cart/active?expand=calculation');
    expect(active.body.find((k) => k.id === cart.id)).toEqual(read.body);

    const total = cartTotals(read.body).total;
    expect(summarizeCart(read.body).cents.estimatedTotal).toBe(total);
    const paypal = await c.get<{ amountCents: number }>(
      `/payment/paypal/getToken?cartId=${cart.id}`,
    );
    expect(paypal.status).toBe(200);
    expect(paypal.body.amountCents).toBe(total);

    expect((await pay(c, read.body)).status).toBe(200);
    const paid = await server.db.query<{ amount_cents: number }>(
      'SELECT amount_cents FROM payments WHERE cart_id = $1',
      [cart.id],
    );
    expect(paid.rows.map((r) => Number(r.amount_cents))).toEqual([total]);
    const order = await submit<Order>(c, read.body);
    expect(order.status).toBe(201);
    expect(order.body.totals.total).toBe(total);
    expect(order.body.totals.shipping).toBe(EXPEDITED_CENTS);
  });

  it('survives a re-read and is versioned: a stale choice is a 409 that changes nothing', async () => {
    const c = await guest();
    const { cart, methods } = await addressedCart(c, [{ sku: parcel.sku, quantity: 1 }]);
    const assigned = await assign(c, cart, 'expedited');
    expect(assigned.body.version).toBe(cart.version + 1);

    const staleAssign = await assign(c, cart, 'standard');
    expect(staleAssign.status).toBe(409);
    const staleAction = await addItems(c, cart, [
      { action: 'setShippingMethod', methodId: 'standard' },
    ]);
    expect(staleAction.status).toBe(409);
    expect((staleAction.body as unknown as ErrorBody).errors?.[0]?.code).toBe(
      'ConcurrentModification',
    );
    const after = await c.get<Cart>(`/cart/${cart.id}`);
    expect(after.body.version).toBe(assigned.body.version);
    expect(after.body.shippingMethodId).toBe('expedited');
    expect((await quote(c, after.body)).body.selectedMethodId).toBe('expedited');

    // The cart's own update action chooses too, and checkout sees it.
    const current = await c.get<Cart>(`/cart/${cart.id}`);
    const back = await addItems(c, current.body, [
      { action: 'setShippingMethod', methodId: 'standard' },
    ]);
    expect(back.status).toBe(200);
    expect(back.body.version).toBe(current.body.version + 1);
    expect(back.body.shippingMethodId).toBe('standard');
    expect(back.body.shippingCost).toBe(methods.find((m) => m.id === 'standard')?.cents);
    const again = await quote(c, back.body);
    expect(again.body.selectedMethodId).toBe('standard');
    expect(again.body.cart.shippingCost).toBe(back.body.shippingCost);

    // The side table is gone: the cart row is the only place the choice lives.
    const table = await server.db.query<{ t: string | null }>(
      "SELECT to_regclass('checkout_shipments')::text AS t",
    );
    expect(table.rows[0]?.t).toBeNull();
  });

  it('refuses, naming the field, a method the cart is not offered or that does not exist', async () => {
    const c = await guest();
    const { cart } = await addressedCart(c, [{ sku: parcel.sku, quantity: 1 }]);
    const freight = await addItems(c, cart, [{ action: 'setShippingMethod', methodId: 'freight' }]);
    expect(freight.status).toBe(400);
    expect((freight.body as unknown as ErrorBody).errors?.[0]?.field).toBe('actions[0].methodId');
    const unknown = await addItems(c, cart, [{ action: 'setShippingMethod', methodId: 'drone' }]);
    expect(unknown.status).toBe(400);
    expect((unknown.body as unknown as ErrorBody).errors?.[0]?.field).toBe('actions[0].methodId');
    expect((await c.get<Cart>(`/cart/${cart.id}`)).body.version).toBe(cart.version);

    const services = await guest();
    const onlyService = await addressedCart(services, [{ sku: service, quantity: 1 }]);
    expect(onlyService.methods.map((m) => m.id)).toEqual(['standard']);
    const expedited = await assign(services, onlyService.cart, 'expedited');
    expect(expedited.status).toBe(400);
    expect((expedited.body as unknown as ErrorBody).errors?.[0]?.field).toBe('methodId');
  });

  it('ships by freight once a freight item is added after choosing expedited, and back after', async () => {
    const c = await guest();
    const { cart } = await addressedCart(c, [{ sku: parcel.sku, quantity: 1 }]);
    const assigned = await assign(c, cart, 'expedited');
    expect(assigned.body.shippingMethodId).toBe('expedited');

    const grown = await addItems(c, assigned.body, [add(heavy.sku, 1)]);
    expect(grown.status).toBe(200);
    expect(grown.body.shippingMethodId).toBe('freight');
    const quoted = await quote(c, grown.body);
    expect(quoted.status).toBe(200);
    expect(quoted.body.methods.map((m) => m.id)).toEqual(['freight']);
    expect(quoted.body.selectedMethodId).toBe('freight');
    expect(quoted.body.cart.shippingCost).toBe(quoted.body.methods[0]?.cents);
    expect(grown.body.shippingCost).toBe(quoted.body.methods[0]?.cents);
    expect((await assign(c, quoted.body.cart, 'expedited')).status).toBe(400);

    // Paid and ordered by freight: the order's totals are the cart's.
    const shipped = quoted.body.cart;
    expect((await pay(c, shipped)).status).toBe(200);
    const order = await submit<Order>(c, shipped);
    expect(order.status).toBe(201);
    const t = cartTotals(shipped);
    expect(order.body.totals.total).toBe(t.total);
    expect(order.body.totals.shipping).toBe(t.shipping - t.shippingDiscounts);
  });

  it('keeps the choice while freight is in the cart and ships expedited again once it is gone', async () => {
    const c = await guest();
    const { cart } = await addressedCart(c, [{ sku: parcel.sku, quantity: 1 }]);
    const assigned = await assign(c, cart, 'expedited');
    const grown = await addItems(c, assigned.body, [add(heavy.sku, 1)]);
    const heavyLine = grown.body.lineItems.find((l) => l.sku === heavy.sku);
    const shrunk = await addItems(c, grown.body, [
      { action: 'removeLineItem', lineItemId: heavyLine?.id },
    ]);
    expect(shrunk.status).toBe(200);
    expect(shrunk.body.shippingMethodId).toBe('expedited');
    expect(shrunk.body.shippingCost).toBe(EXPEDITED_CENTS);
  });
});
