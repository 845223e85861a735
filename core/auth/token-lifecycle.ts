/**
 * Token lifecycle rules of spec §4 and §9:
 * - the session counts as valid until 120 s before expiry;
 * - the token auto-renews 120 s before expiry;
 * - a valid token is revalidated once `revalidate_in` has passed since it was received,
 *   and again 30 minutes after each auth update (a received token or a successful validation).
 *
 * Readings we chose (docs/rules.md): when `revalidate_in` is absent the first revalidation is
 * also 30 minutes after receipt; a token whose expiry is already inside the 120 s window is not
 * valid, so it is renewed rather than used.
 */
import { MINUTE, SECOND } from '../shared/clock';

export const SESSION_SAFETY_MARGIN_MS = 120 * SECOND;
export const RENEW_BEFORE_EXPIRY_MS = 120 * SECOND;
export const REVALIDATE_INTERVAL_MS = 30 * MINUTE;

/** What the token endpoint answers (spec §7 Tokens), in the wire's own names. */
export interface TokenGrant {
  readonly access_token: string;
  readonly refresh_token: string;
  /** Seconds from issue until the access token expires. */
  readonly expires_in: number;
  readonly scopes: readonly string[];
  readonly token_type: string;
  /** Seconds from issue until the token should be checked with the validate call. */
  readonly revalidate_in?: number;
}

/** The auth slice kept in browser storage. Times are epoch milliseconds. */
export interface StoredTokens {
  readonly accessToken: string;
  readonly refreshToken: string;
  readonly tokenType: string;
  readonly scopes: readonly string[];
  /** When the access token expires. */
  readonly expiresAt: number;
  /** When this token was received: the last auth update. */
  readonly receivedAt: number;
  /** Seconds after receipt for the first revalidation, when the grant said so. */
  readonly revalidateIn?: number;
  /** The last time the validate call accepted this token. */
  readonly lastValidatedAt?: number;
  /** A guest (anonymous) token, as opposed to a signed-in customer's. */
  readonly anonymous: boolean;
  /** The guest's anonymousId, kept across guest tokens so a guest cart can be found and merged. */
  readonly anonymousId?: string;
}

export const fromGrant = (
  grant: TokenGrant,
  receivedAt: number,
  identity: { anonymous: boolean; anonymousId?: string },
): StoredTokens => ({
  accessToken: grant.access_token,
  refreshToken: grant.refresh_token,
  tokenType: grant.token_type,
  scopes: grant.scopes,
  expiresAt: receivedAt + grant.expires_in * SECOND,
  receivedAt,
  ...(grant.revalidate_in === undefined ? {} : { revalidateIn: grant.revalidate_in }),
  anonymous: identity.anonymous,
  ...(identity.anonymousId === undefined ? {} : { anonymousId: identity.anonymousId }),
});

/** The session counts as valid until 120 s before expiry. */
export const isSessionValid = (tokens: StoredTokens, now: number): boolean =>
  now < tokens.expiresAt - SESSION_SAFETY_MARGIN_MS;

export const isExpired = (tokens: StoredTokens, now: number): boolean => now >= tokens.expiresAt;

/** When the token should be renewed: 120 s before expiry. */
export const renewalDueAt = (tokens: StoredTokens): number =>
  tokens.expiresAt - RENEW_BEFORE_EXPIRY_MS;

export const isRenewalDue = (tokens: StoredTokens, now: number): boolean =>
  now >= renewalDueAt(tokens);

/**
 * When the validate call is next due: `revalidate_in` after receipt for the first check
 * (30 minutes when the grant gave none), then 30 minutes after each successful validation.
 */
export const revalidationDueAt = (tokens: StoredTokens): number =>
  tokens.lastValidatedAt !== undefined
    ? tokens.lastValidatedAt + REVALIDATE_INTERVAL_MS
    : tokens.receivedAt +
      (tokens.revalidateIn !== undefined ? tokens.revalidateIn * SECOND : REVALIDATE_INTERVAL_MS);

/** Only a valid token is revalidated; an invalid one is renewed instead. */
export const isRevalidationDue = (tokens: StoredTokens, now: number): boolean =>
  isSessionValid(tokens, now) && now >= revalidationDueAt(tokens);

export const markValidated = (tokens: StoredTokens, now: number): StoredTokens => ({
  ...tokens,
  lastValidatedAt: now,
});

export type TokenAction = 'use' | 'revalidate' | 'renew';

/** What to do with the stored token now: the single decision the session use case acts on. */
export const nextTokenAction = (tokens: StoredTokens, now: number): TokenAction => {
  if (!isSessionValid(tokens, now) || isRenewalDue(tokens, now)) return 'renew';
  if (isRevalidationDue(tokens, now)) return 'revalidate';
  return 'use';
};
