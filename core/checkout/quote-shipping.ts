/**
 * Use case: quote shipping for an address (spec §4 Checkout "Continue to shipping"). The address is
 * set on the cart (the server prices tax and the methods for it), the method the shopper wants is
 * assigned to that version, and the split check says how it ships. The answer is a CheckoutQuote:
 * the only thing checkout may show as "Total to pay".
 */
import type { Cart } from '../cart/cart';
import { err, ok, type Result } from '../shared/result';
import type { CheckoutAddress, CheckoutGateway, ShippingMethodId, SplitCheck } from './checkout';
import { toCheckoutError, type CheckoutError } from './checkout-errors';
import { quoteOf, type CheckoutQuote } from './checkout-quote';

export interface QuoteShippingInput {
  readonly cart: Pick<Cart, 'id' | 'version'>;
  readonly address: CheckoutAddress;
  /**
   * The method the shopper picked on this visit; absent: the one the cart ships by now (chosen
   * before a PayPal or finance visit), else the first offered.
   */
  readonly methodId?: ShippingMethodId;
}

export class QuoteShipping {
  constructor(private readonly gateway: CheckoutGateway) {}

  async execute(input: QuoteShippingInput): Promise<Result<CheckoutQuote, CheckoutError>> {
    try {
      const quote = await this.gateway.shippingCost(
        input.cart.id,
        input.cart.version,
        input.address,
      );
      const wanted = input.methodId ?? quote.selectedMethodId;
      const methodId =
        wanted !== undefined && quote.methods.some((m) => m.id === wanted)
          ? wanted
          : (quote.methods[0]?.id ?? 'standard');
      const assigned = await this.gateway.assignShipping(
        quote.cart.id,
        quote.cart.version,
        methodId,
      );
      const split = await this.splitOf(assigned.id);
      return ok(
        quoteOf(assigned, input.address, quote.methods, quote.freeShippingThresholdCents, split),
      );
    } catch (error) {
      return err(toCheckoutError(error));
    }
  }

  /** Only a notice hangs on the split check: a failed one is no split known. */
  private async splitOf(cartId: string): Promise<SplitCheck | null> {
    try {
      return await this.gateway.splitCheck(cartId);
    } catch {
      return null;
    }
  }
}
