/**
 * Use case: start paying with PayPal for a quoted cart (spec §7 GET /payment/paypal/getToken): the
 * approval address to send the shopper to. PayPal is asked for the cart as quoted, address and
 * method assigned, so the amount it shows is the total to pay.
 */
import { err, ok, type Result } from '../shared/result';
import type { CheckoutGateway } from './checkout';
import { toCheckoutError, type CheckoutError } from './checkout-errors';
import type { CheckoutQuote } from './checkout-quote';

export class StartPaypalPayment {
  constructor(private readonly gateway: CheckoutGateway) {}

  async execute(
    quote: CheckoutQuote,
  ): Promise<Result<{ readonly approvalUrl: string }, CheckoutError>> {
    try {
      const { approvalUrl } = await this.gateway.paypalToken(quote.cart.id);
      return ok({ approvalUrl });
    } catch (error) {
      return err(toCheckoutError(error));
    }
  }
}
