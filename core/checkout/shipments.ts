/**
 * Shipment sources and order totals for a priced cart (docs/api.md "Checkout"). Pure, in integer
 * cents. The shipping methods themselves belong to the cart: it stores the one chosen and its
 * pricing (core/cart/engine/pricing.ts) offers and charges them, so the cart, checkout, payment and the
 * order all read one price.
 */
import type { Cart, CartLineItem } from '../cart/cart';
import { cartTotals } from '../cart/engine/pricing';
import type { OrderTotals } from '../orders/order';

/** Where a line ships from: services are done, freight ships from the maker, the rest from us. */
export type ShipmentSource = 'warehouse' | 'drop-ship' | 'service';

/**
 * An order's money from the cart it was made from: subtotal at list prices, discount (product and
 * cart discounts), shipping after shipping discounts, tax; total = subtotal − discount + shipping
 * + tax, which is the cart's own total.
 */
export const orderTotals = (cart: Cart): OrderTotals => {
  const t = cartTotals(cart);
  return {
    subtotal: t.subtotal,
    discount: t.subtotal - t.net,
    shipping: t.shipping - t.shippingDiscounts,
    tax: t.tax,
    total: t.total,
  };
};

export interface Shipment {
  readonly source: ShipmentSource;
  readonly lineItemIds: readonly string[];
}

const sourceOf = (line: CartLineItem, freightSkus: ReadonlySet<string>): ShipmentSource =>
  line.isService ? 'service' : freightSkus.has(line.sku) ? 'drop-ship' : 'warehouse';

/**
 * The cart's lines grouped by where they ship from, in the order sources first appear; the parts
 * of a bundle ship with their bundle. More than one shipment is a split order. `freightSkus`: the
 * cart's freight SKUs (pricing's CartQuote says which).
 */
export const shipments = (cart: Cart, freightSkus: ReadonlySet<string>): readonly Shipment[] => {
  const byId = new Map(cart.lineItems.map((l) => [l.id, l] as const));
  const groups = new Map<ShipmentSource, string[]>();
  for (const line of cart.lineItems) {
    const owner =
      line.bundleParentId === undefined ? line : (byId.get(line.bundleParentId) ?? line);
    const source = sourceOf(owner, freightSkus);
    const ids = groups.get(source) ?? [];
    ids.push(line.id);
    groups.set(source, ids);
  }
  return [...groups].map(([source, lineItemIds]) => ({ source, lineItemIds }));
};
