/**
 * The server cart of spec §3 in the domain's own terms. The HTTP adapter maps the wire JSON
 * (centAmount objects, lowercase `lineitems` of shared carts, `qty` or `quantity`, custom fields)
 * to these shapes; nothing here knows the wire.
 */
import type { Cents } from '../shared/money';

/** Text per locale, e.g. `{ 'en-US': 'Purist faucet' }`. */
export type LocalizedText = Readonly<Record<string, string>>;

/** The custom `lineItemShipping` fields sent with an add and echoed back on the line. */
export interface LineItemShipping {
  readonly salesChannel: string;
  /** The room the shopper is buying for (shown as the line's room). */
  readonly roomInfo?: string;
  /** A quantity in the product's own unit (e.g. area for tiles), as the product page sends it. */
  readonly customQuantity?: number;
  /** Extra quantity ordered to cover waste, as the product page sends it. */
  readonly overage?: number;
}

/** How a discount is defined: a percentage off, or an amount off. */
export type DiscountValue =
  | { readonly type: 'relative'; readonly percent: number }
  | { readonly type: 'absolute'; readonly cents: Cents };

/**
 * One discount that applied to a line. `sitewide` is a product discount (a sale price, no code);
 * `cart` is a cart discount, with the code that unlocked it when there was one.
 */
export interface LineItemDiscount {
  readonly id: string;
  readonly kind: 'sitewide' | 'cart';
  readonly value: DiscountValue;
  readonly code?: string;
  /** Cents this discount took off the whole line (all units). */
  readonly amount: Cents;
}

export interface LineItemPrice {
  /** List price of one unit. */
  readonly value: Cents;
  /** Price of one unit after product (sitewide) discounts, when one applies. */
  readonly discountedValue?: Cents;
}

export interface CartLineItem {
  readonly id: string;
  readonly sku: string;
  readonly quantity: number;
  /** ISO 8601 instant the line was added. */
  readonly addedAt: string;
  readonly productSlug: LocalizedText;
  readonly name: LocalizedText;
  readonly description?: LocalizedText;
  readonly price: LineItemPrice;
  /** Price of one unit after product and cart discounts, when a cart discount applies. */
  readonly discountedPrice?: Cents;
  readonly lineItemShipping?: LineItemShipping;
  /** Set on the children of a bundle (a super SKU's parts); they do not count toward quantity. */
  readonly bundleParentId?: string;
  readonly discounts: readonly LineItemDiscount[];
  /** Units in stock; absent when the server did not say. */
  readonly availableQty?: number;
  readonly backorderable: boolean;
  readonly leadTime?: string;
  /** Cannot be shipped to the cart's shipping address. */
  readonly noShipping: boolean;
  /** A service (design, install) rather than goods. */
  readonly isService: boolean;
  readonly category?: string;
  readonly brand?: string;
  /** Color or finish name. */
  readonly color?: string;
  readonly image?: string;
  /** A super SKU (combo) line, e.g. a two-piece toilet sold as bowl + tank. */
  readonly isComboSku: boolean;
  readonly businessUnitName?: string;
}

export interface ShippingAddress {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly mobile: string;
  readonly streetName?: string;
  readonly addressLine2?: string;
  readonly city?: string;
  readonly state?: string;
  readonly postalCode?: string;
  readonly country?: string;
}

/** What a discount code applied to the cart works on. */
export type DiscountCodeTarget = 'lineItems' | 'shipping';

/** A discount code the shopper applied. Line-item codes' amounts are on the lines they touched. */
export interface AppliedDiscountCode {
  /** The discount code's id: what removing it takes. */
  readonly id: string;
  readonly code: string;
  readonly target: DiscountCodeTarget;
  /** Cents a shipping code takes off shipping; 0 for line-item codes. */
  readonly shippingDiscount: Cents;
}

/** How a cart ships (docs/api.md "Checkout" shipping methods). */
export type CartShippingMethodId = 'standard' | 'expedited' | 'freight';

/** What a shopper is told of each method: its name and how many days it takes. */
export const SHIPPING_METHOD_TERMS: Readonly<
  Record<CartShippingMethodId, { readonly label: string; readonly estimatedDays: number }>
> = {
  standard: { label: 'Standard shipping', estimatedDays: 7 },
  expedited: { label: 'Expedited shipping', estimatedDays: 2 },
  freight: { label: 'Freight delivery', estimatedDays: 14 },
};

export interface Cart {
  readonly id: string;
  readonly version: number;
  readonly anonymousId?: string;
  readonly cartType?: string;
  readonly customerEmail?: string;
  readonly currency: string;
  readonly lineItems: readonly CartLineItem[];
  /** Total tax (the wire's totalTax.centAmount). */
  readonly totalTax: Cents;
  readonly shippingAddress?: ShippingAddress;
  readonly discountCodes: readonly AppliedDiscountCode[];
  /** Shipping as estimated by the server, before shipping discounts. */
  readonly shippingCost: Cents;
  /**
   * The method shippingCost is for: the one the shopper chose while the cart can still ship by
   * it, else the cart's default. Absent from servers that do not say (then the default).
   */
  readonly shippingMethodId?: CartShippingMethodId;
  /** Discount on freight shipping (heavy items), taken off shipping. */
  readonly freightDiscount: Cents;
}

/** A cart shared by link (spec §7 POST /cart/sharedcart): a snapshot of lines, read by anyone. */
export interface SharedCart {
  readonly id: string;
  readonly currency: string;
  readonly lineItems: readonly CartLineItem[];
}

/** The client's pointer to the cart it mutates: spec §3 cart client state activeCart. */
export interface ActiveCartRef {
  readonly cartId: string;
  readonly version: number;
}

export const cartRef = (cart: Cart): ActiveCartRef => ({ cartId: cart.id, version: cart.version });

/** Spec §4: after deleting, the cart is empty with the same id (and count 0). */
export const emptyCart = (cart: Cart): Cart => ({
  ...cart,
  lineItems: [],
  discountCodes: [],
  totalTax: 0,
  shippingCost: 0,
  freightDiscount: 0,
});

export const DEFAULT_LOCALE = 'en-US';

/** The text for a locale: exact match, then same language (`en` for `en-US`), then any. */
export const localized = (
  text: LocalizedText | undefined,
  locale: string = DEFAULT_LOCALE,
): string => {
  if (text === undefined) return '';
  const exact = text[locale];
  if (exact !== undefined) return exact;
  const language = locale.split('-')[0]?.toLowerCase() ?? '';
  const keys = Object.keys(text);
  const sameLanguage = keys.find((k) => k.split('-')[0]?.toLowerCase() === language);
  const key = sameLanguage ?? keys[0];
  return key === undefined ? '' : (text[key] ?? '');
};
