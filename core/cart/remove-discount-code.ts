/**
 * Use case: remove an applied discount code by its id (PromoCode.id of the summary). When a
 * conflict shows the code already gone, the re-read cart is the answer.
 */
import type { Result } from '../shared/result';
import type { Cart } from './cart';
import type { CartError } from './errors';
import type { ActiveCartStore, CartGateway } from './ports';
import { mutateActiveCart } from './with-conflict-retry';

export class RemoveDiscountCode {
  constructor(
    private readonly gateway: CartGateway,
    private readonly store: ActiveCartStore,
  ) {}

  execute(discountCodeId: string): Promise<Result<Cart, CartError>> {
    return mutateActiveCart(this.gateway, this.store, async ({ cartId, version, fresh }) => {
      if (fresh !== null && !fresh.discountCodes.some((c) => c.id === discountCodeId)) return fresh;
      return this.gateway.removeDiscount(cartId, version, discountCodeId);
    });
  }
}
