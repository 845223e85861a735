/**
 * Spec §3 Cart summary. All arithmetic is in integer cents; the decimal fields are the cents
 * shown divided by 100 with 2 decimals (spec §9), and `formatCartSummary` gives display strings.
 *
 * estimatedTotal = subtotal − totalPromotions + estimatedTax + estimatedShipping, where
 * totalPromotions holds every reduction: product and cart discounts on the lines, shipping codes,
 * and the freight discount (shown on its own as freightDiscountTotal). Shipping reductions never
 * exceed the shipping cost, so the total is never negative.
 */
import { centsToAmount, formatMoney, money, type Cents } from '../shared/money';
import { DEFAULT_LOCALE, type Cart } from './cart';
import { deriveLineItems, type DerivedLineItem } from './derive-line-items';
import { PROMOTIONS } from './engine/promotions';

/**
 * product: a sitewide product discount (no code); no-code: an automatic cart discount;
 * shipping: a code that takes money off shipping; code: a code that takes money off the lines.
 */
export type PromoCodeType = 'product' | 'no-code' | 'shipping' | 'code';

export interface PromoCode {
  /** The discount code's id for codes (what removing it takes); the discount's id otherwise. */
  readonly id: string;
  /** The code the shopper entered; undefined for product and no-code promotions. */
  readonly code: string | undefined;
  readonly type: PromoCodeType;
  /**
   * What the shop calls the promotion (core's PROMOTIONS, e.g. "15% off service parts"), so the
   * summary can say what took money off; undefined for a sale price or a discount it does not know.
   */
  readonly name: string | undefined;
  /** Amount off, 2 decimals. */
  readonly discount: number;
  readonly discountCents: Cents;
}

export interface CartSummaryCents {
  readonly subtotal: Cents;
  readonly subtotalWithDiscount: Cents;
  readonly totalPromotions: Cents;
  readonly estimatedTax: Cents;
  readonly estimatedShipping: Cents;
  readonly estimatedTotal: Cents;
  readonly freightDiscountTotal: Cents;
}

export type CartSummaryAmounts = { readonly [K in keyof CartSummaryCents]: number };

export interface CartSummary extends CartSummaryAmounts {
  readonly currency: string;
  readonly cents: CartSummaryCents;
  readonly promoCodes: readonly PromoCode[];
  readonly outOfStockItems: readonly DerivedLineItem[];
  readonly noShippingItems: readonly DerivedLineItem[];
}

const nonNegative = (c: Cents): Cents => (Number.isSafeInteger(c) && c > 0 ? c : 0);

/** The shop's name for a promotion or code, by the discount's id. */
export const promotionName = (discountId: string): string | undefined =>
  PROMOTIONS.find((p) => p.id === discountId)?.name;

/** Line discounts grouped into promo codes, in the order they first appear. */
const linePromotions = (cart: Cart): PromoCode[] => {
  const codeIds = new Map(
    cart.discountCodes.filter((c) => c.target === 'lineItems').map((c) => [c.code, c.id] as const),
  );
  const byKey = new Map<
    string,
    { id: string; code: string | undefined; type: PromoCodeType; cents: Cents }
  >();
  // Every applied line-item code is listed, even when it matched nothing yet, so it can be removed.
  for (const [code, id] of codeIds) byKey.set(`code:${code}`, { id, code, type: 'code', cents: 0 });
  for (const line of cart.lineItems) {
    for (const d of line.discounts) {
      const key = d.code !== undefined ? `code:${d.code}` : `${d.kind}:${d.id}`;
      const entry = byKey.get(key) ?? {
        id: d.code === undefined ? d.id : (codeIds.get(d.code) ?? d.id),
        code: d.code,
        type: d.code !== undefined ? 'code' : d.kind === 'sitewide' ? 'product' : 'no-code',
        cents: 0,
      };
      entry.cents += nonNegative(d.amount);
      byKey.set(key, entry);
    }
  }
  return [...byKey.values()].map(({ id, code, type, cents }) => ({
    id,
    code,
    type,
    name: type === 'product' ? undefined : promotionName(id),
    discount: centsToAmount(cents),
    discountCents: cents,
  }));
};

/**
 * Cart summary of spec §3. Pass the derived lines when they are already at hand (the cart page
 * derives them anyway); otherwise they are derived here.
 */
export const summarizeCart = (
  cart: Cart,
  lines: readonly DerivedLineItem[] = deriveLineItems(cart, DEFAULT_LOCALE),
): CartSummary => {
  let subtotal = 0;
  let subtotalWithDiscount = 0;
  for (const line of lines) {
    subtotal += line.totalPriceCents;
    subtotalWithDiscount += line.discountPriceCents;
  }

  const estimatedShipping = nonNegative(cart.shippingCost);
  // Shipping reductions come off what is left of shipping, codes first, then the freight discount.
  let shippingLeft = estimatedShipping;
  const shippingPromos: PromoCode[] = [];
  for (const c of cart.discountCodes) {
    if (c.target !== 'shipping') continue;
    const cents = Math.min(nonNegative(c.shippingDiscount), shippingLeft);
    shippingLeft -= cents;
    shippingPromos.push({
      id: c.id,
      code: c.code,
      type: 'shipping',
      name: promotionName(c.id),
      discount: centsToAmount(cents),
      discountCents: cents,
    });
  }
  const freightDiscountTotal = Math.min(nonNegative(cart.freightDiscount), shippingLeft);
  shippingLeft -= freightDiscountTotal;

  const totalPromotions = subtotal - subtotalWithDiscount + (estimatedShipping - shippingLeft);
  const estimatedTax = nonNegative(cart.totalTax);
  const estimatedTotal = subtotal - totalPromotions + estimatedTax + estimatedShipping;

  const cents: CartSummaryCents = {
    subtotal,
    subtotalWithDiscount,
    totalPromotions,
    estimatedTax,
    estimatedShipping,
    estimatedTotal,
    freightDiscountTotal,
  };
  return {
    currency: cart.currency,
    cents,
    ...toAmounts(cents),
    promoCodes: [...linePromotions(cart), ...shippingPromos],
    outOfStockItems: lines.filter((l) => l.outOfStock),
    noShippingItems: lines.filter((l) => l.noShipping),
  };
};

const toAmounts = (c: CartSummaryCents): CartSummaryAmounts => ({
  subtotal: centsToAmount(c.subtotal),
  subtotalWithDiscount: centsToAmount(c.subtotalWithDiscount),
  totalPromotions: centsToAmount(c.totalPromotions),
  estimatedTax: centsToAmount(c.estimatedTax),
  estimatedShipping: centsToAmount(c.estimatedShipping),
  estimatedTotal: centsToAmount(c.estimatedTotal),
  freightDiscountTotal: centsToAmount(c.freightDiscountTotal),
});

/** Display strings ("$1,234.56") for each total, in the cart's currency. */
export const formatCartSummary = (
  summary: CartSummary,
): { readonly [K in keyof CartSummaryCents]: string } => {
  const f = (c: Cents): string => formatMoney(money(c, summary.currency));
  const c = summary.cents;
  return {
    subtotal: f(c.subtotal),
    subtotalWithDiscount: f(c.subtotalWithDiscount),
    totalPromotions: f(c.totalPromotions),
    estimatedTax: f(c.estimatedTax),
    estimatedShipping: f(c.estimatedShipping),
    estimatedTotal: f(c.estimatedTotal),
    freightDiscountTotal: f(c.freightDiscountTotal),
  };
};
