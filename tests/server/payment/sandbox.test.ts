/**
 * The PayPal and finance sandboxes end to end over HTTP: tokens and applications belong to one
 * owner's cart, the provider pages approve or decline and send the shopper back to checkout as the
 * real providers do, verify.ts answers true only for an approved one of that owner and cart, the
 * finance plan is refused outside $350–$15,000, and bad input is a 400 naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '../../../core/cart/cart';
import { summarizeCart } from '../../../core/cart/summary';
import { ownerKey } from '../../../server/auth/owner';
import { verifyFinanceApplication, verifyPaypalToken } from '../../../server/payment/verify';
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
} from '../cart/support';

let server: TestServer;
let cheap: PickedSku;
let pricey: PickedSku;

interface Shopper {
  readonly c: Client;
  readonly key: string;
}

const guest = async (): Promise<Shopper> => {
  const g = await guestToken(server);
  return { c: client(server, g.token), key: ownerKey({ kind: 'guest', id: g.anonymousId }) };
};

const customer = async (): Promise<Shopper> => {
  const t = await customerToken(server);
  return { c: client(server, t.token), key: ownerKey({ kind: 'customer', id: t.customerId }) };
};

const cartWith = async (s: Shopper, sku: string, quantity: number): Promise<Cart> => {
  const res = await addItems(s.c, await createCart(s.c), [add(sku, quantity)]);
  if (res.status !== 200) throw new Error(`add: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

/** Units of `sku` that bring a cart's total into the finance range ($350–$15,000). */
const unitsForTotal = (sku: PickedSku, targetCents: number): number =>
  Math.ceil(targetCents / (sku.saleCents ?? sku.listCents));

const total = (cart: Cart): number => summarizeCart(cart).cents.estimatedTotal;

const unitPrice = (line: Cart['lineItems'][number]): number =>
  line.discountedPrice ?? line.price.discountedValue ?? line.price.value;

const financeBody = (cart: Cart, overrides: Record<string, unknown> = {}) => ({
  finance_plan_id: 'plan-12',
  deposit_percentage: 10,
  applicants: [
    {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.test',
      phoneNumber: '5551234567',
    },
  ],
  order_items: [
    ...cart.lineItems.map((l) => ({ name: l.sku, quantity: l.quantity, price: unitPrice(l) })),
    { name: 'Tax', quantity: 1, price: cart.totalTax },
  ],
  urls: {
    merchant_redirect_url: 'http://localhost/en/checkout',
    merchant_checkout_url: 'http://localhost/en/checkout',
  },
  metadata: {
    cartId: cart.id,
    version: cart.version,
    paymentSource: 'finance',
    planOption: '12 months',
  },
  ...overrides,
});

/** A page request without following redirects. */
const page = (url: string, init: RequestInit = {}) =>
  fetch(`${server.url}${url}`, { redirect: 'manual', ...init });

const decide = (url: string, form: Record<string, string>) =>
  page(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });

beforeAll(async () => {
  server = await startTestServer();
  cheap = await pickSku(
    server,
    "v.available_qty >= 20 AND NOT p.freight AND pr.list_cents BETWEEN 2000 AND 20000 AND c.department <> 'parts'",
  );
  pricey = await pickSku(
    server,
    "v.available_qty >= 60 AND pr.list_cents >= 40000 AND c.department <> 'parts'",
  );
});
afterAll(() => server.dispose());

interface TokenBody {
  token: string;
  approvalUrl: string;
  amountCents: number;
  currency: string;
}

describe('PayPal sandbox', () => {
  it('a token for the cart total; approving redirects to checkout and verifies for that owner and cart only', async () => {
    const s = await guest();
    const cart = await cartWith(s, cheap.sku, 2);
    const res = await s.c.get<TokenBody>(`/payment/paypal/getToken?cartId=${cart.id}`);
    expect(res.status).toBe(200);
    const { token, approvalUrl, amountCents } = res.body;
    expect(token).toMatch(/^EC-[A-Z0-9]{17}$/);
    expect(approvalUrl).toBe(`/sandbox/paypal?token=${token}`);
    expect(amountCents).toBe(total(cart));
    expect(await verifyPaypalToken(server.db, token, s.key, cart)).toBe('not-approved');

    const shown = await page(approvalUrl);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toMatch(/^text\/html/);
    expect(shown.headers.get('content-security-policy')).toContain("form-action 'self'");
    expect(shown.headers.get('cache-control')).toBe('no-store');
    const html = await shown.text();
    expect(html).toContain('>Approve</button>');
    expect(html).toContain('>Cancel</button>');
    expect(html).toContain(
      `$${(amountCents / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`,
    );

    const approved = await decide('/sandbox/paypal', { token, decision: 'approve' });
    expect(approved.status).toBe(303);
    expect(approved.headers.get('location')).toBe(`/en/checkout?paypal=approved&token=${token}`);

    expect(await verifyPaypalToken(server.db, token, s.key, cart)).toBe('approved');
    const other = await guest();
    expect(await verifyPaypalToken(server.db, token, other.key, cart)).toBe('not-approved');
    const otherCart = await cartWith(s, cheap.sku, 1);
    expect(await verifyPaypalToken(server.db, token, s.key, otherCart)).toBe('not-approved');

    // The first decision stands: a later Cancel, or opening the page again, answers "approved".
    const again = await decide('/sandbox/paypal', { token, decision: 'cancel' });
    expect(again.headers.get('location')).toBe(`/en/checkout?paypal=approved&token=${token}`);
    const reopened = await page(approvalUrl);
    expect(reopened.status).toBe(303);
    expect(await verifyPaypalToken(server.db, token, s.key, cart)).toBe('approved');
  });

  it('cancelling redirects with paypal=cancelled and the token never verifies', async () => {
    const s = await customer();
    const cart = await cartWith(s, cheap.sku, 1);
    const { token } = (await s.c.get<TokenBody>(`/payment/paypal/getToken?cartId=${cart.id}`)).body;
    const cancelled = await decide('/sandbox/paypal', { token, decision: 'cancel' });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(`/en/checkout?paypal=cancelled&token=${token}`);
    expect(await verifyPaypalToken(server.db, token, s.key, cart)).toBe('not-approved');
  });

  it("401 without a token, 400 naming cartId, 404 for another's cart, 400 EmptyCart", async () => {
    const s = await guest();
    const cart = await cartWith(s, cheap.sku, 1);
    const anonymous = await fetch(`${server.api}/payment/paypal/getToken?cartId=${cart.id}`);
    expect(anonymous.status).toBe(401);
    const missing = await s.c.get<{ message: string; errors: { field: string }[] }>(
      '/payment/paypal/getToken',
    );
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]?.field).toBe('querystring.cartId');
    const malformed = await s.c.get('/payment/paypal/getToken?cartId=%3Cx%3E');
    expect(malformed.status).toBe(400);
    const stranger = await customer();
    expect((await stranger.c.get(`/payment/paypal/getToken?cartId=${cart.id}`)).status).toBe(404);
    const empty = await createCart(s.c);
    const emptyRes = await s.c.get<{ errors: { code: string }[] }>(
      `/payment/paypal/getToken?cartId=${empty.id}`,
    );
    expect(emptyRes.status).toBe(400);
    expect(emptyRes.body.errors[0]?.code).toBe('EmptyCart');
  });

  it('unknown tokens and bad forms get a page, never a 500, and nothing typed is echoed unescaped', async () => {
    const unknown = await page('/sandbox/paypal?token=EC-AAAAAAAAAAAAAAAAA');
    expect(unknown.status).toBe(404);
    const injected = await page(
      `/sandbox/paypal?token=${encodeURIComponent('<script>x</script>')}`,
    );
    expect(injected.status).toBe(404);
    expect(await injected.text()).not.toContain('<script>');
    expect((await decide('/sandbox/paypal', { token: 'EC-X', decision: 'steal' })).status).toBe(
      400,
    );
    expect((await decide('/sandbox/paypal', { decision: 'approve' })).status).toBe(400);
    expect(
      (await decide('/sandbox/paypal', { token: 'EC-AAAAAAAAAAAAAAAAA', decision: 'approve' }))
        .status,
    ).toBe(404);
  });
});

interface ApplicationBody {
  id: string;
  urls: { application_url: string };
}
interface ErrorBody {
  message: string;
  errors?: { code: string; field?: string }[];
}

describe('finance sandbox', () => {
  it('201 with the application page; approving returns with paydiv=success and verifies', async () => {
    const s = await guest();
    const cart = await cartWith(s, pricey.sku, unitsForTotal(pricey, 40_000));
    expect(total(cart)).toBeGreaterThanOrEqual(35_000);
    const body = financeBody(cart, {
      applicants: [
        {
          firstName: '<b>Ada</b>',
          lastName: 'O"Brien',
          email: 'ada@example.test',
          phoneNumber: '555 123 4567',
        },
      ],
    });
    const res = await s.c.post<ApplicationBody>('/payment/finance/application', body);
    expect(res.status).toBe(201);
    const { id, urls } = res.body;
    expect(urls.application_url).toBe(`/sandbox/finance?application=${id}`);
    expect(await verifyFinanceApplication(server.db, id, s.key, cart)).toBe('not-approved');

    const shown = await page(urls.application_url);
    expect(shown.status).toBe(200);
    const html = await shown.text();
    expect(html).toContain('&lt;b&gt;Ada&lt;/b&gt;');
    expect(html).not.toContain('<b>Ada</b>');
    expect(html).toContain('O&quot;Brien');
    expect(html).toContain('>Approve</button>');
    expect(html).toContain('>Decline</button>');

    const approved = await decide('/sandbox/finance', { application: id, decision: 'approve' });
    expect(approved.status).toBe(303);
    expect(approved.headers.get('location')).toBe(`/en/checkout?paydiv=success&application=${id}`);
    expect(await verifyFinanceApplication(server.db, id, s.key, cart)).toBe('approved');
    expect(await verifyFinanceApplication(server.db, id, (await guest()).key, cart)).toBe(
      'not-approved',
    );
  });

  it('declining returns with paydiv=failure and never verifies', async () => {
    const s = await customer();
    const cart = await cartWith(s, pricey.sku, unitsForTotal(pricey, 40_000));
    const { id } = (
      await s.c.post<ApplicationBody>('/payment/finance/application', financeBody(cart))
    ).body;
    const declined = await decide('/sandbox/finance', { application: id, decision: 'decline' });
    expect(declined.headers.get('location')).toBe(`/en/checkout?paydiv=failure&application=${id}`);
    expect(await verifyFinanceApplication(server.db, id, s.key, cart)).toBe('not-approved');
  });

  it('refuses carts under $350 and over $15,000, and items that come to less than $350', async () => {
    const s = await guest();
    const small = await cartWith(s, cheap.sku, 1);
    expect(total(small)).toBeLessThan(35_000);
    const under = await s.c.post<ErrorBody>('/payment/finance/application', financeBody(small));
    expect(under.status).toBe(400);
    expect(under.body.errors?.[0]?.code).toBe('FinanceIneligibleAmount');

    const big = await cartWith(s, pricey.sku, unitsForTotal(pricey, 1_500_100));
    expect(total(big)).toBeGreaterThan(1_500_000);
    const over = await s.c.post<ErrorBody>('/payment/finance/application', financeBody(big));
    expect(over.status).toBe(400);
    expect(over.body.errors?.[0]?.code).toBe('FinanceIneligibleAmount');

    // The cart is in range but the items sent say $1: refused, the items' total is what is financed.
    const fine = await cartWith(s, pricey.sku, unitsForTotal(pricey, 40_000));
    const lying = await s.c.post<ErrorBody>(
      '/payment/finance/application',
      financeBody(fine, { order_items: [{ name: 'Sink', quantity: 1, price: 100 }] }),
    );
    expect(lying.status).toBe(400);
    expect(lying.body.errors?.[0]?.code).toBe('FinanceIneligibleAmount');
  });

  it("404 for another's cart, 409 for a stale version, 401 without a token", async () => {
    const owner = await guest();
    const cart = await cartWith(owner, pricey.sku, unitsForTotal(pricey, 40_000));
    const stranger = await guest();
    expect((await stranger.c.post('/payment/finance/application', financeBody(cart))).status).toBe(
      404,
    );
    const stale = await owner.c.post<ErrorBody>(
      '/payment/finance/application',
      financeBody({ ...cart, version: cart.version + 1 }),
    );
    expect(stale.status).toBe(409);
    expect(stale.body.errors?.[0]?.code).toBe('ConcurrentModification');
    const anonymous = await fetch(`${server.api}/payment/finance/application`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(financeBody(cart)),
    });
    expect(anonymous.status).toBe(401);
  });

  it('bad bodies are 400s naming the field', async () => {
    const s = await guest();
    const cart = await cartWith(s, pricey.sku, unitsForTotal(pricey, 40_000));
    const base = financeBody(cart);
    const cases: [unknown, string][] = [
      [{ ...base, finance_plan_id: undefined }, 'body.finance_plan_id'],
      [{ ...base, deposit_percentage: 101 }, 'body.deposit_percentage'],
      [{ ...base, deposit_percentage: 12.5 }, 'body.deposit_percentage'],
      [{ ...base, applicants: [] }, 'body.applicants'],
      [
        { ...base, applicants: [{ ...base.applicants[0], email: 'not-an-email' }] },
        'body.applicants[0].email',
      ],
      [
        { ...base, applicants: [{ ...base.applicants[0], phoneNumber: '12' }] },
        'body.applicants[0].phoneNumber',
      ],
      [{ ...base, order_items: 'all of it' }, 'body.order_items'],
      [
        { ...base, order_items: [{ name: 'Sink', quantity: 0, price: 50_000 }] },
        'body.order_items[0].quantity',
      ],
      [
        { ...base, order_items: [{ name: 'Sink', quantity: 1, price: -1 }] },
        'body.order_items[0].price',
      ],
      [
        { ...base, urls: { ...base.urls, merchant_redirect_url: 'javascript:alert(1)' } },
        'body.urls.merchant_redirect_url',
      ],
      [{ ...base, metadata: { ...base.metadata, cartId: 7 } }, 'body.metadata.cartId'],
      [{ ...base, metadata: { ...base.metadata, version: '1' } }, 'body.metadata.version'],
      [[base], 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await s.c.post<ErrorBody>('/payment/finance/application', body);
      expect({ field, status: res.status }).toEqual({ field, status: 400 });
      expect(res.body.errors?.[0]?.field).toBe(field);
      expect(res.body.message).toContain(field);
    }
    const notJson = await s.c.post('/payment/finance/application', '{"finance_plan_id":');
    expect(notJson.status).toBe(400);
  });

  it('unknown applications get a 404 page', async () => {
    const res = await page('/sandbox/finance?application=00000000-0000-0000-0000-000000000000');
    expect(res.status).toBe(404);
    expect(
      (
        await decide('/sandbox/finance', {
          application: '00000000-0000-0000-0000-000000000000',
          decision: 'approve',
        })
      ).status,
    ).toBe(404);
    expect((await decide('/sandbox/finance', { application: 'x', decision: 'maybe' })).status).toBe(
      400,
    );
  });
});
