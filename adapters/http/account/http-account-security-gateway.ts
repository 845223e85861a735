/**
 * AccountSecurityGateway over the API (spec §7 "Customer", docs/api.md "Identity"): a 400 from
 * change password becomes PasswordChangeRejectedError with the fields the server named and its own
 * messages; a delete answered without a truthy `data` becomes AccountNotDeletedError. Other
 * failures (a guest's 403, a server error, no network) stay the client's ApiErrors.
 */
import {
  AccountNotDeletedError,
  isChangePasswordField,
  PasswordChangeRejectedError,
  type ChangePasswordFieldError,
} from '../../../core/account/account-security';
import type { AccountSecurityGateway } from '../../../core/account/ports';
import type { ApiClient } from '../api-client';
import { ApiError } from '../api-error';
import { fieldErrorsOf } from '../identity/http-customer-accounts';
import { DeleteAccountAnswerCodec, PasswordChangedCodec } from './account-security.codec';

const rejection = (error: ApiError): PasswordChangeRejectedError => {
  const named = fieldErrorsOf(error).flatMap((e): ChangePasswordFieldError[] =>
    isChangePasswordField(e.field) ? [{ field: e.field, message: e.message }] : [],
  );
  return new PasswordChangeRejectedError(named, error.message);
};

export class HttpAccountSecurityGateway implements AccountSecurityGateway {
  constructor(private readonly api: ApiClient) {}

  async changePassword(currentPassword: string, newPassword: string): Promise<void> {
    try {
      await this.api.post(
        '/customer/change_password',
        { currentPassword, newPassword },
        PasswordChangedCodec,
      );
    } catch (error) {
      throw error instanceof ApiError && error.kind === 'badRequest' ? rejection(error) : error;
    }
  }

  async deleteAccount(): Promise<void> {
    const answer = await this.api.delete('/customer/account', DeleteAccountAnswerCodec);
    if (!answer.data) throw new AccountNotDeletedError();
  }
}
