/**
 * Ports of signing in and staying signed in, in one place: the shopper's tokens (guest and
 * customer), signing in and out with the identity provider, and the customer account calls around
 * sign-in (sign-up, the user-exists lookup, forgot/reset password, token refresh, the claims a
 * customer token carries; spec §3, §7 Customer and Identity provider).
 */
import type { ProviderSignInResult } from './sign-in-result';
import type { StoredTokens, TokenGrant } from './token-lifecycle';

// ---- The shopper's tokens: kept in the browser, fetched and validated at the token endpoint ----

/** Port: where the auth slice is kept (browser storage in the shop, memory in tests). */
export interface TokenStore {
  load(): StoredTokens | null;
  save(tokens: StoredTokens): void;
  clear(): void;
}

export interface GuestTokenRequest {
  readonly channel: string;
  /** The guest id to keep (so a returning guest keeps their cart); the server may assign one. */
  readonly guestId?: string;
}

/** Port: the token endpoint and the validate call of spec §7. */
export interface TokenGateway {
  fetchGuestToken(request: GuestTokenRequest): Promise<GuestGrant>;
  validate(accessToken: string): Promise<boolean>;
}

export interface GuestGrant {
  readonly grant: TokenGrant;
  /** The anonymousId the token was issued for. */
  readonly anonymousId: string;
}

/** Port: a source of ids for new guests. */
export interface IdGenerator {
  next(): string;
}

// ---- Signing in and out: the identity provider and the cart the shop keeps locally ----

export interface Credentials {
  readonly username: string;
  readonly password: string;
}

/** Port: the external identity provider's browser SDK (spec §7 Identity provider). */
export interface IdentityProvider {
  signIn(credentials: Credentials): Promise<ProviderSignInResult>;
  /** End the provider's session (the SDK's close-session call). */
  closeSession(): Promise<void>;
  /** Sign out with the provider (may navigate to its logout URL). */
  signOut(): Promise<void>;
}

/** Port: the shopper's cart as the shop keeps it locally (the cart slice and customer cart id). */
export interface LocalCartState {
  clearCart(): void;
  clearCustomerCartId(): void;
}

// ---- The customer's account calls around sign-in ----

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

/**
 * Spec §8 "Signup failure: server response data is returned": the field errors it named. `created`
 * is the answer for a taken e-mail too (its owner is e-mailed instead, docs/api.md), so sign-up
 * never tells whether an account exists; signing in with the password just chosen tells the
 * shopper whether the account is theirs.
 */
export type SignUpResult =
  | { readonly kind: 'created'; readonly email: string }
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
  /**
   * POST /customer/lookup (spec §7). The server no longer tells whether an account exists: false
   * for every e-mail (issue 13 §6).
   */
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
