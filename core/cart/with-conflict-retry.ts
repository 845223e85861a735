/**
 * Spec §4 Cart lifecycle: every mutation uses the current cart version. When the server answers
 * 409 ConcurrentModification, the cart is re-read and the action re-applied once against the
 * fresh cart; a second conflict is the caller's to report.
 */
import { err, ok, type Result } from '../shared/result';
import { cartRef, type ActiveCartRef, type Cart } from './cart';
import { VersionConflictError, isCartError, NoActiveCartError, type CartError } from './errors';
import type { ActiveCartStore, CartGateway } from './ports';

/** What an attempt acts on: the version to send, and on the retry the cart as re-read. */
export interface CartAttempt {
  readonly cartId: string;
  readonly version: number;
  /** The re-read cart, on the retry only; lets the action be rebuilt against fresh state. */
  readonly fresh: Cart | null;
}

export const withConflictRetry = async <T>(
  gateway: Pick<CartGateway, 'getCart'>,
  target: ActiveCartRef,
  attempt: (current: CartAttempt) => Promise<T>,
): Promise<T> => {
  try {
    return await attempt({ cartId: target.cartId, version: target.version, fresh: null });
  } catch (e) {
    if (!(e instanceof VersionConflictError)) throw e;
    const fresh = await gateway.getCart(target.cartId);
    return attempt({ cartId: fresh.id, version: fresh.version, fresh });
  }
};

/**
 * The shape every versioned use case shares: act on the stored active cart with conflict retry,
 * store the new version, and return expected failures as a Result (anything else is rethrown).
 */
export const mutateActiveCart = async (
  gateway: Pick<CartGateway, 'getCart'>,
  store: ActiveCartStore,
  attempt: (current: CartAttempt) => Promise<Cart>,
): Promise<Result<Cart, CartError>> => {
  const ref = store.load();
  if (ref === null) return err(new NoActiveCartError());
  try {
    const cart = await withConflictRetry(gateway, ref, attempt);
    store.save(cartRef(cart));
    return ok(cart);
  } catch (e) {
    if (isCartError(e)) return err(e);
    throw e;
  }
};

export const hasLineItem = (cart: Cart, lineItemId: string): boolean =>
  cart.lineItems.some((l) => l.id === lineItemId);
