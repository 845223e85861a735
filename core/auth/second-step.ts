/**
 * Use cases of the second step of signing in (core/auth/two-step.ts has the rules): after the
 * password the identity provider answers a challenge instead of tokens when the account uses
 * two-step sign-in (MFA_REQUIRED), or must start to (MFA_ENROLL_REQUIRED: a sales associate
 * without it). The shopper then proves a current verification code or one recovery code, or
 * first enrols an authenticator app with the challenge. Only then are the customer's tokens
 * stored, as SignIn stores them.
 */
import type { Clock } from '../shared/clock';
import type { TokenStore } from './ports';
import { storeCustomerGrant } from './sign-in';
import type { TokenGrant } from './token-lifecycle';
import { checkRecoveryCode, checkVerificationCode } from './two-step';

/** What an authenticator app needs: the key as text, the otpauth URI and its QR code (SVG). */
export interface TwoStepEnrolment {
  readonly secret: string;
  readonly uri: string;
  /** An SVG image of the URI's QR code (no script: shown as an image). */
  readonly qrSvg: string;
}

export type SecondStepProof =
  | { readonly kind: 'code'; readonly code: string }
  | { readonly kind: 'recovery'; readonly code: string };

/** The provider's answer to a second step. */
export type SecondStepAnswer =
  | {
      readonly status: 'SUCCESS';
      readonly tokens: TokenGrant;
      /** Only when the challenge enrolled the account: shown once. */
      readonly recoveryCodes?: readonly string[];
    }
  | {
      readonly status: 'CODE_WRONG' | 'CHALLENGE_EXPIRED' | 'LOCKED_OUT';
      readonly errorSummary: string;
    };

/** Port: the identity provider's second step (docs/api.md "Two-step sign-in"). */
export interface SecondStepProvider {
  verify(challenge: string, proof: SecondStepProof): Promise<SecondStepAnswer>;
  /** For an MFA_ENROLL_REQUIRED challenge: a new key for the account's authenticator app. */
  startEnrolment(challenge: string): Promise<TwoStepEnrolment>;
}

export type SecondStepOutcome =
  | { readonly kind: 'success'; readonly recoveryCodes: readonly string[] }
  /** The typed code is not a code at all (nothing was sent) or was refused: named on the field. */
  | { readonly kind: 'invalid'; readonly message: string }
  /** The challenge is used up or too old: start again from the password. */
  | { readonly kind: 'expired'; readonly message: string }
  | { readonly kind: 'lockedOut'; readonly message: string };

export class CompleteSignIn {
  constructor(
    private readonly provider: SecondStepProvider,
    private readonly store: TokenStore,
    private readonly clock: Clock,
  ) {}

  /** Checks the typed code's shape, sends it, and stores the customer's tokens on success. */
  async execute(
    challenge: string,
    kind: SecondStepProof['kind'],
    typed: string,
  ): Promise<SecondStepOutcome> {
    const check = kind === 'code' ? checkVerificationCode(typed) : checkRecoveryCode(typed);
    if (!check.valid) return { kind: 'invalid', message: check.message };
    const answer = await this.provider.verify(challenge, { kind, code: check.code });
    switch (answer.status) {
      case 'SUCCESS':
        storeCustomerGrant(this.store, this.clock, answer.tokens);
        return { kind: 'success', recoveryCodes: answer.recoveryCodes ?? [] };
      case 'CODE_WRONG':
        return { kind: 'invalid', message: answer.errorSummary };
      case 'CHALLENGE_EXPIRED':
        return { kind: 'expired', message: answer.errorSummary };
      case 'LOCKED_OUT':
        return { kind: 'lockedOut', message: answer.errorSummary };
    }
  }

  startEnrolment(challenge: string): Promise<TwoStepEnrolment> {
    return this.provider.startEnrolment(challenge);
  }
}
