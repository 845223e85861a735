/**
 * Use case: load the shopper's cart. Spec §4: of the active carts returned, the one with the
 * matching cartType is used; fetching a cart stores or clears its anonymousId.
 *
 * A guest's cart is one this device made, and AddToCart keeps its pointer the moment it is made:
 * a guest with no pointer has no cart, and the answer is null at once, without a call. A first
 * visit then draws its empty cart and header without waiting for the HTTP client, a guest token
 * and a cart read. A customer's carts are read whatever this device keeps (made elsewhere, merged
 * at sign-in).
 */
import { err, ok, type Result } from '../shared/result';
import { cartRef, type Cart } from './cart';
import { isCartError, type CartError } from './errors';
import type {
  ActiveCartStore,
  AnonymousIdStore,
  CartConfiguration,
  CartGateway,
  ShopperSession,
} from './ports';

/** The first active cart whose cartType equals the configured one; null when none does. */
export const selectActiveCart = (carts: readonly Cart[], cartType: string): Cart | null =>
  carts.find((c) => c.cartType === cartType) ?? null;

export class PickActiveCart {
  constructor(
    private readonly gateway: CartGateway,
    private readonly store: ActiveCartStore,
    private readonly anonymousIds: AnonymousIdStore,
    private readonly config: Pick<CartConfiguration, 'cartType'>,
    private readonly session: Pick<ShopperSession, 'signedIn'>,
  ) {}

  /** The active cart, or null when none exists (spec §8 'No active cart exists.'). */
  async execute(): Promise<Result<Cart | null, CartError>> {
    if (!this.session.signedIn() && this.store.load() === null) return ok(null);
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
