/**
 * The product page's answer (POST /api/search/pdp) is cached, and still never older than the last
 * committed order (issue 14): a page read before and after an order placed through the real
 * checkout routes shows the units the order took, in the colour details, `availableQty_i` and
 * `inStock_b` alike. Each answer keeps a query id of its own and meets the route's schema.
 */
import { refreshSearchStock } from '../../../server/search/stock';
import { Ajv } from 'ajv';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOUND_DOCUMENTS } from '../../../server/api/schemas/domain';
import { catalogueVersionOf } from '../../../server/catalog/catalogue-version';
import type { SearchDocument } from '../../../server/search/documents';
import { closedSchema } from '../../support/contract-check';
import { startTestServer, type TestServer } from '../../support/test-server';
import { client, guestToken, pickSku, type Client, type PickedSku } from '../cart/support';
import { paidCart, submit } from '../checkout/support';

let server: TestServer;
let shopper: Client;
let picked: PickedSku;
let slug: string;

interface PdpAnswer {
  readonly response: { readonly numFound: number; readonly docs: SearchDocument[] };
  readonly fusion: { readonly fusionQueryId: string };
}

beforeAll(async () => {
  server = await startTestServer();
  shopper = client(server, (await guestToken(server)).token);
  picked = await pickSku(server, 'v.available_qty BETWEEN 3 AND 50 AND NOT p.freight', 0);
  const rows = await server.db.query<{ slug: string }>('SELECT slug FROM products WHERE sku = $1', [
    picked.productSku,
  ]);
  slug = rows.rows[0]?.slug ?? '';
});
afterAll(() => server.dispose());

const page = async (): Promise<PdpAnswer> => {
  const res = await shopper.post<PdpAnswer>('/search/pdp', { slug });
  expect(res.status).toBe(200);
  return res.body;
};

const unitsOf = (doc: SearchDocument | undefined, sku: string): number => {
  const details = doc?.['Color.SKU.Details_ss'];
  const entry = (Array.isArray(details) ? details : []).find((d) => d.startsWith(`${sku}|`));
  return Number(entry?.split('|')[5]);
};

const stockInDatabase = async (): Promise<{ variant: number; product: number }> => {
  const rows = await server.db.query<{ sku: string; available_qty: number }>(
    'SELECT sku, available_qty FROM product_variants WHERE product_sku = $1',
    [picked.productSku],
  );
  return {
    variant: Number(rows.rows.find((r) => r.sku === picked.sku)?.available_qty),
    product: rows.rows.reduce((sum, r) => sum + Number(r.available_qty), 0),
  };
};

describe('the product page after an order', () => {
  it('shows the stock the order left, though the page was cached before it', async () => {
    const before = await page();
    const again = await page();
    const doc = before.response.docs[0];
    expect(unitsOf(doc, picked.sku)).toBe(picked.availableQty);
    expect(again.response).toEqual(before.response);

    const cart = await paidCart(shopper, [{ sku: picked.sku, quantity: 2 }]);
    const order = await submit(shopper, cart);
    expect(order.status).toBe(201);

    const after = (await page()).response.docs[0];
    const now = await stockInDatabase();
    expect(now.variant).toBe(picked.availableQty - 2);
    expect(unitsOf(after, picked.sku)).toBe(now.variant);
    expect(after?.availableQty_i).toBe(now.product);
    expect(after?.availableQty_i).toBe(Number(doc?.availableQty_i) - 2);
    expect(after?.inStock_b).toBe(now.product > 0);
  });

  it('shows a variant sold out by an order as out of stock', async () => {
    const { variant } = await stockInDatabase();
    await page();
    const cart = await paidCart(shopper, [{ sku: picked.sku, quantity: variant }]);
    expect((await submit(shopper, cart)).status).toBe(201);
    const after = (await page()).response.docs[0];
    expect(unitsOf(after, picked.sku)).toBe(0);
    expect(after?.availableQty_i).toBe((await stockInDatabase()).product);
  });
});

describe('the cached product page', () => {
  it('gives every answer a query id of its own, and each meets the route schema', async () => {
    const validate = new Ajv({ strict: false }).compile(
      closedSchema({
        type: 'object',
        properties: {
          response: FOUND_DOCUMENTS,
          fusion: { type: 'object', properties: { fusionQueryId: { type: 'string' } } },
        },
        required: ['response', 'fusion'],
      }) as object,
    );
    const answers = [await page(), await page(), await page()];
    for (const answer of answers)
      expect(validate(answer), JSON.stringify(validate.errors)).toBe(true);
    expect(new Set(answers.map((a) => a.fusion.fusionQueryId)).size).toBe(3);
    for (const a of answers) expect(a.fusion.fusionQueryId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is read again once the catalogue version moves', async () => {
    const version = catalogueVersionOf(server.db);
    // The page's units, changed behind the server's back and announced as a catalogue change.
    await page();
    // As every writer of stock does: the search documents rewritten in the same transaction (on a
    // PostgreSQL server that moves the shared version), then the bump once committed.
    await server.db.transaction(async (tx) => {
      await tx.query(
        'UPDATE product_variants SET available_qty = available_qty + 7 WHERE sku = $1',
        [picked.sku],
      );
      await refreshSearchStock(tx, [picked.sku]);
    });
    const { variant } = await stockInDatabase();
    version.bump('stock');
    expect(unitsOf((await page()).response.docs[0], picked.sku)).toBe(variant);
  });

  it('honours fl on a cached page, and answers none for an unknown slug twice alike', async () => {
    const app = server.app as FastifyInstance;
    const ask = (body: object, query = '') =>
      app.inject({
        method: 'POST',
        url: `/api/search/pdp${query}`,
        headers: { authorization: `Bearer ${shopper.token}`, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    await ask({ slug });
    const some = await ask({ slug }, '?fl=sku_s,slug_s');
    expect(some.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(some.json().response.docs).toEqual([{ sku_s: picked.productSku, slug_s: slug }]);
    for (let i = 0; i < 2; i += 1) {
      expect((await ask({ slug: 'no-such-product-k-1' })).json().response).toEqual({
        numFound: 0,
        docs: [],
      });
    }
  });
});
