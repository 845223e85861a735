/**
 * The SecondStepProvider port over our API (docs/api.md "Two-step sign-in"): the second step of
 * signing in, with the guest token as bearer, as the password step is sent.
 */
import type {
  SecondStepAnswer,
  SecondStepProof,
  SecondStepProvider,
  TwoStepEnrolment,
} from '../../../core/auth/second-step';
import type { ApiClient } from '../api-client';
import { toTokenGrant } from '../auth/token.codec';
import { SecondStepAnswerCodec, TwoStepEnrolmentCodec } from './two-step.codec';

export class HttpSecondStepProvider implements SecondStepProvider {
  constructor(private readonly api: ApiClient) {}

  async verify(challenge: string, proof: SecondStepProof): Promise<SecondStepAnswer> {
    const body =
      proof.kind === 'code'
        ? { challenge, code: proof.code }
        : { challenge, recoveryCode: proof.code };
    const wire = await this.api.post('/identity/signin/verify', body, SecondStepAnswerCodec);
    if (wire.status !== 'SUCCESS') return wire;
    return {
      status: 'SUCCESS',
      tokens: toTokenGrant(wire.tokens),
      ...(wire.recoveryCodes === undefined ? {} : { recoveryCodes: wire.recoveryCodes }),
    };
  }

  startEnrolment(challenge: string): Promise<TwoStepEnrolment> {
    return this.api.post('/identity/signin/enrol', { challenge }, TwoStepEnrolmentCodec);
  }
}
