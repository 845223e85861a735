/**
 * Use case: open a cart shared by link (spec §7 GET /cart/sharedcart/{id}) priced for this shopper
 * (their currency, no promo code of the sharer's: see engine/shared-cart.ts), and turn its lines
 * into add-to-cart selections for "Add all to cart". Bundle parts come with their parent (added as
 * a bundle), so they are not selected on their own; the shared snapshot's stock flags decide what
 * is left out, as on the product page, and the server has the last word.
 */
import { err, ok, type Result } from '../shared/result';
import type { AddToCartSelection } from './add-to-cart-selection';
import { centsToAmount } from '../shared/money';
import type { SharedCart } from './cart';
import { deriveLineItem } from './derive-line-items';
import { CartNotFoundError, isCartError, type CartError } from './errors';
import type { CartConfiguration, CartGateway } from './ports';

export class GetSharedCart {
  constructor(
    private readonly gateway: Pick<CartGateway, 'getSharedCart'>,
    /** The shopper's market: the shared lines are priced in the currency their cart would be. */
    private readonly config?: Pick<CartConfiguration, 'currency'>,
  ) {}

  /** The shared cart, or null when no cart is shared under that id. */
  async execute(sharedCartId: string): Promise<Result<SharedCart | null, CartError>> {
    const id = sharedCartId.trim();
    if (id === '') return ok(null);
    try {
      return ok(await this.gateway.getSharedCart(id, this.config?.currency));
    } catch (e) {
      if (e instanceof CartNotFoundError) return ok(null);
      if (isCartError(e)) return err(e);
      throw e;
    }
  }
}

/** One selection per line a shopper can add (bundle parts ride with their parent). */
export const sharedCartSelections = (shared: SharedCart): readonly AddToCartSelection[] =>
  shared.lineItems
    .filter((line) => line.bundleParentId === undefined)
    .map((line) => {
      const derived = deriveLineItem(line);
      const discounted = line.discountedPrice ?? line.price.discountedValue;
      return {
        skuid: line.sku,
        brandName: line.brand ?? '',
        backorder: line.backorderable,
        colorsData: [{ id: line.sku, isOutOfStock: derived.outOfStock }],
        priceData: [
          {
            id: line.sku,
            price: centsToAmount(line.price.value),
            ...(discounted === undefined ? {} : { discountedPrice: centsToAmount(discounted) }),
          },
        ],
        quantity: Math.max(1, derived.quantity),
        ...(line.lineItemShipping?.roomInfo === undefined
          ? {}
          : { roomInfo: line.lineItemShipping.roomInfo }),
        ...(line.isComboSku ? { isSuperSku: true } : {}),
      };
    });
