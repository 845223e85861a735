/**
 * Identity (docs/api.md "Identity"): sign-up and the user-exists lookup (neither tells whether an
 * e-mail has an account), credential sign-in with a lockout per account and client that expires
 * and expired passwords, refresh-token rotation with reuse detection,
 * sign-out, forgot/reset password by an e-mailed one-time code, change password (wrong current
 * passwords count toward the same lockout; other sessions are signed out).
 *
 * Access tokens stay stateless (verified by signature alone, valid until they expire); customer
 * refresh tokens are recorded so they can be rotated and revoked. The clock is injectable so the
 * time rules are tested without waiting.
 */
import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { GUEST_PERSONA, PROFESSIONAL_PERSONA } from '../../core/account/persona';
import {
  AUTHENTICATION_FAILED_SUMMARY,
  CHANGE_PASSWORD_LOCKED,
  afterFailedSignIn,
  afterSuccessfulSignIn,
  isLockedOut,
  isResetCodeUsable,
  LOCKED_OUT_SUMMARY,
  mayIssueResetCode,
  PASSWORD_EXPIRED_SUMMARY,
  refreshTokenExpiresAt,
  RESET_CODE_TTL_MINUTES,
  resetCodeExpiresAt,
  resetCodeWindowStart,
  UNCHANGED_PASSWORD,
  WRONG_CURRENT_PASSWORD,
} from '../../core/auth/policies';
import type { Clock } from '../../core/shared/clock';
import { validateProfilePassword, validateSignUpPassword } from '../../core/validation/password';
import { SERVER_PASSWORD_RULES } from '../api/configuration';
import {
  CUSTOMER_SCOPES,
  InvalidTokenError,
  type AccessClaims,
  type RefreshClaims,
  type TokenGrantBody,
  type TokenService,
} from '../auth/tokens';
import { forgetSessions } from '../auth/session-liveness';
import type { Database, Queryable } from '../db/database';
import { ApiError, INVALID_JWT } from '../http/errors';
import { deleteCustomerAccount } from './account-deletion';
import * as repo from './customer-repository';
import type { CustomerRecord } from './customer-repository';
import { invalidField } from './field-errors';
import { writeOutbox, type OutboxLog } from './outbox';
import { burnPasswordCheck, hashPassword, verifyPassword } from './password-hash';
import type { AccountType, SignUpInput } from './signup-input';

// The lockout, reset-code and token policies and the refusal texts are core's
// (core/auth/policies.ts): the offline demo's FakeIdentity applies the same ones.
export {
  AUTHENTICATION_FAILED_SUMMARY,
  CHANGE_PASSWORD_LOCKED,
  LOCKED_OUT_SUMMARY,
  PASSWORD_EXPIRED_SUMMARY,
  WRONG_CURRENT_PASSWORD,
};
export const RESET_EMAIL_SUBJECT = 'Your Lavabo password reset code';

/** Who signed in, for what the API layer does next (not part of the answer body). */
export interface SignedInCustomer {
  readonly id: string;
  readonly email: string;
}

export type SignInAnswer =
  | {
      readonly status: 'SUCCESS';
      readonly tokens: TokenGrantBody;
      readonly customer: SignedInCustomer;
    }
  | { readonly status: 'LOCKED_OUT'; readonly errorSummary: string }
  | { readonly status: 'PASSWORD_EXPIRED'; readonly errorSummary: string }
  | { readonly status: 'AUTHENTICATION_FAILED'; readonly errorSummary: string }
  /** Two-step sign-in (./two-step.ts): the password is right, a second step is due. */
  | { readonly status: 'MFA_REQUIRED' | 'MFA_ENROLL_REQUIRED'; readonly challenge: string };

/** What decides, once the password is proved, whether a second step comes first (./two-step.ts). */
export interface SecondStepGate {
  afterPassword(
    customer: CustomerRecord,
    context: SignInContext,
  ): Promise<{ status: 'MFA_REQUIRED' | 'MFA_ENROLL_REQUIRED'; challenge: string } | null>;
}

/** Where the sign-in comes from: the bearer token's channel and guest id. */
export interface SignInContext {
  readonly channel: string;
  readonly anonymousId?: string;
  /**
   * The client as the rate limits count it (its IP): the lockout is per account and client, so
   * wrong passwords from one client never lock the owner out from another. '' when unknown.
   */
  readonly client?: string;
}

/**
 * What sign-up did. The API answers both alike, so sign-up never tells whether an e-mail has an
 * account: `created` is null when the e-mail was taken (its owner was sent an e-mail instead).
 */
export interface SignUpOutcome {
  readonly email: string;
  readonly created: { readonly customerId: string; readonly email: string } | null;
}

export const SIGN_UP_TAKEN_SUBJECT = 'Someone tried to create a Lavabo account with your e-mail';

export interface IdentityOptions {
  readonly clock?: Clock;
  /** Announces each outbox message (the server log). */
  readonly log?: OutboxLog;
  /** Two-step sign-in: without it every proved password gets tokens. */
  readonly secondStep?: SecondStepGate;
}

/** The persona code of a new account: TVS for professionals, GST for homeowners. */
export const personaFor = (accountType: AccountType): string =>
  accountType === 'professional' ? PROFESSIONAL_PERSONA : GUEST_PERSONA;

/** The access-token claims of a signed-in customer (spec §3). */
export const customerClaims = (customer: CustomerRecord, context: SignInContext): AccessClaims => ({
  sub: customer.email,
  uid: customer.uid,
  customerId: customer.id,
  firstName: customer.firstName,
  lastName: customer.lastName,
  persona: [`${context.channel}:${customer.persona}`],
  ...(customer.businessType === null ? {} : { businessType: customer.businessType }),
  channel: context.channel,
  scopes: [...CUSTOMER_SCOPES],
  isAuth: true,
  ...(context.anonymousId === undefined ? {} : { anonymousId: context.anonymousId }),
});

const hashCode = (customerId: string, code: string): string =>
  createHash('sha256').update(`${customerId}:${code}`).digest('base64url');

const sameText = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const systemClock: Clock = { now: () => Date.now() };

export class IdentityService {
  private readonly clock: Clock;
  private readonly log: OutboxLog;
  private readonly secondStep: SecondStepGate | undefined;

  constructor(
    private readonly db: Database,
    private readonly tokens: TokenService,
    options: IdentityOptions = {},
  ) {
    this.clock = options.clock ?? systemClock;
    this.log = options.log ?? (() => undefined);
    this.secondStep = options.secondStep;
  }

  private now(): Date {
    return new Date(this.clock.now());
  }

  /**
   * A new account, or, when the e-mail is taken, an e-mail to its owner: the answer and the work
   * are the same either way (the password is hashed in both), so sign-up does not tell whether an
   * account exists. Two sign-ups with one e-mail at once: the second finds the row written
   * meanwhile and mails the owner.
   */
  async signUp(input: SignUpInput): Promise<SignUpOutcome> {
    const id = randomUUID();
    const passwordHash = await hashPassword(input.password);
    const inserted = await repo.insertCustomer(this.db, {
      id,
      uid: randomUUID(),
      email: input.email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      accountType: input.accountType,
      persona: personaFor(input.accountType),
      businessType: input.businessType,
      businessSubtype: input.businessSubtype,
      phone: input.phone,
      zipCode: input.zipCode,
      newsletter: input.newsletter,
      passwordChangedAt: this.now(),
      passwordExpiresAt: null,
    });
    if (inserted) return { email: input.email, created: { customerId: id, email: input.email } };
    await this.tellOwnerOfSignUp(input.email);
    return { email: input.email, created: null };
  }

  /** The e-mail a taken address's owner gets when someone signs up with it. */
  private async tellOwnerOfSignUp(email: string): Promise<void> {
    const customer = await repo.findCustomerByEmail(this.db, email);
    if (customer === null) return;
    const message = {
      to: customer.email,
      subject: SIGN_UP_TAKEN_SUBJECT,
      text: [
        `Hello ${customer.firstName},`,
        '',
        'Someone just tried to create a Lavabo account with this e-mail address, which already has one.',
        'If it was you, sign in with your password, or reset it from "Forgot password" if you have forgotten it.',
        'If it was not you, you can ignore this e-mail: nothing was changed.',
      ].join('\n'),
    };
    await writeOutbox(this.db, message, this.now());
    this.log(message);
  }

  /**
   * Spec §7's user-exists lookup, kept for its callers, no longer tells: false for every e-mail
   * (an answer that differed would let anyone list the shop's customers). Sign-up answers alike
   * for a taken e-mail and mails its owner.
   */
  lookup(_email: string): Promise<boolean> {
    return Promise.resolve(false);
  }

  customer(id: string): Promise<CustomerRecord | null> {
    return repo.findCustomerById(this.db, id);
  }

  async signIn(email: string, password: string, context: SignInContext): Promise<SignInAnswer> {
    const customer = await repo.findCustomerByEmail(this.db, email);
    if (customer === null) {
      await burnPasswordCheck(password);
      return { status: 'AUTHENTICATION_FAILED', errorSummary: AUTHENTICATION_FAILED_SUMMARY };
    }
    const now = this.now();
    const client = context.client ?? '';
    const locked = { status: 'LOCKED_OUT', errorSummary: LOCKED_OUT_SUMMARY } as const;
    // While this client is locked out the password is not even checked: guessing on gains
    // nothing. It still costs the KDF's time, so the answer's time does not tell it apart.
    if (isLockedOut(await repo.lockoutState(this.db, customer.id, client), now.getTime())) {
      await burnPasswordCheck(password);
      return locked;
    }

    if (!(await verifyPassword(password, customer.passwordHash))) {
      return (await this.failedPassword(customer.id, client, now))
        ? locked
        : { status: 'AUTHENTICATION_FAILED', errorSummary: AUTHENTICATION_FAILED_SUMMARY };
    }
    // A concurrent wrong guess may have locked this client out meanwhile: the lock wins.
    if (!(await this.passwordProved(customer.id, client, now))) return locked;
    if (customer.passwordExpiresAt !== null && customer.passwordExpiresAt <= now) {
      return { status: 'PASSWORD_EXPIRED', errorSummary: PASSWORD_EXPIRED_SUMMARY };
    }
    const second = await this.secondStep?.afterPassword(customer, context);
    if (second !== undefined && second !== null) return second;
    return this.completeSignIn(customer, context);
  }

  /** Tokens of a new sign-in session: after the password, or after its second step. */
  async completeSignIn(
    customer: CustomerRecord,
    context: SignInContext,
  ): Promise<Extract<SignInAnswer, { status: 'SUCCESS' }>> {
    const tokens = await this.issue(this.db, customer, context, randomUUID(), randomUUID());
    return { status: 'SUCCESS', tokens, customer: { id: customer.id, email: customer.email } };
  }

  private async issue(
    db: Queryable,
    customer: CustomerRecord,
    context: SignInContext,
    tokenId: string,
    familyId: string,
  ): Promise<TokenGrantBody> {
    const now = this.now();
    await repo.insertRefreshToken(db, {
      id: tokenId,
      familyId,
      customerId: customer.id,
      issuedAt: now,
      expiresAt: new Date(refreshTokenExpiresAt(now.getTime())),
    });
    return this.tokens.issue(customerClaims(customer, context), {
      tokenId,
      familyId,
      customerId: customer.id,
    });
  }

  /**
   * A new token pair for a refresh token. Customer tokens rotate: the presented one is revoked;
   * presenting a revoked one again revokes its whole family (a stolen token is useless once either
   * side has used it). Guest refresh tokens are not recorded: they give a new guest token for the
   * same guest. Throws InvalidTokenError for anything that cannot be honoured.
   */
  async refresh(refreshToken: string): Promise<TokenGrantBody> {
    const claims = await this.tokens.verifyRefresh(refreshToken);
    if (claims.customerId === undefined) {
      if (claims.anonymousId === undefined) throw new InvalidTokenError('no subject');
      return this.tokens.issueGuest(claims.channel, claims.anonymousId);
    }
    const { customerId, familyId } = claims;
    if (familyId === undefined) throw new InvalidTokenError('no token family');
    const now = this.now();
    const nextId = randomUUID();
    const grant = await this.db.transaction(async (tx) => {
      if (!(await repo.rotateRefreshToken(tx, claims.tokenId, customerId, nextId, now))) {
        await repo.revokeFamily(tx, familyId, 'reuse', now);
        return null;
      }
      const customer = await repo.findCustomerById(tx, customerId);
      if (customer === null) return null;
      const context: SignInContext = {
        channel: claims.channel,
        ...(claims.anonymousId === undefined ? {} : { anonymousId: claims.anonymousId }),
      };
      return this.issue(tx, customer, context, nextId, familyId);
    });
    if (grant === null) {
      forgetSessions(customerId);
      throw new InvalidTokenError('refresh token revoked');
    }
    return grant;
  }

  /** Ends the session the refresh token belongs to (its whole family). Idempotent. */
  async signOut(refreshToken: string): Promise<void> {
    let claims: RefreshClaims;
    try {
      claims = await this.tokens.verifyRefresh(refreshToken);
    } catch (error) {
      if (error instanceof InvalidTokenError) return;
      throw error;
    }
    const { familyId, customerId } = claims;
    if (familyId === undefined) return;
    await repo.revokeFamily(this.db, familyId, 'signout', this.now());
    if (customerId !== undefined) forgetSessions(customerId);
  }

  /**
   * Writes a six-digit one-time code to the outbox when the account exists; silent otherwise, so
   * the answer never tells whether an e-mail has an account.
   */
  async forgotPassword(email: string): Promise<void> {
    const customer = await repo.findCustomerByEmail(this.db, email);
    if (customer === null) return;
    const now = this.now();
    const windowStart = new Date(resetCodeWindowStart(now.getTime()));
    if (!mayIssueResetCode(await repo.countResetCodesSince(this.db, customer.id, windowStart))) {
      return;
    }
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const message = {
      to: customer.email,
      subject: RESET_EMAIL_SUBJECT,
      text: [
        `Hello ${customer.firstName},`,
        '',
        `Your Lavabo password reset code is ${code}.`,
        `It works once, for ${RESET_CODE_TTL_MINUTES} minutes.`,
        '',
        'If you did not ask to reset your password, you can ignore this e-mail.',
      ].join('\n'),
    };
    await this.db.transaction(async (tx) => {
      await repo.insertResetCode(
        tx,
        customer.id,
        hashCode(customer.id, code),
        now,
        new Date(resetCodeExpiresAt(now.getTime())),
      );
      await writeOutbox(tx, message, now);
    });
    this.log(message);
  }

  /**
   * A new password with the e-mailed code: 400 naming `password` when it breaks the sign-up rule,
   * `code` when the code is wrong, used, expired or worn out (also for an unknown e-mail). Clears
   * lockout and expiry, and signs out every session.
   */
  async resetPassword(email: string, code: string, password: string): Promise<void> {
    const rule = validateSignUpPassword(password);
    if (!rule.valid) throw invalidField('password', rule.message ?? 'is too weak');
    const badCode = invalidField('code', 'is wrong or has expired');
    if (!/^\d{6}$/.test(code)) throw badCode;
    const customer = await repo.findCustomerByEmail(this.db, email);
    // An unknown e-mail costs the KDF too: the answer's time does not tell whether it has an account.
    if (customer === null) {
      await burnPasswordCheck(password);
      throw badCode;
    }
    const passwordHash = await hashPassword(password);
    const now = this.now();
    const done = await this.db.transaction(async (tx) => {
      const live = await repo.latestUnusedResetCode(tx, customer.id);
      const usable =
        live !== null &&
        isResetCodeUsable(
          { expiresAt: live.expiresAt.getTime(), failedAttempts: live.failedAttempts, used: false },
          now.getTime(),
        );
      if (!usable) return false;
      if (!sameText(live.codeHash, hashCode(customer.id, code))) {
        await repo.countResetCodeFailure(tx, live.id);
        return false;
      }
      await repo.useResetCode(tx, live.id, now);
      await repo.setPassword(tx, customer.id, passwordHash, now);
      await repo.revokeCustomerTokens(tx, customer.id, 'password', now);
      return true;
    });
    if (!done) throw badCode;
    forgetSessions(customer.id);
  }

  /**
   * The signed-in customer's new password (the profile rule of spec §5): 400 naming
   * `currentPassword` when it is wrong, `newPassword` when the rule fails or nothing changes.
   * A wrong current password is a failed sign-in: it counts toward the same lockout, and while the
   * account is locked the answer is CHANGE_PASSWORD_LOCKED on `currentPassword` whatever was
   * typed. On success every other session is signed out (its refresh tokens revoked, in the
   * password write's transaction); `sessionId`, the caller's own refresh family, stays signed in.
   */
  async changePassword(
    customerId: string,
    currentPassword: string,
    newPassword: string,
    sessionId?: string,
    client = '',
  ): Promise<void> {
    const customer = await repo.findCustomerById(this.db, customerId);
    if (customer === null) throw new ApiError(401, INVALID_JWT);
    const now = this.now();
    const locked = invalidField('currentPassword', CHANGE_PASSWORD_LOCKED);
    // While locked the password is not even checked, as at sign-in.
    if (isLockedOut(await repo.lockoutState(this.db, customer.id, client), now.getTime())) {
      throw locked;
    }
    const rule = validateProfilePassword(newPassword, {
      owner: { firstName: customer.firstName, lastName: customer.lastName, email: customer.email },
      field: 'newPassword',
      // The configured rule and its messages, as the change-password form checks them.
      ...SERVER_PASSWORD_RULES,
    });
    if (!rule.valid) throw invalidField('newPassword', rule.message ?? 'is too weak');
    if (!(await verifyPassword(currentPassword, customer.passwordHash))) {
      throw (await this.failedPassword(customer.id, client, now))
        ? locked
        : invalidField('currentPassword', WRONG_CURRENT_PASSWORD);
    }
    if (newPassword === currentPassword) {
      throw invalidField('newPassword', UNCHANGED_PASSWORD);
    }
    const passwordHash = await hashPassword(newPassword);
    const changed = await this.db.transaction(async (tx) => {
      const state = await repo.lockoutStateForUpdate(tx, customer.id, client);
      if (state === null || isLockedOut(state, now.getTime())) return false;
      await repo.setPassword(tx, customer.id, passwordHash, now);
      await repo.revokeCustomerTokens(tx, customer.id, 'password', now, sessionId ?? null);
      return true;
    });
    // A concurrent wrong guess locked the account meanwhile: the lock wins.
    if (!changed) throw locked;
    forgetSessions(customer.id);
  }

  /**
   * Counts a wrong password from `client` toward its lockout on the account (sign-in and change
   * password share the count) with core's rule, the account's row locked meanwhile so concurrent
   * guesses count one by one; true when this client is locked out now.
   */
  private failedPassword(customerId: string, client: string, now: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const state = await repo.lockoutStateForUpdate(tx, customerId, client);
      if (state === null) return false;
      const next = afterFailedSignIn(state, now.getTime());
      await repo.saveLockoutState(tx, customerId, client, next);
      return isLockedOut(next, now.getTime());
    });
  }

  /**
   * A proved password ends this client's counting window, unless a concurrent wrong guess locked
   * it out meanwhile (then false: the lock wins).
   */
  private passwordProved(customerId: string, client: string, now: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const state = await repo.lockoutStateForUpdate(tx, customerId, client);
      if (state === null) return false;
      const next = afterSuccessfulSignIn(state, now.getTime());
      if (isLockedOut(next, now.getTime())) return false;
      // The usual sign-in has nothing to clear: no write.
      if (state.failedSignIns !== 0 || state.lockedUntil !== null) {
        await repo.saveLockoutState(tx, customerId, client, next);
      }
      return true;
    });
  }

  /**
   * Deletes the signed-in customer's account in one transaction (./account-deletion.ts: what goes,
   * what the books keep). 401 'Invalid JWT.' when the account is already gone, as for every
   * customer call with a token that outlived its account.
   */
  async deleteAccount(customerId: string): Promise<void> {
    const deleted = await this.db.transaction((tx) => deleteCustomerAccount(tx, customerId));
    forgetSessions(customerId);
    if (!deleted) throw new ApiError(401, INVALID_JWT);
  }
}
