/**
 * The PayPal and finance sandboxes (ARCHITECTURE.md "Demo data and sandboxes"): the provider side
 * of both flows, kept in the tables of migration 007. A token or application belongs to one
 * owner's cart and is judged on the cart's own total as the server prices it — never on an amount
 * from the request. The sandbox pages approve or decline; verify.ts tells the checkout.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { linesTotals } from '../../core/cart/engine/pricing';
import { orderTotals } from '../../core/checkout/shipments';
import type { Cart } from '../../core/cart/cart';
import type { FinanceApplicationRequest } from '../../core/checkout/finance';
import { isFinanceEligible } from '../../core/checkout/finance';
import { ownerKey, type Owner } from '../auth/owner';
import { CartService } from '../cart/cart-service';
import type { Database, Queryable } from '../db/database';
import { ApiError } from '../http/errors';
import { orderItemsTotalCents } from './parse';

/** How long a token or application can still be approved and used (PayPal's is 3 hours). */
export const SANDBOX_LIFETIME_HOURS = 3;
const LIFETIME = `now() + interval '${SANDBOX_LIFETIME_HOURS} hours'`;

export type PaypalStatus = 'pending' | 'approved' | 'cancelled';
export type FinanceStatus = 'pending' | 'approved' | 'declined';

export interface PaypalToken {
  readonly token: string;
  readonly cartId: string;
  readonly currency: string;
  readonly amountCents: number;
  readonly status: PaypalStatus;
  readonly expired: boolean;
}

export interface FinanceApplication {
  readonly id: string;
  readonly cartId: string;
  readonly currency: string;
  readonly totalCents: number;
  readonly request: FinanceApplicationRequest;
  readonly status: FinanceStatus;
  readonly expired: boolean;
}

const TOKEN_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';

/** `EC-` and 17 characters, the shape of a PayPal Express Checkout token. */
export const newPaypalToken = (): string =>
  `EC-${[...randomBytes(17)].map((b) => TOKEN_ALPHABET[b % TOKEN_ALPHABET.length]).join('')}`;

export const PAYPAL_TOKEN = /^EC-[A-Z0-9]{17}$/;
export const APPLICATION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What the cart is charged: core's one totals function, as the order and the submit read it. */
const cartTotalCents = (cart: Cart): number => orderTotals(cart).total;

/** What an approval is tied to: the cart's lines after discounts, before shipping and tax. */
export const goodsCents = (cart: Cart): number => linesTotals(cart.lineItems).net;

export const emptyCart = (): ApiError =>
  new ApiError(400, 'cartId names an empty cart', [{ code: 'EmptyCart', field: 'cartId' }]);

export const ineligibleAmount = (totalCents: number): ApiError =>
  new ApiError(
    400,
    `Finance is available for order totals from $350 to $15,000; this order comes to ${(totalCents / 100).toFixed(2)}`,
    [{ code: 'FinanceIneligibleAmount', field: 'order_items', totalCents }],
  );

interface PaypalRow {
  token: string;
  cart_id: string;
  currency: string;
  amount_cents: number;
  status: PaypalStatus;
  expired: boolean;
}

interface FinanceRow {
  id: string;
  cart_id: string;
  currency: string;
  total_cents: number;
  request: FinanceApplicationRequest | string;
  status: FinanceStatus;
  expired: boolean;
}

const toPaypal = (row: PaypalRow): PaypalToken => ({
  token: row.token,
  cartId: row.cart_id,
  currency: row.currency,
  amountCents: Number(row.amount_cents),
  status: row.status,
  expired: row.expired,
});

const toFinance = (row: FinanceRow): FinanceApplication => ({
  id: row.id,
  cartId: row.cart_id,
  currency: row.currency,
  totalCents: Number(row.total_cents),
  request:
    typeof row.request === 'string'
      ? (JSON.parse(row.request) as FinanceApplicationRequest)
      : row.request,
  status: row.status,
  expired: row.expired,
});

export class PaymentSandbox {
  private readonly carts: CartService;

  constructor(private readonly db: Database) {
    this.carts = new CartService(db);
  }

  /** A PayPal token for the owner's cart at its current total (404 when not theirs). */
  async createPaypalToken(owner: Owner, cartId: string): Promise<PaypalToken> {
    const cart = await this.carts.cart(owner, cartId);
    if (cart.lineItems.length === 0) throw emptyCart();
    const token = newPaypalToken();
    const amountCents = cartTotalCents(cart);
    await this.db.query(
      `INSERT INTO paypal_tokens
         (token, cart_id, cart_version, owner_key, currency, amount_cents, goods_cents, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, ${LIFETIME})`,
      [token, cart.id, cart.version, ownerKey(owner), cart.currency, amountCents, goodsCents(cart)],
    );
    return {
      token,
      cartId: cart.id,
      currency: cart.currency,
      amountCents,
      status: 'pending',
      expired: false,
    };
  }

  async paypalToken(token: string): Promise<PaypalToken | null> {
    if (!PAYPAL_TOKEN.test(token)) return null;
    const rows = await this.db.query<PaypalRow>(
      `SELECT token, cart_id, currency, amount_cents, status, expires_at <= now() AS expired
       FROM paypal_tokens WHERE token = $1`,
      [token],
    );
    const row = rows.rows[0];
    return row === undefined ? null : toPaypal(row);
  }

  /**
   * Approve or cancel a pending, unexpired token; a decided one keeps its first decision (a
   * second click answers the same). Null when there is no such token or it has expired.
   */
  async decidePaypal(token: string, approve: boolean): Promise<PaypalToken | null> {
    if (!PAYPAL_TOKEN.test(token)) return null;
    await this.db.query(
      `UPDATE paypal_tokens SET status = $2, decided_at = now()
       WHERE token = $1 AND status = 'pending' AND expires_at > now()`,
      [token, approve ? 'approved' : 'cancelled'],
    );
    const decided = await this.paypalToken(token);
    return decided === null || decided.status === 'pending' ? null : decided;
  }

  /**
   * Records a finance application for the owner's cart. The cart must be theirs (404), at the
   * version the application names (409), and both the cart's own total and the order items'
   * total must be within the finance range (400 FinanceIneligibleAmount).
   */
  async createFinanceApplication(
    owner: Owner,
    request: FinanceApplicationRequest,
  ): Promise<FinanceApplication> {
    const cart = await this.carts.cart(owner, request.metadata.cartId);
    if (cart.version !== request.metadata.version) {
      throw new ApiError(
        409,
        `body.metadata.version ${request.metadata.version} is not the cart's version ${cart.version}`,
        [
          {
            code: 'ConcurrentModification',
            field: 'metadata.version',
            currentVersion: cart.version,
          },
        ],
      );
    }
    const totalCents = cartTotalCents(cart);
    if (!isFinanceEligible(totalCents)) throw ineligibleAmount(totalCents);
    const itemsTotal = orderItemsTotalCents(request.order_items);
    if (!isFinanceEligible(itemsTotal)) throw ineligibleAmount(itemsTotal);
    const id = randomUUID();
    await this.db.query(
      `INSERT INTO finance_applications
         (id, cart_id, cart_version, owner_key, currency, total_cents, goods_cents, request, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, ${LIFETIME})`,
      [
        id,
        cart.id,
        cart.version,
        ownerKey(owner),
        cart.currency,
        totalCents,
        goodsCents(cart),
        JSON.stringify(request),
      ],
    );
    return {
      id,
      cartId: cart.id,
      currency: cart.currency,
      totalCents,
      request,
      status: 'pending',
      expired: false,
    };
  }

  async financeApplication(id: string): Promise<FinanceApplication | null> {
    if (!APPLICATION_ID.test(id)) return null;
    const rows = await this.db.query<FinanceRow>(
      `SELECT id, cart_id, currency, total_cents, request, status, expires_at <= now() AS expired
       FROM finance_applications WHERE id = $1`,
      [id],
    );
    const row = rows.rows[0];
    return row === undefined ? null : toFinance(row);
  }

  /** As decidePaypal, for a finance application. */
  async decideFinance(id: string, approve: boolean): Promise<FinanceApplication | null> {
    if (!APPLICATION_ID.test(id)) return null;
    await this.db.query(
      `UPDATE finance_applications SET status = $2, decided_at = now()
       WHERE id = $1 AND status = 'pending' AND expires_at > now()`,
      [id, approve ? 'approved' : 'declined'],
    );
    const decided = await this.financeApplication(id);
    return decided === null || decided.status === 'pending' ? null : decided;
  }
}

/** For verify.ts: one row's status for an owner's cart, unexpired. */
/**
 * The goods an approved token or application of this owner and cart was given for (cents; null for
 * rows made before goods were recorded), or undefined when there is no such approval.
 */
export const approvalFor = async (
  db: Queryable,
  table: 'paypal_tokens' | 'finance_applications',
  idColumn: 'token' | 'id',
  id: string,
  owner: string,
  cartId: string,
): Promise<number | null | undefined> => {
  const rows = await db.query<{ goods_cents: number | null }>(
    `SELECT goods_cents FROM ${table}
     WHERE ${idColumn} = $1 AND owner_key = $2 AND cart_id = $3
       AND status = 'approved' AND expires_at > now()`,
    [id, owner, cartId],
  );
  const row = rows.rows[0];
  return row === undefined ? undefined : row.goods_cents === null ? null : Number(row.goods_cents);
};
