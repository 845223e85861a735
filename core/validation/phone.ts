/**
 * Spec §5 phone rule: after removing parentheses, spaces and hyphens the number is digits only and
 * longer than 9 digits. The finance applicant's phone is sent with its spaces removed.
 */
import { failed, passed, type FieldValidation } from './field-validation';
import { DEFAULT_VALIDATION_MESSAGES, formatMessage, type ValidationMessages } from './messages';

/** "Longer than 9 digits". */
export const PHONE_MIN_DIGITS = 10;

/** Removes the separators a shopper may type: ( ) space and hyphen. */
export const stripPhoneSeparators = (value: string): string => value.replace(/[() -]/g, '');

export const isPhone = (value: string): boolean => {
  const digits = stripPhoneSeparators(value);
  return /^[0-9]+$/.test(digits) && digits.length >= PHONE_MIN_DIGITS;
};

export const validatePhone = (
  value: string,
  messages: ValidationMessages = DEFAULT_VALIDATION_MESSAGES,
  field = 'phone',
): FieldValidation => {
  if (value.trim() === '') return failed(field, messages.required);
  return isPhone(value)
    ? passed(field)
    : failed(field, formatMessage(messages.phone, { min: PHONE_MIN_DIGITS }));
};

/** The finance applicant's phone: every whitespace character removed, nothing else changed. */
export const financeApplicantPhone = (value: string): string => value.replace(/\s/g, '');
