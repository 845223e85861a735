/**
 * Ports of the account flows around sign-in (spec §7 Customer and Identity provider): sign-up, the
 * user-exists lookup, forgot/reset password, the customer's token refresh, and reading the user
 * claims a customer token carries (spec §3).
 */
import type { TokenGrant } from './token-lifecycle';

export type AccountType = 'homeowner' | 'professional';

/** The sign-up form as the API takes it (POST /customer/signup). */
export interface SignUpForm {
  readonly email: string;
  readonly password: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly accountType: AccountType;
  readonly businessType?: string;
  readonly businessSubtype?: string;
  readonly phone?: string;
  readonly zipCode?: string;
  readonly newsletter?: boolean;
}

export interface FieldError {
  readonly field: string;
  readonly message: string;
}

/** Spec §8 "Signup failure: server response data is returned": the field errors it named. */
export type SignUpResult =
  | { readonly kind: 'created'; readonly customerId: string; readonly email: string }
  | { readonly kind: 'duplicate' }
  | { readonly kind: 'invalid'; readonly errors: readonly FieldError[]; readonly message: string };

/** Spec §8 "Reset password failure: error response is returned". */
export type ResetPasswordResult =
  { readonly kind: 'reset' } | { readonly kind: 'rejected'; readonly message: string };

export interface PasswordReset {
  readonly email: string;
  readonly code: string;
  readonly password: string;
}

/** Port: the customer account calls. Failures other than the typed results are thrown. */
export interface CustomerAccounts {
  signUp(form: SignUpForm): Promise<SignUpResult>;
  /** POST /customer/lookup: whether an account with this e-mail exists. */
  userExists(email: string): Promise<boolean>;
  /** Sends a one-time code by e-mail; answers the same whether or not the account exists. */
  requestPasswordReset(email: string): Promise<void>;
  resetPassword(reset: PasswordReset): Promise<ResetPasswordResult>;
}

/**
 * Port: the signed-in customer's token calls. `refresh` rotates the refresh token: it answers the
 * new grant, or null when the server refused the refresh token (revoked, expired); it throws when
 * the server could not be asked (network), so a blip never signs anyone out.
 */
export interface CustomerTokenGateway {
  refresh(refreshToken: string): Promise<TokenGrant | null>;
  validate(accessToken: string): Promise<boolean>;
}

/** Spec §3 user claims of a customer's access token. */
export interface UserClaims {
  /** The subject e-mail. */
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly persona: readonly string[];
  readonly customerId?: string;
  readonly uid?: string;
  readonly businessType?: string;
}

/** Port: reads (does not verify) the claims of an access token; null for guests or unreadable. */
export interface ClaimsReader {
  read(accessToken: string): UserClaims | null;
}
