/**
 * Use case: place the order (spec §4 Checkout "Place order"; issue 11 "What is shown is what is
 * charged", docs/rules.md). An order is placed only at the total the shopper was shown for that
 * exact cart version, address and method:
 *
 * - the quote must have the address and a method assigned on the server (a CheckoutQuote), and
 *   the screen must have shown that quote's total for that cart version — otherwise nothing is
 *   paid or ordered and the answer is `total-changed` with the total to show (or `not-quoted`);
 * - the payment is authorized for that version (PayForCart), then the order is submitted with the
 *   version and the total shown; the server (and the offline fake) refuse with TotalChanged when the
 *   cart prices to anything else, and with ConcurrentModification when the version moved on.
 *
 * The idempotency key stays the same for every retry of one placement, so a retried or
 * double-clicked "Place order" yields one order.
 */
import { err, ok, type Result } from '../shared/result';
import type { CheckoutGateway, Order, OrderSubmission, PaymentRequest } from './checkout';
import { toCheckoutError, type CheckoutError } from './checkout-errors';
import { shownTotalOf, type CheckoutQuote } from './checkout-quote';
import type { PayForCart } from './pay-for-cart';

export interface PlaceOrderInput {
  /** The cart version with its address and method assigned; null when there is none yet. */
  readonly quote: CheckoutQuote | null;
  /** What the screen showed as the total to pay when the shopper pressed; null: only an estimate. */
  readonly shown: OrderSubmission | null;
  readonly payment: PaymentRequest;
  readonly idempotencyKey: string;
}

const sameShown = (a: OrderSubmission, b: OrderSubmission): boolean =>
  a.cartId === b.cartId && a.version === b.version && a.totalCents === b.totalCents;

export class PlaceOrder {
  constructor(
    private readonly gateway: CheckoutGateway,
    private readonly pay: PayForCart,
  ) {}

  async execute(input: PlaceOrderInput): Promise<Result<Order, CheckoutError>> {
    const { quote, shown } = input;
    if (quote === null || quote.cart.shippingAddress === undefined) {
      return err({ kind: 'not-quoted' });
    }
    const toPay = shownTotalOf(quote);
    if (shown === null || !sameShown(shown, toPay)) {
      return err({ kind: 'total-changed', totalCents: toPay.totalCents, version: toPay.version });
    }
    const paid = await this.pay.execute({
      cartId: toPay.cartId,
      version: toPay.version,
      payment: input.payment,
    });
    if (!paid.ok) return paid;
    try {
      const order = await this.gateway.submitOrder(toPay, input.idempotencyKey);
      this.pay.forget();
      return ok(order);
    } catch (error) {
      return err(toCheckoutError(error));
    }
  }
}
