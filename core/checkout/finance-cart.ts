/**
 * The cart as the finance application needs it (core/checkout/finance.ts FinanceCart): each line at
 * its unit price after every discount, the cart's tax, and the chosen shipping after shipping
 * discounts.
 */
import { DEFAULT_LOCALE, localized, type Cart } from '../cart/cart';
import { unitPrices } from '../cart/derive-line-items';
import type { Cents } from '../shared/money';
import type { FinanceCart } from './finance';

export const financeCartOf = (
  cart: Cart,
  shippingCents: Cents,
  locale: string = DEFAULT_LOCALE,
): FinanceCart => ({
  cartId: cart.id,
  version: cart.version,
  lines: cart.lineItems
    .filter((line) => line.quantity > 0)
    .map((line) => ({
      name: localized(line.name, locale) || line.sku,
      quantity: line.quantity,
      unitPriceCents: unitPrices(line).net,
    })),
  taxCents: cart.totalTax,
  shippingCents,
});
