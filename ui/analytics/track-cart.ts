/**
 * Cart tracking wired to the cart view model (ui/cart/cart-view-model.ts) from outside it: each
 * cart the shopper's reads and changes settle on goes to core/analytics/cart-tracking.ts, which
 * sends one event 500 ms after the last change. A read or change in flight, or one that failed,
 * says nothing about the cart, so only settled carts are passed on.
 */
import { reaction } from 'mobx';
import type { CartTracking } from '../../core/analytics/cart-tracking';
import type { Cart } from '../../core/cart/cart';
import type { CartStatus } from '../../core/shared/async-status';

export interface ObservableCart {
  readonly cart: Cart | null;
  readonly status: CartStatus;
}

/** Starts passing the settled cart on; returns the function that stops it. */
export const trackCart = (cart: ObservableCart, tracking: CartTracking): (() => void) => {
  const stop = reaction(
    () => (cart.status === 'succeeded' ? cart.cart : undefined),
    (settled) => {
      if (settled !== undefined) tracking.observe(settled);
    },
    { fireImmediately: true },
  );
  return () => {
    stop();
    tracking.dispose();
  };
};
