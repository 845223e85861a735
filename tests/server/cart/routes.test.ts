import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart, CartLineItem } from '../../../core/cart/cart';
import { summarizeCart } from '../../../core/cart/summary';
import { DISCOUNT_REFUSAL_REASONS } from '../../../core/cart/errors';
import {
  cartTotals,
  FREE_SHIPPING_FROM_CENTS,
  STANDARD_SHIPPING_CENTS,
  TAX_RATES_BP,
} from '../../../core/cart/engine/pricing';
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
} from './support';

let server: TestServer;
let shopper: Client;
/** In stock (≥ 50), no sale price, bathroom, under $100. */
let plain: PickedSku;
/** In stock, on sale. */
let onSale: PickedSku;

interface ErrorBody {
  readonly statusCode: number;
  readonly message: string;
  readonly errors?: readonly Record<string, unknown>[];
}

beforeAll(async () => {
  server = await startTestServer();
  shopper = client(server, (await guestToken(server)).token);
  plain = await pickSku(
    server,
    "v.available_qty >= 50 AND pr.sale_cents IS NULL AND c.department = 'bathroom' AND pr.list_cents BETWEEN 1000 AND 10000 AND NOT p.freight",
  );
  onSale = await pickSku(
    server,
    'v.available_qty >= 10 AND pr.sale_cents IS NOT NULL AND NOT p.freight',
  );
});
afterAll(() => server.dispose());

const lineOf = (cart: Cart, sku: string): CartLineItem | undefined =>
  cart.lineItems.find((l) => l.sku === sku && l.bundleParentId === undefined);

describe('create and read', () => {
  it('creates an empty cart at version 1 that is then the active cart', async () => {
    const c = client(server, (await guestToken(server)).token);
    expect((await c.get<Cart[]>('/cart/active?expand=calculation')).body).toEqual([]);
    const cart = await createCart(c);
    expect(cart).toMatchObject({ version: 1, currency: 'USD', lineItems: [], totalTax: 0 });
    expect(typeof cart.anonymousId).toBe('string');
    const active = await c.get<Cart[]>('/cart/active?expand=calculation');
    expect(active.body.map((x) => x.id)).toEqual([cart.id]);
    expect((await c.get<Cart>(`/cart/${cart.id}?expand=calculation`)).body).toEqual(cart);
  });

  it('refuses a bad create body, naming the field', async () => {
    const bad = await shopper.post<ErrorBody>('/cart/create', {
      currency: 'EUR',
      taxMode: 'Platform',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('currency');
    const noTax = await shopper.post<ErrorBody>('/cart/create', { currency: 'USD' });
    expect(noTax.status).toBe(400);
    expect(noTax.body.message).toContain('taxMode');
  });
});

describe('update actions', () => {
  it('prices lines from the catalogue, never from the request', async () => {
    const cart = await createCart(shopper);
    const res = await addItems(shopper, cart, [
      {
        ...add(plain.sku, 2, 'Primary bath'),
        price: 1,
        availableQty: 99999,
        isBackOrderable: true,
      },
    ]);
    expect(res.status).toBe(200);
    const line = lineOf(res.body, plain.sku);
    expect(line).toMatchObject({
      quantity: 2,
      price: { value: plain.listCents },
      availableQty: plain.availableQty,
      backorderable: false,
      lineItemShipping: { salesChannel: 'KOUS', roomInfo: 'Primary bath' },
    });
    expect(res.body.version).toBe(2);
    // Below the free-shipping threshold, standard shipping applies; no address, no tax.
    expect(plain.listCents * 2).toBeLessThan(FREE_SHIPPING_FROM_CENTS);
    expect(res.body.shippingCost).toBe(STANDARD_SHIPPING_CENTS);
    expect(res.body.totalTax).toBe(0);
  });

  it('adds to the line of the same SKU and room, and keeps other rooms apart', async () => {
    const cart = await createCart(shopper);
    const one = await addItems(shopper, cart, [
      add(plain.sku, 1, 'Kitchen'),
      add(plain.sku, 2, 'Kitchen'),
    ]);
    expect(one.body.lineItems).toHaveLength(1);
    expect(one.body.lineItems[0]?.quantity).toBe(3);
    const two = await addItems(shopper, one.body, [add(plain.sku, 1, 'Guest bath')]);
    expect(two.body.lineItems.map((l) => l.quantity).sort()).toEqual([1, 3]);
  });

  it('a sale price is a sitewide discount on the line', async () => {
    const cart = await createCart(shopper);
    const res = await addItems(shopper, cart, [add(onSale.sku, 1)]);
    const line = lineOf(res.body, onSale.sku);
    expect(line?.price).toEqual({ value: onSale.listCents, discountedValue: onSale.saleCents });
    expect(line?.discounts).toEqual([
      expect.objectContaining({
        kind: 'sitewide',
        amount: onSale.listCents - (onSale.saleCents ?? 0),
      }),
    ]);
  });

  it('changes and removes lines, and says which line is unknown', async () => {
    const cart = await createCart(shopper);
    const added = await addItems(shopper, cart, [add(plain.sku, 3)]);
    const id = added.body.lineItems[0]?.id ?? '';
    const changed = await addItems(shopper, added.body, [
      { action: 'changeLineItemQuantity', lineItemId: id, quantity: 5 },
      { action: 'removeLineItem', lineItemId: id, quantity: 2 },
    ]);
    expect(changed.body.lineItems[0]?.quantity).toBe(3);
    const missing = await addItems(shopper, changed.body, [
      { action: 'removeLineItem', lineItemId: 'no-such-line' },
    ]);
    expect(missing.status).toBe(400);
    expect((missing.body as unknown as ErrorBody).errors?.[0]).toMatchObject({
      code: 'LineItemNotFound',
      lineItemId: 'no-such-line',
    });
    const removed = await addItems(shopper, changed.body, [
      { action: 'removeLineItem', lineItemId: id },
    ]);
    expect(removed.body.lineItems).toEqual([]);
  });

  it('unknown SKU → 400 naming sku; nothing of the request is applied', async () => {
    const cart = await createCart(shopper);
    const res = await addItems(shopper, cart, [add(plain.sku, 1), add('K-0000000-ZZ', 1)]);
    expect(res.status).toBe(400);
    const body = res.body as unknown as ErrorBody;
    expect(body.message).toContain('actions[1].sku');
    expect(body.errors?.[0]).toMatchObject({ field: 'sku' });
    const after = await shopper.get<Cart>(`/cart/${cart.id}`);
    expect(after.body.version).toBe(1);
    expect(after.body.lineItems).toEqual([]);
  });

  it('more than the stock of a not back-orderable item → 400 OutOfStock with the sku', async () => {
    const cart = await createCart(shopper);
    const res = await addItems(shopper, cart, [add(plain.sku, plain.availableQty + 1)]);
    expect(res.status).toBe(400);
    expect((res.body as unknown as ErrorBody).errors).toEqual([
      { code: 'OutOfStock', sku: plain.sku },
    ]);
    const exactly = await addItems(shopper, cart, [add(plain.sku, plain.availableQty)]);
    expect(exactly.status).toBe(200);
  });

  it('a back-orderable item can be added beyond its stock, with its lead time', async () => {
    const rows = await server.db.query<{ sku: string; lead_time_days: number }>(
      `SELECT v.sku, p.lead_time_days FROM product_variants v JOIN products p ON p.sku = v.product_sku
       WHERE p.backorderable AND v.available_qty = 0 AND cardinality(p.super_sku_components) = 0
         AND cardinality(p.required_items) = 0 ORDER BY v.sku LIMIT 1`,
    );
    const sku = rows.rows[0]?.sku ?? '';
    const cart = await createCart(shopper);
    const res = await addItems(shopper, cart, [add(sku, 2)]);
    expect(res.status).toBe(200);
    expect(lineOf(res.body, sku)).toMatchObject({
      backorderable: true,
      availableQty: 0,
      leadTime: `${rows.rows[0]?.lead_time_days} days`,
    });
  });

  it('addbundle adds the super SKU and its parts as lines with bundleParentId', async () => {
    const rows = await server.db.query<{ sku: string; parts: string[]; finish_code: string }>(
      `SELECT v.sku, p.super_sku_components AS parts, v.finish_code FROM product_variants v
       JOIN products p ON p.sku = v.product_sku
       WHERE cardinality(p.super_sku_components) > 0 AND v.available_qty >= 5 AND NOT p.backorderable
       ORDER BY v.sku LIMIT 1`,
    );
    const bundle = rows.rows[0];
    if (bundle === undefined) throw new Error('no super SKU in the catalogue');
    const cart = await createCart(shopper);
    const res = await addItems(shopper, cart, [{ ...add(bundle.sku, 1), action: 'addbundle' }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const parent = lineOf(res.body, bundle.sku);
    expect(parent?.isComboSku).toBe(true);
    const parts = res.body.lineItems.filter((l) => l.bundleParentId === parent?.id);
    expect(parts.map((l) => l.sku.replace(/-[A-Z]+$/, '')).sort()).toEqual(
      [...bundle.parts].sort(),
    );
    expect(parts.every((p) => p.quantity === 1 && p.price.value === 0)).toBe(true);
    // The parts follow the bundle's quantity, and go with it.
    const more = await addItems(shopper, res.body, [
      { action: 'changeLineItemQuantity', lineItemId: parent?.id, quantity: 2 },
    ]);
    expect(more.body.lineItems.every((l) => l.quantity === 2)).toBe(true);
    const gone = await addItems(shopper, more.body, [
      { action: 'removeLineItem', lineItemId: parent?.id },
    ]);
    expect(gone.body.lineItems).toEqual([]);
  });

  it('a product with required items brings them along', async () => {
    const rows = await server.db.query<{ sku: string; required: string[] }>(
      `SELECT v.sku, p.required_items AS required FROM product_variants v
       JOIN products p ON p.sku = v.product_sku
       WHERE cardinality(p.required_items) > 0 AND v.available_qty >= 5 ORDER BY v.sku LIMIT 1`,
    );
    const item = rows.rows[0];
    if (item === undefined) throw new Error('no product with required items');
    const cart = await createCart(shopper);
    const res = await addItems(shopper, cart, [add(item.sku, 1)]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const masters = res.body.lineItems.map((l) => l.sku.replace(/-[A-Z]+$/, ''));
    for (const r of item.required) expect(masters).toContain(r);
  });

  it('taxes by the shipping state and flags lines that cannot ship there', async () => {
    const cart = await createCart(shopper);
    const added = await addItems(shopper, cart, [add(plain.sku, 2)]);
    const address = (state: string) => ({
      action: 'setShippingAddress',
      address: { firstName: 'A', lastName: 'B', email: 'a@b.test', mobile: '5551234567', state },
    });
    const ca = await addItems(shopper, added.body, [address('ca')]);
    const net = plain.listCents * 2;
    expect(ca.body.shippingAddress?.state).toBe('CA');
    expect(ca.body.totalTax).toBe(Math.round((net * (TAX_RATES_BP.CA ?? 0)) / 10_000));
    const or = await addItems(shopper, ca.body, [address('OR')]);
    expect(or.body.totalTax).toBe(0);
    const bad = await addItems(shopper, or.body, [
      { action: 'setShippingAddress', address: { firstName: 'A' } },
    ]);
    expect(bad.status).toBe(400);
    expect((bad.body as unknown as ErrorBody).message).toContain('actions[0].address.lastName');

    const noShip = await server.db.query<{ sku: string; state: string }>(
      `SELECT v.sku, p.no_ship_states[1] AS state FROM product_variants v JOIN products p ON p.sku = v.product_sku
       WHERE cardinality(p.no_ship_states) > 0 AND v.available_qty >= 1 AND NOT p.backorderable
         AND cardinality(p.required_items) = 0 AND cardinality(p.super_sku_components) = 0
       ORDER BY v.sku LIMIT 1`,
    );
    const row = noShip.rows[0];
    if (row === undefined) throw new Error('no product with no-ship states');
    const c2 = await createCart(shopper);
    const flagged = await addItems(shopper, c2, [add(row.sku, 1), address(row.state)]);
    expect(lineOf(flagged.body, row.sku)?.noShipping).toBe(true);
  });

  it('version: a stale version is 409 with the current version and writes nothing', async () => {
    const cart = await createCart(shopper);
    const first = await addItems(shopper, cart, [add(plain.sku, 1)]);
    const stale = await addItems(shopper, cart, [add(plain.sku, 1)]);
    expect(stale.status).toBe(409);
    expect((stale.body as unknown as ErrorBody).errors).toEqual([
      { code: 'ConcurrentModification', currentVersion: first.body.version },
    ]);
    expect((await shopper.get<Cart>(`/cart/${cart.id}`)).body).toEqual(first.body);
  });

  it('the v2 route takes cartId in the body', async () => {
    const cart = await createCart(shopper);
    const res = await shopper.post<Cart>('/cart/v2/items', {
      cartId: cart.id,
      version: 1,
      actions: [add(plain.sku, 1), { action: 'recalculate', updateProductData: true }],
    });
    expect(res.status).toBe(200);
    expect(res.body.version).toBe(2);
  });

  it('totals equal the sum of the lines, and core summarises the cart the same way', async () => {
    const cart = await createCart(shopper);
    const res = await addItems(shopper, cart, [add(plain.sku, 3), add(onSale.sku, 1)]);
    const totals = cartTotals(res.body);
    const summary = summarizeCart(res.body);
    expect(summary.cents.estimatedTotal).toBe(totals.total);
    expect(summary.cents.subtotal).toBe(plain.listCents * 3 + onSale.listCents);
  });
});

describe('discount codes', () => {
  const discount = (c: Client, cart: Pick<Cart, 'id' | 'version'>, body: Record<string, unknown>) =>
    c.post<Cart>(`/cart/discount?cartId=${cart.id}&expand=calculation`, {
      version: cart.version,
      ...body,
    });

  const cartWith = async (c: Client, quantity: number) =>
    (await addItems(c, await createCart(c), [add(plain.sku, quantity)])).body;

  it('SAVE10 takes 10% off each unit; removing it restores the price', async () => {
    const cart = await cartWith(shopper, 2);
    const res = await discount(shopper, cart, { code: 'save10' });
    expect(res.status).toBe(200);
    const line = lineOf(res.body, plain.sku);
    const off = Math.round(plain.listCents / 10);
    expect(line?.discountedPrice).toBe(plain.listCents - off);
    expect(line?.discounts).toContainEqual(
      expect.objectContaining({ kind: 'cart', code: 'SAVE10', amount: off * 2 }),
    );
    expect(res.body.discountCodes).toEqual([
      { id: 'dc-save10', code: 'SAVE10', target: 'lineItems', shippingDiscount: 0 },
    ]);
    const removed = await discount(shopper, res.body, { removeDiscountCodeId: 'dc-save10' });
    expect(removed.status).toBe(200);
    expect(lineOf(removed.body, plain.sku)?.discountedPrice).toBeUndefined();
    expect(removed.body.discountCodes).toEqual([]);
  });

  it('a refused code is a 400 with its pinned code and the reason, and changes nothing', async () => {
    const cart = await cartWith(shopper, 1);
    const cases: readonly [string, Record<string, unknown>][] = [
      [
        ' nope ',
        { code: 'DiscountCodeNonApplicable', reason: 'UnknownCode', discountCode: 'NOPE' },
      ],
      [
        'spring2020',
        { code: 'DiscountCodeNonApplicable', reason: 'Ended', discountCode: 'SPRING2020' },
      ],
      [
        'KITCHEN15',
        { code: 'DiscountCodeNonApplicable', reason: 'NoEligibleItems', discountCode: 'KITCHEN15' },
      ],
      [
        'Welcome20',
        {
          code: 'DiscountCodeNonApplicable',
          reason: 'MinimumNotMet',
          discountCode: 'WELCOME20',
          minimumCents: 20_000,
        },
      ],
    ];
    for (const [typed, entry] of cases) {
      const res = await discount(shopper, cart, { code: typed });
      expect(res.status, typed).toBe(400);
      expect((res.body as unknown as ErrorBody).errors, typed).toEqual([entry]);
    }
    const unchanged = await shopper.get<Cart>(`/cart/${cart.id}`);
    expect(unchanged.body.version).toBe(cart.version);
  });

  it('a code on the cart already, in any casing, is AlreadyApplied (v1 and v2 routes)', async () => {
    const cart = await cartWith(shopper, 1);
    const saved = await discount(shopper, cart, { code: 'SAVE10' });
    expect(saved.status).toBe(200);
    const again = await discount(shopper, saved.body, { code: 'save10' });
    expect(again.status).toBe(400);
    expect((again.body as unknown as ErrorBody).errors).toEqual([
      { code: 'MaxApplicationReached', reason: 'AlreadyApplied', discountCode: 'SAVE10' },
    ]);
    const v2 = await shopper.post<ErrorBody>('/cart/v2/discount', {
      cartId: cart.id,
      version: saved.body.version,
      code: 'Save10',
    });
    expect(v2.status).toBe(400);
    expect(v2.body.errors?.[0]).toMatchObject({ reason: 'AlreadyApplied' });
  });

  it('FREESHIP on a cart that already ships free is NoShippingCharge; on expedited, ExpeditedShipping', async () => {
    const free = await cartWith(shopper, Math.ceil(50_000 / plain.listCents));
    const res = await discount(shopper, free, { code: 'FREESHIP' });
    expect((res.body as unknown as ErrorBody).errors).toEqual([
      { code: 'DiscountCodeNonApplicable', reason: 'NoShippingCharge', discountCode: 'FREESHIP' },
    ]);
    const small = await cartWith(shopper, 1);
    const withCode = await discount(shopper, small, { code: 'FREESHIP' });
    expect(withCode.status).toBe(200);
    // Choosing expedited takes FREESHIP off (it takes off standard shipping only)…
    const expedited = await addItems(shopper, withCode.body, [
      { action: 'setShippingMethod', methodId: 'expedited' },
    ]);
    expect(expedited.status).toBe(200);
    expect(expedited.body.discountCodes).toEqual([]);
    // …and applying it again says why it cannot be.
    const refused = await discount(shopper, expedited.body, { code: 'FREESHIP' });
    expect((refused.body as unknown as ErrorBody).errors?.[0]).toMatchObject({
      reason: 'ExpeditedShipping',
    });
  });

  it('the reference lists every refusal reason for the discount routes', async () => {
    const doc = (await (await fetch(`${server.api}/openapi.json`)).json()) as {
      paths: Record<string, { post?: { responses?: Record<string, unknown> } }>;
    };
    for (const path of ['/api/cart/discount', '/api/cart/v2/discount']) {
      const text = JSON.stringify(doc.paths[path]?.post?.responses?.['400'] ?? {});
      for (const reason of DISCOUNT_REFUSAL_REASONS) expect(text, path).toContain(reason);
    }
  });

  it('a code cannot be combined with VIP25: ApplicationStoppedByPreviousDiscount', async () => {
    const cart = await cartWith(shopper, 1);
    const vip = await discount(shopper, cart, { code: 'VIP25' });
    expect(vip.status).toBe(200);
    const save = await discount(shopper, vip.body, { code: 'SAVE10' });
    expect(save.status).toBe(400);
    expect((save.body as unknown as ErrorBody).errors?.[0]?.code).toBe(
      'ApplicationStoppedByPreviousDiscount',
    );
  });

  it('ONETIME5 applies once per shopper: MaxApplicationReached after', async () => {
    const c = client(server, (await guestToken(server)).token);
    const cart = await cartWith(c, 1);
    const first = await discount(c, cart, { code: 'ONETIME5' });
    expect(first.status).toBe(200);
    const again = await discount(c, first.body, { code: 'ONETIME5' });
    expect((again.body as unknown as ErrorBody).errors?.[0]?.code).toBe('MaxApplicationReached');
    const removed = await discount(c, first.body, { removeDiscountCodeId: 'dc-onetime5' });
    const third = await discount(c, removed.body, { code: 'ONETIME5' });
    expect((third.body as unknown as ErrorBody).errors?.[0]?.code).toBe('MaxApplicationReached');
    // Another shopper still has their use.
    const other = client(server, (await guestToken(server)).token);
    expect((await discount(other, await cartWith(other, 1), { code: 'ONETIME5' })).status).toBe(
      200,
    );
  });

  it('FREESHIP takes standard shipping off; WELCOME20 needs $200', async () => {
    const cart = await cartWith(shopper, 1);
    const free = await discount(shopper, cart, { code: 'FREESHIP' });
    expect(free.status).toBe(200);
    expect(free.body.discountCodes[0]).toMatchObject({
      code: 'FREESHIP',
      target: 'shipping',
      shippingDiscount: free.body.shippingCost,
    });
    expect(
      summarizeCart(free.body).cents.estimatedShipping -
        summarizeCart(free.body).cents.totalPromotions,
    ).toBe(0);

    const units = Math.ceil(20_000 / plain.listCents);
    const big = await cartWith(shopper, units);
    const welcome = await discount(shopper, big, { code: 'WELCOME20' });
    expect(welcome.status).toBe(200);
    const taken = welcome.body.lineItems
      .flatMap((l) => l.discounts)
      .filter((d) => d.code === 'WELCOME20');
    const amount = taken.reduce((n, d) => n + d.amount, 0);
    expect(amount).toBeGreaterThan(2000 - units);
    expect(amount).toBeLessThanOrEqual(2000);
  });

  it('a bad discount body names the field', async () => {
    const cart = await cartWith(shopper, 1);
    const res = await shopper.post<ErrorBody>(`/cart/discount?cartId=${cart.id}`, {
      version: 'x',
      code: 'SAVE10',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('version');
    expect(res.body.errors?.[0]).toMatchObject({ code: 'InvalidField', field: 'version' });
    const unknownId = await discount(shopper, cart, { removeDiscountCodeId: 'dc-none' });
    expect(unknownId.status).toBe(400);
    expect((unknownId.body as unknown as ErrorBody).message).toContain('removeDiscountCodeId');
  });
});

describe('delete and share', () => {
  it('delete with a stale version is 409; with the current one the cart is gone', async () => {
    const cart = await createCart(shopper);
    const added = await addItems(shopper, cart, [add(plain.sku, 1)]);
    const stale = await shopper.del<ErrorBody>(`/cart/${cart.id}?cart-versionId=1`);
    expect(stale.status).toBe(409);
    expect(stale.body.errors?.[0]).toEqual({ code: 'ConcurrentModification', currentVersion: 2 });
    expect((await shopper.get(`/cart/${cart.id}`)).status).toBe(200);
    const deleted = await shopper.del<Cart>(
      `/cart/${cart.id}?cart-versionId=${added.body.version}`,
    );
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: cart.id, version: 3 });
    expect((await shopper.get(`/cart/${cart.id}`)).status).toBe(404);
    const active = await shopper.get<Cart[]>('/cart/active');
    expect(active.body.map((c) => c.id)).not.toContain(cart.id);
    const missingVersion = await shopper.del<ErrorBody>(`/cart/${cart.id}`);
    expect(missingVersion.status).toBe(400);
    expect(missingVersion.body.message).toContain('cart-versionId');
  });

  it('deleteActiveCart empties the caller’s newest active cart, with the version check', async () => {
    const me = client(server, (await guestToken(server)).token);
    const none = await me.post<ErrorBody>('/cart/v2/deleteActiveCart', { version: 1 });
    expect(none.status).toBe(404);
    expect(none.body.errors).toEqual([{ code: 'NoActiveCart' }]);
    const cart = await createCart(me);
    const added = await addItems(me, cart, [add(plain.sku, 2)]);
    const stale = await me.post<ErrorBody>('/cart/v2/deleteActiveCart', { version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.errors?.[0]).toEqual({
      code: 'ConcurrentModification',
      currentVersion: added.body.version,
    });
    const bad = await me.post<ErrorBody>('/cart/v2/deleteActiveCart', { version: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('version');
    // Another shopper's call never touches this cart.
    const other = client(server, (await guestToken(server)).token);
    expect(
      (await other.post('/cart/v2/deleteActiveCart', { version: added.body.version })).status,
    ).toBe(404);
    const deleted = await me.post<Cart>('/cart/v2/deleteActiveCart', {
      version: added.body.version,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.id).toBe(cart.id);
    expect((await me.get<Cart[]>('/cart/active')).body).toEqual([]);
  });

  it('a shared cart is readable by anyone with the id, with lowercase lineitems', async () => {
    const cart = await createCart(shopper);
    const added = await addItems(shopper, cart, [add(plain.sku, 2)]);
    const shared = await shopper.post<{ sharedCartId: string }>('/cart/sharedcart', {
      cartId: cart.id,
    });
    expect(shared.status).toBe(201);
    const stranger = client(server, (await guestToken(server)).token);
    const read = await stranger.get<Record<string, unknown>>(
      `/cart/sharedcart/${shared.body.sharedCartId}`,
    );
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      id: shared.body.sharedCartId,
      currency: 'USD',
      lineitems: added.body.lineItems,
    });
    expect(read.body).not.toHaveProperty('lineItems');
    // Sharing someone else's cart is as if it did not exist.
    expect((await stranger.post('/cart/sharedcart', { cartId: cart.id })).status).toBe(404);
    expect((await stranger.get('/cart/sharedcart/not-a-shared-cart')).status).toBe(404);
  });
});
