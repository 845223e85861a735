/**
 * Shopping lists (spec §3 "Favorites list"): a list named Favorites in en-US (others: MyProducts,
 * MyServices), with an id, a version that every change bumps, and its product lines.
 */
export const FAVORITES = 'Favorites';
/** Saved products: shown in my products beside the registered ones (core/registration). */
export const MY_PRODUCTS = 'MyProducts';
/** Saved services: shown in my services beside the ordered ones (core/registration). */
export const MY_SERVICES = 'MyServices';
export type ShoppingListName = 'Favorites' | 'MyProducts' | 'MyServices';

export interface ShoppingListLineItem {
  readonly id: string;
  readonly sku: string;
  readonly productSlug: string;
  readonly name: string;
  /** ISO 8601. */
  readonly addedAt: string;
  readonly image?: string;
}

export interface ShoppingList {
  readonly id: string;
  readonly version: number;
  readonly name: { readonly 'en-US': string };
  readonly lineItems: readonly ShoppingListLineItem[];
}

const sameSku = (a: string, b: string): boolean =>
  a.trim().toUpperCase() === b.trim().toUpperCase();

/** The line holding this SKU (SKUs compare case-insensitively), or undefined. */
export const lineForSku = (
  list: ShoppingList | null,
  sku: string,
): ShoppingListLineItem | undefined => list?.lineItems.find((line) => sameSku(line.sku, sku));

/** Whether the product is on the list; nothing is on a list that does not exist yet. */
export const isOnList = (list: ShoppingList | null, sku: string): boolean =>
  lineForSku(list, sku) !== undefined;

/** Spec §4 Favorites: "the latest version is used" — of several lists, the most recently changed. */
export const pickList = (lists: readonly ShoppingList[]): ShoppingList | null =>
  lists.reduce<ShoppingList | null>(
    (best, list) => (best === null || list.version > best.version ? list : best),
    null,
  );

/** The SKUs on the list, in list order. */
export const listSkus = (list: ShoppingList | null): readonly string[] =>
  list?.lineItems.map((line) => line.sku) ?? [];
