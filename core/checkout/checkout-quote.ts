/**
 * What checkout may show as "Total to pay" (issue 11, docs/rules.md "What is shown is what is
 * charged"): a quote is a cart version the server priced with the shipping address and method
 * assigned to it, so its total is the amount an order of that version is charged. Anything else
 * (a cart without the address, or a version the quote is not for) is only an estimate.
 */
import type { Cart } from '../cart/cart';
import type { Cents } from '../shared/money';
import type {
  CheckoutAddress,
  OrderSubmission,
  ShippingMethod,
  ShippingMethodId,
  SplitCheck,
} from './checkout';
import { orderTotals } from './shipments';

export interface CheckoutQuote {
  /** The cart as the server answered it with this address and method assigned. */
  readonly cart: Cart;
  /** The address the quote was asked for, as checkout's form rules left it. */
  readonly address: CheckoutAddress;
  readonly methodId: ShippingMethodId;
  /** The methods offered at this cart's prices; empty when the quote was read off the cart. */
  readonly methods: readonly ShippingMethod[];
  readonly freeShippingThresholdCents: Cents | null;
  /** How the order will ship; null when not checked (only a notice hangs on it). */
  readonly split: SplitCheck | null;
  /** What an order of this cart version is charged: the cart's own total (core's orderTotals). */
  readonly totalCents: Cents;
}

/** One key per address, field by field in a fixed order, to tell whether the form still matches. */
export const addressKey = (a: CheckoutAddress): string =>
  JSON.stringify([
    a.firstName,
    a.lastName,
    a.email,
    a.mobile,
    a.streetName,
    a.addressLine2 ?? '',
    a.city,
    a.state,
    a.postalCode,
    a.country,
  ]);

/** The amount an order of this priced cart is charged, as the server and the fake compute it. */
export const totalToPay = (cart: Cart): Cents => orderTotals(cart).total;

/**
 * The tax an order of this cart is charged, or null while it is not known. Tax is the shipping
 * state's rate, and pricing charges 0 while the cart holds no state — so that 0 means "not known
 * yet", never "no tax" (a state with no sales tax, once assigned, is a known $0.00).
 */
export const knownTaxCents = (cart: Pick<Cart, 'totalTax' | 'shippingAddress'>): Cents | null =>
  (cart.shippingAddress?.state?.trim() ?? '') === '' ? null : cart.totalTax;

/**
 * Checkout's tax: known once the address on screen is assigned to the cart on screen (a current
 * quote, isQuoteFor), as the total to pay is; null until then.
 */
export const quotedTaxCents = (quote: CheckoutQuote | null): Cents | null =>
  quote === null ? null : knownTaxCents(quote.cart);

/** A quote from the server's answer: the cart with its address and method. */
export const quoteOf = (
  cart: Cart,
  address: CheckoutAddress,
  methods: readonly ShippingMethod[],
  freeShippingThresholdCents: Cents | null,
  split: SplitCheck | null,
): CheckoutQuote => ({
  cart,
  address,
  methodId: cart.shippingMethodId ?? methods[0]?.id ?? 'standard',
  methods,
  freeShippingThresholdCents,
  split,
  totalCents: totalToPay(cart),
});

/**
 * The quote a cart already is when the server holds `address` on it (back from PayPal or finance,
 * or a second visit): priced with that address and the method in force. Null when it holds none.
 */
export const quoteFromCart = (cart: Cart, address: CheckoutAddress): CheckoutQuote | null =>
  cart.shippingAddress === undefined ? null : quoteOf(cart, address, [], null, null);

/**
 * The quote still stands for this cart and address: same cart, same version, same address. Only
 * then may its total be shown as the total to pay.
 */
export const isQuoteFor = (
  quote: CheckoutQuote | null,
  cart: Pick<Cart, 'id' | 'version'> | null,
  address: CheckoutAddress | null,
): quote is CheckoutQuote =>
  quote !== null &&
  cart !== null &&
  address !== null &&
  quote.cart.id === cart.id &&
  quote.cart.version === cart.version &&
  addressKey(quote.address) === addressKey(address);

/** What the screen showed: the quote's cart version and its total to pay. */
export const shownTotalOf = (quote: CheckoutQuote): OrderSubmission => ({
  cartId: quote.cart.id,
  version: quote.cart.version,
  totalCents: quote.totalCents,
});
