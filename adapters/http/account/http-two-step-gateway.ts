/**
 * TwoStepGateway over the API (docs/api.md "Two-step sign-in"): a 400 naming `code` or
 * `recoveryCode` becomes TwoStepRejectedError with the server's words for that field; other
 * failures (a guest's 403, a 409, no network) stay the client's ApiErrors.
 */
import {
  TwoStepRejectedError,
  type TwoStepField,
  type TwoStepGateway,
  type TwoStepStatus,
} from '../../../core/account/two-step-settings';
import type { TwoStepEnrolment } from '../../../core/auth/second-step';
import type { ApiClient } from '../api-client';
import { ApiError } from '../api-error';
import { fieldErrorsOf } from '../identity/http-customer-accounts';
import {
  RecoveryCodesCodec,
  TwoStepEnrolmentCodec,
  TwoStepOffCodec,
  TwoStepStatusCodec,
} from '../identity/two-step.codec';

const rejection = (error: unknown, fallback: TwoStepField): unknown => {
  if (!(error instanceof ApiError) || error.kind !== 'badRequest') return error;
  const named = fieldErrorsOf(error).find((e) => e.field === 'code' || e.field === 'recoveryCode');
  return new TwoStepRejectedError(
    (named?.field as TwoStepField | undefined) ?? fallback,
    named?.message ?? error.message,
  );
};

export class HttpTwoStepGateway implements TwoStepGateway {
  constructor(private readonly api: ApiClient) {}

  status(): Promise<TwoStepStatus> {
    return this.api.get('/customer/two-step', TwoStepStatusCodec);
  }

  startEnrolment(): Promise<TwoStepEnrolment> {
    return this.api.post('/customer/two-step/enrol', undefined, TwoStepEnrolmentCodec);
  }

  async confirmEnrolment(code: string): Promise<readonly string[]> {
    try {
      return (await this.api.post('/customer/two-step/confirm', { code }, RecoveryCodesCodec))
        .recoveryCodes;
    } catch (error) {
      throw rejection(error, 'code');
    }
  }

  async disable(field: TwoStepField, code: string): Promise<void> {
    try {
      await this.api.post('/customer/two-step/disable', { [field]: code }, TwoStepOffCodec);
    } catch (error) {
      throw rejection(error, field);
    }
  }

  async regenerateRecoveryCodes(code: string): Promise<readonly string[]> {
    try {
      return (
        await this.api.post('/customer/two-step/recovery-codes', { code }, RecoveryCodesCodec)
      ).recoveryCodes;
    } catch (error) {
      throw rejection(error, 'code');
    }
  }
}
