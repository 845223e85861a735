/**
 * Typed cart failures. The codes are the wire's error codes (ARCHITECTURE: `errors: [{ code }]`),
 * so the HTTP adapter maps a response to one of these by its code and status. A stale version is
 * core/shared's VersionConflictError (resource 'cart'), shared with profiles and lists.
 */
import { DomainError, VersionConflictError } from '../shared/errors';

export { VersionConflictError };

export class CartNotFoundError extends DomainError {
  readonly code = 'CartNotFound';
  constructor(readonly cartId: string) {
    super('CartNotFoundError', `No cart ${cartId}`);
  }
}

/** Spec §8 internal result 'No active cart exists.' (cartExists false). */
export class NoActiveCartError extends DomainError {
  readonly code = 'NoActiveCart';
  constructor() {
    super('NoActiveCartError', 'No active cart exists.');
  }
}

/** The requested items cannot be added: out of stock and not back-orderable. */
export class OutOfStockError extends DomainError {
  readonly code = 'OutOfStock';
  constructor(readonly skus: readonly string[]) {
    super('OutOfStockError', `Out of stock: ${skus.join(', ')}`);
  }
}

export class LineItemNotFoundError extends DomainError {
  readonly code = 'LineItemNotFound';
  constructor(readonly lineItemId: string) {
    super('LineItemNotFoundError', `No line item ${lineItemId} in the cart`);
  }
}

/** A quantity that is not a whole number of at least 0 (0 removes the line). */
export class InvalidQuantityError extends DomainError {
  readonly code = 'InvalidQuantity';
  constructor(readonly quantity: number) {
    super('InvalidQuantityError', `Not a quantity: ${quantity}`);
  }
}

/** Spec §8: a discount that cannot stack on one already applied. */
export class ApplicationStoppedByPreviousDiscountError extends DomainError {
  readonly code = 'ApplicationStoppedByPreviousDiscount';
  constructor(readonly discountCode: string) {
    super(
      'ApplicationStoppedByPreviousDiscountError',
      `${discountCode} cannot be combined with a discount already applied`,
    );
  }
}

/** Spec §8: the code has been used as often as it may be. */
export class MaxApplicationReachedError extends DomainError {
  readonly code = 'MaxApplicationReached';
  constructor(readonly discountCode: string) {
    super('MaxApplicationReachedError', `${discountCode} has reached its maximum number of uses`);
  }
}

/** The code is unknown, expired, or matches nothing in the cart. */
export class DiscountCodeNonApplicableError extends DomainError {
  readonly code = 'DiscountCodeNonApplicable';
  constructor(readonly discountCode: string) {
    super('DiscountCodeNonApplicableError', `${discountCode} does not apply to this cart`);
  }
}

export type DiscountCodeError =
  | ApplicationStoppedByPreviousDiscountError
  | MaxApplicationReachedError
  | DiscountCodeNonApplicableError;

/** Every expected cart failure; use cases return these in a Result and rethrow anything else. */
export type CartError =
  | VersionConflictError
  | CartNotFoundError
  | NoActiveCartError
  | OutOfStockError
  | LineItemNotFoundError
  | InvalidQuantityError
  | DiscountCodeError;

export const isCartError = (e: unknown): e is CartError =>
  e instanceof VersionConflictError ||
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
