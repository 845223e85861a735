/**
 * A variant's stock as the colour details state it (`sku|date|finishName|#hex|finishCode|
 * availableQty|imageUrl`, spec §3), read one way by the product page, the demo's catalogue and the
 * demo's cart. A quantity that is missing, empty or not a number is unknown (undefined), never 0:
 * unknown stock is not out of stock (core/cart/out-of-stock.ts), the server has the last word when
 * the line is added. A number counts whole units and is never below 0.
 */
import type { Sku } from '../shared/sku';
import type { SkuDetail } from './sku-details';

/** availableQty's place among a colour detail's fields after the sku and date (SkuDetail.extra). */
export const COLOUR_DETAIL_QTY_FIELD = 3;

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/** Units from a feed's quantity text: whole, at least 0; undefined when the text states none. */
export const parseStockQuantity = (text: string | undefined): number | undefined => {
  const trimmed = text?.trim() ?? '';
  if (!DECIMAL.test(trimmed)) return undefined;
  const units = Math.floor(Number(trimmed));
  return Number.isFinite(units) ? Math.max(0, units) : undefined;
};

/**
 * Each variant's units, by SKU, from its colour details; the first entry of a SKU decides (as
 * variantsFromSkuDetails keeps it), and a SKU whose quantity is unknown maps to undefined.
 */
export const variantStock = (
  details: readonly SkuDetail[],
): ReadonlyMap<Sku, number | undefined> => {
  const stock = new Map<Sku, number | undefined>();
  for (const d of details) {
    if (!stock.has(d.sku)) stock.set(d.sku, parseStockQuantity(d.extra[COLOUR_DETAIL_QTY_FIELD]));
  }
  return stock;
};
