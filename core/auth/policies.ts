/**
 * The identity policies the server enforces and the offline demo's fakes imitate, written once:
 * the sign-in lockout, the password-reset code's lifetime and limits, and the token lifetimes
 * (docs/api.md "Identity"; the spec names no numbers, these are our choices). Constants plus pure
 * decisions over plain state and epoch milliseconds: the server keeps the state in PostgreSQL, the
 * fakes in memory, and neither decides anything itself. Checked in tests/core/auth/policies.test.ts.
 */
import { DAY, HOUR, MINUTE, SECOND } from '../shared/clock';
import { REVALIDATE_INTERVAL_MS } from './token-lifecycle';

// ---- sign-in lockout ----

/**
 * Wrong passwords from one client in one counting window (sign-ins and change-password attempts
 * together) …
 */
export const MAX_FAILED_SIGN_INS = 5;
/** … lock that client out of the account for this long (see ClientLockouts). */
export const LOCKOUT_MS = 15 * MINUTE;
/** The lock's length in whole minutes, for the texts that tell the shopper when to try again. */
export const LOCKOUT_MINUTES = LOCKOUT_MS / MINUTE;

/** What the lockout rule needs to know of an account. */
export interface LockoutState {
  /** Wrong passwords counted in the current window. */
  readonly failedSignIns: number;
  /** When the last lock ends (epoch ms), or null when there has been none since the last reset. */
  readonly lockedUntil: number | null;
}

/** A new account, and one whose password was just proved or reset. */
export const NO_LOCKOUT: LockoutState = { failedSignIns: 0, lockedUntil: null };

/** Locked until exactly `lockedUntil`: at that moment the account opens again. */
export const isLockedOut = (state: LockoutState, now: number): boolean =>
  state.lockedUntil !== null && now < state.lockedUntil;

/**
 * The counting window: failures count from the last success (or reset) and start again once a
 * lock has run out, so a failure after a lock is the first of a new count, never a new lock.
 */
export const failuresInWindow = (state: LockoutState, now: number): number =>
  state.lockedUntil !== null && now >= state.lockedUntil ? 0 : state.failedSignIns;

/**
 * The lock that `failures` wrong passwords in one window put in place at `now`: until
 * now + LOCKOUT_MS from the MAX_FAILED_SIGN_INS-th on (so that failure already answers locked
 * out), none before.
 */
export const lockoutAfterFailure = (failures: number, now: number): number | null =>
  failures >= MAX_FAILED_SIGN_INS ? now + LOCKOUT_MS : null;

/**
 * One more wrong password at `now`. While a lock is in force nothing changes: the password is
 * not even checked then, and guessing on neither extends the lock nor counts.
 */
export const afterFailedSignIn = (state: LockoutState, now: number): LockoutState => {
  if (isLockedOut(state, now)) return state;
  const failedSignIns = failuresInWindow(state, now) + 1;
  return { failedSignIns, lockedUntil: lockoutAfterFailure(failedSignIns, now) };
};

/** A proved password ends the window, unless a lock is in force (then the lock wins). */
export const afterSuccessfulSignIn = (state: LockoutState, now: number): LockoutState =>
  isLockedOut(state, now) ? state : NO_LOCKOUT;

/**
 * Whose lockout it is: one state per account AND client (the address the server counts requests
 * by, server/http/rate-limits.ts). Wrong passwords from one client lock that client out of the
 * account, never the owner signing in from another, so knowing an e-mail is not enough to lock
 * its account; guessing from many clients is bounded by the per-account rate limit instead. The
 * server keeps one row per account and client (no row: NO_LOCKOUT); the book below is the same
 * for one account, in memory.
 */
export type ClientLockouts = ReadonlyMap<string, LockoutState>;

/** The client's state on the account: NO_LOCKOUT when it never failed (or was cleared). */
export const lockoutOfClient = (book: ClientLockouts, client: string): LockoutState =>
  book.get(client) ?? NO_LOCKOUT;

/** The book with the client's new state; a clean state is dropped, as the server deletes it. */
export const withClientLockout = (
  book: ClientLockouts,
  client: string,
  state: LockoutState,
): ClientLockouts => {
  const next = new Map(book);
  if (state.failedSignIns === 0 && state.lockedUntil === null) next.delete(client);
  else next.set(client, state);
  return next;
};

// ---- password-reset codes ----

/** An e-mailed reset code works once, for this long. */
export const RESET_CODE_TTL_MS = 15 * MINUTE;
export const RESET_CODE_TTL_MINUTES = RESET_CODE_TTL_MS / MINUTE;
/** Wrong guesses a reset code survives: the next one after this many finds it worn out. */
export const RESET_CODE_MAX_ATTEMPTS = 5;
/** At most this many reset e-mails per account in any RESET_CODE_WINDOW_MS. */
export const RESET_CODES_PER_WINDOW = 5;
export const RESET_CODE_WINDOW_MS = RESET_CODE_TTL_MS;

export const resetCodeExpiresAt = (issuedAt: number): number => issuedAt + RESET_CODE_TTL_MS;

/** Expired from exactly `expiresAt` on. */
export const isResetCodeExpired = (expiresAt: number, now: number): boolean => now >= expiresAt;

export interface ResetCodeState {
  readonly expiresAt: number;
  readonly failedAttempts: number;
  readonly used: boolean;
}

/** A code can still be tried: not used, not expired, not worn out by wrong guesses. */
export const isResetCodeUsable = (code: ResetCodeState, now: number): boolean =>
  !code.used &&
  !isResetCodeExpired(code.expiresAt, now) &&
  code.failedAttempts < RESET_CODE_MAX_ATTEMPTS;

/** The start of the window whose reset e-mails count against RESET_CODES_PER_WINDOW. */
export const resetCodeWindowStart = (now: number): number => now - RESET_CODE_WINDOW_MS;

/** Whether another code may be sent, given how many were sent since resetCodeWindowStart. */
export const mayIssueResetCode = (issuedInWindow: number): boolean =>
  issuedInWindow < RESET_CODES_PER_WINDOW;

// ---- tokens ----

/** Access tokens (guest and customer) live an hour: `expires_in` of every grant. */
export const ACCESS_TOKEN_TTL_S = HOUR / SECOND;
/** A customer's refresh token (and with it the sign-in session) lives 30 days. */
export const REFRESH_TOKEN_TTL_S = (30 * DAY) / SECOND;
/** The `revalidate_in` every grant carries: the storefront's own revalidation interval. */
export const REVALIDATE_IN_S = REVALIDATE_INTERVAL_MS / SECOND;

export const refreshTokenExpiresAt = (issuedAt: number): number =>
  issuedAt + REFRESH_TOKEN_TTL_S * SECOND;

/** Scopes of a guest token, and of a signed-in customer's (spec §7 identity provider). */
export const GUEST_SCOPES = ['guest'] as const;
export const CUSTOMER_SCOPES = ['mira-session', 'openid', 'offline_access'] as const;

// ---- the identity API's refusal texts (the fakes answer with the same words) ----

/** Wrong password or unknown e-mail: the same answer for both. */
export const AUTHENTICATION_FAILED_SUMMARY = 'Authentication failed';
export const LOCKED_OUT_SUMMARY = `Your account is locked after too many failed sign-ins. Try again in ${LOCKOUT_MINUTES} minutes or reset your password.`;
export const PASSWORD_EXPIRED_SUMMARY = 'Your password has expired. Reset it to sign in.';
/** Change password's `currentPassword` refusals: wrong, or the account is locked. */
export const WRONG_CURRENT_PASSWORD = 'That is not your current password.';
export const CHANGE_PASSWORD_LOCKED = `Too many wrong passwords: your account is locked. Try again in ${LOCKOUT_MINUTES} minutes.`;
/** Change password's `newPassword` refusal when nothing would change. */
export const UNCHANGED_PASSWORD = 'The new password must differ from the current one.';
