/**
 * Helpers for the cart API tests: tokens for guests (from the server's guest-token endpoint) and
 * customers (minted with the test server's own signing key, as sign-in would), JSON calls, and
 * SKUs picked from the seeded catalogue by what they are (in stock, back-orderable, …), so the
 * tests do not depend on one generated SKU.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Cart } from '../../../core/cart/cart';
import { CUSTOMER_SCOPES, TokenService, type RefreshSession } from '../../../server/auth/tokens';
import type { Queryable } from '../../../server/db/database';
import type { TestServer } from '../../support/test-server';

export interface Answer<T = unknown> {
  readonly status: number;
  readonly body: T;
}

export interface Client {
  readonly token: string;
  get<T = unknown>(url: string): Promise<Answer<T>>;
  post<T = unknown>(url: string, body?: unknown): Promise<Answer<T>>;
  del<T = unknown>(url: string): Promise<Answer<T>>;
}

const call = async <T>(
  server: TestServer,
  token: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<Answer<T>> => {
  const res = await fetch(`${server.api}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text === '' ? undefined : JSON.parse(text)) as T };
};

export const client = (server: TestServer, token: string): Client => ({
  token,
  get: (url) => call(server, token, 'GET', url),
  post: (url, body) => call(server, token, 'POST', url, body ?? {}),
  del: (url) => call(server, token, 'DELETE', url),
});

export const guestToken = async (server: TestServer, gId: string = randomUUID()) => {
  const res = await fetch(`${server.api}/oauth/token?scope=guest&channel=KOUS&gId=${gId}`, {
    method: 'POST',
  });
  const body = (await res.json()) as { access_token: string };
  return { token: body.access_token, anonymousId: gId };
};

const signingKey = async (server: TestServer): Promise<Uint8Array> =>
  new Uint8Array(
    Buffer.from(
      (await readFile(path.join(server.dataDir, 'jwt-secret'), 'utf8')).trim(),
      'base64url',
    ),
  );

/**
 * The customer row a token names, as sign-up would write it: the server refuses a customer token
 * whose account does not exist. Nothing is written when the id or the e-mail is already taken.
 */
export const ensureCustomerRow = async (
  server: TestServer,
  customerId: string,
  email: string,
): Promise<void> => {
  await server.db.query(
    `INSERT INTO customers (id, uid, email, password_hash, first_name, last_name, account_type,
       persona, password_changed_at)
     VALUES ($1, $2, $3, 'not-a-hash', 'Test', 'Customer', 'homeowner', 'GST', now())
     ON CONFLICT DO NOTHING`,
    [customerId, `uid-${customerId}`, email.trim().toLowerCase()],
  );
};

/**
 * A recorded sign-in session for the customer (one live refresh token of a new family), as sign-in
 * writes it: customer access tokens name it (`sid`) and work only while it is live. Without the
 * account's row nothing is written and the session is not live.
 */
export const signInSession = async (
  db: Queryable,
  customerId: string,
  record = true,
): Promise<RefreshSession> => {
  const session = { tokenId: randomUUID(), familyId: randomUUID(), customerId };
  if (record) {
    await db.query(
      `INSERT INTO refresh_tokens (id, family_id, customer_id, issued_at, expires_at)
       VALUES ($1, $2, $3, now(), now() + interval '1 day')`,
      [session.tokenId, session.familyId, customerId],
    );
  }
  return session;
};

/**
 * A signed-in customer's access token (spec §3 claims), as sign-in would issue it, for an account
 * that exists (written when missing); `account: false` leaves the database alone, for a token
 * whose account is gone.
 */
export const customerToken = async (
  server: TestServer,
  opts: { customerId?: string; email?: string; anonymousId?: string; account?: boolean } = {},
): Promise<{ token: string; customerId: string; email: string }> => {
  const customerId = opts.customerId ?? randomUUID();
  const email = opts.email ?? `${customerId}@example.test`;
  if (opts.account !== false) await ensureCustomerRow(server, customerId, email);
  const tokens = new TokenService(await signingKey(server));
  const session = await signInSession(server.db, customerId, opts.account !== false);
  const grant = await tokens.issue(
    {
      sub: email,
      uid: `uid-${customerId}`,
      customerId,
      firstName: 'Test',
      lastName: 'Customer',
      persona: ['KOUS:GST'],
      channel: 'KOUS',
      scopes: [...CUSTOMER_SCOPES],
      isAuth: true,
      ...(opts.anonymousId === undefined ? {} : { anonymousId: opts.anonymousId }),
    },
    session,
  );
  return { token: grant.access_token, customerId, email };
};

export const createCart = async (c: Client, currency = 'USD'): Promise<Cart> => {
  const res = await c.post<Cart>('/cart/create', { currency, taxMode: 'Platform' });
  if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

export const addItems = (c: Client, cart: Pick<Cart, 'id' | 'version'>, actions: unknown[]) =>
  c.post<Cart>(`/cart/items?cartId=${cart.id}&expand=calculation`, {
    version: cart.version,
    actions,
  });

export const add = (sku: string, quantity: number, roomInfo?: string) => ({
  action: 'addLineItem',
  sku,
  quantity,
  lineItemShipping: { salesChannel: 'KOUS', ...(roomInfo === undefined ? {} : { roomInfo }) },
});

export interface PickedSku {
  readonly sku: string;
  readonly productSku: string;
  readonly availableQty: number;
  readonly listCents: number;
  readonly saleCents: number | null;
  readonly department: string;
}

/**
 * A variant of a plain product (no parts, no required items, not back-orderable, no service)
 * matching `where` (SQL over v = product_variants, p = products, pr = US prices, c = categories).
 */
export const pickSku = async (
  server: TestServer,
  where: string,
  offset = 0,
): Promise<PickedSku> => {
  const rows = await server.db.query<{
    sku: string;
    product_sku: string;
    available_qty: number;
    list_cents: number;
    sale_cents: number | null;
    department: string;
  }>(
    `SELECT v.sku, v.product_sku, v.available_qty, pr.list_cents, pr.sale_cents, c.department
     FROM product_variants v
     JOIN products p ON p.sku = v.product_sku
     JOIN categories c ON c.slug = p.category_slug
     JOIN product_prices pr ON pr.product_sku = p.sku AND pr.region = 'US'
     WHERE cardinality(p.super_sku_components) = 0 AND cardinality(p.required_items) = 0
       AND p.kind IN ('finished-good', 'part') AND NOT p.backorderable AND (${where})
     ORDER BY v.sku LIMIT 1 OFFSET ${offset}`,
  );
  const row = rows.rows[0];
  if (row === undefined) throw new Error(`no SKU where ${where}`);
  return {
    sku: row.sku,
    productSku: row.product_sku,
    availableQty: Number(row.available_qty),
    listCents: Number(row.list_cents),
    saleCents: row.sale_cents === null ? null : Number(row.sale_cents),
    department: row.department,
  };
};
