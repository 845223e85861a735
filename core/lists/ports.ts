/** Port of the lists area: the shopping-list API of spec §7 ("Shopping lists"). */
import type { ShoppingList, ShoppingListName } from './shopping-list';

export { VersionConflictError, ListNotFoundError, isListError, type ListError } from './errors';

/**
 * Port: the shopper's shopping lists (the server knows whose from the token). Mutations take the
 * version they were computed against and resolve to the list as changed; a stale version throws
 * VersionConflictError, a list that is not the shopper's ListNotFoundError, bad input (an unknown
 * SKU, a line not on the list, a product past MAX_LIST_ITEMS) core/shared's FieldsError.
 */
export interface ShoppingListGateway {
  /** GET /shopping-list/{name}: the shopper's lists of that name ([] when none). */
  getLists(name: ShoppingListName): Promise<readonly ShoppingList[]>;
  /** POST /shopping-list/create with name en-US. */
  createList(name: ShoppingListName): Promise<ShoppingList>;
  /** POST /shopping-list/add/{id}?type=product with one addLineItem action. */
  addLineItem(listId: string, version: number, sku: string): Promise<ShoppingList>;
  /** POST /shopping-list/remove/items/{id} with one removeLineItem action. */
  removeLineItem(listId: string, version: number, lineItemId: string): Promise<ShoppingList>;
}
