/**
 * Typed cart failures. The codes are the wire's error codes (ARCHITECTURE: `errors: [{ code }]`),
 * so the HTTP adapter maps a response to one of these by its code and status.
 */

/** 409: the cart version sent is stale; `currentVersion` is the server's. */
export class ConcurrentModificationError extends Error {
  readonly code = 'ConcurrentModification';
  constructor(readonly currentVersion: number) {
    super(`The cart was changed elsewhere (current version ${currentVersion})`);
    this.name = 'ConcurrentModificationError';
  }
}

export class CartNotFoundError extends Error {
  readonly code = 'CartNotFound';
  constructor(readonly cartId: string) {
    super(`No cart ${cartId}`);
    this.name = 'CartNotFoundError';
  }
}

/** Spec §8 internal result 'No active cart exists.' (cartExists false). */
export class NoActiveCartError extends Error {
  readonly code = 'NoActiveCart';
  constructor() {
    super('No active cart exists.');
    this.name = 'NoActiveCartError';
  }
}

/** The requested items cannot be added: out of stock and not back-orderable. */
export class OutOfStockError extends Error {
  readonly code = 'OutOfStock';
  constructor(readonly skus: readonly string[]) {
    super(`Out of stock: ${skus.join(', ')}`);
    this.name = 'OutOfStockError';
  }
}

export class LineItemNotFoundError extends Error {
  readonly code = 'LineItemNotFound';
  constructor(readonly lineItemId: string) {
    super(`No line item ${lineItemId} in the cart`);
    this.name = 'LineItemNotFoundError';
  }
}

/** A quantity that is not a whole number of at least 0 (0 removes the line). */
export class InvalidQuantityError extends Error {
  readonly code = 'InvalidQuantity';
  constructor(readonly quantity: number) {
    super(`Not a quantity: ${quantity}`);
    this.name = 'InvalidQuantityError';
  }
}

/** Spec §8: a discount that cannot stack on one already applied. */
export class ApplicationStoppedByPreviousDiscountError extends Error {
  readonly code = 'ApplicationStoppedByPreviousDiscount';
  constructor(readonly discountCode: string) {
    super(`${discountCode} cannot be combined with a discount already applied`);
    this.name = 'ApplicationStoppedByPreviousDiscountError';
  }
}

/** Spec §8: the code has been used as often as it may be. */
export class MaxApplicationReachedError extends Error {
  readonly code = 'MaxApplicationReached';
  constructor(readonly discountCode: string) {
    super(`${discountCode} has reached its maximum number of uses`);
    this.name = 'MaxApplicationReachedError';
  }
}

/** The code is unknown, expired, or matches nothing in the cart. */
export class DiscountCodeNonApplicableError extends Error {
  readonly code = 'DiscountCodeNonApplicable';
  constructor(readonly discountCode: string) {
    super(`${discountCode} does not apply to this cart`);
    this.name = 'DiscountCodeNonApplicableError';
  }
}

export type DiscountCodeError =
  | ApplicationStoppedByPreviousDiscountError
  | MaxApplicationReachedError
  | DiscountCodeNonApplicableError;

/** Every expected cart failure; use cases return these in a Result and rethrow anything else. */
export type CartError =
  | ConcurrentModificationError
  | CartNotFoundError
  | NoActiveCartError
  | OutOfStockError
  | LineItemNotFoundError
  | InvalidQuantityError
  | DiscountCodeError;

export const isCartError = (e: unknown): e is CartError =>
  e instanceof ConcurrentModificationError ||
  e instanceof CartNotFoundError ||
  e instanceof NoActiveCartError ||
  e instanceof OutOfStockError ||
  e instanceof LineItemNotFoundError ||
  e instanceof InvalidQuantityError ||
  isDiscountCodeError(e);

export const isDiscountCodeError = (e: unknown): e is DiscountCodeError =>
  e instanceof ApplicationStoppedByPreviousDiscountError ||
  e instanceof MaxApplicationReachedError ||
  e instanceof DiscountCodeNonApplicableError;
