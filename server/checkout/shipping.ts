/**
 * Shipping methods, shipment sources and order totals for a priced cart (docs/api.md "Checkout").
 * Pure, in integer cents.
 *
 * - A cart with a freight item ships by freight only: the cart's own shipping (standard parcel
 *   shipping for its other goods plus freight), with the freight discount from the free-freight
 *   threshold (server/cart/pricing.ts).
 * - Otherwise standard (the cart's shipping: free from FREE_SHIPPING_FROM_CENTS, shipping codes
 *   apply) or expedited (EXPEDITED_CENTS, never free, shipping codes do not apply).
 * - A cart of services only ships nothing: standard at 0.
 */
import type { Cart, CartLineItem } from '../../core/cart/cart';
import { cartTotals } from '../cart/pricing';
import type { OrderTotals } from '../orders/model';

export const SHIPPING_METHOD_IDS = ['standard', 'expedited', 'freight'] as const;
export type ShippingMethodId = (typeof SHIPPING_METHOD_IDS)[number];

export const EXPEDITED_CENTS = 2995;

export interface ShippingMethod {
  readonly id: ShippingMethodId;
  readonly label: string;
  readonly cents: number;
  readonly estimatedDays: number;
}

export const isShippingMethodId = (value: unknown): value is ShippingMethodId =>
  typeof value === 'string' && (SHIPPING_METHOD_IDS as readonly string[]).includes(value);

/** Where a line ships from: services are done, freight ships from the maker, the rest from us. */
export type ShipmentSource = 'warehouse' | 'drop-ship' | 'service';

const hasFreight = (cart: Cart, freightSkus: ReadonlySet<string>): boolean =>
  cart.lineItems.some((l) => freightSkus.has(l.sku));

const shipsGoods = (cart: Cart): boolean => cart.lineItems.some((l) => !l.isService);

/** The methods a cart may ship by, cheapest first. `freightSkus`: SKUs of freight items. */
export const shippingMethods = (
  cart: Cart,
  freightSkus: ReadonlySet<string>,
): readonly ShippingMethod[] => {
  if (hasFreight(cart, freightSkus)) {
    return [
      { id: 'freight', label: 'Freight delivery', cents: cart.shippingCost, estimatedDays: 14 },
    ];
  }
  const standard: ShippingMethod = {
    id: 'standard',
    label: 'Standard shipping',
    cents: cart.shippingCost,
    estimatedDays: 7,
  };
  if (!shipsGoods(cart)) return [standard];
  return [
    standard,
    { id: 'expedited', label: 'Expedited shipping', cents: EXPEDITED_CENTS, estimatedDays: 2 },
  ];
};

export const defaultMethod = (methods: readonly ShippingMethod[]): ShippingMethod => {
  const first = methods[0];
  if (first === undefined) throw new Error('shippingMethods always offers one method');
  return first;
};

/** The chosen method when the cart may still ship by it, else the default one. */
export const effectiveMethod = (
  methods: readonly ShippingMethod[],
  chosen: ShippingMethodId | undefined,
): ShippingMethod => methods.find((m) => m.id === chosen) ?? defaultMethod(methods);

/** The cart as shipped by `method`: its shippingCost, and shipping codes only for standard. */
export const withShippingMethod = (cart: Cart, method: ShippingMethod): Cart =>
  method.id === 'expedited'
    ? {
        ...cart,
        shippingCost: method.cents,
        discountCodes: cart.discountCodes.map((c) => ({ ...c, shippingDiscount: 0 })),
      }
    : { ...cart, shippingCost: method.cents };

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
 * of a bundle ship with their bundle. More than one shipment is a split order.
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
