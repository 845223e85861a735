/**
 * Spec §5 free-text rules:
 * - safe text: letters, digits, hyphen, comma, quotes and spaces only;
 * - alphanumeric: letters, digits and spaces only;
 * - unsafe characters are stripped from analytics names.
 *
 * Readings we chose (docs/rules.md): "letters" are Unicode letters with their combining
 * marks, so José and Zoë pass; digits are 0–9; quotes are ' " and their typographic forms ‘ ’ “ ”;
 * "spaces" is the space character only. "Unsafe" means not safe text, so an analytics name keeps
 * exactly the safe-text characters, with runs of spaces collapsed and the ends trimmed.
 */
import { failed, passed, type FieldValidation } from './field-validation';
import { DEFAULT_VALIDATION_MESSAGES, type ValidationMessages } from './messages';

const SAFE_TEXT = /^[\p{L}\p{M}0-9\-,'"‘’“” ]*$/u;
const ALPHANUMERIC = /^[\p{L}\p{M}0-9 ]*$/u;
/** Every character safe text does not allow (the complement of SAFE_TEXT's class). */
const ANALYTICS_UNSAFE = /[^\p{L}\p{M}0-9\-,'"‘’“” ]/gu;

export const isSafeText = (value: string): boolean => SAFE_TEXT.test(value);
export const isAlphanumeric = (value: string): boolean => ALPHANUMERIC.test(value);

export const validateSafeText = (
  field: string,
  value: string,
  messages: ValidationMessages = DEFAULT_VALIDATION_MESSAGES,
): FieldValidation => (isSafeText(value) ? passed(field) : failed(field, messages.safeText));

export const validateAlphanumeric = (
  field: string,
  value: string,
  messages: ValidationMessages = DEFAULT_VALIDATION_MESSAGES,
): FieldValidation =>
  isAlphanumeric(value) ? passed(field) : failed(field, messages.alphanumeric);

/** A name fit for analytics payloads: what is not safe text removed, spaces tidied. */
export const stripForAnalytics = (name: string): string =>
  name.replace(ANALYTICS_UNSAFE, '').replace(/ {2,}/g, ' ').trim();
