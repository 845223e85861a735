/**
 * The sign-up form (POST /api/customer/signup) checked field by field with core's rules (spec §5):
 * the e-mail pattern, the sign-up password rule, safe text for names and business fields, the
 * phone rule, a plausible postal code. Every bad field is reported, not just the first.
 *
 * Readings we chose (docs/api.md "Identity"): names are required, at most 50 characters of safe
 * text; a professional account needs businessType; homeowners may not send business fields;
 * unknown fields (e.g. a confirm-password box) are ignored; blank optional fields count as absent.
 */
import { isPhone } from '../../core/validation/phone';
import { isPlausiblePostalCode } from '../../core/validation/postal-code';
import { isSafeText } from '../../core/validation/text';
import { normalizeEmail, validateEmail } from '../../core/validation/email';
import { validateSignUpPassword } from '../../core/validation/password';
import {
  fieldError,
  invalidFields,
  objectBody,
  optionalText,
  requiredText,
  type FieldError,
} from './field-errors';
import { PASSWORD_MAX_LENGTH } from './password-hash';
import { checkFieldPattern } from '../../core/validation/field-patterns';
import { SERVER_FIELD_RULES } from '../api/configuration';

export const ACCOUNT_TYPES = ['homeowner', 'professional'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const NAME_MAX_LENGTH = 50;
export const BUSINESS_FIELD_MAX_LENGTH = 100;

export interface SignUpInput {
  readonly email: string;
  readonly password: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly accountType: AccountType;
  readonly businessType: string | null;
  readonly businessSubtype: string | null;
  readonly phone: string | null;
  readonly zipCode: string | null;
  readonly newsletter: boolean;
}

/** The e-mail field checked with core's pattern, normalised; null (and an error) when bad. */
export const emailField = (
  body: Readonly<Record<string, unknown>>,
  field: string,
  errors: FieldError[],
): string | null => {
  const value = requiredText(body, field, 254, errors);
  if (value === null) return null;
  const check = validateEmail(value, undefined, field);
  if (!check.valid) {
    errors.push(fieldError(field, check.message ?? 'is not a valid email address'));
    return null;
  }
  return normalizeEmail(value);
};

/** A password field: text of at most PASSWORD_MAX_LENGTH characters (no rule applied). */
export const passwordField = (
  body: Readonly<Record<string, unknown>>,
  field: string,
  errors: FieldError[],
): string | null => requiredText(body, field, PASSWORD_MAX_LENGTH, errors);

const safeTextField = (
  value: string | null,
  field: string,
  errors: FieldError[],
): string | null => {
  if (value === null) return null;
  const trimmed = value.trim();
  if (!isSafeText(trimmed)) {
    errors.push(
      fieldError(field, 'may contain only letters, digits, spaces, hyphens, commas and quotes'),
    );
    return null;
  }
  return trimmed;
};

/** A name as the configured pattern map has it (spec §5), in the words the form uses. */
const patternField = (value: string | null, field: string, errors: FieldError[]): string | null => {
  if (value === null) return null;
  const check = checkFieldPattern(field, value, SERVER_FIELD_RULES);
  if (check.valid) return value;
  errors.push(fieldError(field, check.message ?? SERVER_FIELD_RULES.messages.fieldPattern));
  return null;
};

/** The checked sign-up, or throws a 400 listing every bad field. */
export const parseSignUp = (raw: unknown): SignUpInput => {
  const body = objectBody(raw);
  const errors: FieldError[] = [];

  const email = emailField(body, 'email', errors);

  const password = passwordField(body, 'password', errors);
  if (password !== null) {
    const check = validateSignUpPassword(password);
    if (!check.valid) errors.push(fieldError('password', check.message ?? 'is too weak'));
  }

  const firstName = patternField(
    safeTextField(requiredText(body, 'firstName', NAME_MAX_LENGTH, errors), 'firstName', errors),
    'firstName',
    errors,
  );
  const lastName = patternField(
    safeTextField(requiredText(body, 'lastName', NAME_MAX_LENGTH, errors), 'lastName', errors),
    'lastName',
    errors,
  );

  const rawType = body.accountType;
  const accountType = ACCOUNT_TYPES.find((t) => t === rawType) ?? null;
  if (accountType === null) {
    errors.push(
      fieldError(
        'accountType',
        rawType === undefined || rawType === null
          ? 'is required'
          : `must be one of ${ACCOUNT_TYPES.join(', ')}`,
      ),
    );
  }

  const businessType = safeTextField(
    optionalText(body, 'businessType', BUSINESS_FIELD_MAX_LENGTH, errors),
    'businessType',
    errors,
  );
  const businessSubtype = safeTextField(
    optionalText(body, 'businessSubtype', BUSINESS_FIELD_MAX_LENGTH, errors),
    'businessSubtype',
    errors,
  );
  const businessErrors = errors.filter((e) => e.field.startsWith('business')).length;
  if (accountType === 'professional' && businessType === null && businessErrors === 0) {
    errors.push(fieldError('businessType', 'is required for a professional account'));
  }
  if (accountType === 'homeowner') {
    if (businessType !== null)
      errors.push(fieldError('businessType', 'is only for professional accounts'));
    if (businessSubtype !== null)
      errors.push(fieldError('businessSubtype', 'is only for professional accounts'));
  }

  const phone = optionalText(body, 'phone', 30, errors);
  if (phone !== null && !isPhone(phone)) {
    errors.push(fieldError('phone', 'must be a phone number of at least 10 digits'));
  }
  const zipCode = optionalText(body, 'zipCode', 12, errors);
  if (zipCode !== null && !isPlausiblePostalCode(zipCode)) {
    errors.push(fieldError('zipCode', 'must be a postal code (letters, digits, spaces, hyphens)'));
  }

  const newsletter = body.newsletter;
  if (newsletter !== undefined && newsletter !== null && typeof newsletter !== 'boolean') {
    errors.push(fieldError('newsletter', 'must be true or false'));
  }

  if (
    errors.length > 0 ||
    email === null ||
    password === null ||
    firstName === null ||
    lastName === null ||
    accountType === null
  ) {
    throw invalidFields(errors);
  }
  return {
    email,
    password,
    firstName,
    lastName,
    accountType,
    businessType: accountType === 'professional' ? businessType : null,
    businessSubtype: accountType === 'professional' ? businessSubtype : null,
    phone: phone?.trim() ?? null,
    zipCode: zipCode?.trim().toUpperCase() ?? null,
    newsletter: newsletter === true,
  };
};
