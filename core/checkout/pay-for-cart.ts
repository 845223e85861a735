/**
 * Use case: pay for one version of the cart (spec §7 POST /checkout/payment, §9 result code 870).
 * An authorization already given for this cart version and this payment is not asked for again,
 * so a retried "Place order" does not pay twice.
 */
import { err, ok, type Result } from '../shared/result';
import type { CheckoutGateway, PaymentAuthorization, PaymentRequest } from './checkout';
import { toCheckoutError, type CheckoutError } from './checkout-errors';
import { isPaymentApproved } from './payment';

export interface PayForCartInput {
  readonly cartId: string;
  readonly version: number;
  readonly payment: PaymentRequest;
}

export class PayForCart {
  private authorized: { key: string; value: PaymentAuthorization } | null = null;

  constructor(private readonly gateway: CheckoutGateway) {}

  async execute(input: PayForCartInput): Promise<Result<PaymentAuthorization, CheckoutError>> {
    const key = `${input.cartId}@${input.version}:${JSON.stringify(input.payment)}`;
    if (this.authorized?.key === key) return ok(this.authorized.value);
    this.authorized = null;
    try {
      const auth = await this.gateway.authorizePayment(input.cartId, input.version, input.payment);
      if (!isPaymentApproved(auth.resultCode)) return err({ kind: 'declined' });
      this.authorized = { key, value: auth };
      return ok(auth);
    } catch (error) {
      return err(toCheckoutError(error));
    }
  }

  /** The order is placed: its authorization is spent. */
  forget(): void {
    this.authorized = null;
  }
}
