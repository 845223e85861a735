/**
 * Rules of the account security screen (spec §5 profile password rule, §7 change password and
 * delete account): the change-password form as the storefront checks it before sending, the typed
 * refusals an AccountSecurityGateway reports, and the typed word that confirms deleting an account.
 *
 * Readings we chose: a changed password follows the profile rule (spec §5: "apply each where
 * stated" — 10+ characters, the configured pattern, none of the forbidden strings nor the
 * customer's names), never the 11-character sign-up rule; it must differ from the current one and
 * be typed twice alike. Passwords are compared and sent exactly as typed, never trimmed; a blank
 * one counts as missing and one over 256 characters as too long, as the server reads them.
 * Deleting needs the word DELETE in capitals; spaces around it are forgiven.
 */
import {
  DEFAULT_VALIDATION_MESSAGES,
  resolveValidationMessages,
  type ValidationMessages,
} from '../validation/messages';
import {
  DEFAULT_PROFILE_PASSWORD_POLICY,
  passwordLength,
  validateProfilePassword,
  type PasswordCondition,
  type PasswordOwner,
  type ProfilePasswordCondition,
  type ProfilePasswordPolicy,
} from '../validation/password';

export type ChangePasswordField = 'currentPassword' | 'newPassword' | 'confirmPassword';

/** In the order the form shows them (and reports errors). */
export const CHANGE_PASSWORD_FIELDS: readonly ChangePasswordField[] = [
  'currentPassword',
  'newPassword',
  'confirmPassword',
];

export interface ChangePasswordForm {
  readonly currentPassword: string;
  readonly newPassword: string;
  /** The new password typed again. */
  readonly confirmPassword: string;
}

export interface ChangePasswordFieldError {
  readonly field: ChangePasswordField;
  readonly message: string;
}

/** The longest password the server takes (docs/api.md "Sign-up fields"). */
export const PASSWORD_MAX_LENGTH = 256;

export const CHANGE_PASSWORD_MESSAGES = {
  currentRequired: 'Enter your current password',
  newRequired: 'Enter a new password',
  confirmRequired: 'Enter the new password again',
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  sameAsCurrent: 'The new password must differ from your current password',
  mismatch: 'The passwords do not match',
} as const;

/** Where the profile rule's policy and condition messages come from (configuration, spec §5). */
export interface ChangePasswordRules {
  readonly policy?: ProfilePasswordPolicy;
  readonly messages?: ValidationMessages;
}

/**
 * The profile rule as configured (spec §5): the configuration's password policy and condition
 * messages over core's defaults. The form, the server and the offline demo all build it this way.
 */
export const changePasswordRulesOf = (configuration: {
  readonly profilePasswordPolicy?: ProfilePasswordPolicy;
  readonly validationMessages?: unknown;
}): ChangePasswordRules => ({
  policy: configuration.profilePasswordPolicy ?? DEFAULT_PROFILE_PASSWORD_POLICY,
  messages: resolveValidationMessages(configuration.validationMessages ?? {}),
});

const isBlank = (value: string): boolean => value.trim() === '';

/** The profile rule's conditions for a new password, each met or not: the form's live checklist. */
export const newPasswordConditions = (
  newPassword: string,
  owner: PasswordOwner = {},
  rules: ChangePasswordRules = {},
): readonly PasswordCondition<ProfilePasswordCondition>[] =>
  validateProfilePassword(newPassword, {
    owner,
    field: 'newPassword',
    ...(rules.policy === undefined ? {} : { policy: rules.policy }),
    messages: rules.messages ?? DEFAULT_VALIDATION_MESSAGES,
  }).conditions;

const currentPasswordError = (form: ChangePasswordForm): string | null => {
  if (isBlank(form.currentPassword)) return CHANGE_PASSWORD_MESSAGES.currentRequired;
  if (passwordLength(form.currentPassword) > PASSWORD_MAX_LENGTH) {
    return CHANGE_PASSWORD_MESSAGES.tooLong;
  }
  return null;
};

const newPasswordError = (
  form: ChangePasswordForm,
  owner: PasswordOwner,
  rules: ChangePasswordRules,
): string | null => {
  const next = form.newPassword;
  if (isBlank(next)) return CHANGE_PASSWORD_MESSAGES.newRequired;
  if (passwordLength(next) > PASSWORD_MAX_LENGTH) return CHANGE_PASSWORD_MESSAGES.tooLong;
  const unmet = newPasswordConditions(next, owner, rules).find((c) => !c.met);
  if (unmet !== undefined) return unmet.message;
  if (next === form.currentPassword) return CHANGE_PASSWORD_MESSAGES.sameAsCurrent;
  return null;
};

const confirmPasswordError = (form: ChangePasswordForm): string | null => {
  if (form.confirmPassword === '') return CHANGE_PASSWORD_MESSAGES.confirmRequired;
  if (form.confirmPassword !== form.newPassword) return CHANGE_PASSWORD_MESSAGES.mismatch;
  return null;
};

/** Every failing field, at most one error each, in form order; [] when the form may be sent. */
export const validateChangePasswordForm = (
  form: ChangePasswordForm,
  owner: PasswordOwner = {},
  rules: ChangePasswordRules = {},
): readonly ChangePasswordFieldError[] => {
  const messages: Record<ChangePasswordField, string | null> = {
    currentPassword: currentPasswordError(form),
    newPassword: newPasswordError(form, owner, rules),
    confirmPassword: confirmPasswordError(form),
  };
  return CHANGE_PASSWORD_FIELDS.flatMap((field) => {
    const message = messages[field];
    return message === null ? [] : [{ field, message }];
  });
};

export const isChangePasswordField = (value: string): value is ChangePasswordField =>
  (CHANGE_PASSWORD_FIELDS as readonly string[]).includes(value);

/**
 * The server refused the change. `errors` names the fields it refused, with its own messages (a
 * wrong current password is only ever found out there); `message` is its summary, for a refusal
 * that names no field of the form.
 */
export class PasswordChangeRejectedError extends Error {
  readonly code = 'PasswordChangeRejected';
  constructor(
    readonly errors: readonly ChangePasswordFieldError[],
    message: string,
  ) {
    super(message);
    this.name = 'PasswordChangeRejectedError';
  }
}

/** The delete answer had no truthy `data` (spec §7): the account is still there. */
export class AccountNotDeletedError extends Error {
  readonly code = 'AccountNotDeleted';
  constructor() {
    super('The account was not deleted');
    this.name = 'AccountNotDeletedError';
  }
}

/** The word a customer types to confirm deleting their account. */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

export const isDeleteConfirmation = (typed: string): boolean =>
  typed.trim() === DELETE_CONFIRMATION_WORD;
