/**
 * Use case: the signed-in customer changes their password (spec §7 POST /customer/change_password,
 * §5 profile password rule). The form is checked first, so a form the server would refuse is not
 * sent; what the server still refuses (a wrong current password) comes back as field errors.
 */
import type { PasswordOwner } from '../validation/password';
import {
  PasswordChangeRejectedError,
  validateChangePasswordForm,
  type ChangePasswordFieldError,
  type ChangePasswordForm,
  type ChangePasswordRules,
} from './account-security';
import type { AccountSecurityGateway } from './ports';

export type ChangePasswordResult =
  | { readonly kind: 'changed' }
  | {
      readonly kind: 'invalid';
      readonly errors: readonly ChangePasswordFieldError[];
      /** The server's summary when it refused without naming a field of the form. */
      readonly message: string | null;
    };

export class ChangePassword {
  constructor(
    private readonly gateway: AccountSecurityGateway,
    private readonly rules: ChangePasswordRules = {},
  ) {}

  /**
   * `owner`: whose password it is (their names may not be part of it); `rules`: the configured
   * profile rule when it is known by now (the configuration loads after the container is built).
   * Other failures throw.
   */
  async execute(
    form: ChangePasswordForm,
    owner: PasswordOwner = {},
    rules: ChangePasswordRules = this.rules,
  ): Promise<ChangePasswordResult> {
    const errors = validateChangePasswordForm(form, owner, rules);
    if (errors.length > 0) return { kind: 'invalid', errors, message: null };
    try {
      await this.gateway.changePassword(form.currentPassword, form.newPassword);
      return { kind: 'changed' };
    } catch (error) {
      if (!(error instanceof PasswordChangeRejectedError)) throw error;
      return {
        kind: 'invalid',
        errors: error.errors,
        message: error.errors.length === 0 ? error.message : null,
      };
    }
  }
}
