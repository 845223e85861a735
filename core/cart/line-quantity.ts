/**
 * What quantity a cart line may be set to, and why a quantity is refused (spec §8 "Quantity has
 * been reset"): the shopper is told the reason and the quantity the line keeps. The limits are the
 * cart API's own (docs/api.md "Cart": a line holds at most MAX_LINE_QUANTITY) and the stock rule of
 * spec §4 Out of stock (./out-of-stock.ts), so the page refuses what the server would.
 */
import type { DerivedLineItem } from './derive-line-items';
import { MAX_LINE_QUANTITY } from './engine/model';
import { isOutOfStock } from './out-of-stock';

/** The most units one cart line holds, whatever the stock. */
export const MAX_CART_LINE_QUANTITY = MAX_LINE_QUANTITY;

/**
 * Why a quantity cannot be set: not a whole number of at least 0; more than is in stock (of an item
 * that cannot be back-ordered); or more than a line holds.
 */
export type QuantityRefusal =
  | { readonly reason: 'notWhole' }
  | { readonly reason: 'stock'; readonly available: number }
  | { readonly reason: 'lineMaximum'; readonly maximum: number };

type QuantityLine = Pick<
  DerivedLineItem,
  'quantity' | 'availableQty' | 'backOrder' | 'isService' | 'category'
>;

/** Stock limits the line: a known stock figure for goods that cannot be back-ordered. */
const stockLimited = (line: QuantityLine): line is QuantityLine & { availableQty: number } =>
  line.availableQty !== undefined &&
  isOutOfStock({
    availableQty: line.availableQty,
    requestedQty: line.availableQty + 1,
    backorderable: line.backOrder,
    isService: line.isService,
    category: line.category,
  });

/**
 * The most a line's stepper may ask for: what is in stock (never below what the line holds, so a
 * line already over stock can still be lowered), else what a line holds.
 */
export const maxLineQuantity = (line: QuantityLine): number =>
  stockLimited(line)
    ? Math.min(MAX_CART_LINE_QUANTITY, Math.max(line.availableQty, line.quantity))
    : MAX_CART_LINE_QUANTITY;

/** Why `requested` cannot be the line's quantity; null when it can (0 removes the line). */
export const lineQuantityRefusal = (
  line: QuantityLine,
  requested: number,
): QuantityRefusal | null => {
  if (!Number.isSafeInteger(requested) || requested < 0) return { reason: 'notWhole' };
  if (requested > MAX_CART_LINE_QUANTITY) {
    return { reason: 'lineMaximum', maximum: MAX_CART_LINE_QUANTITY };
  }
  // Lowering is always allowed, even while the line is still over stock.
  if (requested > line.quantity && stockLimited(line) && requested > line.availableQty) {
    return { reason: 'stock', available: Math.max(0, Math.floor(line.availableQty)) };
  }
  return null;
};
