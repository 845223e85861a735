/**
 * The stock line of a product tile (lists, search, content rows): said only where it matters to
 * the choice, so a shopper learns before opening the page that a product cannot be bought now,
 * is nearly gone, or ships later. The tile speaks for the finish the product page opens on
 * (defaultVariant), with the page's own availability rule (availabilityOf) and threshold
 * (LOW_STOCK_THRESHOLD), so the tile and the page never disagree.
 */
import { availabilityOf } from './get-product-page';
import { defaultVariant } from './pdp-sku';
import type { ProductSummary } from './product';

export type TileStock =
  | { readonly kind: 'out-of-stock' }
  | { readonly kind: 'low-stock'; readonly quantity: number }
  /** Back-ordered: ships after its lead time (null when the catalogue states none). */
  | { readonly kind: 'ships-later'; readonly leadTimeDays: number | null };

export type TileStockFacts = Pick<
  ProductSummary,
  | 'finishes'
  | 'availableQty'
  | 'discontinued'
  | 'retailExclusive'
  | 'category'
  | 'backorderable'
  | 'leadTimeDays'
>;

/**
 * The tile's stock line, or null when there is nothing to say: in stock above the threshold,
 * unknown stock, a service, a retail exclusive (the tile says "Available in stores") and a
 * discontinued product.
 */
export const tileStock = (product: TileStockFacts): TileStock | null => {
  const finish = defaultVariant(product.finishes) ?? product.finishes[0] ?? null;
  const quantity = finish === null ? product.availableQty : finish.availableQty;
  const availability = availabilityOf({ product, finish, quantity });
  switch (availability.kind) {
    case 'out-of-stock':
      return { kind: 'out-of-stock' };
    case 'low-stock':
      return { kind: 'low-stock', quantity: availability.quantity };
    case 'back-ordered':
      return { kind: 'ships-later', leadTimeDays: availability.leadTimeDays };
    default:
      return null;
  }
};

/** Whole weeks a lead time takes, rounded up: 14 days → 2, 15 days → 3; at least 1. */
export const leadTimeWeeks = (days: number): number => Math.max(1, Math.ceil(days / 7));
