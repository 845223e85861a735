/**
 * The forgot-password view (spec §2): ask for a one-time code by e-mail, then set a new password
 * with it (spec §8: a reset failure shows the error the server returned).
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { FieldError } from '../../core/auth/ports';
import type { RequestPasswordReset, ResetPassword } from '../../core/auth/reset-password';
import type { AsyncStatus } from '../../core/shared/async-status';
import {
  CODE_SENT_MESSAGE,
  GENERAL_FAILURE_MESSAGE,
  PASSWORD_RESET_MESSAGE,
} from './auth-messages';

export type ForgotPasswordStep = 'request' | 'reset' | 'done';

const toMap = (errors: readonly FieldError[]): Partial<Record<string, string>> =>
  Object.fromEntries(errors.map((e) => [e.field, e.message]));

export class ForgotPasswordModel {
  step: ForgotPasswordStep = 'request';
  email = '';
  code = '';
  password = '';
  errors: Partial<Record<string, string>> = {};
  formError: string | null = null;
  notice: string | null = null;
  status: AsyncStatus = 'idle';

  constructor(
    private readonly requestReset: Pick<RequestPasswordReset, 'execute'>,
    private readonly reset: Pick<ResetPassword, 'execute'>,
    email = '',
  ) {
    this.email = email;
    makeAutoObservable<ForgotPasswordModel, 'requestReset' | 'reset'>(this, {
      requestReset: false,
      reset: false,
    });
  }

  set(field: 'email' | 'code' | 'password', value: string): void {
    this[field] = value;
    const { [field]: _gone, ...rest } = this.errors;
    this.errors = rest;
  }

  async sendCode(): Promise<void> {
    if (this.status === 'loading') return;
    this.status = 'loading';
    this.formError = null;
    try {
      const result = await this.requestReset.execute(this.email);
      runInAction(() => {
        if (result.kind === 'invalid') {
          this.status = 'failed';
          this.errors = toMap(result.errors);
          return;
        }
        this.status = 'succeeded';
        this.step = 'reset';
        this.notice = CODE_SENT_MESSAGE;
      });
    } catch {
      runInAction(() => {
        this.status = 'failed';
        this.formError = GENERAL_FAILURE_MESSAGE;
      });
    }
  }

  async setNewPassword(): Promise<boolean> {
    if (this.status === 'loading') return false;
    this.status = 'loading';
    this.formError = null;
    try {
      const result = await this.reset.execute({
        email: this.email,
        code: this.code,
        password: this.password,
      });
      return runInAction(() => {
        if (result.kind === 'reset') {
          this.status = 'succeeded';
          this.step = 'done';
          this.notice = PASSWORD_RESET_MESSAGE;
          return true;
        }
        this.status = 'failed';
        if (result.kind === 'invalid') this.errors = toMap(result.errors);
        else this.formError = result.message;
        return false;
      });
    } catch {
      runInAction(() => {
        this.status = 'failed';
        this.formError = GENERAL_FAILURE_MESSAGE;
      });
      return false;
    }
  }

  /** Back to the first step, e.g. to ask for a new code. */
  startOver(): void {
    this.step = 'request';
    this.code = '';
    this.password = '';
    this.errors = {};
    this.formError = null;
    this.notice = null;
    this.status = 'idle';
  }
}
