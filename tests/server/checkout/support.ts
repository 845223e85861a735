/**
 * Helpers for the checkout API tests: a valid address and card, tokens for any persona, and the
 * whole way from an empty cart to a paid one (address → shipping method → payment).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Cart } from '../../../core/cart/cart';
import { CUSTOMER_SCOPES, TokenService } from '../../../server/auth/tokens';
import type { TestServer } from '../../support/test-server';
import {
  add,
  addItems,
  createCart,
  ensureCustomerRow,
  signInSession,
  type Answer,
  type Client,
} from '../cart/support';

export const ADDRESS = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'Ada.Lovelace@Example.test',
  mobile: '(555) 010-2000',
  streetName: '1 Analytical Way',
  city: 'Austin',
  state: 'TX',
  postalCode: '73301',
  country: 'US',
} as const;

export const APPROVE_CARD = {
  number: '4111 1111 1111 1111',
  expiryMonth: 12,
  expiryYear: new Date().getUTCFullYear() + 2,
  securityCode: '123',
  holderName: 'Ada Lovelace',
};

export const DECLINE_CARD = { ...APPROVE_CARD, number: '4000 0000 0000 0002' };

export interface ShippingCostBody {
  readonly cart: Cart;
  readonly methods: readonly { id: string; label: string; cents: number; estimatedDays: number }[];
  readonly freeShippingThresholdCents: number;
}

export interface ErrorBody {
  readonly statusCode: number;
  readonly message: string;
  readonly errors?: readonly { code: string; field?: string; skus?: string[] }[];
}

/**
 * A token with any persona claim, signed with the test server's key as sign-in would, for an
 * account that exists (written when missing).
 */
export const personaToken = async (
  server: TestServer,
  persona: string,
  customerId: string = randomUUID(),
): Promise<string> => {
  const key = new Uint8Array(
    Buffer.from(
      (await readFile(path.join(server.dataDir, 'jwt-secret'), 'utf8')).trim(),
      'base64url',
    ),
  );
  await ensureCustomerRow(server, customerId, `${customerId}@example.test`);
  const session = await signInSession(server.db, customerId);
  const grant = await new TokenService(key).issue(
    {
      sub: `${customerId}@example.test`,
      uid: `uid-${customerId}`,
      customerId,
      firstName: 'Test',
      lastName: 'Associate',
      persona: [persona],
      channel: 'KOUS',
      scopes: [...CUSTOMER_SCOPES],
      isAuth: true,
    },
    session,
  );
  return grant.access_token;
};

/** A cart holding `lines`, with the address set: the shipping-cost answer. */
export const addressedCart = async (
  c: Client,
  lines: readonly { sku: string; quantity: number }[],
): Promise<ShippingCostBody> => {
  const empty = await createCart(c);
  const filled = await addItems(
    c,
    empty,
    lines.map((l) => add(l.sku, l.quantity)),
  );
  if (filled.status !== 200)
    throw new Error(`add: ${filled.status} ${JSON.stringify(filled.body)}`);
  const res = await c.post<ShippingCostBody>('/checkout/shipping-cost', {
    cartId: filled.body.id,
    version: filled.body.version,
    address: ADDRESS,
  });
  if (res.status !== 200) throw new Error(`shipping: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

export const pay = (c: Client, cart: Pick<Cart, 'id' | 'version'>, card = APPROVE_CARD) =>
  c.post('/checkout/payment', { cartId: cart.id, version: cart.version, method: 'card', card });

/** A cart holding `lines`, addressed and paid by the approving card. */
export const paidCart = async (
  c: Client,
  lines: readonly { sku: string; quantity: number }[],
): Promise<Cart> => {
  const { cart } = await addressedCart(c, lines);
  const paid = await pay(c, cart);
  if (paid.status !== 200) throw new Error(`pay: ${paid.status} ${JSON.stringify(paid.body)}`);
  return cart;
};

export const submit = <T = unknown>(
  c: Client,
  cart: Pick<Cart, 'id' | 'version'>,
  v2 = false,
): Promise<Answer<T>> =>
  c.post<T>(v2 ? '/checkout/v2/order/submit' : '/checkout/order/submit', {
    cartId: cart.id,
    version: cart.version,
  });
