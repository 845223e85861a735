/**
 * Spec §5, the two password rules, each applied where the spec states it:
 * - sign-up: at least 11 characters with a lowercase letter, an uppercase letter, a digit and one
 *   of ! @ # $ % ^ & *;
 * - profile (change password): at least 10 characters, matches a configured pattern, and contains
 *   none of the configured forbidden strings.
 *
 * Readings we chose (docs/rules.md): lengths count characters (code points), not UTF-16
 * units; letters in the sign-up rule are ASCII, as in the identity provider's pattern; the
 * forbidden-strings check is case-insensitive whatever the case of the password — we do not keep
 * the leniency the spec observed when an uppercase letter is present, since it let 'Password123'
 * through; a configured pattern that does not compile falls back to the default pattern.
 */
import { failed, passed, type FieldValidation } from './field-validation';
import { DEFAULT_VALIDATION_MESSAGES, formatMessage, type ValidationMessages } from './messages';

export const SIGN_UP_PASSWORD_MIN_LENGTH = 11;
export const PROFILE_PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*';
/** Default profile pattern: at least one letter and one digit. */
export const DEFAULT_PROFILE_PASSWORD_PATTERN = '^(?=.*[A-Za-z])(?=.*\\d)';
export const DEFAULT_FORBIDDEN_PASSWORD_STRINGS: readonly string[] = ['password', 'lavabo'];
/** Names shorter than this are not treated as forbidden (an initial would forbid a letter). */
export const MIN_PERSONAL_FORBIDDEN_LENGTH = 3;

export interface PasswordCondition<Id extends string> {
  readonly id: Id;
  readonly met: boolean;
  readonly message: string;
}

/** A field result plus every condition, so a form can show a live checklist. */
export interface PasswordValidation<Id extends string> extends FieldValidation {
  readonly conditions: readonly PasswordCondition<Id>[];
}

export type SignUpPasswordCondition = 'minLength' | 'lowercase' | 'uppercase' | 'digit' | 'special';
export type ProfilePasswordCondition = 'minLength' | 'pattern' | 'forbidden';

/** Length in characters (code points), so an emoji counts once. */
export const passwordLength = (password: string): number => [...password].length;

/**
 * The field result and checklist for a password. An empty password meets no condition: a rule
 * that only forbids something ("must not contain your name") would otherwise show as done before
 * the shopper typed anything.
 */
const fromConditions = <Id extends string>(
  field: string,
  password: string,
  checked: readonly PasswordCondition<Id>[],
): PasswordValidation<Id> => {
  const conditions = password === '' ? checked.map((c) => ({ ...c, met: false })) : checked;
  const unmet = conditions.find((c) => !c.met);
  return { ...(unmet ? failed(field, unmet.message) : passed(field)), conditions };
};

export const validateSignUpPassword = (
  password: string,
  messages: ValidationMessages = DEFAULT_VALIDATION_MESSAGES,
  field = 'password',
): PasswordValidation<SignUpPasswordCondition> => {
  const m = messages.signUpPassword;
  const min = SIGN_UP_PASSWORD_MIN_LENGTH;
  return fromConditions<SignUpPasswordCondition>(field, password, [
    {
      id: 'minLength',
      met: passwordLength(password) >= min,
      message: formatMessage(m.minLength, { min }),
    },
    { id: 'lowercase', met: /[a-z]/.test(password), message: m.lowercase },
    { id: 'uppercase', met: /[A-Z]/.test(password), message: m.uppercase },
    { id: 'digit', met: /[0-9]/.test(password), message: m.digit },
    { id: 'special', met: /[!@#$%^&*]/.test(password), message: m.special },
  ]);
};

export interface ProfilePasswordPolicy {
  /** A RegExp source from configuration, tested without flags. */
  readonly pattern: string;
  /** Configured strings the password must not contain, compared case-insensitively. */
  readonly forbiddenStrings: readonly string[];
}

export const DEFAULT_PROFILE_PASSWORD_POLICY: ProfilePasswordPolicy = {
  pattern: DEFAULT_PROFILE_PASSWORD_PATTERN,
  forbiddenStrings: DEFAULT_FORBIDDEN_PASSWORD_STRINGS,
};

/** Whose password it is: their names and e-mail name are forbidden inside it too. */
export interface PasswordOwner {
  readonly firstName?: string;
  readonly lastName?: string;
  readonly email?: string;
}

const compileOr = (source: string, fallback: RegExp): RegExp => {
  try {
    return new RegExp(source);
  } catch {
    return fallback;
  }
};

const DEFAULT_PROFILE_REGEXP = new RegExp(DEFAULT_PROFILE_PASSWORD_PATTERN);

/** The forbidden strings for one owner, lower-cased, blank ones dropped, without duplicates. */
export const forbiddenPasswordStrings = (
  policy: ProfilePasswordPolicy,
  owner: PasswordOwner = {},
): readonly string[] => {
  const configured = policy.forbiddenStrings.map((s) => s.trim()).filter((s) => s !== '');
  const personal = [owner.firstName, owner.lastName, owner.email?.split('@')[0]]
    .map((s) => (s ?? '').trim())
    .filter((s) => passwordLength(s) >= MIN_PERSONAL_FORBIDDEN_LENGTH);
  return [...new Set([...configured, ...personal].map((s) => s.toLowerCase()))];
};

/** The first forbidden string the password contains, ignoring case; null when none. */
export const findForbiddenString = (
  password: string,
  forbidden: readonly string[],
): string | null => {
  const lower = password.toLowerCase();
  return forbidden.find((s) => s !== '' && lower.includes(s.toLowerCase())) ?? null;
};

export interface ProfilePasswordOptions {
  readonly policy?: ProfilePasswordPolicy;
  readonly owner?: PasswordOwner;
  readonly messages?: ValidationMessages;
  readonly field?: string;
}

export const validateProfilePassword = (
  password: string,
  options: ProfilePasswordOptions = {},
): PasswordValidation<ProfilePasswordCondition> => {
  const policy = options.policy ?? DEFAULT_PROFILE_PASSWORD_POLICY;
  const m = (options.messages ?? DEFAULT_VALIDATION_MESSAGES).profilePassword;
  const min = PROFILE_PASSWORD_MIN_LENGTH;
  const pattern = compileOr(policy.pattern, DEFAULT_PROFILE_REGEXP);
  const hit = findForbiddenString(password, forbiddenPasswordStrings(policy, options.owner));
  return fromConditions<ProfilePasswordCondition>(options.field ?? 'password', password, [
    {
      id: 'minLength',
      met: passwordLength(password) >= min,
      message: formatMessage(m.minLength, { min }),
    },
    { id: 'pattern', met: pattern.test(password), message: m.pattern },
    {
      id: 'forbidden',
      met: hit === null,
      message: formatMessage(m.forbidden, { value: hit ?? '' }),
    },
  ]);
};
