/**
 * Cart tracking (issue 18, spec §3): one `cart_updated` event 500 ms after the last change of the
 * cart, so a shopper stepping a quantity from 1 to 5 sends one event with 5, not four. The first
 * cart seen is where tracking starts (reading the cart on arrival is not a change), and contents
 * that end where the last event left them send nothing.
 */
import type { Cart } from '../cart/cart';
import { debounce, type Debounced } from './debounce';
import { CLEAR_ECOMMERCE, cartSignature, cartUpdatedEvent } from './events';
import type { DataLayer, Timers } from './ports';

export const CART_TRACKING_DELAY_MS = 500;

export class CartTracking {
  private latest: Cart | null = null;
  /** The contents last told to the data layer (or first seen); undefined before the first. */
  private told: string | undefined;
  /** The contents last observed: a read that finds them again is no change. */
  private seen: string | undefined;
  private readonly send: Debounced;

  constructor(
    private readonly dataLayer: DataLayer,
    timers: Timers,
    delayMs: number = CART_TRACKING_DELAY_MS,
  ) {
    this.send = debounce(timers, delayMs, () => this.flush());
  }

  /** The cart as it now is, each time it may have changed. */
  observe(cart: Cart | null): void {
    const signature = cartSignature(cart);
    this.latest = cart;
    if (this.told === undefined) {
      this.told = signature;
      this.seen = signature;
      return;
    }
    if (signature === this.seen) return;
    this.seen = signature;
    this.send.call();
  }

  /** Stops a pending event (the page is going away or tracking is switched off). */
  dispose(): void {
    this.send.cancel();
  }

  private flush(): void {
    const signature = cartSignature(this.latest);
    if (signature === this.told) return;
    this.told = signature;
    this.dataLayer.push(CLEAR_ECOMMERCE);
    this.dataLayer.push(cartUpdatedEvent(this.latest));
  }
}
