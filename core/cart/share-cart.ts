/** Use case: share the active cart by link (spec §7 POST /cart/sharedcart). */
import { err, ok, type Result } from '../shared/result';
import { isCartError, NoActiveCartError, type CartError } from './errors';
import type { ActiveCartStore, CartGateway } from './ports';

/** The shared-cart page's path (ARCHITECTURE routes: /en/cart/shared/{id}). */
export const sharedCartPath = (sharedCartId: string): string =>
  `/en/cart/shared/${encodeURIComponent(sharedCartId)}`;

export interface SharedCartLink {
  readonly sharedCartId: string;
  readonly path: string;
}

export class ShareCart {
  constructor(
    private readonly gateway: CartGateway,
    private readonly store: ActiveCartStore,
  ) {}

  async execute(): Promise<Result<SharedCartLink, CartError>> {
    const ref = this.store.load();
    if (ref === null) return err(new NoActiveCartError());
    try {
      const { sharedCartId } = await this.gateway.shareCart(ref.cartId);
      return ok({ sharedCartId, path: sharedCartPath(sharedCartId) });
    } catch (e) {
      if (isCartError(e)) return err(e);
      throw e;
    }
  }
}
