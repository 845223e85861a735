/**
 * Use case: the signed-in customer's two-step sign-in in account settings (core/auth/two-step.ts
 * has the rules; docs/api.md "Two-step sign-in"): see whether it is on, enrol an authenticator
 * app (a key shown as a QR code and as text, confirmed with a current code, after which ten
 * recovery codes are shown once), make new recovery codes, and turn it off — which needs a
 * current code or a recovery code. A typed code is checked before it is sent; what the server
 * refuses comes back named on the field.
 */
import type { TwoStepEnrolment } from '../auth/second-step';
import { checkRecoveryCode, checkVerificationCode } from '../auth/two-step';

export interface TwoStepStatus {
  readonly enabled: boolean;
  /** The account may not turn it off (a sales associate). */
  readonly required: boolean;
  readonly recoveryCodesLeft: number;
}

export type TwoStepField = 'code' | 'recoveryCode';

/** The server refused a code: which field, in the shopper's words. */
export class TwoStepRejectedError extends Error {
  constructor(
    readonly field: TwoStepField,
    message: string,
  ) {
    super(message);
    this.name = 'TwoStepRejectedError';
  }
}

/**
 * Port: the customer's two-step sign-in (the server knows whose from the token). Refusals of a
 * code throw TwoStepRejectedError; anything else (network, a guest) stays the adapter's error.
 */
export interface TwoStepGateway {
  status(): Promise<TwoStepStatus>;
  /** A new key (replacing one not yet confirmed); refused once two-step sign-in is on. */
  startEnrolment(): Promise<TwoStepEnrolment>;
  /** Turns it on with a current code for the new key; answers the ten recovery codes. */
  confirmEnrolment(code: string): Promise<readonly string[]>;
  disable(field: TwoStepField, code: string): Promise<void>;
  /** Ten new recovery codes in place of the old ones. */
  regenerateRecoveryCodes(code: string): Promise<readonly string[]>;
}

export type TwoStepResult<T> =
  | { readonly kind: 'done'; readonly value: T }
  | { readonly kind: 'invalid'; readonly field: TwoStepField; readonly message: string };

const checked = (field: TwoStepField, typed: string) =>
  field === 'code' ? checkVerificationCode(typed) : checkRecoveryCode(typed);

export class TwoStepSettings {
  constructor(private readonly gateway: TwoStepGateway) {}

  status(): Promise<TwoStepStatus> {
    return this.gateway.status();
  }

  startEnrolment(): Promise<TwoStepEnrolment> {
    return this.gateway.startEnrolment();
  }

  confirmEnrolment(typed: string): Promise<TwoStepResult<readonly string[]>> {
    return this.send('code', typed, (code) => this.gateway.confirmEnrolment(code));
  }

  disable(field: TwoStepField, typed: string): Promise<TwoStepResult<null>> {
    return this.send(field, typed, async (code) => {
      await this.gateway.disable(field, code);
      return null;
    });
  }

  regenerateRecoveryCodes(typed: string): Promise<TwoStepResult<readonly string[]>> {
    return this.send('code', typed, (code) => this.gateway.regenerateRecoveryCodes(code));
  }

  private async send<T>(
    field: TwoStepField,
    typed: string,
    call: (code: string) => Promise<T>,
  ): Promise<TwoStepResult<T>> {
    const check = checked(field, typed);
    if (!check.valid) return { kind: 'invalid', field, message: check.message };
    try {
      return { kind: 'done', value: await call(check.code) };
    } catch (error) {
      if (error instanceof TwoStepRejectedError) {
        return { kind: 'invalid', field: error.field, message: error.message };
      }
      throw error;
    }
  }
}
