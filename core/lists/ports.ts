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

/**
 * Port: what this device knows of its shopper's lists. A guest's list is one this device made
 * (the first add creates it), so a guest whose device never made or saw one has none to read.
 */
export interface ListPresence {
  /** Whether a customer is signed in: their lists are read whatever this device knows. */
  signedIn(): boolean;
  /** Whether this device made the list, or saw it when it last read it. */
  has(name: ShoppingListName): boolean;
  /** The list was made or read (true), or read as none (false). */
  set(name: ShoppingListName, exists: boolean): void;
}

/** Presence that knows nothing: every list is read (a shopper of no device, in tests). */
export const EVERY_LIST_READ: ListPresence = {
  signedIn: () => true,
  has: () => true,
  set: () => undefined,
};
