/**
 * The checkout API end to end on a real server: address and methods, payment by the card sandbox,
 * and the submit — idempotent under 10 concurrent calls, never overselling the last unit, with
 * totals equal to the cart's, no order from a declined card, ISC orders for sales associates,
 * split orders, and 400s naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '../../../core/cart/cart';
import { cartTotals } from '../../../core/cart/engine/pricing';
import { isRandomOrderNumber } from '../../../core/orders/order-number';
import type { Order } from '../../../server/orders/model';
import { startTestServer, type TestServer } from '../../support/test-server';
import { add, addItems, client, guestToken, pickSku, type PickedSku } from '../cart/support';
import {
  ADDRESS,
  addressedCart,
  APPROVE_CARD,
  DECLINE_CARD,
  paidCart,
  pay,
  personaToken,
  submit,
  type ErrorBody,
  type ShippingCostBody,
} from './support';

let server: TestServer;
let plenty: PickedSku;
let other: PickedSku;

beforeAll(async () => {
  server = await startTestServer();
  const where = 'v.available_qty >= 200 AND NOT p.freight';
  plenty = await pickSku(server, where, 0);
  other = await pickSku(server, where, 1);
});
afterAll(() => server.dispose());

const guest = async () => client(server, (await guestToken(server)).token);

const stockOf = async (sku: string): Promise<number> => {
  const rows = await server.db.query<{ available_qty: number }>(
    'SELECT available_qty FROM product_variants WHERE sku = $1',
    [sku],
  );
  return Number(rows.rows[0]?.available_qty);
};

const ordersOfCart = async (cartId: string): Promise<number> => {
  const rows = await server.db.query<{ n: number | string }>(
    'SELECT count(*) AS n FROM orders WHERE cart_id = $1',
    [cartId],
  );
  return Number(rows.rows[0]?.n);
};

describe('shipping cost and method', () => {
  it('sets the address, offers standard and expedited, and charges the chosen one', async () => {
    const c = await guest();
    const { cart, methods, freeShippingThresholdCents } = await addressedCart(c, [
      { sku: plenty.sku, quantity: 1 },
    ]);
    expect(cart.shippingAddress?.state).toBe('TX');
    expect(cart.shippingAddress?.email).toBe(ADDRESS.email.toLowerCase());
    expect(freeShippingThresholdCents).toBeGreaterThan(0);
    expect(methods.map((m) => m.id)).toEqual(['standard', 'expedited']);
    const expedited = methods.find((m) => m.id === 'expedited');
    const assigned = await c.post<Cart>('/checkout/v2/assign/shipmentfromcart', {
      cartId: cart.id,
      version: cart.version,
      methodId: 'expedited',
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body.version).toBe(cart.version + 1);
    expect(assigned.body.shippingCost).toBe(expedited?.cents);
    const stale = await c.post<ErrorBody>('/checkout/v2/assign/shipmentfromcart', {
      cartId: cart.id,
      version: cart.version,
      methodId: 'standard',
    });
    expect(stale.status).toBe(409);
    const freight = await c.post<ErrorBody>('/checkout/v2/assign/shipmentfromcart', {
      cartId: cart.id,
      version: assigned.body.version,
      methodId: 'freight',
    });
    expect(freight.status).toBe(400);
    expect(freight.body.errors?.[0]?.field).toBe('methodId');
  });

  it("answers 404 for another shopper's cart", async () => {
    const a = await guest();
    const b = await guest();
    const { cart } = await addressedCart(a, [{ sku: plenty.sku, quantity: 1 }]);
    const res = await b.post('/checkout/order-split-check', { cartId: cart.id });
    expect(res.status).toBe(404);
    const paid = await pay(b, cart);
    expect(paid.status).toBe(404);
  });
});

describe('payment', () => {
  it('authorises the approving card with 870 and keeps only brand and last four', async () => {
    const c = await guest();
    const { cart } = await addressedCart(c, [{ sku: plenty.sku, quantity: 1 }]);
    const res = await pay(c, cart);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'authorized',
      resultCode: 870,
      method: 'card',
      brand: 'visa',
      last4: '1111',
    });
    const rows = await server.db.query<Record<string, unknown>>(
      'SELECT * FROM payments WHERE cart_id = $1',
      [cart.id],
    );
    expect(rows.rows).toHaveLength(1);
    expect(JSON.stringify(rows.rows)).not.toContain('4111111111111111');
    expect(JSON.stringify(rows.rows)).not.toContain(APPROVE_CARD.securityCode + '"');
  });

  it('declines 4000 0000 0000 0002 with 402 and then makes no order', async () => {
    const c = await guest();
    const { cart } = await addressedCart(c, [{ sku: plenty.sku, quantity: 1 }]);
    const before = await stockOf(plenty.sku);
    const res = await pay(c, cart, DECLINE_CARD);
    expect(res.status).toBe(402);
    expect((res.body as ErrorBody).errors?.[0]?.code).toBe('PaymentDeclined');
    const order = await submit<ErrorBody>(c, cart);
    expect(order.status).toBe(402);
    expect(order.body.errors?.[0]?.code).toBe('PaymentRequired');
    expect(await ordersOfCart(cart.id)).toBe(0);
    expect(await stockOf(plenty.sku)).toBe(before);
  });

  it('names each bad card field in a 400', async () => {
    const c = await guest();
    const { cart } = await addressedCart(c, [{ sku: plenty.sku, quantity: 1 }]);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...APPROVE_CARD, number: '4111 1111 1111 1112' }, 'card.number'],
      [{ ...APPROVE_CARD, number: 'abcd' }, 'card.number'],
      [{ ...APPROVE_CARD, expiryMonth: 13 }, 'card.expiryMonth'],
      [{ ...APPROVE_CARD, expiryYear: new Date().getUTCFullYear() - 1 }, 'card.expiryYear'],
      [{ ...APPROVE_CARD, expiryYear: new Date().getUTCFullYear() + 16 }, 'card.expiryYear'],
      [{ ...APPROVE_CARD, securityCode: '12' }, 'card.securityCode'],
      [{ ...APPROVE_CARD, holderName: '' }, 'card.holderName'],
      [{ ...APPROVE_CARD, expiryYear: '2030' }, 'card.expiryYear'],
    ];
    for (const [card, field] of cases) {
      const res = await pay(c, cart, card as typeof APPROVE_CARD);
      expect(res.status, field).toBe(400);
      expect(
        (res.body as ErrorBody).errors?.map((e) => e.field),
        field,
      ).toContain(field);
    }
    // The last year of the 16 is still good.
    const last = await pay(c, cart, {
      ...APPROVE_CARD,
      expiryYear: new Date().getUTCFullYear() + 15,
    });
    expect(last.status).toBe(200);
    const method = await c.post<ErrorBody>('/checkout/payment', {
      cartId: cart.id,
      version: cart.version,
      method: 'cash',
    });
    expect(method.status).toBe(400);
    expect(method.body.errors?.[0]?.field).toBe('method');
  });
});

describe('submit', () => {
  it('makes one order from 10 concurrent submits of the same cart', async () => {
    const c = await guest();
    const cart = await paidCart(c, [{ sku: plenty.sku, quantity: 2 }]);
    const before = await stockOf(plenty.sku);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => submit<Order>(c, cart, i % 2 === 1)),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(9);
    const numbers = new Set(answers.map((a) => a.body.orderNumber));
    expect(numbers.size).toBe(1);
    expect(isRandomOrderNumber([...numbers][0] ?? '')).toBe(true);
    expect(await ordersOfCart(cart.id)).toBe(1);
    expect(await stockOf(plenty.sku)).toBe(before - 2);
    // The cart is ordered: no longer active, and a retry later still answers the same order.
    expect((await c.get(`/cart/${cart.id}`)).status).toBe(404);
    const again = await submit<Order>(c, cart);
    expect(again.status).toBe(200);
    expect(again.body.orderNumber).toBe(answers[0]?.body.orderNumber);
  });

  it('gives the last unit to one of two racing carts and OutOfStock to the other', async () => {
    const last = await pickSku(server, 'v.available_qty >= 5 AND NOT p.freight', 7);
    const a = await guest();
    const b = await guest();
    const cartA = await paidCart(a, [{ sku: last.sku, quantity: 1 }]);
    const cartB = await paidCart(b, [{ sku: last.sku, quantity: 1 }]);
    await server.db.query('UPDATE product_variants SET available_qty = 1 WHERE sku = $1', [
      last.sku,
    ]);
    const [ra, rb] = await Promise.all([submit<ErrorBody>(a, cartA), submit<ErrorBody>(b, cartB)]);
    expect([ra.status, rb.status].sort()).toEqual([201, 409]);
    const refused = ra.status === 409 ? ra : rb;
    expect(refused.body.errors?.[0]).toEqual({ code: 'OutOfStock', skus: [last.sku] });
    expect(await stockOf(last.sku)).toBe(0);
    const loser = ra.status === 409 ? cartA : cartB;
    expect(await ordersOfCart(loser.id)).toBe(0);
    // Nothing was written for the loser: its cart is still active at the same version.
    const still = await (ra.status === 409 ? a : b).get<Cart>(`/cart/${loser.id}`);
    expect(still.status).toBe(200);
    expect(still.body.version).toBe(loser.version);
  });

  it('puts the totals of the cart on the order, with the shipping method chosen', async () => {
    const c = await guest();
    const { cart } = await addressedCart(c, [
      { sku: plenty.sku, quantity: 3 },
      { sku: other.sku, quantity: 1 },
    ]);
    const assigned = await c.post<Cart>('/checkout/v2/assign/shipmentfromcart', {
      cartId: cart.id,
      version: cart.version,
      methodId: 'expedited',
    });
    expect(assigned.status).toBe(200);
    expect((await pay(c, assigned.body)).status).toBe(200);
    const res = await submit<Order>(c, assigned.body);
    expect(res.status).toBe(201);
    const t = cartTotals(assigned.body);
    expect(res.body.totals).toEqual({
      subtotal: t.subtotal,
      discount: t.subtotal - t.net,
      shipping: t.shipping - t.shippingDiscounts,
      tax: t.tax,
      total: t.total,
    });
    expect(res.body.totals.shipping).toBe(assigned.body.shippingCost);
    expect(res.body.lineItems).toEqual(assigned.body.lineItems);
    expect(res.body).toMatchObject({
      status: 'Open',
      orderType: 'WEB',
      email: ADDRESS.email.toLowerCase(),
      currency: assigned.body.currency,
      payment: { method: 'card', brand: 'visa', last4: '1111' },
    });
    expect(res.body.currency).toMatch(/^(USD|CAD)$/);
    expect(res.body.CSRAssociateId).toBeUndefined();
    const outbox = await server.db.query<{ subject: string; body: string }>(
      'SELECT subject, body FROM outbox WHERE recipient = $1',
      [ADDRESS.email.toLowerCase()],
    );
    expect(outbox.rows.some((r) => r.subject.includes(res.body.orderNumber))).toBe(true);
  });

  it('refuses a stale version, a paid-for older version, and an unpaid cart', async () => {
    const c = await guest();
    const cart = await paidCart(c, [{ sku: plenty.sku, quantity: 1 }]);
    const stale = await submit<ErrorBody>(c, { id: cart.id, version: cart.version - 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.errors?.[0]?.code).toBe('ConcurrentModification');
    // Changing the cart after paying needs a new payment.
    const changed = await c.post<ShippingCostBody>('/checkout/shipping-cost', {
      cartId: cart.id,
      version: cart.version,
      address: { ...ADDRESS, state: 'CA', postalCode: '94105', city: 'San Francisco' },
    });
    expect(changed.status).toBe(200);
    const unpaid = await submit<ErrorBody>(c, changed.body.cart);
    expect(unpaid.status).toBe(402);
    expect(await ordersOfCart(cart.id)).toBe(0);
  });

  it('will not place an order to an address a cart update loosened after the quote', async () => {
    const c = await guest();
    const { cart } = await addressedCart(c, [{ sku: plenty.sku, quantity: 1 }]);
    // The cart API takes a partial address (every field it is given obeys the same rules);
    // checkout needs the whole of it.
    const { streetName: _street, city: _city, postalCode: _postal, ...partial } = ADDRESS;
    const loose = await addItems(c, cart, [{ action: 'setShippingAddress', address: partial }]);
    expect(loose.status).toBe(200);
    expect((await pay(c, loose.body)).status).toBe(200);
    const refused = await submit<ErrorBody>(c, loose.body);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ code: 'InvalidField', field: 'address' }]);
    expect(await ordersOfCart(cart.id)).toBe(0);
  });

  it('answers the same order to a retry with the same Idempotency-Key', async () => {
    const { token } = await guestToken(server);
    const c = client(server, token);
    const cart = await paidCart(c, [{ sku: plenty.sku, quantity: 1 }]);
    const post = (key: string, body: unknown) =>
      fetch(`${server.api}/checkout/order/submit`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'idempotency-key': key,
        },
        body: JSON.stringify(body),
      });
    const first = await post('key-1', { cartId: cart.id, version: cart.version });
    expect(first.status).toBe(201);
    const order = (await first.json()) as Order;
    const retry = await post('key-1', { cartId: cart.id, version: cart.version });
    expect(retry.status).toBe(200);
    expect(((await retry.json()) as Order).orderNumber).toBe(order.orderNumber);
    const other2 = await paidCart(c, [{ sku: plenty.sku, quantity: 1 }]);
    const reused = await post('key-1', { cartId: other2.id, version: other2.version });
    expect(reused.status).toBe(422);
    const badKey = await post('bad key!', { cartId: other2.id, version: other2.version });
    expect(badKey.status).toBe(400);
    expect(((await badKey.json()) as ErrorBody).errors?.[0]?.field).toBe('Idempotency-Key');
  });

  it('makes an ISC order with CSRAssociateId for a sales associate', async () => {
    const associateId = 'associate-1';
    const c = client(server, await personaToken(server, 'KOUS:KEMP', associateId));
    const cart = await paidCart(c, [{ sku: plenty.sku, quantity: 1 }]);
    const res = await submit<Order>(c, cart);
    expect(res.status).toBe(201);
    expect(res.body.orderType).toBe('ISC');
    expect(res.body.CSRAssociateId).toBe(associateId);
    const shopper = client(server, await personaToken(server, 'KOUS:GST'));
    const own = await paidCart(shopper, [{ sku: plenty.sku, quantity: 1 }]);
    const web = await submit<Order>(shopper, own);
    expect(web.body.orderType).toBe('WEB');
    expect(web.body.CSRAssociateId).toBeUndefined();
  });

  it('splits goods and services into child orders that add up to the parent', async () => {
    const service = await server.db.query<{ sku: string }>(
      `SELECT v.sku FROM product_variants v JOIN products p ON p.sku = v.product_sku
       WHERE p.kind IN ('design-service', 'install-service')
         AND cardinality(p.required_items) = 0 AND cardinality(p.super_sku_components) = 0
       ORDER BY v.sku LIMIT 1`,
    );
    const serviceSku = service.rows[0]?.sku;
    expect(serviceSku).toBeDefined();
    const c = await guest();
    const { cart } = await addressedCart(c, [
      { sku: plenty.sku, quantity: 1 },
      { sku: serviceSku ?? '', quantity: 1 },
    ]);
    const check = await c.post<{ split: boolean; shipments: { source: string }[] }>(
      '/checkout/order-split-check',
      { cartId: cart.id },
    );
    expect(check.body.split).toBe(true);
    expect(check.body.shipments.map((s) => s.source).sort()).toEqual(['service', 'warehouse']);
    expect((await pay(c, cart)).status).toBe(200);
    const res = await submit<Order>(c, cart);
    expect(res.status).toBe(201);
    const children = res.body.childOrders ?? [];
    expect(children).toEqual([`${res.body.orderNumber}-1`, `${res.body.orderNumber}-2`]);
    const rows = await server.db.query<{ doc: Order | string; parent_order_number: string }>(
      'SELECT doc, parent_order_number FROM orders WHERE parent_order_number = $1',
      [res.body.orderNumber],
    );
    const docs = rows.rows.map((r) =>
      typeof r.doc === 'string' ? (JSON.parse(r.doc) as Order) : r.doc,
    );
    expect(docs).toHaveLength(2);
    const sum = (k: keyof Order['totals']) => docs.reduce((n, d) => n + d.totals[k], 0);
    for (const k of ['subtotal', 'discount', 'shipping', 'tax', 'total'] as const) {
      expect(sum(k), k).toBe(res.body.totals[k]);
    }
  });
});

describe('freight and PayPal', () => {
  it('ships a freight item by freight only, drop-shipped from the maker', async () => {
    const heavy = await pickSku(server, 'v.available_qty >= 5 AND p.freight', 0);
    const c = await guest();
    const { cart, methods } = await addressedCart(c, [
      { sku: heavy.sku, quantity: 1 },
      { sku: plenty.sku, quantity: 1 },
    ]);
    expect(methods.map((m) => m.id)).toEqual(['freight']);
    expect(methods[0]?.cents).toBe(cart.shippingCost);
    const check = await c.post<{ split: boolean; shipments: { source: string }[] }>(
      '/checkout/order-split-check',
      { cartId: cart.id },
    );
    expect(check.body.split).toBe(true);
    expect(check.body.shipments.map((s) => s.source).sort()).toEqual(['drop-ship', 'warehouse']);
    const standard = await c.post<ErrorBody>('/checkout/v2/assign/shipmentfromcart', {
      cartId: cart.id,
      version: cart.version,
      methodId: 'standard',
    });
    expect(standard.status).toBe(400);
  });

  it('pays with a PayPal token approved on the sandbox page', async () => {
    const { token } = await guestToken(server);
    const c = client(server, token);
    const { cart } = await addressedCart(c, [{ sku: plenty.sku, quantity: 1 }]);
    const got = await c.get<{ token: string }>(`/payment/paypal/getToken?cartId=${cart.id}`);
    expect(got.status).toBe(200);
    const early = await c.post<ErrorBody>('/checkout/payment', {
      cartId: cart.id,
      version: cart.version,
      method: 'paypal',
      paypalToken: got.body.token,
    });
    expect(early.status).toBe(400);
    const decided = await fetch(`${server.url}/sandbox/paypal`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: got.body.token, decision: 'approve' }).toString(),
      redirect: 'manual',
    });
    expect(decided.status).toBeGreaterThanOrEqual(300);
    expect(decided.status).toBeLessThan(400);
    const paid = await c.post('/checkout/payment', {
      cartId: cart.id,
      version: cart.version,
      method: 'paypal',
      paypalToken: got.body.token,
    });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'authorized', resultCode: 870, method: 'paypal' });
    const order = await submit<Order>(c, cart);
    expect(order.status).toBe(201);
    expect(order.body.payment).toEqual({ method: 'paypal' });
    // Another shopper cannot spend that token.
    const thief = await guest();
    const theirs = await addressedCart(thief, [{ sku: plenty.sku, quantity: 1 }]);
    const stolen = await thief.post('/checkout/payment', {
      cartId: theirs.cart.id,
      version: theirs.cart.version,
      method: 'paypal',
      paypalToken: got.body.token,
    });
    expect(stolen.status).toBe(400);
  });
  it('keeps the shipping method across a PayPal visit and refuses an approval once goods change', async () => {
    const c = await guest();
    const { cart } = await addressedCart(c, [{ sku: plenty.sku, quantity: 1 }]);
    const assigned = await c.post<Cart>('/checkout/v2/assign/shipmentfromcart', {
      cartId: cart.id,
      version: cart.version,
      methodId: 'expedited',
    });
    const got = await c.get<{ token: string }>(`/payment/paypal/getToken?cartId=${cart.id}`);
    await fetch(`${server.url}/sandbox/paypal`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: got.body.token, decision: 'approve' }).toString(),
      redirect: 'manual',
    });
    // Back on checkout the address is quoted again: the cart still ships by the chosen method.
    const back = await c.post<ShippingCostBody & { selectedMethodId: string }>(
      '/checkout/shipping-cost',
      { cartId: cart.id, version: assigned.body.version, address: ADDRESS },
    );
    expect(back.status).toBe(200);
    expect(back.body.selectedMethodId).toBe('expedited');

    // The shopper adds another unit in another tab: the approval no longer covers the cart.
    const grown = await addItems(c, back.body.cart, [add(plenty.sku, 1)]);
    expect(grown.status).toBe(200);
    const refused = await c.post<ErrorBody>('/checkout/payment', {
      cartId: cart.id,
      version: grown.body.version,
      method: 'paypal',
      paypalToken: got.body.token,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toEqual([{ code: 'PaymentCartChanged', field: 'paypalToken' }]);
    expect(refused.body.message).toMatch(/cart changed after the PayPal approval/);
    const unpaid = await submit<ErrorBody>(c, grown.body);
    expect(unpaid.status).toBe(402);

    // Back to what was approved, the same token pays (shipping may differ; goods may not).
    const line = grown.body.lineItems[0];
    const shrunk = await addItems(c, grown.body, [
      { action: 'changeLineItemQuantity', lineItemId: line?.id, quantity: 1 },
    ]);
    expect(shrunk.status).toBe(200);
    const paid = await c.post('/checkout/payment', {
      cartId: cart.id,
      version: shrunk.body.version,
      method: 'paypal',
      paypalToken: got.body.token,
    });
    expect(paid.status).toBe(200);
  });
});

describe('bad bodies', () => {
  it('answers a body that is not JSON with a 400 naming the body, not a 500', async () => {
    const c = await guest();
    for (const payload of ['{"cartId": "x",', 'cartId=x', '[1, 2']) {
      const res = await fetch(`${server.api}/checkout/payment`, {
        method: 'POST',
        headers: { authorization: `Bearer ${c.token}`, 'content-type': 'application/json' },
        body: payload,
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as ErrorBody;
      expect(body.errors).toEqual([{ code: 'InvalidJson', field: 'body' }]);
      expect(body.message).toMatch(/^body: /);
    }
  });

  it('names each missing or bad address field', async () => {
    const c = await guest();
    const { cart } = await addressedCart(c, [{ sku: plenty.sku, quantity: 1 }]);
    const res = await c.post<ErrorBody>('/checkout/shipping-cost', {
      cartId: cart.id,
      version: cart.version,
      address: { ...ADDRESS, email: 'nope', postalCode: 'ABCDE', country: 'FR', firstName: '' },
    });
    expect(res.status).toBe(400);
    const fields = res.body.errors?.map((e) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining(['address.email', 'address.country', 'address.firstName']),
    );
    const caPostal = await c.post<ErrorBody>('/checkout/shipping-cost', {
      cartId: cart.id,
      version: cart.version,
      address: { ...ADDRESS, country: 'CA', state: 'ON', postalCode: '12345' },
    });
    expect(caPostal.body.errors?.map((e) => e.field)).toEqual(['address.postalCode']);
  });

  it.each([
    ['/checkout/shipping-cost', '[1]', 'body'],
    ['/checkout/shipping-cost', { version: 1, address: ADDRESS }, 'cartId'],
    ['/checkout/shipping-cost', { cartId: 'x', version: 1 }, 'address'],
    ['/checkout/v2/assign/shipmentfromcart', { cartId: 'x', version: 1 }, 'methodId'],
    [
      '/checkout/v2/assign/shipmentfromcart',
      { cartId: 'x', version: 0, methodId: 'standard' },
      'version',
    ],
    ['/checkout/order-split-check', {}, 'cartId'],
    ['/checkout/payment', { cartId: 'x', version: 1, method: 'card' }, 'card'],
    ['/checkout/payment', { cartId: 'x', version: 1, method: 'paypal' }, 'paypalToken'],
    [
      '/checkout/payment',
      { cartId: 'x', version: 1, method: 'finance', applicationId: 3 },
      'applicationId',
    ],
    ['/checkout/order/submit', { cartId: 'x', version: 'one' }, 'version'],
    ['/checkout/v2/order/submit', { cartId: '../x', version: 1 }, 'cartId'],
  ])('%s %j → 400 naming %s', async (url, body, field) => {
    const c = await guest();
    const res = await c.post<ErrorBody>(url, body);
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => e.field)).toContain(field);
    expect(res.body.message).toContain(field);
  });

  it('refuses a PayPal token or finance application that was not approved', async () => {
    const c = await guest();
    const { cart } = await addressedCart(c, [{ sku: plenty.sku, quantity: 1 }]);
    const paypal = await c.post<ErrorBody>('/checkout/payment', {
      cartId: cart.id,
      version: cart.version,
      method: 'paypal',
      paypalToken: 'EC-unknown',
    });
    expect(paypal.status).toBe(400);
    expect(paypal.body.errors?.[0]?.field).toBe('paypalToken');
  });

  it('needs a token', async () => {
    const res = await fetch(`${server.api}/checkout/order/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cartId: 'x', version: 1 }),
    });
    expect(res.status).toBe(401);
  });
});
