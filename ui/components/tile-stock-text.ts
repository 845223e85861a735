/** The shopper's words for a tile's stock line (core/catalog/tile-stock.ts). */
import { leadTimeWeeks, type TileStock } from '../../core/catalog/tile-stock';

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

export const tileStockText = (stock: TileStock): string => {
  switch (stock.kind) {
    case 'out-of-stock':
      return 'Out of stock';
    case 'low-stock':
      return `Only ${stock.quantity} left`;
    case 'ships-later': {
      const days = stock.leadTimeDays;
      if (days === null) return 'Back-ordered';
      return days < 7
        ? `Ships in ${plural(days, 'day', 'days')}`
        : `Ships in ${plural(leadTimeWeeks(days), 'week', 'weeks')}`;
    }
  }
};

/** The tone class of the line: out of stock reads as a warning, the rest as caution. */
export const tileStockTone = (stock: TileStock): 'negative' | 'caution' =>
  stock.kind === 'out-of-stock' ? 'negative' : 'caution';
