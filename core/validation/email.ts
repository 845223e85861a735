/**
 * Spec §5 e-mail pattern: no leading dot, hyphen or underscore; a domain with a suffix; some
 * special characters are disallowed.
 *
 * Readings we chose (docs/rules.md): the local part allows letters, digits and
 * . _ % + - only (so ! # $ & ' * / = ? ^ ` { | } ~ quotes, brackets and spaces are the disallowed
 * special characters), starts with a letter or digit, has no two dots in a row and does not end in
 * a dot; the domain is dot-separated labels of letters, digits and inner hyphens ending in a
 * suffix of at least two letters; at most 64 characters before the @ and 254 in all (RFC 5321).
 * Surrounding whitespace is trimmed before checking.
 */
import { failed, passed, type FieldValidation } from './field-validation';
import { DEFAULT_VALIDATION_MESSAGES, formatMessage, type ValidationMessages } from './messages';

export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_MAX_LENGTH = 64;

const LOCAL = /^[A-Za-z0-9][A-Za-z0-9._%+-]*$/;
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const SUFFIX = /^[A-Za-z]{2,63}$/;

/** The shape check alone, on the value exactly as given. */
export const isEmail = (value: string): boolean => {
  if (value.length > EMAIL_MAX_LENGTH) return false;
  const at = value.lastIndexOf('@');
  if (at <= 0) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length > EMAIL_LOCAL_MAX_LENGTH || !LOCAL.test(local)) return false;
  if (local.includes('..') || local.endsWith('.')) return false;
  const labels = domain.split('.');
  const suffix = labels[labels.length - 1] ?? '';
  return labels.length >= 2 && labels.every((l) => LABEL.test(l)) && SUFFIX.test(suffix);
};

/** How an e-mail is stored and compared: trimmed and lower-cased. */
export const normalizeEmail = (value: string): string => value.trim().toLowerCase();

export const validateEmail = (
  value: string,
  messages: ValidationMessages = DEFAULT_VALIDATION_MESSAGES,
  field = 'email',
): FieldValidation => {
  const trimmed = value.trim();
  if (trimmed === '') return failed(field, messages.required);
  if (trimmed.length > EMAIL_MAX_LENGTH) {
    return failed(field, formatMessage(messages.emailTooLong, { max: EMAIL_MAX_LENGTH }));
  }
  return isEmail(trimmed) ? passed(field) : failed(field, messages.email);
};
