/**
 * Inputs of the order routes, checked before anything is looked up: a bad one is a 400 naming the
 * field (`{code: 'InvalidField', field, message}`). E-mail and order number are normalised as
 * spec §5 says for order lookup; a well-formed but unknown order number is not an error — it
 * simply finds nothing, exactly as a wrong e-mail does.
 */
import { EMAIL_MAX_LENGTH, isEmail } from '../../core/validation/email';
import { ORDER_NUMBER_MAX_LENGTH } from '../../core/validation/order-lookup';
import { invalidField, isRecord, objectBody } from '../http/input';
import {
  isOrderStatus,
  normalizeLookupEmail,
  normalizeOrderNumber,
  ORDER_STATUSES,
  type OrderState,
  type OrderStatus,
} from './model';

/**
 * Core's order-number rule (core/validation/order-lookup.ts): longer input is refused with a 400,
 * other input that cannot be an order number is simply not found.
 */
export const ORDER_NUMBER_MAX = ORDER_NUMBER_MAX_LENGTH;

const lookupEmail = (value: unknown, field: string): string => {
  if (value === undefined || value === null) throw invalidField(field, 'is required');
  if (typeof value !== 'string') throw invalidField(field, 'must be a string');
  const email = normalizeLookupEmail(value);
  if (email === '') throw invalidField(field, 'is required');
  if (email.length > EMAIL_MAX_LENGTH) {
    throw invalidField(field, `must be at most ${EMAIL_MAX_LENGTH} characters`);
  }
  if (!isEmail(email)) throw invalidField(field, 'must be an e-mail address');
  return email;
};

const lookupOrderNumber = (value: unknown, field: string): string => {
  if (value === undefined || value === null) throw invalidField(field, 'is required');
  if (typeof value !== 'string') throw invalidField(field, 'must be a string');
  const orderNumber = normalizeOrderNumber(value);
  if (orderNumber === '') throw invalidField(field, 'is required');
  if (orderNumber.length > ORDER_NUMBER_MAX) {
    throw invalidField(field, `must be at most ${ORDER_NUMBER_MAX} characters`);
  }
  return orderNumber;
};

export interface OrderLookup {
  readonly email: string;
  readonly orderNumber: string;
}

/** find-my-orders body `{email, orderId}`. */
export const parseFindMyOrders = (body: unknown): OrderLookup => {
  const b = objectBody(body);
  return {
    email: lookupEmail(b.email, 'email'),
    orderNumber: lookupOrderNumber(b.orderId, 'orderId'),
  };
};

const queryValue = (query: unknown, key: string): unknown => {
  const value = isRecord(query) ? query[key] : undefined;
  if (Array.isArray(value)) throw invalidField(`querystring.${key}`, 'must be given once');
  return value;
};

/** Split-order query `?parentOrderNumber=…&email=…`. */
export const parseSplitQuery = (query: unknown): OrderLookup => ({
  orderNumber: lookupOrderNumber(
    queryValue(query, 'parentOrderNumber'),
    'querystring.parentOrderNumber',
  ),
  email: lookupEmail(queryValue(query, 'email'), 'querystring.email'),
});

/** History query `?state=open|past`. */
export const parseState = (query: unknown): OrderState => {
  const state = queryValue(query, 'state');
  if (state === undefined) throw invalidField('querystring.state', 'is required');
  if (state !== 'open' && state !== 'past') {
    throw invalidField('querystring.state', "must be 'open' or 'past'");
  }
  return state;
};

/** An order number in the path, normalised. */
export const parsePathOrderNumber = (value: unknown): string =>
  lookupOrderNumber(value, 'orderNumber');

/** Dev advance body: none or `{}` moves one step on; `{to}` names the status to move to. */
export const parseAdvance = (body: unknown): OrderStatus | undefined => {
  if (body === undefined || body === null) return undefined;
  const b = objectBody(body);
  for (const key of Object.keys(b)) {
    if (key !== 'to') throw invalidField(key, 'is not allowed');
  }
  if (b.to === undefined) return undefined;
  if (!isOrderStatus(b.to)) {
    throw invalidField('to', `must be one of ${ORDER_STATUSES.join(', ')}`);
  }
  return b.to;
};
