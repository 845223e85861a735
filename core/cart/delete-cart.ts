/**
 * Use case: delete the active cart. Spec §4: after deleting, the cart is empty with the same id
 * and count 0. The pointer keeps that id; the next add finds it gone and starts a new cart.
 */
import type { Result } from '../shared/result';
import { emptyCart, type Cart } from './cart';
import type { CartError } from './errors';
import type { ActiveCartStore, CartGateway } from './ports';
import { mutateActiveCart } from './with-conflict-retry';

export class DeleteCart {
  constructor(
    private readonly gateway: CartGateway,
    private readonly store: ActiveCartStore,
  ) {}

  execute(): Promise<Result<Cart, CartError>> {
    return mutateActiveCart(this.gateway, this.store, async ({ cartId, version }) =>
      emptyCart(await this.gateway.deleteCart(cartId, version)),
    );
  }
}
