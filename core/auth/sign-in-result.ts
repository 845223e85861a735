/**
 * Spec §4 Session and §8 Sign-in: the identity provider's answer mapped to the shop's outcome —
 * success, lockedOut (LOCKED_OUT), passwordExpired (PASSWORD_EXPIRED), secondStep (MFA_REQUIRED or
 * MFA_ENROLL_REQUIRED: two-step sign-in, core/auth/second-step.ts), or an error carrying the
 * provider's error summary, or the word 'error' when it gave none.
 */
import type { TokenGrant } from './token-lifecycle';

export const SIGN_IN_ERROR_FALLBACK = 'error';

/** What the provider's SDK reports for a credential sign-in. */
export interface ProviderSignInResult {
  readonly status: string;
  readonly errorSummary?: string;
  /** The customer's tokens, present on SUCCESS. */
  readonly tokens?: TokenGrant;
  /** Two-step sign-in (MFA_REQUIRED, MFA_ENROLL_REQUIRED): what the second step presents. */
  readonly challenge?: string;
}

export type SignInOutcome =
  | { readonly kind: 'success'; readonly grant: TokenGrant }
  | { readonly kind: 'lockedOut' }
  | { readonly kind: 'passwordExpired' }
  /** The password was right; a verification code is next (or, with `enrol`, setting one up). */
  | { readonly kind: 'secondStep'; readonly challenge: string; readonly enrol: boolean }
  | { readonly kind: 'error'; readonly message: string };

const summaryOrFallback = (summary: unknown): string =>
  typeof summary === 'string' && summary.trim() !== '' ? summary : SIGN_IN_ERROR_FALLBACK;

export const mapSignInResult = (result: ProviderSignInResult): SignInOutcome => {
  switch (result.status) {
    case 'SUCCESS':
      return result.tokens !== undefined
        ? { kind: 'success', grant: result.tokens }
        : { kind: 'error', message: summaryOrFallback(result.errorSummary) };
    case 'LOCKED_OUT':
      return { kind: 'lockedOut' };
    case 'PASSWORD_EXPIRED':
      return { kind: 'passwordExpired' };
    case 'MFA_REQUIRED':
    case 'MFA_ENROLL_REQUIRED':
      return result.challenge !== undefined && result.challenge !== ''
        ? {
            kind: 'secondStep',
            challenge: result.challenge,
            enrol: result.status === 'MFA_ENROLL_REQUIRED',
          }
        : { kind: 'error', message: summaryOrFallback(result.errorSummary) };
    default:
      return { kind: 'error', message: summaryOrFallback(result.errorSummary) };
  }
};

/** A thrown provider error: its errorSummary when it has one, else 'error'. */
export const mapSignInFailure = (thrown: unknown): SignInOutcome => ({
  kind: 'error',
  message: summaryOrFallback(
    typeof thrown === 'object' && thrown !== null
      ? (thrown as { errorSummary?: unknown }).errorSummary
      : undefined,
  ),
});
