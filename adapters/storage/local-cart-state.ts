/**
 * Sign-out's LocalCartState port (core/auth/sign-out.ts) over the cart stores: clearing the cart
 * drops the active cart pointer (listeners, such as the header's count, hear it); clearing the
 * customer cart id drops the remembered guest id, which belonged to the session that ended.
 */
import type { LocalCartState } from '../../core/auth/ports';
import type { ActiveCartStore, AnonymousIdStore } from '../../core/cart/ports';

export class StoredLocalCartState implements LocalCartState {
  constructor(
    private readonly activeCart: ActiveCartStore,
    private readonly anonymousIds: AnonymousIdStore,
  ) {}

  clearCart(): void {
    this.activeCart.clear();
  }

  clearCustomerCartId(): void {
    this.anonymousIds.clear();
  }
}
