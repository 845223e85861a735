/** The shopper's words for a tile's stock line (core/catalog/tile-stock.ts). */
import { leadTimeWeeks, type TileStock } from '../../core/catalog/tile-stock';

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** A lead time as the shop says it everywhere (tiles and the product page): days under a week. */
export const leadTimeWords = (days: number): string =>
  days < 7 ? plural(days, 'day', 'days') : plural(leadTimeWeeks(days), 'week', 'weeks');

export const tileStockText = (stock: TileStock): string => {
  switch (stock.kind) {
    case 'out-of-stock':
      return 'Out of stock';
    case 'low-stock':
      return `Only ${stock.quantity} left`;
    case 'ships-later': {
      const days = stock.leadTimeDays;
      if (days === null) return 'Back-ordered';
      return `Ships in ${leadTimeWords(days)}`;
    }
  }
};

/** The tone class of the line: out of stock reads as a warning, the rest as caution. */
export const tileStockTone = (stock: TileStock): 'negative' | 'caution' =>
  stock.kind === 'out-of-stock' ? 'negative' : 'caution';
