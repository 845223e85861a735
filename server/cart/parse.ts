/**
 * The cart routes' inputs, checked by hand: anything a client (or a fuzzer) sends either becomes a
 * typed request or a 400 naming the field in its message and `errors[].field` (server/http/input.ts,
 * docs/api.md "Cart"); a shipping address is judged by the server's one address checker. Nothing
 * here trusts a price, a stock level or a back-order flag from the request — those are ignored.
 */
import type { LineItemShipping, ShippingAddress } from '../../core/cart/cart';
import { normalizeEmail, validateEmail } from '../../core/validation/email';
import { DEFAULT_VALIDATION_MESSAGES } from '../../core/validation/messages';
import { isSafeText } from '../../core/validation/text';
import { readShippingAddress } from '../http/address-input';
import {
  invalidField,
  isRecord,
  isServerId,
  objectBody,
  optionalText,
  readOrThrow,
  text,
  version as versionOf,
  wholeNumber,
  type Json,
} from '../http/input';
import {
  CURRENCY_REGIONS,
  isShippingMethodId,
  MAX_ACTIONS,
  MAX_LINE_QUANTITY,
  SHIPPING_METHOD_IDS,
  type EngineAction,
} from '../../core/cart/engine/model';

export { objectBody, queryText } from '../http/input';

const MAX_ID = 100;
const SKU = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

const requiredText = (o: Json, key: string, field: string, max?: number): string =>
  text(o[key], field, { untrimmed: true, ...(max === undefined ? {} : { max }) });

export const version = (o: Json, field = 'version'): number => versionOf(o.version, field);

/** A cart, line or shared-cart id: a 404 when it cannot be one of ours. */
export const isId = isServerId;

export interface CreateRequest {
  readonly currency: string;
  readonly customerEmail?: string;
}

export const parseCreate = (body: unknown): CreateRequest => {
  const o = objectBody(body);
  const currency = requiredText(o, 'currency', 'currency', 3);
  if (CURRENCY_REGIONS[currency] === undefined) {
    throw invalidField('currency', `must be one of ${Object.keys(CURRENCY_REGIONS).join(', ')}`);
  }
  if (o.taxMode !== 'Platform') throw invalidField('taxMode', "must be 'Platform'");
  const email = optionalText(o.customerEmail, 'customerEmail', { max: 254 });
  if (email !== undefined) {
    const checked = validateEmail(email, undefined, 'customerEmail');
    if (!checked.valid) throw invalidField('customerEmail', checked.message ?? 'is not valid');
  }
  return {
    currency,
    ...(email === undefined ? {} : { customerEmail: normalizeEmail(email) }),
  };
};

/**
 * A line's free text is shown back — on the cart and to anyone with a shared-cart link — so it is
 * held to spec §5's safe text (letters, digits, spaces, hyphens, commas, quotes): markup such as
 * `<img src=x onerror=…>` is refused with a 400 naming the field rather than stored.
 */
const shownText = (value: unknown, field: string): string | undefined => {
  const given = optionalText(value, field);
  if (given !== undefined && !isSafeText(given)) {
    throw invalidField(field, DEFAULT_VALIDATION_MESSAGES.safeText);
  }
  return given;
};

const parseShipping = (action: Json, field: string): LineItemShipping | undefined => {
  // Core's shape `lineItemShipping: {…}`, or commercetools' `custom: {type, fields: {…}}`.
  let source: unknown = action.lineItemShipping;
  let sourceField = `${field}.lineItemShipping`;
  if (source === undefined && isRecord(action.custom)) {
    source = action.custom.fields;
    sourceField = `${field}.custom.fields`;
  }
  if (source === undefined || source === null) return undefined;
  if (!isRecord(source)) throw invalidField(sourceField, 'must be an object');
  const salesChannel = shownText(source.salesChannel, `${sourceField}.salesChannel`);
  const roomInfo = shownText(source.roomInfo, `${sourceField}.roomInfo`);
  const measure = (key: 'customQuantity' | 'overage'): number | undefined => {
    const value = source[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1e6) {
      throw invalidField(`${sourceField}.${key}`, 'must be a number from 0 to 1000000');
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

/**
 * A cart's shipping address: null removes it; otherwise the contact details are required and every
 * field given obeys the server's one address checker (server/http/address-input.ts, core's rules).
 */
export const parseAddress = (value: unknown, field: string): ShippingAddress | null => {
  if (value === null) return null;
  return readOrThrow((problems) => readShippingAddress(value, field, problems, 'cart'));
};

const parseAction = (value: unknown, field: string): EngineAction => {
  if (!isRecord(value)) throw invalidField(field, 'must be an object');
  const name = value.action;
  switch (name) {
    case 'addLineItem':
    case 'addbundle': {
      const sku = requiredText(value, 'sku', `${field}.sku`, 64);
      if (!SKU.test(sku)) throw invalidField(`${field}.sku`, `${JSON.stringify(sku)} is not a SKU`);
      const quantity = wholeNumber(value.quantity, `${field}.quantity`, 1, MAX_LINE_QUANTITY);
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
          : wholeNumber(value.quantity, `${field}.quantity`, 1, MAX_LINE_QUANTITY);
      return { action: name, lineItemId, ...(quantity === undefined ? {} : { quantity }) };
    }
    case 'changeLineItemQuantity': {
      const lineItemId = requiredText(value, 'lineItemId', `${field}.lineItemId`, MAX_ID);
      const quantity = wholeNumber(value.quantity, `${field}.quantity`, 0, MAX_LINE_QUANTITY);
      return { action: name, lineItemId, quantity };
    }
    case 'setShippingAddress':
      if (!('address' in value)) throw invalidField(`${field}.address`, 'is required');
      return { action: name, address: parseAddress(value.address, `${field}.address`) };
    case 'setShippingMethod': {
      const methodId = value.methodId;
      if (!isShippingMethodId(methodId)) {
        throw invalidField(`${field}.methodId`, `must be one of ${SHIPPING_METHOD_IDS.join(', ')}`);
      }
      return { action: name, methodId };
    }
    case 'recalculate': {
      const update = value.updateProductData;
      if (update !== undefined && typeof update !== 'boolean') {
        throw invalidField(`${field}.updateProductData`, 'must be true or false');
      }
      return { action: name, updateProductData: update ?? false };
    }
    default:
      throw invalidField(
        `${field}.action`,
        'must be one of addLineItem, addbundle, removeLineItem, changeLineItemQuantity, setShippingAddress, setShippingMethod, recalculate',
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
  if (!Array.isArray(actions)) throw invalidField('actions', 'must be a list of update actions');
  if (actions.length === 0) throw invalidField('actions', 'must not be empty');
  if (actions.length > MAX_ACTIONS) {
    throw invalidField('actions', `must hold at most ${MAX_ACTIONS} actions`);
  }
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
  return { version: v, code: requiredText(o, 'code', 'code', 64) };
};

/** `cartId` from a v2 body. */
export const bodyCartId = (o: Json): string => requiredText(o, 'cartId', 'cartId', MAX_ID);

export const parseAnonymousId = (body: unknown): string => {
  const o = objectBody(body);
  return requiredText(o, 'anonymousId', 'anonymousId', 128);
};
