/** What the auth screens say (spec §8 sign-in outcomes and session timeout; our wording elsewhere). */
export const LOCKED_OUT_MESSAGE =
  'Your account is locked after too many failed sign-in attempts. Please try again later or reset your password.';
export const PASSWORD_EXPIRED_MESSAGE =
  'Your password has expired. Please reset your password to sign in.';
export const SIGN_IN_FAILED_MESSAGE = 'The email or password is incorrect.';
/** Spec §8 Session timeout, verbatim. */
export const SESSION_EXPIRED_MESSAGE = 'Your session is expired.. Please login again...';
export const INACTIVITY_REDIRECT_MESSAGE = 'Redirecting to Home Page due to inactivity';
export const USER_EXISTS_MESSAGE = 'An account with this email already exists. Please sign in.';
/**
 * Sign-up answered, but signing in with the new password did not work: the e-mail most likely
 * has an account already, whose owner the server has just e-mailed (it never says which).
 */
export const NOT_SIGNED_IN_AFTER_SIGN_UP_MESSAGE =
  'We could not sign you in with this email and password. If you already have an account with this email, we have sent you an email: sign in with your password, or reset it with "Forgot password?".';
export const CODE_SENT_MESSAGE =
  'If an account exists for this email, we have sent it a 6-digit code. It is valid for 15 minutes.';
export const PASSWORD_RESET_MESSAGE = 'Your password has been reset. Please sign in.';
export const REQUIRED_MESSAGE = 'This field is required';

/** Business types offered on the pro sign-up when configuration lists none. */
export const DEFAULT_BUSINESS_TYPES: readonly string[] = [
  'Plumber',
  'Contractor',
  'Designer',
  'Builder',
  'Architect',
  'Retailer',
  'Other',
];
/** Spec §8 General failure. */
export const GENERAL_FAILURE_MESSAGE = 'Something went wrong. Please try again...';
