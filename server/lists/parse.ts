/**
 * The shopping-list request bodies (docs/api.md "Shopping lists"), checked by hand so that every
 * 400 names the field at fault (`actions[1].sku …`). Nothing here touches the database.
 */
import { ApiError } from '../http/errors';

export const LIST_NAMES = ['Favorites', 'MyProducts', 'MyServices'] as const;
export type ListName = (typeof LIST_NAMES)[number];

/** At most this many actions in one update request. */
export const MAX_ACTIONS = 50;
/** A list holds at most this many products. */
export const MAX_LIST_ITEMS = 100;
/** The custom type the storefront sends with addLineItem (spec §7). */
export const LINE_ITEM_TYPE_KEY = 'lineItemShoppingList';

const SKU = /^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/;
const ID = /^[A-Za-z0-9-]{1,64}$/;

const bad = (message: string): ApiError => new ApiError(400, message);

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const objectBody = (body: unknown): Json => {
  if (!isObject(body)) throw bad('body must be a JSON object');
  return body;
};

export const isListName = (value: unknown): value is ListName =>
  typeof value === 'string' && (LIST_NAMES as readonly string[]).includes(value);

/** A list id from the path; anything that cannot be an id is simply not found. */
export const isListId = (value: string): boolean => ID.test(value);

/** POST /shopping-list/create: `{name: {'en-US': 'Favorites'}}`. */
export const parseCreate = (raw: unknown): ListName => {
  const body = objectBody(raw);
  if (!isObject(body.name)) throw bad("name must be an object such as {'en-US': 'Favorites'}");
  const name = body.name['en-US'];
  if (!isListName(name)) throw bad(`name.en-US must be one of ${LIST_NAMES.join(', ')}`);
  return name;
};

const parseVersion = (body: Json): number => {
  const version = body.version;
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1) {
    throw bad('version must be a whole number of at least 1');
  }
  return version;
};

const parseActions = (body: Json): Json[] => {
  const actions = body.actions;
  if (!Array.isArray(actions) || actions.length === 0) {
    throw bad('actions must be a non-empty list');
  }
  if (actions.length > MAX_ACTIONS) throw bad(`actions must hold at most ${MAX_ACTIONS} actions`);
  return actions.map((action, i) => {
    if (!isObject(action)) throw bad(`actions[${i}] must be an object`);
    return action;
  });
};

export interface AddRequest {
  readonly version: number;
  /** Upper-cased SKUs, in request order. */
  readonly skus: readonly string[];
}

/** POST /shopping-list/add/{id}?type=product with addLineItem actions. */
export const parseAdd = (raw: unknown, type: unknown): AddRequest => {
  if (type !== undefined && type !== 'product') throw bad('type must be product');
  const body = objectBody(raw);
  const version = parseVersion(body);
  const skus = parseActions(body).map((action, i) => {
    const field = `actions[${i}]`;
    if (action.action !== 'addLineItem') throw bad(`${field}.action must be addLineItem`);
    const sku = action.sku;
    if (typeof sku !== 'string' || !SKU.test(sku.trim())) {
      throw bad(`${field}.sku must be a SKU (letters, digits and hyphens)`);
    }
    if (action.quantity !== undefined && action.quantity !== 1) {
      throw bad(`${field}.quantity must be 1: a list holds a product once`);
    }
    if (action.custom !== undefined) {
      const custom = action.custom;
      const key =
        isObject(custom) && isObject(custom.type) ? (custom.type.key as unknown) : undefined;
      if (key !== LINE_ITEM_TYPE_KEY) {
        throw bad(`${field}.custom.type.key must be ${LINE_ITEM_TYPE_KEY}`);
      }
    }
    return sku.trim().toUpperCase();
  });
  return { version, skus };
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
  const version = parseVersion(body);
  const actions = parseActions(body).map((action, i): RemoveAction => {
    const field = `actions[${i}]`;
    if (action.action === 'removeLineItem') {
      const id = action.lineItemId;
      if (typeof id !== 'string' || !ID.test(id)) throw bad(`${field}.lineItemId must be an id`);
      return { action: 'removeLineItem', lineItemId: id };
    }
    if (action.action === 'removeTextLineItem') {
      const id = action.textLineItemId;
      if (typeof id !== 'string' || !ID.test(id)) {
        throw bad(`${field}.textLineItemId must be an id`);
      }
      return { action: 'removeTextLineItem', textLineItemId: id };
    }
    throw bad(`${field}.action must be removeLineItem or removeTextLineItem`);
  });
  return { version, actions };
};
