/**
 * The cart routes' inputs, checked by hand: anything a client (or a fuzzer) sends either becomes a
 * typed request or an ApiError 400 whose message names the field (docs/api.md "Cart"). Nothing
 * here trusts a price, a stock level or a back-order flag from the request — those are ignored.
 */
import type { LineItemShipping, ShippingAddress } from '../../core/cart/cart';
import { ApiError } from '../http/errors';
import { CURRENCY_REGIONS, MAX_ACTIONS, MAX_LINE_QUANTITY, type EngineAction } from './model';

const MAX_TEXT = 200;
const MAX_ID = 100;
/** Ids the server hands out (UUIDs); anything else cannot name a cart of ours. */
const ID = /^[A-Za-z0-9-]{1,100}$/;
const SKU = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export const bad = (message: string): ApiError => new ApiError(400, message);

type Json = Record<string, unknown>;

const isObject = (u: unknown): u is Json =>
  typeof u === 'object' && u !== null && !Array.isArray(u);

export const objectBody = (body: unknown, field = 'body'): Json => {
  if (!isObject(body)) throw bad(`${field} must be a JSON object`);
  return body;
};

const text = (o: Json, key: string, field: string, opts: { required: boolean; max?: number }) => {
  const value = o[key];
  if (value === undefined || value === null) {
    if (opts.required) throw bad(`${field} is required`);
    return undefined;
  }
  if (typeof value !== 'string') throw bad(`${field} must be a string`);
  if (value.length > (opts.max ?? MAX_TEXT)) {
    throw bad(`${field} must be at most ${opts.max ?? MAX_TEXT} characters`);
  }
  return value;
};

const requiredText = (o: Json, key: string, field: string, max?: number): string =>
  text(o, key, field, { required: true, ...(max === undefined ? {} : { max }) }) as string;

const optionalText = (o: Json, key: string, field: string): string | undefined =>
  text(o, key, field, { required: false });

const integer = (value: unknown, field: string, min: number, max: number): number => {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw bad(`${field} must be a whole number`);
  }
  if (value < min || value > max) throw bad(`${field} must be between ${min} and ${max}`);
  return value;
};

export const version = (o: Json, field = 'version'): number =>
  integer(o.version, field, 1, 2_147_483_647);

/** A cart, line or shared-cart id: a 404 when it cannot be one of ours. */
export const isId = (value: unknown): value is string =>
  typeof value === 'string' && ID.test(value);

/** A query parameter given once, as text. */
export const queryText = (query: unknown, key: string): string | undefined => {
  const value = isObject(query) ? query[key] : undefined;
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw bad(`querystring.${key} must be given once`);
  return value;
};

export interface CreateRequest {
  readonly currency: string;
  readonly customerEmail?: string;
}

export const parseCreate = (body: unknown): CreateRequest => {
  const o = objectBody(body);
  const currency = requiredText(o, 'currency', 'currency', 3);
  if (CURRENCY_REGIONS[currency] === undefined) {
    throw bad(`currency must be one of ${Object.keys(CURRENCY_REGIONS).join(', ')}`);
  }
  if (o.taxMode !== 'Platform') throw bad("taxMode must be 'Platform'");
  const email = optionalText(o, 'customerEmail', 'customerEmail');
  if (email !== undefined && !/^[^\s@]+@[^\s@]+$/.test(email.trim())) {
    throw bad('customerEmail must be an e-mail address');
  }
  return {
    currency,
    ...(email === undefined ? {} : { customerEmail: email.trim().toLowerCase() }),
  };
};

const parseShipping = (action: Json, field: string): LineItemShipping | undefined => {
  // Core's shape `lineItemShipping: {…}`, or commercetools' `custom: {type, fields: {…}}`.
  let source: unknown = action.lineItemShipping;
  let sourceField = `${field}.lineItemShipping`;
  if (source === undefined && isObject(action.custom)) {
    source = action.custom.fields;
    sourceField = `${field}.custom.fields`;
  }
  if (source === undefined || source === null) return undefined;
  if (!isObject(source)) throw bad(`${sourceField} must be an object`);
  const salesChannel = optionalText(source, 'salesChannel', `${sourceField}.salesChannel`);
  const roomInfo = optionalText(source, 'roomInfo', `${sourceField}.roomInfo`);
  const measure = (key: 'customQuantity' | 'overage'): number | undefined => {
    const value = source[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1e6) {
      throw bad(`${sourceField}.${key} must be a number from 0 to 1000000`);
    }
    return value;
  };
  const customQuantity = measure('customQuantity');
  const overage = measure('overage');
  return {
    salesChannel: salesChannel ?? 'KOUS',
    ...(roomInfo === undefined ? {} : { roomInfo }),
    ...(customQuantity === undefined ? {} : { customQuantity }),
    ...(overage === undefined ? {} : { overage }),
  };
};

const ADDRESS_FIELDS = [
  'streetName',
  'addressLine2',
  'city',
  'state',
  'postalCode',
  'country',
] as const;

export const parseAddress = (value: unknown, field: string): ShippingAddress | null => {
  if (value === null) return null;
  if (!isObject(value)) throw bad(`${field} must be an object`);
  const address: Record<string, string> = {};
  for (const key of ['firstName', 'lastName', 'email', 'mobile'] as const) {
    address[key] = requiredText(value, key, `${field}.${key}`);
  }
  for (const key of ADDRESS_FIELDS) {
    const v = optionalText(value, key, `${field}.${key}`);
    if (v !== undefined) address[key] = v;
  }
  if (address.state !== undefined && !/^[A-Za-z]{2}$/.test(address.state.trim())) {
    if (address.state.trim() !== '') throw bad(`${field}.state must be a two-letter state code`);
  }
  if (address.state !== undefined) address.state = address.state.trim().toUpperCase();
  return address as unknown as ShippingAddress;
};

const parseAction = (value: unknown, field: string): EngineAction => {
  if (!isObject(value)) throw bad(`${field} must be an object`);
  const name = value.action;
  switch (name) {
    case 'addLineItem':
    case 'addbundle': {
      const sku = requiredText(value, 'sku', `${field}.sku`, 64);
      if (!SKU.test(sku)) throw bad(`${field}.sku ${JSON.stringify(sku)} is not a SKU`);
      const quantity = integer(value.quantity, `${field}.quantity`, 1, MAX_LINE_QUANTITY);
      const shipping = parseShipping(value, field);
      return {
        action: name,
        sku,
        quantity,
        ...(shipping === undefined ? {} : { lineItemShipping: shipping }),
      };
    }
    case 'removeLineItem': {
      const lineItemId = requiredText(value, 'lineItemId', `${field}.lineItemId`, MAX_ID);
      const quantity =
        value.quantity === undefined || value.quantity === null
          ? undefined
          : integer(value.quantity, `${field}.quantity`, 1, MAX_LINE_QUANTITY);
      return { action: name, lineItemId, ...(quantity === undefined ? {} : { quantity }) };
    }
    case 'changeLineItemQuantity': {
      const lineItemId = requiredText(value, 'lineItemId', `${field}.lineItemId`, MAX_ID);
      const quantity = integer(value.quantity, `${field}.quantity`, 0, MAX_LINE_QUANTITY);
      return { action: name, lineItemId, quantity };
    }
    case 'setShippingAddress':
      if (!('address' in value)) throw bad(`${field}.address is required`);
      return { action: name, address: parseAddress(value.address, `${field}.address`) };
    case 'recalculate': {
      const update = value.updateProductData;
      if (update !== undefined && typeof update !== 'boolean') {
        throw bad(`${field}.updateProductData must be true or false`);
      }
      return { action: name, updateProductData: update ?? false };
    }
    default:
      throw bad(
        `${field}.action must be one of addLineItem, addbundle, removeLineItem, changeLineItemQuantity, setShippingAddress, recalculate`,
      );
  }
};

export interface UpdateRequest {
  readonly version: number;
  readonly actions: readonly EngineAction[];
}

export const parseUpdate = (o: Json): UpdateRequest => {
  const v = version(o);
  const actions = o.actions;
  if (!Array.isArray(actions)) throw bad('actions must be a list of update actions');
  if (actions.length === 0) throw bad('actions must not be empty');
  if (actions.length > MAX_ACTIONS) throw bad(`actions must hold at most ${MAX_ACTIONS} actions`);
  return { version: v, actions: actions.map((a, i) => parseAction(a, `actions[${i}]`)) };
};

export type DiscountRequest =
  | { readonly version: number; readonly code: string }
  | { readonly version: number; readonly removeDiscountCodeId: string };

export const parseDiscount = (o: Json): DiscountRequest => {
  const v = version(o);
  if (o.removeDiscountCodeId !== undefined) {
    return {
      version: v,
      removeDiscountCodeId: requiredText(o, 'removeDiscountCodeId', 'removeDiscountCodeId', MAX_ID),
    };
  }
  const code = requiredText(o, 'code', 'code', 64);
  if (code.trim() === '') throw bad('code must not be empty');
  return { version: v, code };
};

/** `cartId` from a v2 body. */
export const bodyCartId = (o: Json): string => requiredText(o, 'cartId', 'cartId', MAX_ID);

export const parseAnonymousId = (body: unknown): string => {
  const o = objectBody(body);
  const id = requiredText(o, 'anonymousId', 'anonymousId', 128);
  if (id.trim() === '') throw bad('anonymousId must not be empty');
  return id;
};
