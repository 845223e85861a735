/**
 * The shopping-list request bodies (docs/api.md "Shopping lists"), checked by hand so that every
 * 400 names the field at fault (`actions[1].sku …`, server/http/input.ts). Nothing here touches
 * the database.
 */
import { MAX_LIST_ACTIONS } from '../../core/lists/limits';
import { isSku } from '../../core/shared/sku';
import { invalidField, isRecord, list, objectBody, version, type Json } from '../http/input';

export const LIST_NAMES = ['Favorites', 'MyProducts', 'MyServices'] as const;
export type ListName = (typeof LIST_NAMES)[number];

// The list limits (actions per request, products per list) are core's (core/lists/limits.ts),
// shared with the offline demo's fake.
/** The custom type the storefront sends with addLineItem (spec §7). */
export const LINE_ITEM_TYPE_KEY = 'lineItemShoppingList';

const ID = /^[A-Za-z0-9-]{1,64}$/;

export const isListName = (value: unknown): value is ListName =>
  typeof value === 'string' && (LIST_NAMES as readonly string[]).includes(value);

/** A list id from the path; anything that cannot be an id is simply not found. */
export const isListId = (value: string): boolean => ID.test(value);

/** POST /shopping-list/create: `{name: {'en-US': 'Favorites'}}`. */
export const parseCreate = (raw: unknown): ListName => {
  const body = objectBody(raw);
  if (!isRecord(body.name)) {
    throw invalidField('name', "must be an object such as {'en-US': 'Favorites'}");
  }
  const name = body.name['en-US'];
  if (!isListName(name))
    throw invalidField('name.en-US', `must be one of ${LIST_NAMES.join(', ')}`);
  return name;
};

const parseActions = (body: Json): Json[] =>
  list(body.actions, 'actions', 1, MAX_LIST_ACTIONS).map((action, i) => {
    if (!isRecord(action)) throw invalidField(`actions[${i}]`, 'must be an object');
    return action;
  });

export interface AddRequest {
  readonly version: number;
  /** Upper-cased SKUs, in request order. */
  readonly skus: readonly string[];
}

/** POST /shopping-list/add/{id}?type=product with addLineItem actions. */
export const parseAdd = (raw: unknown, type: unknown): AddRequest => {
  if (type !== undefined && type !== 'product') throw invalidField('type', 'must be product');
  const body = objectBody(raw);
  const v = version(body.version);
  const skus = parseActions(body).map((action, i) => {
    const field = `actions[${i}]`;
    if (action.action !== 'addLineItem') {
      throw invalidField(`${field}.action`, 'must be addLineItem');
    }
    const sku = action.sku;
    if (typeof sku !== 'string' || !isSku(sku.trim())) {
      throw invalidField(`${field}.sku`, 'must be a SKU (letters, digits and hyphens)');
    }
    if (action.quantity !== undefined && action.quantity !== 1) {
      throw invalidField(`${field}.quantity`, 'must be 1: a list holds a product once');
    }
    if (action.custom !== undefined) {
      const custom = action.custom;
      const key =
        isRecord(custom) && isRecord(custom.type) ? (custom.type.key as unknown) : undefined;
      if (key !== LINE_ITEM_TYPE_KEY) {
        throw invalidField(`${field}.custom.type.key`, `must be ${LINE_ITEM_TYPE_KEY}`);
      }
    }
    return sku.trim().toUpperCase();
  });
  return { version: v, skus };
};

export type RemoveAction =
  | { readonly action: 'removeLineItem'; readonly lineItemId: string }
  | { readonly action: 'removeTextLineItem'; readonly textLineItemId: string };

export interface RemoveRequest {
  readonly version: number;
  readonly actions: readonly RemoveAction[];
}

/** POST /shopping-list/remove/items/{id} with removeLineItem (or removeTextLineItem) actions. */
export const parseRemove = (raw: unknown): RemoveRequest => {
  const body = objectBody(raw);
  const v = version(body.version);
  const actions = parseActions(body).map((action, i): RemoveAction => {
    const field = `actions[${i}]`;
    if (action.action === 'removeLineItem') {
      const id = action.lineItemId;
      if (typeof id !== 'string' || !ID.test(id)) {
        throw invalidField(`${field}.lineItemId`, 'must be an id');
      }
      return { action: 'removeLineItem', lineItemId: id };
    }
    if (action.action === 'removeTextLineItem') {
      const id = action.textLineItemId;
      if (typeof id !== 'string' || !ID.test(id)) {
        throw invalidField(`${field}.textLineItemId`, 'must be an id');
      }
      return { action: 'removeTextLineItem', textLineItemId: id };
    }
    throw invalidField(`${field}.action`, 'must be removeLineItem or removeTextLineItem');
  });
  return { version: v, actions };
};
