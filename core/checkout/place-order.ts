/**
 * Use case: pay and place the order (spec §4 Checkout "Place order", §9 result code 870). The
 * payment is authorized against the cart version, then the order is submitted with an idempotency
 * key that stays the same for every retry of one placement, so a retried or double-clicked
 * "Place order" yields one order. A payment already authorized for this cart version is not sent
 * again.
 */
import { VersionConflictError, OutOfStockError } from '../cart/errors';
import { err, ok, type Result } from '../shared/result';
import {
  CheckoutFieldsError,
  PaymentDeclinedError,
  type CheckoutGateway,
  type Order,
  type PaymentAuthorization,
  type PaymentRequest,
} from './checkout';
import { isPaymentApproved } from './payment';

export type PlaceOrderError =
  | { readonly kind: 'declined' }
  | { readonly kind: 'out-of-stock'; readonly skus: readonly string[] }
  | { readonly kind: 'stale-cart'; readonly currentVersion: number }
  | { readonly kind: 'invalid'; readonly fields: readonly string[]; readonly message: string }
  | { readonly kind: 'failed'; readonly error: unknown };

export interface PlaceOrderInput {
  readonly cartId: string;
  readonly version: number;
  readonly payment: PaymentRequest;
  readonly idempotencyKey: string;
}

const toError = (error: unknown): PlaceOrderError => {
  if (error instanceof PaymentDeclinedError) return { kind: 'declined' };
  if (error instanceof OutOfStockError) return { kind: 'out-of-stock', skus: error.skus };
  if (error instanceof VersionConflictError) {
    return { kind: 'stale-cart', currentVersion: error.currentVersion };
  }
  if (error instanceof CheckoutFieldsError) {
    return { kind: 'invalid', fields: error.fields, message: error.message };
  }
  return { kind: 'failed', error };
};

export class PlaceOrder {
  /** The authorization per cart version: the submit of a retry reuses it. */
  private authorized: { key: string; value: PaymentAuthorization } | null = null;

  constructor(private readonly gateway: CheckoutGateway) {}

  async execute(input: PlaceOrderInput): Promise<Result<Order, PlaceOrderError>> {
    const key = `${input.cartId}@${input.version}:${JSON.stringify(input.payment)}`;
    try {
      if (this.authorized?.key !== key) {
        this.authorized = null;
        const auth = await this.gateway.authorizePayment(
          input.cartId,
          input.version,
          input.payment,
        );
        if (!isPaymentApproved(auth.resultCode)) return err({ kind: 'declined' });
        this.authorized = { key, value: auth };
      }
      const order = await this.gateway.submitOrder(
        input.cartId,
        input.version,
        input.idempotencyKey,
      );
      this.authorized = null;
      return ok(order);
    } catch (error) {
      return err(toError(error));
    }
  }
}
