/**
 * Use case: on sign-in, merge the guest's cart into the customer's (spec §6: guests' anonymousId
 * is merged on sign-in). After a successful merge the guest anonymousId is cleared (spec §4) and
 * the merged cart becomes the active cart. Without a guest anonymousId there is nothing to merge.
 */
import { err, ok, type Result } from '../shared/result';
import { cartRef, type Cart } from './cart';
import { isCartError, type CartError } from './errors';
import type { ActiveCartStore, AnonymousIdStore, CartGateway } from './ports';

export class MergeGuestCart {
  constructor(
    private readonly gateway: CartGateway,
    private readonly store: ActiveCartStore,
    private readonly anonymousIds: AnonymousIdStore,
  ) {}

  async execute(): Promise<Result<Cart | null, CartError>> {
    const anonymousId = this.anonymousIds.load();
    if (anonymousId === null) return ok(null);
    try {
      const cart = await this.gateway.mergeGuestCart(anonymousId);
      this.anonymousIds.clear();
      this.store.save(cartRef(cart));
      return ok(cart);
    } catch (e) {
      if (isCartError(e)) return err(e);
      throw e;
    }
  }
}
