/**
 * Use case: remove a line from the cart. When a conflict shows the line already gone (removed in
 * another tab), the re-read cart is the answer: the shopper's intent already holds.
 */
import type { Result } from '../shared/result';
import type { Cart } from './cart';
import type { CartError } from './errors';
import type { ActiveCartStore, CartGateway } from './ports';
import { hasLineItem, mutateActiveCart } from './with-conflict-retry';

export class RemoveLineItem {
  constructor(
    private readonly gateway: CartGateway,
    private readonly store: ActiveCartStore,
  ) {}

  execute(lineItemId: string): Promise<Result<Cart, CartError>> {
    return mutateActiveCart(this.gateway, this.store, async ({ cartId, version, fresh }) => {
      if (fresh !== null && !hasLineItem(fresh, lineItemId)) return fresh;
      return this.gateway.updateCart(cartId, version, [{ action: 'removeLineItem', lineItemId }]);
    });
  }
}
