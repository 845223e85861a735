/** The CustomerAccounts port over our API: sign-up, user-exists lookup, forgot and reset password. */
import type {
  CustomerAccounts,
  FieldError,
  PasswordReset,
  ResetPasswordResult,
  SignUpForm,
  SignUpResult,
} from '../../../core/auth/ports';
import type { ApiClient } from '../api-client';
import { ApiError, fieldProblemsOf } from '../api-error';
import { LookupResponseCodec, NoContentCodec, SignUpAcceptedCodec } from './identity.codec';

/** `body.email` and `email` both name the form field `email`. */
const formField = (field: string): string => field.replace(/^body[./]/, '');

/**
 * The field errors of a 400 (api-error's fieldProblemsOf: errors[] with field and message, else
 * the one field its message names), each without its `body.` prefix; an entry without a message
 * gets the answer's.
 */
export const fieldErrorsOf = (error: ApiError): readonly FieldError[] =>
  fieldProblemsOf(error).map((p) => ({
    field: formField(p.field),
    message: p.message === '' ? error.message : p.message,
  }));

export class HttpCustomerAccounts implements CustomerAccounts {
  constructor(private readonly api: ApiClient) {}

  async signUp(form: SignUpForm): Promise<SignUpResult> {
    try {
      const accepted = await this.api.post('/customer/signup', form, SignUpAcceptedCodec);
      return { kind: 'created', email: accepted.email };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.kind === 'badRequest') {
        return { kind: 'invalid', errors: fieldErrorsOf(error), message: error.message };
      }
      throw error;
    }
  }

  async userExists(email: string): Promise<boolean> {
    return (await this.api.post('/customer/lookup', { email }, LookupResponseCodec)).exists;
  }

  async requestPasswordReset(email: string): Promise<void> {
    await this.api.post('/identity/password/forgot', { email }, NoContentCodec);
  }

  async resetPassword(reset: PasswordReset): Promise<ResetPasswordResult> {
    try {
      await this.api.post('/identity/password/reset', reset, NoContentCodec);
      return { kind: 'reset' };
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'badRequest') {
        return { kind: 'rejected', message: error.message };
      }
      throw error;
    }
  }
}
