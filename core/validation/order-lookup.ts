/**
 * Spec §5 order lookup: the e-mail is trimmed and lower-cased, the order number trimmed and
 * upper-cased, before the find-my-orders call.
 *
 * Reading we chose (docs/rules.md): an order number, once normalised, is 1–64 letters,
 * digits, hyphens or underscores starting with a letter or digit; anything else is refused before
 * the call rather than sent to the server.
 */
import type { Result } from '../shared/result';
import { collect, failed, passed, type FieldValidation } from './field-validation';
import { normalizeEmail, validateEmail } from './email';
import { DEFAULT_VALIDATION_MESSAGES, type ValidationMessages } from './messages';

export interface OrderLookup {
  readonly email: string;
  readonly orderNumber: string;
}

export const ORDER_NUMBER_MAX_LENGTH = 64;
const ORDER_NUMBER = /^[A-Z0-9][A-Z0-9_-]*$/;

export const normalizeOrderNumber = (value: string): string => value.trim().toUpperCase();

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
  return normalized.length <= ORDER_NUMBER_MAX_LENGTH && ORDER_NUMBER.test(normalized)
    ? passed(field)
    : failed(field, messages.orderNumber);
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
