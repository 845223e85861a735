/**
 * Spec §3 Profile and §5: what each editable profile field may hold, the one rule the server
 * (server/customer/parse.ts), the account settings form (ui/account/profile-view-model.ts) and
 * the offline demo's fake (adapters/fake/account) all apply, so none of them can drift.
 *
 * Readings we chose (docs/rules.md "Account"): values are trimmed first; first and last name are
 * required safe text of at most 50 characters (as at sign-up); business name, type and subtype
 * are safe text of at most 100, and blank clears them; the business zip code is a plausible postal
 * code (letters, digits, spaces, hyphens, at most 12), upper-cased, and blank clears it. Lengths
 * count characters (code points), not UTF-16 units.
 */
import { err, ok, type Result } from '../shared/result';
import {
  DEFAULT_VALIDATION_MESSAGES,
  formatMessage,
  type ValidationMessages,
} from '../validation/messages';
import {
  checkFieldPattern,
  DEFAULT_FIELD_RULES,
  type FieldRules,
} from '../validation/field-patterns';
import { isPlausiblePostalCode, normalizePostalCode } from '../validation/postal-code';
import { isSafeText } from '../validation/text';
import { ADDRESS_MESSAGES, ADDRESS_NAME_MAX_LENGTH } from './address-book';
import { PROFILE_FIELDS, type ProfileField } from './profile';

/** First and last name: as sign-up's names and saved addresses' names. */
export const PROFILE_NAME_MAX_LENGTH = ADDRESS_NAME_MAX_LENGTH;
/** Business name, type and subtype: as sign-up takes them. */
export const BUSINESS_FIELD_MAX_LENGTH = 100;

/** Why a value was refused, so each caller can word it its own way. */
export type ProfileFieldProblem =
  | { readonly kind: 'required' }
  | { readonly kind: 'safeText' }
  | { readonly kind: 'postalCode' }
  | { readonly kind: 'tooLong'; readonly max: number }
  /** The field's configured pattern (spec §5 pattern map) refused it; `message` is configured. */
  | { readonly kind: 'pattern'; readonly message: string };

const isNameField = (field: ProfileField): boolean => field === 'firstName' || field === 'lastName';

/** The most characters `field` may hold (the business zip code: a postal code's). */
export const profileFieldMaxLength = (field: ProfileField): number =>
  isNameField(field) ? PROFILE_NAME_MAX_LENGTH : BUSINESS_FIELD_MAX_LENGTH;

/**
 * One field's value checked and tidied: the value to store ('' clears a business field), or why
 * it is refused. Checks run in order: required, then the character rule, then the length, then
 * the field's configured pattern (keyed by the ProfileField name) with its configured message.
 */
export const checkProfileField = (
  field: ProfileField,
  raw: string,
  rules: FieldRules = DEFAULT_FIELD_RULES,
): Result<string, ProfileFieldProblem> => {
  const value = raw.trim();
  if (value === '') return isNameField(field) ? err({ kind: 'required' }) : ok('');
  let kept: string;
  if (field === 'businessZipCode') {
    if (!isPlausiblePostalCode(value)) return err({ kind: 'postalCode' });
    kept = normalizePostalCode(value);
  } else {
    if (!isSafeText(value)) return err({ kind: 'safeText' });
    const max = profileFieldMaxLength(field);
    if ([...value].length > max) return err({ kind: 'tooLong', max });
    kept = value;
  }
  const configured = checkFieldPattern(field, kept, rules);
  return configured.valid ? ok(kept) : err({ kind: 'pattern', message: configured.message ?? '' });
};

/** The form's wording of a problem: configured condition messages (spec §5). */
export const profileProblemMessage = (
  problem: ProfileFieldProblem,
  messages: ValidationMessages = DEFAULT_VALIDATION_MESSAGES,
): string => {
  switch (problem.kind) {
    case 'required':
      return messages.required;
    case 'safeText':
      return messages.safeText;
    case 'postalCode':
      return messages.postalCode;
    case 'tooLong':
      return formatMessage(ADDRESS_MESSAGES.tooLong, { max: problem.max });
    case 'pattern':
      return problem.message;
  }
};

export type ProfileFieldErrors = Partial<Record<ProfileField, string>>;

/** Every given field checked (checkProfileField): a message per refused field. */
export const checkProfileFields = (
  values: Partial<Record<ProfileField, string>>,
  rules: FieldRules = DEFAULT_FIELD_RULES,
): ProfileFieldErrors => {
  const errors: ProfileFieldErrors = {};
  for (const field of PROFILE_FIELDS) {
    const raw = values[field];
    if (raw === undefined) continue;
    const checked = checkProfileField(field, raw, rules);
    if (!checked.ok) errors[field] = profileProblemMessage(checked.error, rules.messages);
  }
  return errors;
};
