/**
 * Use case: load the shopper's cart. Spec §4: of the active carts returned, the one with the
 * matching cartType is used; fetching a cart stores or clears its anonymousId.
 */
import { err, ok, type Result } from '../shared/result';
import { cartRef, type Cart } from './cart';
import { isCartError, type CartError } from './errors';
import type { ActiveCartStore, AnonymousIdStore, CartConfiguration, CartGateway } from './ports';

/** The first active cart whose cartType equals the configured one; null when none does. */
export const selectActiveCart = (carts: readonly Cart[], cartType: string): Cart | null =>
  carts.find((c) => c.cartType === cartType) ?? null;

export class PickActiveCart {
  constructor(
    private readonly gateway: CartGateway,
    private readonly store: ActiveCartStore,
    private readonly anonymousIds: AnonymousIdStore,
    private readonly config: Pick<CartConfiguration, 'cartType'>,
  ) {}

  /** The active cart, or null when none exists (spec §8 'No active cart exists.'). */
  async execute(): Promise<Result<Cart | null, CartError>> {
    try {
      const cart = selectActiveCart(await this.gateway.getActiveCarts(), this.config.cartType);
      if (cart === null) {
        this.store.clear();
        return ok(null);
      }
      this.store.save(cartRef(cart));
      if (cart.anonymousId === undefined || cart.anonymousId === '') this.anonymousIds.clear();
      else this.anonymousIds.save(cart.anonymousId);
      return ok(cart);
    } catch (e) {
      if (isCartError(e)) return err(e);
      throw e;
    }
  }
}
