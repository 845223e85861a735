/**
 * The shopper's journeys over HTTP — browse, search, product page, cart (add, update, promo code),
 * checkout, orders, account, lists — with every answer, good and bad, checked against
 * GET /api/openapi.json: the operation, the status, the content type and the body must all be what
 * the document says. (Every test server also checks each answer against its route's own schemas,
 * tests/support/contract-check.ts; this one checks what a client generator reads.)
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/test-server';
import { ADDRESS, APPROVE_CARD } from '../checkout/support';
import { pickSku } from '../cart/support';
import { answerChecker, type AnswerCheck, type OpenApiDocument } from './document';

let server: TestServer;
let checker: AnswerCheck;
const problems: string[] = [];

interface Answer {
  readonly status: number;
  readonly body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- read loosely
  readonly headers: Headers;
}

/** One call, its answer checked against the document. */
const call = async (
  method: string,
  url: string,
  opts: { token?: string | null; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> => {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...opts.headers,
    },
    ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
  });
  const type = res.headers.get('content-type') ?? '';
  const raw = Buffer.from(await res.arrayBuffer());
  const body =
    raw.length === 0
      ? undefined
      : type.startsWith('application/json')
        ? JSON.parse(raw.toString('utf8'))
        : raw;
  const path = url.split('?')[0] ?? url;
  // A 405 is for a method the document does not list on the path: the refusals test reads it.
  if (res.status !== 405) {
    const problem = checker.check(method, path, res.status, type, body);
    if (problem !== null) problems.push(problem);
  }
  return { status: res.status, body, headers: res.headers };
};

const guest = async (): Promise<string> =>
  (await call('POST', `/api/oauth/token?scope=guest&channel=KOUS&gId=${randomUUID()}`)).body
    .access_token as string;

beforeAll(async () => {
  server = await startTestServer();
  const doc = (await (await fetch(`${server.api}/openapi.json`)).json()) as OpenApiDocument;
  checker = answerChecker(doc);
});
afterAll(async () => server?.dispose());

describe('real answers against /api/openapi.json', () => {
  it('browse and search: configuration, content, listing, typeahead, product page, catalogue calls', async () => {
    const token = await guest();
    expect((await call('GET', '/api/health')).status).toBe(200);
    expect((await call('GET', '/api/config/global?path=/en', { token })).status).toBe(200);
    expect((await call('GET', '/api/content/en.model.json', { token })).status).toBe(200);
    expect((await call('GET', '/api/content/en/nowhere.model.json', { token })).status).toBe(404);
    const plp = await call(
      'GET',
      '/api/search/plp?q=faucet&rows=5&facet.field=finish_ss&facet.range=finalPrice_d',
      { token },
    );
    expect(plp.status).toBe(200);
    expect(plp.body.response.docs.length).toBeGreaterThan(0);
    expect((await call('GET', '/api/search/plp?rows=500', { token })).status).toBe(400);
    expect((await call('GET', '/api/search/plp?q=fauset', { token })).status).toBe(200);
    expect((await call('GET', '/api/search/full-catalog?rows=3', { token })).status).toBe(200);
    expect((await call('GET', '/api/search/typeahead?q=fau', { token })).status).toBe(200);
    expect((await call('GET', '/api/search/typeahead', { token })).status).toBe(200);
    expect((await call('GET', '/api/search/top-searches', { token })).status).toBe(200);
    expect((await call('GET', '/api/search/profile', { token })).status).toBe(200);
    expect((await call('GET', '/api/search/tooltip', { token })).status).toBe(200);
    expect((await call('GET', '/api/search/help-faq', { token })).status).toBe(200);

    const doc = plp.body.response.docs[0] as { slug_s: string; sku_s: string; category_s: string };
    const pdp = await call('POST', '/api/search/pdp', { token, body: { slug: doc.slug_s } });
    expect(pdp.body.response.numFound).toBe(1);
    expect((await call('POST', '/api/search/pdp', { token, body: {} })).status).toBe(400);
    const sku = doc.sku_s;
    expect(
      (await call('GET', `/api/catalog/projection?where=slug="${doc.slug_s}"`, { token })).body
        .results.length,
    ).toBe(1);
    expect((await call('GET', `/api/catalog/reviews?sku=${sku}`, { token })).status).toBe(200);
    expect((await call('GET', '/api/catalog/reviews?sku=NOPE-1', { token })).status).toBe(404);
    expect((await call('GET', `/api/catalog/inventory?sku=${sku}`, { token })).status).toBe(200);
    expect((await call('GET', `/api/catalog/stock?sku=${sku}`, { token })).status).toBe(200);
    expect(
      (
        await call('GET', `/api/catalog/pdp-teaser?skuId=${sku}&category=${doc.category_s}`, {
          token,
        })
      ).status,
    ).toBe(200);
    const pdf = await call('GET', `/api/catalog/pdf-file-download?page=${sku}-spec-sheet`);
    expect(pdf.headers.get('content-type')).toMatch(/^application\/pdf/);
    const variant = await pickSku(server, 'TRUE');
    const svg = await call('GET', `/images/products/${variant.sku}.svg`);
    expect(svg.status).toBe(200);
    expect((await call('GET', '/images/products/NOPE-0.svg')).status).toBe(404);
  });

  it('cart, promo code, checkout, order, find-my-orders', async () => {
    const token = await guest();
    const { sku } = await pickSku(server, 'v.available_qty > 20 AND NOT p.freight');
    const created = await call('POST', '/api/cart/create', {
      token,
      body: { currency: 'USD', taxMode: 'Platform' },
    });
    expect(created.status).toBe(201);
    let cart = created.body as { id: string; version: number; lineItems: { id: string }[] };
    cart = (
      await call('POST', `/api/cart/items?cartId=${cart.id}`, {
        token,
        body: {
          version: cart.version,
          actions: [
            { action: 'addLineItem', sku, quantity: 2, lineItemShipping: { salesChannel: 'KOUS' } },
          ],
        },
      })
    ).body;
    const line = cart.lineItems[0]?.id ?? '';
    cart = (
      await call('POST', '/api/cart/v2/items', {
        token,
        body: {
          cartId: cart.id,
          version: cart.version,
          actions: [{ action: 'changeLineItemQuantity', lineItemId: line, quantity: 3 }],
        },
      })
    ).body;
    expect(
      (
        await call('POST', `/api/cart/items?cartId=${cart.id}`, {
          token,
          body: {
            version: 1,
            actions: [{ action: 'changeLineItemQuantity', lineItemId: line, quantity: 1 }],
          },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await call('POST', `/api/cart/discount?cartId=${cart.id}`, {
          token,
          body: { version: cart.version, code: 'NOPE' },
        })
      ).status,
    ).toBe(400);
    const promo = await call('POST', `/api/cart/discount?cartId=${cart.id}`, {
      token,
      body: { version: cart.version, code: 'save10' },
    });
    expect(promo.status).toBe(200);
    cart = promo.body;
    expect((await call('GET', '/api/cart/active', { token })).status).toBe(200);
    expect((await call('GET', `/api/cart/${cart.id}`, { token })).status).toBe(200);
    expect((await call('GET', `/api/cart/${randomUUID()}`, { token })).status).toBe(404);
    const shared = await call('POST', '/api/cart/sharedcart', { token, body: { cartId: cart.id } });
    expect(shared.status).toBe(201);
    expect(
      (
        await call('GET', `/api/cart/sharedcart/${shared.body.sharedCartId}?currency=CAD`, {
          token,
        })
      ).status,
    ).toBe(200);

    const quote = await call('POST', '/api/checkout/shipping-cost', {
      token,
      body: { cartId: cart.id, version: cart.version, address: ADDRESS },
    });
    expect(quote.status).toBe(200);
    expect(
      (
        await call('POST', '/api/checkout/shipping-cost', {
          token,
          body: {
            cartId: cart.id,
            version: quote.body.cart.version,
            address: { ...ADDRESS, postalCode: 'x' },
          },
        })
      ).status,
    ).toBe(400);
    const assigned = await call('POST', '/api/checkout/v2/assign/shipmentfromcart', {
      token,
      body: { cartId: cart.id, version: quote.body.cart.version, methodId: 'expedited' },
    });
    expect(assigned.status).toBe(200);
    cart = assigned.body;
    expect(
      (await call('POST', '/api/checkout/order-split-check', { token, body: { cartId: cart.id } }))
        .status,
    ).toBe(200);
    expect(
      (await call('GET', `/api/payment/paypal/getToken?cartId=${cart.id}`, { token })).status,
    ).toBe(200);
    expect(
      (
        await call('POST', '/api/checkout/order/submit', {
          token,
          body: { cartId: cart.id, version: cart.version },
        })
      ).status,
    ).toBe(402);
    const declined = await call('POST', '/api/checkout/payment', {
      token,
      body: {
        cartId: cart.id,
        version: cart.version,
        method: 'card',
        card: { ...APPROVE_CARD, number: '4000 0000 0000 0002' },
      },
    });
    expect(declined.status).toBe(402);
    const paid = await call('POST', '/api/checkout/payment', {
      token,
      body: { cartId: cart.id, version: cart.version, method: 'card', card: APPROVE_CARD },
    });
    expect(paid.status).toBe(200);
    const placed = await call('POST', '/api/checkout/order/submit', {
      token,
      body: { cartId: cart.id, version: cart.version },
    });
    expect(placed.status).toBe(201);
    const again = await call('POST', '/api/checkout/v2/order/submit', {
      token,
      body: { cartId: cart.id, version: cart.version },
    });
    expect(again.status).toBe(200);
    const orderNumber = placed.body.orderNumber as string;
    expect((await call('GET', `/api/orders/${orderNumber}`, { token })).status).toBe(200);
    expect((await call('GET', '/api/orders/LV-0', { token })).status).toBe(404);
    const found = await call('POST', '/api/orders/find-my-orders', {
      token,
      body: { email: ADDRESS.email, orderId: orderNumber },
    });
    expect(found.body.results).toHaveLength(1);
    expect(
      (
        await call(
          'GET',
          `/api/orders/split?parentOrderNumber=${orderNumber}&email=${ADDRESS.email}`,
          { token },
        )
      ).status,
    ).toBe(200);
    expect((await call('GET', '/api/orders?state=open', { token })).status).toBe(403);
    const advanced = await call('POST', `/api/dev/orders/${orderNumber}/advance`, { body: {} });
    expect(advanced.body.status).toBe('Confirmed');
    expect((await call('GET', '/api/dev/outbox?limit=5')).status).toBe(200);
    expect(
      (await call('POST', '/api/cart/v2/deleteActiveCart', { token, body: { version: 1 } })).status,
    ).toBe(404);
  });

  it('account: sign-up, sign-in, me, profile, addresses, password, orders, lists, sign-out', async () => {
    const token = await guest();
    const email = `contract-${randomUUID()}@example.test`;
    const password = 'Contract-Test-2026!';
    expect(
      (await call('POST', '/api/customer/lookup', { token, body: { email } })).body.exists,
    ).toBe(false);
    const signUp = {
      email,
      password,
      firstName: 'Ada',
      lastName: 'Contract',
      accountType: 'homeowner',
    };
    // A taken e-mail answers as a new one (sign-up does not tell whether an account exists).
    expect((await call('POST', '/api/customer/signup', { token, body: signUp })).status).toBe(202);
    expect((await call('POST', '/api/customer/signup', { token, body: signUp })).status).toBe(202);
    expect(
      (await call('POST', '/api/customer/signup', { token, body: { email: 'x' } })).status,
    ).toBe(400);
    const failed = await call('POST', '/api/identity/signin', {
      token,
      body: { username: email, password: 'wrong' },
    });
    expect(failed.body.status).toBe('AUTHENTICATION_FAILED');
    const signedIn = await call('POST', '/api/identity/signin', {
      token,
      body: { username: email, password },
    });
    expect(signedIn.body.status).toBe('SUCCESS');
    const customer = signedIn.body.tokens.access_token as string;
    const refresh = signedIn.body.tokens.refresh_token as string;
    expect((await call('GET', '/api/customer/me', { token })).body.isAuth).toBe(false);
    expect((await call('GET', '/api/customer/me', { token: customer })).body.isAuth).toBe(true);
    const profile = await call('GET', '/api/customer/profile', { token: customer });
    expect(profile.status).toBe(200);
    expect((await call('GET', '/api/customer/profile', { token })).status).toBe(403);
    const edited = await call('POST', '/api/customer/profile', {
      token: customer,
      body: {
        version: profile.body.version,
        actions: [{ action: 'setFirstName', firstName: 'Ada' }],
      },
    });
    expect(edited.status).toBe(200);
    const book = await call('POST', '/api/customer/address', {
      token: customer,
      body: {
        version: edited.body.version,
        actions: [
          {
            action: 'addAddress',
            address: {
              firstName: 'Ada',
              lastName: 'Contract',
              streetName: '1 Main Street',
              city: 'Springfield',
              state: 'IL',
              postalCode: '62701',
              country: 'US',
              mobile: '2175550100',
            },
          },
        ],
      },
    });
    expect(book.status).toBe(200);
    const removed = await call('POST', '/api/customer/address', {
      token: customer,
      body: {
        version: book.body.version,
        actions: [{ action: 'removeAddress', addressId: book.body.addresses[0].id }],
      },
    });
    expect(removed.status).toBe(200);
    expect((await call('GET', '/api/orders?state=past', { token: customer })).status).toBe(200);

    const list = await call('POST', '/api/shopping-list/create', {
      token: customer,
      body: { name: { 'en-US': 'Favorites' } },
    });
    expect(list.status).toBe(201);
    const { sku } = await pickSku(server, 'TRUE');
    const added = await call('POST', `/api/shopping-list/add/${list.body.id}?type=product`, {
      token: customer,
      body: {
        version: list.body.version,
        actions: [
          {
            action: 'addLineItem',
            sku,
            quantity: 1,
            custom: { type: { key: 'lineItemShoppingList' } },
          },
        ],
      },
    });
    expect(added.status).toBe(200);
    expect((await call('GET', '/api/shopping-list/Favorites', { token: customer })).status).toBe(
      200,
    );
    expect((await call('GET', '/api/shopping-list/Nope', { token: customer })).status).toBe(400);
    const took = await call('POST', `/api/shopping-list/remove/items/${list.body.id}`, {
      token: customer,
      body: {
        version: added.body.version,
        actions: [{ action: 'removeLineItem', lineItemId: added.body.lineItems[0].id }],
      },
    });
    expect(took.status).toBe(200);

    const cartRes = await call('POST', '/api/cart/merge', {
      token: customer,
      body: { anonymousId: 'x' },
    });
    expect(cartRes.status).toBe(200);
    expect(
      (await call('POST', '/api/oauth/token?scope=refresh', { body: { refresh_token: refresh } }))
        .status,
    ).toBe(200);
    expect((await call('POST', '/api/oauth/token/validate', { token: customer })).body.valid).toBe(
      true,
    );
    expect(
      (
        await call('POST', '/api/customer/change_password', {
          token: customer,
          body: { currentPassword: 'wrong-password-1', newPassword: 'another-pass-42' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await call('POST', '/api/identity/password/forgot', { token, body: { email } })).status,
    ).toBe(202);
    expect(
      (await call('POST', '/api/identity/signout', { body: { refresh_token: 'nothing' } })).status,
    ).toBe(204);
    expect((await call('DELETE', '/api/customer/account', { token: customer })).body.data).toBe(
      true,
    );
  });

  it('refusals: no token, a bad token, an unknown route, a method the path does not serve', async () => {
    expect((await call('GET', '/api/cart/active')).status).toBe(401);
    expect((await call('GET', '/api/cart/active', { token: 'nope' })).status).toBe(401);
    const put = await call('PUT', '/api/cart/active');
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('DELETE, GET, HEAD');
    expect(put.body).toEqual({
      statusCode: 405,
      error: 'Method Not Allowed',
      message: expect.stringContaining('PUT'),
    });
  });

  it('found every answer as the document says, over the main operations', () => {
    expect(problems).toEqual([]);
    // The journeys reach most of the document: a route left out of them would show here.
    expect(checker.seen.size).toBeGreaterThanOrEqual(55);
  });
});
