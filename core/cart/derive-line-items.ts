/**
 * Spec §3 Cart line item (derived) and §4 Cart display: what the cart page shows for each line,
 * sorted newest added first, with prices held in cents and shown divided by 100.
 */
import { centsToAmount, type Cents } from '../shared/money';
import { customerFacingSku } from '../shared/sku';
import {
  DEFAULT_LOCALE,
  localized,
  type Cart,
  type CartLineItem,
  type LineItemDiscount,
} from './cart';
import { isOutOfStock } from './out-of-stock';

export interface DiscountListEntry {
  readonly id: string;
  /** sitewide: a product (sale) discount; cart: a cart discount, with or without a code. */
  readonly type: 'sitewide' | 'cart';
  /** Percent off, for a relative discount. */
  readonly percent: number | undefined;
  /** Amount off per the discount's definition, in currency units, for an absolute discount. */
  readonly absolute: number | undefined;
  readonly code: string | undefined;
  /** What this discount took off the line, in currency units. */
  readonly amount: number;
}

export interface DerivedLineItem {
  readonly id: string;
  readonly sku: string;
  /** The SKU without the internal 'K-' prefix. */
  readonly customerFacingSKU: string;
  readonly room: string | undefined;
  readonly slug: string;
  readonly quantity: number;
  readonly image: string | undefined;
  readonly category: string | undefined;
  readonly brand: string | undefined;
  readonly name: string;
  readonly desc: string;
  readonly color: string | undefined;
  /** List price of one unit, 2 decimals. */
  readonly unitPrice: number;
  /**
   * What one unit costs after every discount (sale price, then cart discounts), 2 decimals: the
   * line's discountPrice divided by its quantity. Equals unitPrice when nothing applies.
   */
  readonly discountUnitPrice: number;
  /** List price of the line (unit × quantity), 2 decimals. */
  readonly totalPrice: number;
  /** The line after every discount (product and cart), 2 decimals; equals totalPrice when none. */
  readonly discountPrice: number;
  readonly unitPriceCents: Cents;
  readonly discountUnitPriceCents: Cents;
  readonly totalPriceCents: Cents;
  readonly discountPriceCents: Cents;
  readonly isComboSku: boolean;
  /** The spec's other name for isComboSku. */
  readonly superSku: boolean;
  /** The item is back-orderable. */
  readonly backOrder: boolean;
  readonly businessUnitName: string | undefined;
  readonly discountsList: readonly DiscountListEntry[];
  readonly availableQty: number | undefined;
  readonly outOfStock: boolean;
  readonly noShipping: boolean;
  /** A service (design, install) rather than goods: stock never limits it. */
  readonly isService: boolean;
  readonly leadTime: string | undefined;
  readonly addedAt: string;
  readonly bundleParentId: string | undefined;
}

const wholeNonNegative = (n: number): number => (Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);

const clampCents = (value: Cents, max: Cents): Cents =>
  Number.isSafeInteger(value) ? Math.min(Math.max(value, 0), max) : max;

/**
 * Unit prices of a line in cents: list, after product discounts, after all discounts. Each is
 * clamped between 0 and the one before it, so a discount never raises a price or goes below 0.
 */
export const unitPrices = (
  line: CartLineItem,
): { readonly list: Cents; readonly afterProduct: Cents; readonly net: Cents } => {
  const list = clampCents(line.price.value, Number.MAX_SAFE_INTEGER);
  const afterProduct = clampCents(line.price.discountedValue ?? list, list);
  const net = clampCents(line.discountedPrice ?? afterProduct, afterProduct);
  return { list, afterProduct, net };
};

const discountEntry = (d: LineItemDiscount): DiscountListEntry => ({
  id: d.id,
  type: d.kind,
  percent: d.value.type === 'relative' ? d.value.percent : undefined,
  absolute: d.value.type === 'absolute' ? centsToAmount(d.value.cents) : undefined,
  code: d.code,
  amount: centsToAmount(Number.isSafeInteger(d.amount) ? Math.max(0, d.amount) : 0),
});

export const deriveLineItem = (
  line: CartLineItem,
  locale: string = DEFAULT_LOCALE,
): DerivedLineItem => {
  const quantity = wholeNonNegative(line.quantity);
  const { list, net } = unitPrices(line);
  const totalPriceCents = list * quantity;
  const discountPriceCents = net * quantity;
  return {
    id: line.id,
    sku: line.sku,
    customerFacingSKU: customerFacingSku(line.sku),
    room: line.lineItemShipping?.roomInfo,
    slug: localized(line.productSlug, locale),
    quantity,
    image: line.image,
    category: line.category,
    brand: line.brand,
    name: localized(line.name, locale),
    desc: localized(line.description, locale),
    color: line.color,
    unitPrice: centsToAmount(list),
    discountUnitPrice: centsToAmount(net),
    totalPrice: centsToAmount(totalPriceCents),
    discountPrice: centsToAmount(discountPriceCents),
    unitPriceCents: list,
    discountUnitPriceCents: net,
    totalPriceCents,
    discountPriceCents,
    isComboSku: line.isComboSku,
    superSku: line.isComboSku,
    backOrder: line.backorderable,
    businessUnitName: line.businessUnitName,
    discountsList: line.discounts.map(discountEntry),
    availableQty: line.availableQty,
    outOfStock: isOutOfStock({
      availableQty: line.availableQty,
      requestedQty: quantity,
      backorderable: line.backorderable,
      isService: line.isService,
      category: line.category,
    }),
    noShipping: line.noShipping,
    isService: line.isService,
    leadTime: line.leadTime,
    addedAt: line.addedAt,
    bundleParentId: line.bundleParentId,
  };
};

/** Epoch ms of an addedAt; an unreadable date sorts as the oldest. */
const addedAtMs = (addedAt: string): number => {
  const ms = Date.parse(addedAt);
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
};

/** Newest added first; lines added at the same instant keep the server's order. */
export const sortNewestFirst = <T extends { readonly addedAt: string }>(lines: readonly T[]): T[] =>
  lines
    .map((line, index) => ({ line, index, at: addedAtMs(line.addedAt) }))
    .sort((a, b) => (a.at === b.at ? a.index - b.index : b.at > a.at ? 1 : -1))
    .map(({ line }) => line);

/** Spec §4 Cart display: the cart's lines as shown, newest added first. */
export const deriveLineItems = (
  cart: Pick<Cart, 'lineItems'>,
  locale: string = DEFAULT_LOCALE,
): DerivedLineItem[] => sortNewestFirst(cart.lineItems).map((line) => deriveLineItem(line, locale));

/** Spec §4: only items without a bundle parent count toward total quantity (the cart count). */
export const totalQuantity = (
  lines: readonly { readonly quantity: number; readonly bundleParentId?: string | undefined }[],
): number =>
  lines.reduce(
    (sum, line) =>
      line.bundleParentId === undefined ? sum + wholeNonNegative(line.quantity) : sum,
    0,
  );

/** The cart count shown on the cart link. */
export const cartCount = (cart: Pick<Cart, 'lineItems'>): number => totalQuantity(cart.lineItems);
