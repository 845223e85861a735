/**
 * The cart engine's terms (docs/api.md "Cart"). What a cart stores is only what the shopper chose:
 * lines (variant SKU, quantity, room, bundle parent), a shipping address, the shipping method
 * chosen and the discount codes applied. Everything with a price or a stock level is a catalogue
 * fact, looked up when the cart is priced (./pricing.ts) and never taken from a request.
 */
import type { CartShippingMethodId, LineItemShipping, ShippingAddress } from '../cart';
import {
  DISCOUNT_REFUSAL_CODES,
  type DiscountErrorCode,
  type DiscountRefusalReason,
} from '../errors';

/** Currencies with a price list: USD is the US region's, CAD the Canadian one. */
export const CURRENCY_REGIONS: Readonly<Record<string, string>> = { USD: 'US', CAD: 'CA' };
export const MAX_LINE_QUANTITY = 999;
export const MAX_LINES = 100;
export const MAX_ACTIONS = 50;
export const MAX_DISCOUNT_CODES = 5;

export const SHIPPING_METHOD_IDS = ['standard', 'expedited', 'freight'] as const;
export type ShippingMethodId = CartShippingMethodId & (typeof SHIPPING_METHOD_IDS)[number];

export const isShippingMethodId = (value: unknown): value is ShippingMethodId =>
  typeof value === 'string' && (SHIPPING_METHOD_IDS as readonly string[]).includes(value);

export interface StateLine {
  readonly id: string;
  /** A variant SKU (a master SKU sent by the client is stored as its first variant). */
  readonly sku: string;
  readonly quantity: number;
  /** ISO 8601 instant the line was added. */
  readonly addedAt: string;
  readonly lineItemShipping?: LineItemShipping;
  /** A part of a bundle: the id of its super SKU line. */
  readonly bundleParentId?: string;
  /** A super SKU added with addbundle: its parts are lines whose bundleParentId is this id. */
  readonly bundle?: boolean;
}

export interface CartState {
  readonly id: string;
  readonly version: number;
  readonly currency: string;
  readonly cartType: string;
  readonly anonymousId?: string;
  readonly customerEmail?: string;
  readonly lines: readonly StateLine[];
  readonly shippingAddress?: ShippingAddress;
  /**
   * The method the shopper chose; kept while the cart cannot ship by it (pricing then uses the
   * default) so it comes back when the cart can again. Absent: the default.
   */
  readonly shippingMethodId?: ShippingMethodId;
  /** Ids of the discount codes applied, in the order they were applied. */
  readonly discountCodeIds: readonly string[];
}

export type ProductKind = 'finished-good' | 'part' | 'design-service' | 'install-service';

/** What the catalogue says about one variant, in the cart's currency. */
export interface ItemFacts {
  readonly sku: string;
  readonly productSku: string;
  readonly finishCode: string;
  readonly title: string;
  readonly slug: string;
  readonly description: string;
  readonly categorySlug: string;
  readonly categoryName: string;
  readonly department: string;
  readonly brand: string;
  readonly color: string;
  readonly image: string;
  readonly kind: ProductKind;
  readonly listCents: number;
  readonly saleCents: number | null;
  readonly availableQty: number;
  readonly backorderable: boolean;
  readonly leadTimeDays: number | null;
  readonly freight: boolean;
  readonly noShipStates: readonly string[];
  /** Master SKUs of a super SKU's parts; empty for other products. */
  readonly superSkuComponents: readonly string[];
  /** Master SKUs that must be bought with it. */
  readonly requiredItems: readonly string[];
}

/** Catalogue facts by SKU: a variant SKU, or a master SKU standing for its first variant. */
export type CatalogueFacts = ReadonlyMap<string, ItemFacts>;

export interface DiscountDefinition {
  readonly id: string;
  /** null: an automatic discount, applied to every cart it matches. */
  readonly code: string | null;
  readonly name: string;
  readonly target: 'lineItems' | 'shipping';
  readonly valueType: 'relative' | 'absolute';
  /** Percent for relative discounts, cents for absolute ones. */
  readonly value: number;
  /** Only lines of this catalogue department match; null: every line. */
  readonly department: string | null;
  readonly minSubtotalCents: number;
  readonly stopOthers: boolean;
  readonly maxPerOwner: number | null;
  /** ISO 8601; null: running from the start. */
  readonly validFrom: string | null;
  /** ISO 8601; null: no end. */
  readonly validUntil: string | null;
  readonly sortOrder: number;
}

export const isService = (facts: Pick<ItemFacts, 'kind'>): boolean =>
  facts.kind === 'design-service' || facts.kind === 'install-service';

/** Where `now` falls in a discount's offer: before it, during it, or after it ended. */
export const discountTiming = (
  d: Pick<DiscountDefinition, 'validFrom' | 'validUntil'>,
  now: string,
): 'notStarted' | 'live' | 'ended' => {
  const at = Date.parse(now);
  if (d.validFrom !== null && Date.parse(d.validFrom) > at) return 'notStarted';
  if (d.validUntil !== null && Date.parse(d.validUntil) < at) return 'ended';
  return 'live';
};

export const isDiscountLive = (d: DiscountDefinition, now: string): boolean =>
  discountTiming(d, now) === 'live';

/** Update actions as the engine takes them (server/cart/parse.ts checks the wire). */
export type EngineAction =
  | {
      readonly action: 'addLineItem' | 'addbundle';
      readonly sku: string;
      readonly quantity: number;
      readonly lineItemShipping?: LineItemShipping;
    }
  | { readonly action: 'removeLineItem'; readonly lineItemId: string; readonly quantity?: number }
  | {
      readonly action: 'changeLineItemQuantity';
      readonly lineItemId: string;
      readonly quantity: number;
    }
  | { readonly action: 'setShippingAddress'; readonly address: ShippingAddress | null }
  | { readonly action: 'setShippingMethod'; readonly methodId: ShippingMethodId }
  | { readonly action: 'recalculate'; readonly updateProductData: boolean };

export type { DiscountErrorCode, DiscountRefusalReason };

/** A refused discount code: why (core/cart/errors.ts), and the wire code that reason belongs to. */
export interface DiscountRefused {
  readonly kind: 'discount';
  readonly code: DiscountErrorCode;
  readonly reason: DiscountRefusalReason;
  /** The code as the shop spells it (trimmed, upper case): what the shopper is told about. */
  readonly discountCode: string;
  /** MinimumNotMet: what the lines the code takes money off must come to. */
  readonly minimumCents?: number;
}

export const discountRefused = (
  reason: DiscountRefusalReason,
  discountCode: string,
  minimumCents?: number,
): DiscountRefused => ({
  kind: 'discount',
  code: DISCOUNT_REFUSAL_CODES[reason],
  reason,
  discountCode,
  ...(minimumCents === undefined ? {} : { minimumCents }),
});

/** Why the engine refused; the routes turn each into its status and error body. */
export type EngineError =
  | { readonly kind: 'conflict'; readonly currentVersion: number }
  | { readonly kind: 'invalid'; readonly field: string; readonly message: string }
  | { readonly kind: 'unknownSku'; readonly field: string; readonly sku: string }
  | { readonly kind: 'outOfStock'; readonly skus: readonly string[] }
  | { readonly kind: 'lineItemNotFound'; readonly field: string; readonly lineItemId: string }
  | DiscountRefused;

export type EngineResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: EngineError };

export const success = <T>(value: T): EngineResult<T> => ({ ok: true, value });
export const failure = <T = never>(error: EngineError): EngineResult<T> => ({ ok: false, error });

/**
 * What the engine needs besides the cart: catalogue facts, the shop's discounts (choosing expedited
 * shipping takes the shipping codes off), the time, and fresh ids.
 */
export interface EngineEnv {
  readonly catalogue: CatalogueFacts;
  /** Every discount there is (automatic ones and codes). */
  readonly discounts: readonly DiscountDefinition[];
  /** ISO 8601. */
  readonly now: string;
  readonly newId: () => string;
}
