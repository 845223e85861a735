/**
 * Use case: choose a shipping method for a quoted cart. The method is assigned to the quote's cart
 * version (the server answers the cart at the next version, priced by it): the new quote is what
 * the shopper is now shown. A cart changed since the quote is a stale-cart failure.
 */
import { err, ok, type Result } from '../shared/result';
import type { CheckoutGateway, ShippingMethodId } from './checkout';
import { toCheckoutError, type CheckoutError } from './checkout-errors';
import { quoteOf, type CheckoutQuote } from './checkout-quote';

export class ChooseShippingMethod {
  constructor(private readonly gateway: CheckoutGateway) {}

  async execute(
    quote: CheckoutQuote,
    methodId: ShippingMethodId,
  ): Promise<Result<CheckoutQuote, CheckoutError>> {
    try {
      const assigned = await this.gateway.assignShipping(
        quote.cart.id,
        quote.cart.version,
        methodId,
      );
      return ok(
        quoteOf(
          assigned,
          quote.address,
          quote.methods,
          quote.freeShippingThresholdCents,
          quote.split,
        ),
      );
    } catch (error) {
      return err(toCheckoutError(error));
    }
  }
}
