/**
 * Shipping codes take off standard shipping only, so choosing expedited shipping takes them off
 * the cart (engine/engine.ts setShippingMethod). The shopper must hear that, and why: this names
 * the codes a change from `before` to `after` took off that way.
 */
import type { Cart } from './cart';

export const codesDroppedByExpedited = (
  before: Pick<Cart, 'id' | 'discountCodes'> | null,
  after: Pick<Cart, 'id' | 'discountCodes' | 'shippingMethodId'>,
): readonly string[] => {
  if (before === null || before.id !== after.id || after.shippingMethodId !== 'expedited') {
    return [];
  }
  const kept = new Set(after.discountCodes.map((c) => c.id));
  return before.discountCodes
    .filter((c) => c.target === 'shipping' && !kept.has(c.id))
    .map((c) => c.code);
};
