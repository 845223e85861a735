/**
 * Two-step sign-in (spec §1 "multi-factor authenticators"; docs/api.md "Two-step sign-in"): the
 * rules the server and the offline demo's fake share. A time-based code (RFC 6238: six digits,
 * 30-second steps) is accepted one step either side of now, and only once: a code whose step is
 * not later than the last step used is a replay. Ten recovery codes, each good for one sign-in.
 * Sales associates (persona KEMP) must use two-step sign-in. The HMAC itself is a library's
 * (`otpauth`), in the adapters and the server.
 */
import { isAssociate } from '../account/persona';

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_S = 30;
/** Steps either side of now that are still accepted (clock drift, a code typed as it changed). */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** A recovery code: two groups of five from an alphabet without look-alikes (no 0/O, 1/I/L). */
export const RECOVERY_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const RECOVERY_CODE_GROUP = 5;
/** Wrong codes in a row (any challenge) before the second step locks, as passwords do. */
export const MAX_SECOND_STEP_FAILURES = 5;
/** How long the password step's answer (the challenge) may be used for the second step. */
export const CHALLENGE_TTL_S = 5 * 60;

/** The issuer shown in authenticator apps. */
export const TOTP_ISSUER = 'Lavabo';

// ---- The shopper's words ----
export const VERIFICATION_CODE_LABEL = 'Verification code';
export const RECOVERY_CODE_LABEL = 'Recovery code';
export const CODE_REQUIRED = 'Enter the 6-digit code from your authenticator app.';
export const CODE_SHAPE = 'The verification code is 6 digits.';
export const CODE_WRONG =
  'That code is not right or has expired. Enter the newest code from your app.';
export const RECOVERY_REQUIRED = 'Enter one of your recovery codes.';
export const RECOVERY_SHAPE = 'A recovery code is 10 letters and digits, like ABCDE-23456.';
export const RECOVERY_WRONG = 'That recovery code is not right or has been used.';
export const SECOND_STEP_LOCKED =
  'Too many wrong codes: two-step sign-in is locked for 15 minutes. Try again later.';
export const CHALLENGE_EXPIRED = 'Your sign-in took too long. Enter your email and password again.';
export const TWO_STEP_REQUIRED_FOR_ACCOUNT =
  'Sales associate accounts must keep two-step sign-in on.';

/** The 30-second step a moment (ms since the epoch) falls in. */
export const timeStepAt = (nowMs: number): number => Math.floor(nowMs / 1000 / TOTP_PERIOD_S);

/**
 * Whether a code that matched at `delta` steps from now may be used: within the window, and later
 * than the last step used (`lastUsedStep`, null before the first use). Answers the step to record.
 */
export const acceptedStep = (
  delta: number | null,
  currentStep: number,
  lastUsedStep: number | null,
): number | null => {
  if (delta === null || !Number.isInteger(delta) || Math.abs(delta) > TOTP_WINDOW) return null;
  const step = currentStep + delta;
  return lastUsedStep !== null && step <= lastUsedStep ? null : step;
};

/** Spaces and dashes people type or paste between groups are not part of a code. */
const stripSeparators = (input: string): string => input.replace(/[\s-]+/g, '');

export type CodeCheck =
  | { readonly valid: true; readonly code: string }
  | { readonly valid: false; readonly message: string };

/** A typed verification code: six digits once spaces and dashes are taken out. */
export const checkVerificationCode = (input: string): CodeCheck => {
  const code = stripSeparators(input);
  if (code === '') return { valid: false, message: CODE_REQUIRED };
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) return { valid: false, message: CODE_SHAPE };
  return { valid: true, code };
};

const RECOVERY_PATTERN = new RegExp(`^[${RECOVERY_CODE_ALPHABET}]{${RECOVERY_CODE_GROUP * 2}}$`);

/**
 * A typed recovery code in its one written form (upper case, `ABCDE-23456`): case, spaces and
 * dashes do not matter.
 */
export const checkRecoveryCode = (input: string): CodeCheck => {
  const bare = stripSeparators(input).toUpperCase();
  if (bare === '') return { valid: false, message: RECOVERY_REQUIRED };
  if (!RECOVERY_PATTERN.test(bare)) return { valid: false, message: RECOVERY_SHAPE };
  return { valid: true, code: formatRecoveryCode(bare) };
};

/** `ABCDE23456` → `ABCDE-23456`. */
export const formatRecoveryCode = (bare: string): string =>
  `${bare.slice(0, RECOVERY_CODE_GROUP)}-${bare.slice(RECOVERY_CODE_GROUP)}`;

/**
 * A recovery code from random bytes (one byte per character; the caller supplies a CSPRNG's).
 * Bytes are drawn by rejection so every character is equally likely.
 */
export const recoveryCodeFrom = (nextByte: () => number): string => {
  const size = RECOVERY_CODE_ALPHABET.length;
  const limit = 256 - (256 % size);
  let bare = '';
  while (bare.length < RECOVERY_CODE_GROUP * 2) {
    const byte = nextByte();
    if (byte < limit) bare += RECOVERY_CODE_ALPHABET[byte % size];
  }
  return formatRecoveryCode(bare);
};

export interface RecoveryCodeState {
  readonly used: boolean;
}

/** How many recovery codes are left to use. */
export const recoveryCodesLeft = (codes: readonly RecoveryCodeState[]): number =>
  codes.filter((c) => !c.used).length;

/** Sales associates (persona code KEMP) may not sign in, nor stay, without two-step sign-in. */
export const twoStepRequiredFor = (persona: string): boolean => isAssociate(persona);

/** The key of an authenticator app's entry (otpauth URI), read in groups of four. */
export const groupSecret = (secret: string): string => secret.replace(/(.{4})(?=.)/g, '$1 ');
