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

/**
 * Why a discount code was refused, finer than the wire's three codes (ARCHITECTURE.md pins those):
 * each reason belongs to exactly one of them (DISCOUNT_REFUSAL_CODES), travels next to it in the
 * 4xx body as `errors: [{code, reason, discountCode, minimumCents?}]` (docs/api.md "Cart"), and is
 * what the shopper is told.
 */
export const DISCOUNT_REFUSAL_CODES = {
  /** No code of that name (in any casing). */
  UnknownCode: 'DiscountCodeNonApplicable',
  /** The code's offer is over. */
  Ended: 'DiscountCodeNonApplicable',
  /** The code's offer has not begun. */
  NotStarted: 'DiscountCodeNonApplicable',
  /** None of the cart's lines is one the code takes money off (say, no kitchen line). */
  NoEligibleItems: 'DiscountCodeNonApplicable',
  /** The lines it would take money off come to less than its minimum (`minimumCents`). */
  MinimumNotMet: 'DiscountCodeNonApplicable',
  /** A shipping code on a cart with no standard shipping charge: it already ships free. */
  NoShippingCharge: 'DiscountCodeNonApplicable',
  /** A shipping code on a cart that ships expedited: shipping codes take off standard only. */
  ExpeditedShipping: 'DiscountCodeNonApplicable',
  /** The code is on the cart already (codes are case-insensitive). */
  AlreadyApplied: 'MaxApplicationReached',
  /** This shopper has used the code as often as it may be used. */
  UsageLimitReached: 'MaxApplicationReached',
  /** The cart holds as many codes as a cart may. */
  TooManyCodes: 'MaxApplicationReached',
  /** It cannot be combined with a code on the cart (or one on the cart cannot be combined). */
  NotCombinable: 'ApplicationStoppedByPreviousDiscount',
} as const;

export type DiscountRefusalReason = keyof typeof DISCOUNT_REFUSAL_CODES;
export type DiscountErrorCode = (typeof DISCOUNT_REFUSAL_CODES)[DiscountRefusalReason];

export const DISCOUNT_REFUSAL_REASONS = Object.keys(
  DISCOUNT_REFUSAL_CODES,
) as readonly DiscountRefusalReason[];

/** The pinned codes a refused discount code answers with: every reason's, once. */
export const DISCOUNT_ERROR_CODES: readonly DiscountErrorCode[] = [
  ...new Set(Object.values(DISCOUNT_REFUSAL_CODES)),
];

export const isDiscountRefusalReason = (value: unknown): value is DiscountRefusalReason =>
  typeof value === 'string' && Object.hasOwn(DISCOUNT_REFUSAL_CODES, value);

/** What a refusal says besides its code: why, and for MinimumNotMet the minimum. */
export interface DiscountRefusal {
  /** Null only when the answer named none (a server from before the reasons). */
  readonly reason: DiscountRefusalReason | null;
  readonly minimumCents?: number;
}

const NO_REASON: DiscountRefusal = { reason: null };

/** Spec §8: a discount that cannot stack on one already applied. */
export class ApplicationStoppedByPreviousDiscountError extends DomainError {
  readonly code = 'ApplicationStoppedByPreviousDiscount';
  readonly reason: DiscountRefusalReason | null;
  constructor(
    readonly discountCode: string,
    refusal: DiscountRefusal = NO_REASON,
  ) {
    super(
      'ApplicationStoppedByPreviousDiscountError',
      `${discountCode} cannot be combined with a discount already applied`,
    );
    this.reason = refusal.reason;
  }
}

/** Spec §8: the code has been used as often as it may be (or is on the cart already). */
export class MaxApplicationReachedError extends DomainError {
  readonly code = 'MaxApplicationReached';
  readonly reason: DiscountRefusalReason | null;
  constructor(
    readonly discountCode: string,
    refusal: DiscountRefusal = NO_REASON,
  ) {
    super('MaxApplicationReachedError', `${discountCode} has reached its maximum number of uses`);
    this.reason = refusal.reason;
  }
}

/** The code is unknown, not running, or takes nothing off this cart. */
export class DiscountCodeNonApplicableError extends DomainError {
  readonly code = 'DiscountCodeNonApplicable';
  readonly reason: DiscountRefusalReason | null;
  readonly minimumCents: number | undefined;
  constructor(
    readonly discountCode: string,
    refusal: DiscountRefusal = NO_REASON,
  ) {
    super('DiscountCodeNonApplicableError', `${discountCode} does not apply to this cart`);
    this.reason = refusal.reason;
    this.minimumCents = refusal.minimumCents;
  }
}

export type DiscountCodeError =
  | ApplicationStoppedByPreviousDiscountError
  | MaxApplicationReachedError
  | DiscountCodeNonApplicableError;

/** The error of a refusal: the class of its wire code, carrying the reason. */
export const discountCodeError = (
  code: DiscountErrorCode,
  discountCode: string,
  refusal: DiscountRefusal = NO_REASON,
): DiscountCodeError => {
  switch (code) {
    case 'DiscountCodeNonApplicable':
      return new DiscountCodeNonApplicableError(discountCode, refusal);
    case 'MaxApplicationReached':
      return new MaxApplicationReachedError(discountCode, refusal);
    case 'ApplicationStoppedByPreviousDiscount':
      return new ApplicationStoppedByPreviousDiscountError(discountCode, refusal);
  }
};

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
