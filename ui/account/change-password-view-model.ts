/**
 * The change-password section of account settings: the three fields, the profile rule's live
 * checklist for the new password, per-field errors (ours first, then the server's, such as a wrong
 * current password), and the success message. Made once per screen (STYLE.md).
 */
import { makeAutoObservable, runInAction } from 'mobx';
import {
  newPasswordConditions,
  type ChangePasswordField,
  type ChangePasswordFieldError,
  type ChangePasswordRules,
} from '../../core/account/account-security';
import type { ChangePassword } from '../../core/account/change-password';
import type { UserClaims } from '../../core/auth/ports';
import type { AsyncStatus } from '../../core/shared/async-status';
import type { PasswordOwner } from '../../core/validation/password';

export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed.';
export const CHANGE_PASSWORD_FAILED_MESSAGE =
  'We could not change your password just now. Your password is unchanged; please try again.';

export interface ChangePasswordDeps {
  readonly changePassword: Pick<ChangePassword, 'execute'>;
  /** Whose password it is: the signed-in customer's names and e-mail, read when needed. */
  readonly owner: () => PasswordOwner;
  /** The configured profile password rule and its condition messages (spec §5), read when needed. */
  readonly rules?: () => ChangePasswordRules;
}

/** The names and e-mail of a customer's claims, which a new password may not contain. */
export const passwordOwnerOf = (claims: UserClaims | null): PasswordOwner =>
  claims === null
    ? {}
    : { firstName: claims.firstName, lastName: claims.lastName, email: claims.email };

const toErrorMap = (
  errors: readonly ChangePasswordFieldError[],
): Partial<Record<ChangePasswordField, string>> => {
  const map: Partial<Record<ChangePasswordField, string>> = {};
  for (const e of errors) map[e.field] ??= e.message;
  return map;
};

export class ChangePasswordViewModel {
  currentPassword = '';
  newPassword = '';
  confirmPassword = '';
  errors: Partial<Record<ChangePasswordField, string>> = {};
  /** A failure of no one field: the call failed, or the server refused the form as a whole. */
  formError: string | null = null;
  status: AsyncStatus = 'idle';
  successMessage: string | null = null;

  constructor(private readonly deps: ChangePasswordDeps) {
    makeAutoObservable<ChangePasswordViewModel, 'deps'>(this, { deps: false });
  }

  /** The profile rule's conditions, met or not, for what is typed as the new password. */
  get conditions() {
    return newPasswordConditions(this.newPassword, this.deps.owner(), this.deps.rules?.());
  }

  /** The first field in error, in form order, for the screen to move focus to. */
  get firstInvalidField(): ChangePasswordField | null {
    const order: readonly ChangePasswordField[] = [
      'currentPassword',
      'newPassword',
      'confirmPassword',
    ];
    return order.find((f) => this.errors[f] !== undefined) ?? null;
  }

  set(field: ChangePasswordField, value: string): void {
    this[field] = value;
    this.successMessage = null;
    if (this.errors[field] !== undefined) {
      const { [field]: _gone, ...rest } = this.errors;
      this.errors = rest;
    }
  }

  /** Checks, sends, and on success clears the fields; true when the password was changed. */
  async submit(): Promise<boolean> {
    if (this.status === 'loading') return false;
    this.status = 'loading';
    this.formError = null;
    this.successMessage = null;
    try {
      const result = await this.deps.changePassword.execute(
        {
          currentPassword: this.currentPassword,
          newPassword: this.newPassword,
          confirmPassword: this.confirmPassword,
        },
        this.deps.owner(),
        this.deps.rules?.(),
      );
      runInAction(() => {
        if (result.kind === 'changed') {
          this.currentPassword = '';
          this.newPassword = '';
          this.confirmPassword = '';
          this.errors = {};
          this.status = 'succeeded';
          this.successMessage = PASSWORD_CHANGED_MESSAGE;
        } else {
          this.status = 'failed';
          this.errors = toErrorMap(result.errors);
          this.formError = result.message;
        }
      });
      return result.kind === 'changed';
    } catch {
      runInAction(() => {
        this.status = 'failed';
        this.formError = CHANGE_PASSWORD_FAILED_MESSAGE;
      });
      return false;
    }
  }
}
