/**
 * Spec §5: condition messages come from configuration. These are the English defaults; a
 * configuration object may override any of them. `{name}` placeholders are filled by the rule
 * (`{min}`, `{max}`, `{value}`), so a configured text can say "at least {min} characters".
 */

export interface SignUpPasswordMessages {
  readonly minLength: string;
  readonly lowercase: string;
  readonly uppercase: string;
  readonly digit: string;
  readonly special: string;
}

export interface ProfilePasswordMessages {
  readonly minLength: string;
  readonly pattern: string;
  readonly forbidden: string;
}

export interface ValidationMessages {
  readonly required: string;
  readonly email: string;
  readonly emailTooLong: string;
  readonly phone: string;
  readonly safeText: string;
  readonly alphanumeric: string;
  /** For the configured pattern map when `fieldPatterns` has no text for the field. */
  readonly fieldPattern: string;
  readonly fieldPatterns: Readonly<Record<string, string>>;
  readonly postalCode: string;
  readonly orderNumber: string;
  readonly paymentAmountTooLow: string;
  readonly paymentAmountTooHigh: string;
  readonly depositPercentage: string;
  readonly signUpPassword: SignUpPasswordMessages;
  readonly profilePassword: ProfilePasswordMessages;
}

export const DEFAULT_VALIDATION_MESSAGES: ValidationMessages = {
  required: 'This field is required',
  email: 'Please enter a valid email address',
  emailTooLong: 'Email must be at most {max} characters',
  phone: 'Please enter a valid phone number of at least {min} digits',
  safeText: 'Only letters, numbers, spaces, hyphens, commas and quotes are allowed',
  alphanumeric: 'Only letters, numbers and spaces are allowed',
  fieldPattern: 'Please enter a valid value',
  fieldPatterns: {},
  postalCode: 'Please enter a valid postal code',
  orderNumber: 'Please enter a valid order number',
  paymentAmountTooLow: 'The amount must be at least {min}',
  paymentAmountTooHigh: 'The amount must be at most {max}',
  depositPercentage: 'The deposit must be a whole percentage from {min} to {max}',
  signUpPassword: {
    minLength: 'Password must be at least {min} characters',
    lowercase: 'Password must contain a lowercase letter',
    uppercase: 'Password must contain an uppercase letter',
    digit: 'Password must contain a number',
    special: 'Password must contain one of ! @ # $ % ^ & *',
  },
  profilePassword: {
    minLength: 'Password must be at least {min} characters',
    pattern: 'Password must contain at least one letter and one number',
    forbidden: 'Password must not contain your name or common words such as "password"',
  },
};

/** What a configuration object may supply: any subset, nested groups included. */
export type ValidationMessageOverrides = {
  readonly [K in keyof ValidationMessages]?: ValidationMessages[K] extends string
    ? string
    : Partial<ValidationMessages[K]>;
};

const isRecord = (v: unknown): v is Readonly<Record<string, unknown>> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Keeps only the string entries of `source` whose keys `defaults` knows (or any key when open). */
const mergeStrings = <T extends object>(defaults: T, source: unknown, open = false): T => {
  if (!isRecord(source)) return defaults;
  const merged: Record<string, unknown> = { ...(defaults as Record<string, unknown>) };
  for (const [key, value] of Object.entries(source)) {
    if (typeof value === 'string' && (open || Object.hasOwn(defaults, key))) merged[key] = value;
  }
  return merged as T;
};

/**
 * Configuration arrives as JSON, so only string values are taken; anything else keeps the
 * default. Unknown keys are ignored (except field names under `fieldPatterns`).
 */
export const resolveValidationMessages = (overrides: unknown = {}): ValidationMessages => {
  if (!isRecord(overrides)) return DEFAULT_VALIDATION_MESSAGES;
  const d = DEFAULT_VALIDATION_MESSAGES;
  const flat: Record<string, string> = {};
  for (const key of Object.keys(d) as (keyof ValidationMessages)[]) {
    const value = overrides[key];
    if (typeof d[key] === 'string') flat[key] = typeof value === 'string' ? value : d[key];
  }
  return {
    ...(flat as unknown as ValidationMessages),
    fieldPatterns: mergeStrings(d.fieldPatterns, overrides['fieldPatterns'], true),
    signUpPassword: mergeStrings(d.signUpPassword, overrides['signUpPassword']),
    profilePassword: mergeStrings(d.profilePassword, overrides['profilePassword']),
  };
};

/** Fills `{name}` placeholders; unknown placeholders are left as written. */
export const formatMessage = (
  template: string,
  params: Readonly<Record<string, string | number>> = {},
): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
