/**
 * The identity side of the offline demo (npm run demo) and UI tests: the pinned demo accounts in
 * memory, sign-up, the user-exists lookup, lockout after repeated failures, forgot/reset password
 * with a one-time code (kept in an in-memory outbox and logged to the console), customer tokens
 * with refresh rotation, and the signed-in customer's change password and delete account with the
 * server's rules (docs/api.md "Identity"). Tokens are unsigned JWT-shaped strings, so the same
 * claims reader works on them; nothing here is secure, and nothing needs to be: it runs in the
 * shopper's tab.
 */
import {
  PasswordChangeRejectedError,
  type ChangePasswordField,
} from '../../../core/account/account-security';
import type { AccountSecurityGateway } from '../../../core/account/ports';
import type { Profile } from '../../../core/account/profile';
import {
  ACCESS_TOKEN_TTL_S,
  afterFailedSignIn,
  afterSuccessfulSignIn,
  AUTHENTICATION_FAILED_SUMMARY,
  CHANGE_PASSWORD_LOCKED,
  CUSTOMER_SCOPES,
  isLockedOut,
  isResetCodeUsable,
  LOCKED_OUT_SUMMARY,
  mayIssueResetCode,
  NO_LOCKOUT,
  PASSWORD_EXPIRED_SUMMARY,
  RESET_CODE_TTL_MINUTES,
  resetCodeExpiresAt,
  resetCodeWindowStart,
  REVALIDATE_IN_S,
  UNCHANGED_PASSWORD,
  WRONG_CURRENT_PASSWORD,
  type LockoutState,
} from '../../../core/auth/policies';
import type {
  Credentials,
  CustomerAccounts,
  CustomerTokenGateway,
  IdentityProvider,
  PasswordReset,
  ResetPasswordResult,
  SignUpForm,
  SignUpResult,
  TokenStore,
} from '../../../core/auth/ports';
import type { ProviderSignInResult } from '../../../core/auth/sign-in-result';
import type { TokenGrant } from '../../../core/auth/token-lifecycle';
import { SECOND, type Clock } from '../../../core/shared/clock';
import { normalizeEmail } from '../../../core/validation/email';
import { validateProfilePassword, validateSignUpPassword } from '../../../core/validation/password';
import type { ChangePasswordRules } from '../../../core/account/account-security';
import { ApiError, GENERAL_FAILURE_MESSAGE } from '../../http/api-error';
import { base64UrlJson, jwtClaims } from '../../http/identity/jwt-payload';
import { FakeTwoStep } from './fake-two-step';

// The lockout, reset-code and token policies and the refusal texts are core's
// (core/auth/policies.ts), the ones the server applies.

export const DEMO_PASSWORD = 'Lavabo-Demo-2026!';

export interface FakeAccount {
  customerId: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  accountType: 'homeowner' | 'professional';
  persona: string;
  businessType?: string;
  businessSubtype?: string;
  /** Failed sign-ins and change-password attempts share it, as on the server. */
  lockout: LockoutState;
  passwordExpired: boolean;
}

/** A customer signed in or signed up, from the guest session `anonymousId` when there was one. */
export interface FakeSignedIn {
  readonly customerId: string;
  readonly email: string;
  readonly anonymousId?: string;
}

export interface FakeOutboxMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly code: string;
  readonly createdAt: number;
}

const DEMO_ACCOUNTS: readonly Omit<FakeAccount, 'lockout' | 'passwordExpired'>[] = [
  {
    customerId: 'demo-homeowner',
    email: 'homeowner@lavabo.test',
    password: DEMO_PASSWORD,
    firstName: 'Harriet',
    lastName: 'Holm',
    accountType: 'homeowner',
    persona: 'GST',
  },
  {
    customerId: 'demo-pro',
    email: 'pro@lavabo.test',
    password: DEMO_PASSWORD,
    firstName: 'Pablo',
    lastName: 'Reyes',
    accountType: 'professional',
    persona: 'TVS',
    businessType: 'Plumber',
    // As the server seeds it (server/identity/demo-accounts.ts).
    businessSubtype: 'Residential',
  },
  {
    customerId: 'demo-associate',
    email: 'associate@lavabo.test',
    password: DEMO_PASSWORD,
    firstName: 'Ada',
    lastName: 'Sorensen',
    accountType: 'homeowner',
    persona: 'KEMP',
  },
];

const refused = (status: 401 | 403, serverMessage: string): ApiError =>
  new ApiError('authentication', GENERAL_FAILURE_MESSAGE, { status, serverMessage });

const rejected = (field: ChangePasswordField, message: string): PasswordChangeRejectedError =>
  new PasswordChangeRejectedError([{ field, message }], `${field}: ${message}`);

export class FakeIdentity
  implements IdentityProvider, CustomerAccounts, CustomerTokenGateway, AccountSecurityGateway
{
  private readonly accounts = new Map<string, FakeAccount>();
  private readonly codes = new Map<
    string,
    { code: string; expiresAt: number; failedAttempts: number }
  >();
  private readonly revokedRefresh = new Set<string>();
  private readonly revokedFamilies = new Set<string>();
  private readonly signedInListeners: ((event: FakeSignedIn) => void)[] = [];
  private counter = 0;
  readonly outbox: FakeOutboxMessage[] = [];
  /** Two-step sign-in (./fake-two-step.ts): the second step and the settings, on these accounts. */
  readonly twoStep: FakeTwoStep<FakeAccount>;

  constructor(
    private readonly clock: Clock,
    private readonly tokens: TokenStore,
    private readonly channel = 'KOUS',
    private readonly log: (message: string) => void = (m) => console.info(m),
    /** The configured profile password rule and messages (spec §5), as the server applies them. */
    private readonly passwordRules: ChangePasswordRules = {},
  ) {
    this.twoStep = new FakeTwoStep<FakeAccount>({
      clock,
      signedInAccount: () => this.signedInAccount(),
      accountById: (customerId) => this.accountById(customerId),
      completeSignIn: (account) => this.completeSignIn(account),
    });
    for (const a of DEMO_ACCOUNTS) {
      this.accounts.set(a.email, {
        ...a,
        lockout: NO_LOCKOUT,
        passwordExpired: false,
      });
    }
  }

  /** For tests and demos: the stored account of an e-mail. */
  account(email: string): FakeAccount | undefined {
    return this.accounts.get(normalizeEmail(email));
  }

  /** The stored account with this customer id (ids are never reused, e-mails may be). */
  accountById(customerId: string): FakeAccount | undefined {
    return [...this.accounts.values()].find((a) => a.customerId === customerId);
  }

  /**
   * A profile save: the account takes the new names and business fields, so the next token
   * issued for it (a refresh) carries them, as on the server, where both read one customer row.
   */
  acceptProfile(
    customerId: string,
    profile: Pick<Profile, 'firstName' | 'lastName' | 'businessType' | 'businessSubtype'>,
  ): void {
    const account = this.accountById(customerId);
    if (account === undefined) return;
    account.firstName = profile.firstName;
    account.lastName = profile.lastName;
    if (profile.businessType === undefined) delete account.businessType;
    else account.businessType = profile.businessType;
    if (profile.businessSubtype === undefined) delete account.businessSubtype;
    else account.businessSubtype = profile.businessSubtype;
  }

  /**
   * Tells `listener` of each sign-in and sign-up, as the server's identity routes tell the orders
   * (guest orders of the bearer's session with the customer's e-mail become the customer's).
   */
  onSignedIn(listener: (event: FakeSignedIn) => void): void {
    this.signedInListeners.push(listener);
  }

  private announceSignedIn(account: FakeAccount): void {
    // The bearer of the call is still the guest token: SignIn stores the customer's after this.
    const stored = this.tokens.load();
    const anonymousId = stored?.anonymous === true ? stored.anonymousId : undefined;
    const event: FakeSignedIn = {
      customerId: account.customerId,
      email: account.email,
      ...(anonymousId === undefined ? {} : { anonymousId }),
    };
    for (const listener of this.signedInListeners) listener(event);
  }

  async signIn(credentials: Credentials): Promise<ProviderSignInResult> {
    const account = this.accounts.get(normalizeEmail(credentials.username));
    const now = this.clock.now();
    const failed = {
      status: 'AUTHENTICATION_FAILED',
      errorSummary: AUTHENTICATION_FAILED_SUMMARY,
    } as const;
    const locked = { status: 'LOCKED_OUT', errorSummary: LOCKED_OUT_SUMMARY } as const;
    if (account === undefined) return failed;
    // While locked the password is not even checked, as on the server.
    if (isLockedOut(account.lockout, now)) return locked;
    if (account.password !== credentials.password) {
      account.lockout = afterFailedSignIn(account.lockout, now);
      return isLockedOut(account.lockout, now) ? locked : failed;
    }
    account.lockout = afterSuccessfulSignIn(account.lockout, now);
    if (account.passwordExpired) {
      return { status: 'PASSWORD_EXPIRED', errorSummary: PASSWORD_EXPIRED_SUMMARY };
    }
    const second = this.twoStep.afterPassword(account);
    if (second !== null) return second;
    return { status: 'SUCCESS', tokens: this.completeSignIn(account) };
  }

  /** The tokens of a new sign-in, after the password or after its second step. */
  private completeSignIn(account: FakeAccount): TokenGrant {
    this.announceSignedIn(account);
    return this.issue(account, `family-${this.next()}`);
  }

  async closeSession(): Promise<void> {
    const stored = this.tokens.load();
    if (stored === null || stored.anonymous) return;
    const payload = jwtClaims(stored.refreshToken);
    if (typeof payload?.jti === 'string') this.revokedRefresh.add(payload.jti);
  }

  async signOut(): Promise<void> {}

  async signUp(form: SignUpForm): Promise<SignUpResult> {
    const email = normalizeEmail(form.email);
    const password = validateSignUpPassword(form.password);
    if (!password.valid) {
      return {
        kind: 'invalid',
        errors: [{ field: 'password', message: password.message ?? '' }],
        message: password.message ?? '',
      };
    }
    const taken = this.accounts.get(email);
    if (taken !== undefined) {
      // As the server: the answer a new e-mail gets, nothing changed, the owner e-mailed.
      const message = {
        to: taken.email,
        subject: 'Someone tried to create a Lavabo account with your e-mail',
        text: 'Someone tried to create a Lavabo account with this e-mail, which already has one.',
        code: '',
        createdAt: this.clock.now(),
      };
      this.outbox.unshift(message);
      this.log(`[demo outbox] to ${message.to}: ${message.text}`);
      return { kind: 'created', email };
    }
    const pro = form.accountType === 'professional';
    const account: FakeAccount = {
      customerId: `fake-customer-${this.next()}`,
      email,
      password: form.password,
      firstName: form.firstName,
      lastName: form.lastName,
      accountType: form.accountType,
      persona: pro ? 'TVS' : 'GST',
      ...(pro && form.businessType !== undefined ? { businessType: form.businessType } : {}),
      ...(pro && form.businessSubtype !== undefined
        ? { businessSubtype: form.businessSubtype }
        : {}),
      lockout: NO_LOCKOUT,
      passwordExpired: false,
    };
    this.accounts.set(email, account);
    this.announceSignedIn(account);
    return { kind: 'created', email };
  }

  /** As the server: the lookup no longer tells whether an account exists. */
  async userExists(_email: string): Promise<boolean> {
    return false;
  }

  async requestPasswordReset(email: string): Promise<void> {
    const account = this.accounts.get(normalizeEmail(email));
    if (account === undefined) return; // no account enumeration: same answer either way
    const createdAt = this.clock.now();
    const windowStart = resetCodeWindowStart(createdAt);
    const sent = this.outbox.filter(
      (m) => m.to === account.email && m.code !== '' && m.createdAt > windowStart,
    );
    if (!mayIssueResetCode(sent.length)) return; // a brake on e-mail floods, as on the server
    const code = String(100_000 + ((this.next() * 7_919 + createdAt) % 900_000));
    this.codes.set(account.email, {
      code,
      expiresAt: resetCodeExpiresAt(createdAt),
      failedAttempts: 0,
    });
    const message = {
      to: account.email,
      subject: 'Your Lavabo password reset code',
      text: `Your code is ${code}. It works once, for ${RESET_CODE_TTL_MINUTES} minutes.`,
      code,
      createdAt,
    };
    this.outbox.unshift(message);
    this.log(`[demo outbox] to ${message.to}: ${message.text}`);
  }

  async resetPassword(reset: PasswordReset): Promise<ResetPasswordResult> {
    const email = normalizeEmail(reset.email);
    const pending = this.codes.get(email);
    const account = this.accounts.get(email);
    const refused = { kind: 'rejected', message: 'The code is wrong or has expired.' } as const;
    if (
      account === undefined ||
      pending === undefined ||
      !isResetCodeUsable({ ...pending, used: false }, this.clock.now())
    ) {
      return refused;
    }
    if (pending.code !== reset.code) {
      pending.failedAttempts += 1; // wrong guesses wear the code out
      return refused;
    }
    const password = validateSignUpPassword(reset.password);
    if (!password.valid) return { kind: 'rejected', message: password.message ?? '' };
    this.codes.delete(email);
    account.password = reset.password;
    account.lockout = NO_LOCKOUT;
    account.passwordExpired = false;
    return { kind: 'reset' };
  }

  /**
   * The profile rule of spec §5, then the current password, as the server checks them: a wrong
   * current password counts toward the sign-in lockout, and while locked nothing is checked.
   */
  async changePassword(currentPassword: string, newPassword: string): Promise<void> {
    const account = this.signedInAccount();
    const now = this.clock.now();
    if (isLockedOut(account.lockout, now))
      throw rejected('currentPassword', CHANGE_PASSWORD_LOCKED);
    const rule = validateProfilePassword(newPassword, {
      owner: { firstName: account.firstName, lastName: account.lastName, email: account.email },
      field: 'newPassword',
      ...this.passwordRules,
    });
    if (!rule.valid) throw rejected('newPassword', rule.message ?? '');
    if (account.password !== currentPassword) {
      account.lockout = afterFailedSignIn(account.lockout, now);
      throw rejected(
        'currentPassword',
        isLockedOut(account.lockout, now) ? CHANGE_PASSWORD_LOCKED : WRONG_CURRENT_PASSWORD,
      );
    }
    if (newPassword === currentPassword) throw rejected('newPassword', UNCHANGED_PASSWORD);
    account.password = newPassword;
    account.passwordExpired = false;
    account.lockout = NO_LOCKOUT;
  }

  /**
   * Forgets the signed-in account: it can no longer sign in, refresh or validate a token, and its
   * e-mail may sign up again, as a new customer id.
   */
  async deleteAccount(): Promise<void> {
    const account = this.signedInAccount();
    this.accounts.delete(account.email);
    this.codes.delete(account.email);
    this.twoStep.forget(account.customerId);
  }

  /** The account of the stored customer token: 403 for a guest, 401 when it is gone. */
  private signedInAccount(): FakeAccount {
    const stored = this.tokens.load();
    if (stored === null || stored.anonymous) {
      throw refused(403, 'Sign in as a customer to do this.');
    }
    const payload = jwtClaims(stored.accessToken);
    const sub = payload?.sub;
    const account = typeof sub === 'string' ? this.accounts.get(sub) : undefined;
    // A token of a deleted account names its customer id, which a new sign-up never reuses.
    if (account === undefined || payload?.customerId !== account.customerId) {
      throw refused(401, 'Invalid JWT.');
    }
    return account;
  }

  async refresh(refreshToken: string): Promise<TokenGrant | null> {
    const payload = jwtClaims(refreshToken);
    const jti = payload?.jti;
    const family = payload?.family;
    const sub = payload?.sub;
    if (typeof jti !== 'string' || typeof family !== 'string' || typeof sub !== 'string') {
      return null;
    }
    if (this.revokedFamilies.has(family)) return null;
    if (this.revokedRefresh.has(jti)) {
      this.revokedFamilies.add(family); // reuse of a rotated token: the whole family goes
      return null;
    }
    const account = this.accounts.get(sub);
    if (account === undefined) return null;
    this.revokedRefresh.add(jti);
    return this.issue(account, family);
  }

  async validate(accessToken: string): Promise<boolean> {
    const payload = jwtClaims(accessToken);
    return (
      payload !== null &&
      payload.token_use === 'access' &&
      typeof payload.exp === 'number' &&
      payload.exp * SECOND > this.clock.now() &&
      typeof payload.sub === 'string' &&
      this.accounts.has(payload.sub)
    );
  }

  private next(): number {
    this.counter += 1;
    return this.counter;
  }

  private issue(account: FakeAccount, family: string): TokenGrant {
    const now = this.clock.now();
    const header = base64UrlJson({ alg: 'none', typ: 'JWT' });
    const exp = Math.floor(now / SECOND) + ACCESS_TOKEN_TTL_S;
    const access = base64UrlJson({
      sub: account.email,
      uid: account.customerId,
      customerId: account.customerId,
      firstName: account.firstName,
      lastName: account.lastName,
      persona: [`${this.channel}:${account.persona}`],
      ...(account.businessType === undefined ? {} : { businessType: account.businessType }),
      isAuth: true,
      scopes: [...CUSTOMER_SCOPES],
      token_use: 'access',
      exp,
      jti: `a-${this.next()}`,
    });
    const refresh = base64UrlJson({
      sub: account.email,
      token_use: 'refresh',
      family,
      jti: `r-${this.next()}`,
    });
    return {
      access_token: `${header}.${access}.fake`,
      refresh_token: `${header}.${refresh}.fake`,
      expires_in: ACCESS_TOKEN_TTL_S,
      revalidate_in: REVALIDATE_IN_S,
      scopes: [...CUSTOMER_SCOPES],
      token_type: 'Bearer',
    };
  }
}
