/**
 * Use cases: forgot password (spec §2 auth modal, §7 "forgot password (email factor)"). The shopper
 * asks for a one-time code by e-mail, then sets a new password with it. The new password follows the
 * sign-up rule (spec §5). The request answers the same whether or not the account exists.
 */
import { normalizeEmail, validateEmail } from '../validation/email';
import type { FieldValidation } from '../validation/field-validation';
import { failed, passed } from '../validation/field-validation';
import { DEFAULT_VALIDATION_MESSAGES, type ValidationMessages } from '../validation/messages';
import { validateSignUpPassword } from '../validation/password';
import type { CustomerAccounts, FieldError, PasswordReset, ResetPasswordResult } from './ports';

export const RESET_CODE_PATTERN = /^\d{6}$/;
export const RESET_CODE_MESSAGE = 'Enter the 6-digit code from the e-mail';

export type RequestCodeResult =
  { readonly kind: 'sent' } | { readonly kind: 'invalid'; readonly errors: readonly FieldError[] };

export type SetNewPasswordResult =
  ResetPasswordResult | { readonly kind: 'invalid'; readonly errors: readonly FieldError[] };

const errorsOf = (checks: readonly FieldValidation[]): readonly FieldError[] =>
  checks.filter((c) => !c.valid).map((c) => ({ field: c.field, message: c.message ?? '' }));

export class RequestPasswordReset {
  constructor(
    private readonly accounts: CustomerAccounts,
    private readonly messages: ValidationMessages = DEFAULT_VALIDATION_MESSAGES,
  ) {}

  async execute(email: string): Promise<RequestCodeResult> {
    const errors = errorsOf([validateEmail(email, this.messages)]);
    if (errors.length > 0) return { kind: 'invalid', errors };
    await this.accounts.requestPasswordReset(normalizeEmail(email));
    return { kind: 'sent' };
  }
}

export class ResetPassword {
  constructor(
    private readonly accounts: CustomerAccounts,
    private readonly messages: ValidationMessages = DEFAULT_VALIDATION_MESSAGES,
  ) {}

  async execute(reset: PasswordReset): Promise<SetNewPasswordResult> {
    const code = reset.code.trim();
    const errors = errorsOf([
      validateEmail(reset.email, this.messages),
      RESET_CODE_PATTERN.test(code) ? passed('code') : failed('code', RESET_CODE_MESSAGE),
      validateSignUpPassword(reset.password, this.messages),
    ]);
    if (errors.length > 0) return { kind: 'invalid', errors };
    return this.accounts.resetPassword({
      email: normalizeEmail(reset.email),
      code,
      password: reset.password,
    });
  }
}
