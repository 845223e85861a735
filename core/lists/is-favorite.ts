/** Rule: whether a product is a favorite — its SKU is on the shopper's Favorites list. */
import { isOnList, type ShoppingList } from './shopping-list';

export const isFavorite = (favorites: ShoppingList | null, sku: string): boolean =>
  isOnList(favorites, sku);
