/**
 * Issue 12 item 3: a cart shared with a promo code applied showed its reader the sharer's prices
 * ($562.50 with VIP25) and then $750 in their own cart. The shared answer is priced for the
 * reader: today's list and sale prices in their currency, the automatic promotions, no code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart, CartLineItem } from '../../../core/cart/cart';
import { linesTotals } from '../../../core/cart/engine/pricing';
import { startTestServer, type TestServer } from '../../support/test-server';
import { add, addItems, client, createCart, guestToken, pickSku, type PickedSku } from './support';

let server: TestServer;
/** In stock, no sale price. */
let plain: PickedSku;
/** In stock, on sale. */
let onSale: PickedSku;

interface SharedBody {
  readonly id: string;
  readonly currency: string;
  readonly lineitems: readonly CartLineItem[];
}

beforeAll(async () => {
  server = await startTestServer();
  plain = await pickSku(
    server,
    "v.available_qty >= 10 AND pr.sale_cents IS NULL AND c.department = 'bathroom' AND NOT p.freight",
  );
  onSale = await pickSku(
    server,
    "v.available_qty >= 10 AND pr.sale_cents IS NOT NULL AND c.department <> 'parts' AND NOT p.freight",
  );
});
afterAll(() => server.dispose());

const sharerWithVip25 = async () => {
  const sharer = client(server, (await guestToken(server)).token);
  const cart = await createCart(sharer);
  const added = await addItems(sharer, cart, [add(plain.sku, 2), add(onSale.sku, 1)]);
  expect(added.status).toBe(200);
  const coded = await sharer.post<Cart>(`/cart/discount?cartId=${cart.id}`, {
    version: added.body.version,
    code: 'VIP25',
  });
  expect(coded.status).toBe(200);
  expect(coded.body.lineItems.some((l) => l.discounts.some((d) => d.code === 'VIP25'))).toBe(true);
  const shared = await sharer.post<{ sharedCartId: string }>('/cart/sharedcart', {
    cartId: cart.id,
  });
  expect(shared.status).toBe(201);
  return { sharerCart: coded.body, sharedCartId: shared.body.sharedCartId };
};

describe('a shared cart answers the reader’s prices, not the sharer’s', () => {
  it('carries no sharer discount, and costs what the reader’s own cart then costs', async () => {
    const { sharerCart, sharedCartId } = await sharerWithVip25();
    const reader = client(server, (await guestToken(server)).token);
    const read = await reader.get<SharedBody>(`/cart/sharedcart/${sharedCartId}`);
    expect(read.status).toBe(200);
    const codes = read.body.lineitems.flatMap((l) => l.discounts.filter((d) => d.code));
    expect(codes).toEqual([]);
    for (const line of read.body.lineitems) expect(line.discountedPrice).toBeUndefined();
    // The sale price stays: it is the shop's, not the sharer's.
    const sale = read.body.lineitems.find((l) => l.sku === onSale.sku);
    expect(sale?.price).toEqual({ value: onSale.listCents, discountedValue: onSale.saleCents });

    // "Add all to cart" into the reader's own cart: the same lines, the same money.
    const own = await createCart(reader);
    const filled = await addItems(
      reader,
      own,
      read.body.lineitems.map((l) => add(l.sku, l.quantity)),
    );
    expect(filled.status).toBe(200);
    expect(linesTotals(read.body.lineitems)).toEqual(linesTotals(filled.body.lineItems));
    expect(linesTotals(read.body.lineitems).net).toBeGreaterThan(
      linesTotals(sharerCart.lineItems).net,
    );
  });

  it('prices in the reader’s currency when asked, and names a currency it does not sell in', async () => {
    const { sharedCartId } = await sharerWithVip25();
    const reader = client(server, (await guestToken(server)).token);
    const cad = await reader.get<SharedBody>(`/cart/sharedcart/${sharedCartId}?currency=CAD`);
    expect(cad.status).toBe(200);
    expect(cad.body.currency).toBe('CAD');
    const own = await createCart(reader, 'CAD');
    const filled = await addItems(
      reader,
      own,
      cad.body.lineitems.map((l) => add(l.sku, l.quantity)),
    );
    expect(linesTotals(cad.body.lineitems)).toEqual(linesTotals(filled.body.lineItems));

    const bad = await reader.get<{ errors: { field: string }[] }>(
      `/cart/sharedcart/${sharedCartId}?currency=EUR`,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e) => e.field)).toEqual(['querystring.currency']);
  });

  it('reads a snapshot stored with its prices (before snapshots held only the choices) the same way', async () => {
    const { sharerCart, sharedCartId } = await sharerWithVip25();
    await server.db.query('UPDATE shared_carts SET line_items = $1 WHERE id = $2', [
      JSON.stringify(sharerCart.lineItems),
      sharedCartId,
    ]);
    const reader = client(server, (await guestToken(server)).token);
    const read = await reader.get<SharedBody>(`/cart/sharedcart/${sharedCartId}`);
    expect(read.status).toBe(200);
    expect(read.body.lineitems.flatMap((l) => l.discounts.filter((d) => d.code))).toEqual([]);
    expect(read.body.lineitems.map((l) => [l.sku, l.quantity])).toEqual(
      sharerCart.lineItems.map((l) => [l.sku, l.quantity]),
    );
  });
});
