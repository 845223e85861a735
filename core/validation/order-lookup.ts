/**
 * Spec §5 order lookup: the e-mail is trimmed and lower-cased, the order number trimmed and
 * upper-cased, before the find-my-orders call.
 *
 * Reading we chose (docs/rules.md): an order number, once normalised, is one the shop hands out
 * (core/orders/order-number.ts: `LV-` and ten random characters such as `LV-7KM3Q9XW2D`, a child's
 * `LV-7KM3Q9XW2D-2`, or the sequential `LV-100001` of orders placed before numbers were random);
 * anything else is refused before the call rather than sent. The server's lookups use the same
 * rule (server/orders), so a number the form refuses is one the server could never find.
 */
import type { Result } from '../shared/result';
import { collect, failed, passed, type FieldValidation } from './field-validation';
import { normalizeEmail, validateEmail } from './email';
import { DEFAULT_VALIDATION_MESSAGES, type ValidationMessages } from './messages';
import { isOrderNumber } from '../orders/order-number';

export interface OrderLookup {
  readonly email: string;
  readonly orderNumber: string;
}

/** Longer input is refused outright (400 on the server) rather than looked up. */
export const ORDER_NUMBER_MAX_LENGTH = 40;

export const normalizeOrderNumber = (value: string): string => value.trim().toUpperCase();

/** Whether a normalised order number could name an order: core/orders/order-number.ts's shapes. */
export { isOrderNumber };

export const normalizeOrderLookup = (input: OrderLookup): OrderLookup => ({
  email: normalizeEmail(input.email),
  orderNumber: normalizeOrderNumber(input.orderNumber),
});

export const validateOrderNumber = (
  value: string,
  messages: ValidationMessages = DEFAULT_VALIDATION_MESSAGES,
  field = 'orderNumber',
): FieldValidation => {
  const normalized = normalizeOrderNumber(value);
  if (normalized === '') return failed(field, messages.required);
  return isOrderNumber(normalized) ? passed(field) : failed(field, messages.orderNumber);
};

/** The lookup to send, normalised, or the failing fields. */
export const prepareOrderLookup = (
  input: OrderLookup,
  messages: ValidationMessages = DEFAULT_VALIDATION_MESSAGES,
): Result<OrderLookup, readonly FieldValidation[]> => {
  const lookup = normalizeOrderLookup(input);
  return collect(lookup, [
    validateEmail(lookup.email, messages),
    validateOrderNumber(lookup.orderNumber, messages),
  ]);
};
