/**
 * The failures checkout's use cases answer with (core/shared/result.ts), from the typed errors the
 * CheckoutGateway throws. A screen acts on the kind: a stale cart is read again, a changed total
 * is shown to the shopper to confirm, bad fields are named.
 */
import { OutOfStockError, VersionConflictError } from '../cart/errors';
import { CheckoutFieldsError, PaymentDeclinedError, TotalChangedError } from './checkout';

export type CheckoutError =
  | { readonly kind: 'declined' }
  | { readonly kind: 'out-of-stock'; readonly skus: readonly string[] }
  /** The cart changed since checkout read it (another tab, the cart page). */
  | { readonly kind: 'stale-cart'; readonly currentVersion: number }
  /**
   * The total the shopper was shown is not the total to pay for the cart as it is (or none was
   * shown): nothing was ordered; show `totalCents` and ask again. `version` is the cart version
   * that total is for, when known.
   */
  | { readonly kind: 'total-changed'; readonly totalCents: number; readonly version?: number }
  /** No address and method are assigned to the cart yet: quote shipping first. */
  | { readonly kind: 'not-quoted' }
  | { readonly kind: 'invalid'; readonly fields: readonly string[]; readonly message: string }
  | { readonly kind: 'failed'; readonly error: unknown };

export const toCheckoutError = (error: unknown): CheckoutError => {
  if (error instanceof PaymentDeclinedError) return { kind: 'declined' };
  if (error instanceof OutOfStockError) return { kind: 'out-of-stock', skus: error.skus };
  if (error instanceof TotalChangedError) {
    return { kind: 'total-changed', totalCents: error.totalCents, version: error.currentVersion };
  }
  if (error instanceof VersionConflictError) {
    return { kind: 'stale-cart', currentVersion: error.currentVersion };
  }
  if (error instanceof CheckoutFieldsError) {
    return { kind: 'invalid', fields: error.fields, message: error.message };
  }
  return { kind: 'failed', error };
};
