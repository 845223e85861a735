/**
 * Shopping-list limits (docs/api.md "Shopping lists"; the spec names none, these are our
 * choices), enforced by the server and imitated by the offline demo's fake from this one place.
 * Checked in tests/core/lists/limits.test.ts.
 */
import { isOnList, type ShoppingList } from './shopping-list';

/** A list holds at most this many products. */
export const MAX_LIST_ITEMS = 100;
/** At most this many actions in one update request. */
export const MAX_LIST_ACTIONS = 50;

/** The code of the refusal of a product past the limit (400, field `actions`). */
export const LIST_LIMIT_REACHED = 'ListLimitReached';
/** The refusal's words, after the field (`actions: a list holds at most 100 products`). */
export const LIST_FULL_MESSAGE = `a list holds at most ${MAX_LIST_ITEMS} products`;

/** How many more products a list of `lineCount` lines takes (never below 0). */
export const roomOnList = (lineCount: number): number => Math.max(0, MAX_LIST_ITEMS - lineCount);

/** Whether a list of `lineCount` lines is over the limit (after a write, before it commits). */
export const isOverListLimit = (lineCount: number): boolean => lineCount > MAX_LIST_ITEMS;

/**
 * Whether adding `sku` keeps the list within the limit: a product already on it stays once (and
 * always may be added again), a new one only while there is room.
 */
export const mayAddToList = (list: ShoppingList, sku: string): boolean =>
  isOnList(list, sku) || roomOnList(list.lineItems.length) > 0;
