/**
 * A shared cart (spec §7 POST /cart/sharedcart, GET /cart/sharedcart/{id}) keeps only what the
 * sharer chose — SKUs, quantities, rooms, bundles — never what they paid: their promo codes are
 * theirs. Whoever opens the link sees the lines priced as a cart of their own would price them
 * now: the catalogue's list and sale prices in the reader's currency and the shop's automatic
 * promotions, with no code applied. So the total on the shared page is what "Add all to cart"
 * puts in an empty cart.
 */
import type { CartLineItem, SharedCart } from '../cart';
import type { CartState, StateLine } from './model';
import { priceCart, type PricingEnv } from './pricing';

/** What a stored snapshot line may hold: a StateLine, or a priced line of older snapshots. */
type SnapshotLine = Pick<
  StateLine,
  'id' | 'sku' | 'quantity' | 'addedAt' | 'lineItemShipping' | 'bundleParentId' | 'bundle'
>;

/**
 * The choices of a cart's (or a snapshot's) lines, dropping every price and discount. A line
 * other lines name as their bundle parent is a bundle, also in snapshots that did not say so.
 */
export const sharedCartLines = (
  lines: readonly (SnapshotLine | CartLineItem)[],
): readonly StateLine[] => {
  const parentIds = new Set(lines.map((l) => l.bundleParentId).filter((id) => id !== undefined));
  return lines.map((l): StateLine => {
    const bundle = ('bundle' in l && l.bundle === true) || parentIds.has(l.id);
    return {
      id: l.id,
      sku: l.sku,
      quantity: l.quantity,
      addedAt: l.addedAt,
      ...(l.lineItemShipping === undefined ? {} : { lineItemShipping: l.lineItemShipping }),
      ...(l.bundleParentId === undefined ? {} : { bundleParentId: l.bundleParentId }),
      ...(bundle ? { bundle: true } : {}),
    };
  });
};

/**
 * The shared lines priced for the reader: `env.catalogue` in `currency` (the reader's), every
 * automatic promotion of `env.discounts` and no discount code.
 */
export const priceSharedCart = (
  snapshot: { readonly id: string; readonly lines: readonly StateLine[] },
  currency: string,
  env: PricingEnv,
): SharedCart => {
  const state: CartState = {
    id: snapshot.id,
    version: 1,
    currency,
    cartType: 'shared',
    lines: snapshot.lines,
    discountCodeIds: [],
  };
  return { id: snapshot.id, currency, lineItems: priceCart(state, env).lineItems };
};
