/** Use case: set a line's quantity (spec §4 Cart lifecycle); quantity 0 removes the line. */
import { err, type Result } from '../shared/result';
import type { Cart } from './cart';
import { InvalidQuantityError, LineItemNotFoundError, type CartError } from './errors';
import type { ActiveCartStore, CartGateway } from './ports';
import { hasLineItem, mutateActiveCart } from './with-conflict-retry';

export class ChangeLineItemQuantity {
  constructor(
    private readonly gateway: CartGateway,
    private readonly store: ActiveCartStore,
  ) {}

  async execute(lineItemId: string, quantity: number): Promise<Result<Cart, CartError>> {
    if (!Number.isSafeInteger(quantity) || quantity < 0) {
      return err(new InvalidQuantityError(quantity));
    }
    return mutateActiveCart(this.gateway, this.store, ({ cartId, version, fresh }) => {
      if (fresh !== null && !hasLineItem(fresh, lineItemId)) {
        throw new LineItemNotFoundError(lineItemId);
      }
      return this.gateway.updateCart(cartId, version, [
        quantity === 0
          ? { action: 'removeLineItem', lineItemId }
          : { action: 'changeLineItemQuantity', lineItemId, quantity },
      ]);
    });
  }
}
