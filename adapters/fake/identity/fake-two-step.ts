/**
 * Two-step sign-in for the offline demo (npm run demo) and UI tests, with the server's rules
 * (core/auth/two-step.ts; docs/api.md "Two-step sign-in"): a key per account, codes computed by
 * the same library (`otpauth`) and accepted ±1 step and never twice, ten single-use recovery
 * codes, challenges that last five minutes and are used once, the lock after five wrong codes,
 * and sales associates who must enrol at sign-in. Nothing is sealed or hashed: it all lives in
 * the shopper's tab.
 */
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import {
  TwoStepRejectedError,
  type TwoStepField,
  type TwoStepGateway,
  type TwoStepStatus,
} from '../../../core/account/two-step-settings';
import {
  afterFailedSignIn,
  afterSuccessfulSignIn,
  isLockedOut,
  NO_LOCKOUT,
  type LockoutState,
} from '../../../core/auth/policies';
import type {
  SecondStepAnswer,
  SecondStepProof,
  SecondStepProvider,
  TwoStepEnrolment,
} from '../../../core/auth/second-step';
import type { TokenGrant } from '../../../core/auth/token-lifecycle';
import {
  acceptedStep,
  CHALLENGE_EXPIRED,
  CHALLENGE_TTL_S,
  CODE_WRONG,
  RECOVERY_CODE_COUNT,
  RECOVERY_WRONG,
  recoveryCodeFrom,
  SECOND_STEP_LOCKED,
  timeStepAt,
  TOTP_DIGITS,
  TOTP_ISSUER,
  TOTP_PERIOD_S,
  TOTP_WINDOW,
  TWO_STEP_REQUIRED_FOR_ACCOUNT,
  twoStepRequiredFor,
} from '../../../core/auth/two-step';
import type { Clock } from '../../../core/shared/clock';
import { ApiError, GENERAL_FAILURE_MESSAGE } from '../../http/api-error';

/** What the fake needs of the fake identity provider. */
export interface FakeTwoStepAccount {
  readonly customerId: string;
  readonly email: string;
  readonly persona: string;
}

export interface FakeTwoStepHost<A extends FakeTwoStepAccount> {
  readonly clock: Clock;
  /** The account of the stored customer token (throws as the server answers 401/403). */
  signedInAccount(): A;
  accountById(customerId: string): A | undefined;
  /** The tokens of a completed sign-in. */
  completeSignIn(account: A): TokenGrant;
}

interface KeyState {
  secret: string;
  enabled: boolean;
  lastUsedStep: number | null;
  lockout: LockoutState;
  recovery: { code: string; used: boolean }[];
}

interface Challenge {
  readonly customerId: string;
  readonly purpose: 'verify' | 'enrol';
  readonly expiresAt: number;
  used: boolean;
}

const totpOf = (secret: string, label: string) =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(secret),
  });

const randomBytes = (n: number): Uint8Array => crypto.getRandomValues(new Uint8Array(n));

const newRecoveryCodes = (): string[] => {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) {
    const bytes = randomBytes(32);
    let i = 0;
    codes.add(recoveryCodeFrom(() => bytes[i++ % bytes.length] ?? 0));
  }
  return [...codes];
};

const conflict = (message: string) =>
  new ApiError('conflict', GENERAL_FAILURE_MESSAGE, { status: 409, serverMessage: message });

type Proved = 'ok' | 'wrong' | 'locked';

export class FakeTwoStep<A extends FakeTwoStepAccount>
  implements SecondStepProvider, TwoStepGateway
{
  private readonly keys = new Map<string, KeyState>();
  private readonly challenges = new Map<string, Challenge>();

  constructor(private readonly host: FakeTwoStepHost<A>) {}

  /** For tests and demos: the key of an account (as its authenticator app would hold it). */
  secretOf(customerId: string): string | undefined {
    return this.keys.get(customerId)?.secret;
  }

  forget(customerId: string): void {
    this.keys.delete(customerId);
  }

  /** After a proved password: the challenge of the second step, or null when none is due. */
  afterPassword(
    account: A,
  ): { status: 'MFA_REQUIRED' | 'MFA_ENROLL_REQUIRED'; challenge: string } | null {
    const enabled = this.keys.get(account.customerId)?.enabled === true;
    if (!enabled && !twoStepRequiredFor(account.persona)) return null;
    const challenge = [...randomBytes(24)].map((b) => b.toString(16).padStart(2, '0')).join('');
    this.challenges.set(challenge, {
      customerId: account.customerId,
      purpose: enabled ? 'verify' : 'enrol',
      expiresAt: this.host.clock.now() + CHALLENGE_TTL_S * 1000,
      used: false,
    });
    return { status: enabled ? 'MFA_REQUIRED' : 'MFA_ENROLL_REQUIRED', challenge };
  }

  // ---- the second step of signing in ----

  private live(challenge: string): Challenge | null {
    const found = this.challenges.get(challenge);
    if (found === undefined || found.used || found.expiresAt <= this.host.clock.now()) return null;
    return found;
  }

  async startEnrolment(challenge?: string): Promise<TwoStepEnrolment> {
    if (challenge === undefined) return this.enrol(this.host.signedInAccount());
    const live = this.live(challenge);
    const account = live === null ? undefined : this.host.accountById(live.customerId);
    if (live === null || live.purpose !== 'enrol' || account === undefined) {
      throw new ApiError('badRequest', CHALLENGE_EXPIRED, { status: 400 });
    }
    return this.enrol(account);
  }

  async verify(challenge: string, proof: SecondStepProof): Promise<SecondStepAnswer> {
    const live = this.live(challenge);
    const account = live === null ? undefined : this.host.accountById(live.customerId);
    if (live === null || account === undefined) {
      return { status: 'CHALLENGE_EXPIRED', errorSummary: CHALLENGE_EXPIRED };
    }
    const key = this.keys.get(account.customerId);
    const enrolling = live.purpose === 'enrol';
    const wrong = {
      status: 'CODE_WRONG',
      errorSummary: proof.kind === 'code' ? CODE_WRONG : RECOVERY_WRONG,
    } as const;
    if (key === undefined || key.enabled === enrolling) return wrong;
    if (enrolling && proof.kind !== 'code') return wrong;
    const proved = this.prove(key, proof);
    if (proved === 'locked') {
      live.used = true;
      return { status: 'LOCKED_OUT', errorSummary: SECOND_STEP_LOCKED };
    }
    if (proved === 'wrong') return wrong;
    live.used = true;
    if (!enrolling) return { status: 'SUCCESS', tokens: this.host.completeSignIn(account) };
    key.enabled = true;
    key.recovery = newRecoveryCodes().map((code) => ({ code, used: false }));
    return {
      status: 'SUCCESS',
      tokens: this.host.completeSignIn(account),
      recoveryCodes: key.recovery.map((r) => r.code),
    };
  }

  // ---- account settings ----

  async status(): Promise<TwoStepStatus> {
    const account = this.host.signedInAccount();
    const key = this.keys.get(account.customerId);
    const enabled = key?.enabled === true;
    return {
      enabled,
      required: twoStepRequiredFor(account.persona),
      recoveryCodesLeft: enabled ? (key?.recovery.filter((r) => !r.used).length ?? 0) : 0,
    };
  }

  private async enrol(account: A): Promise<TwoStepEnrolment> {
    const existing = this.keys.get(account.customerId);
    if (existing?.enabled === true) throw conflict('Two-step sign-in is already on.');
    const secret = new Secret({ size: 20 }).base32;
    this.keys.set(account.customerId, {
      secret,
      enabled: false,
      lastUsedStep: null,
      lockout: existing?.lockout ?? NO_LOCKOUT,
      recovery: [],
    });
    const uri = totpOf(secret, account.email).toString();
    const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
    return { secret, uri, qrSvg };
  }

  async confirmEnrolment(code: string): Promise<readonly string[]> {
    const key = this.keys.get(this.host.signedInAccount().customerId);
    if (key === undefined || key.enabled)
      throw conflict('Start setting up two-step sign-in first.');
    this.settle(this.prove(key, { kind: 'code', code }), 'code');
    key.enabled = true;
    key.recovery = newRecoveryCodes().map((c) => ({ code: c, used: false }));
    return key.recovery.map((r) => r.code);
  }

  async disable(field: TwoStepField, code: string): Promise<void> {
    const account = this.host.signedInAccount();
    if (twoStepRequiredFor(account.persona)) {
      throw new ApiError('authentication', GENERAL_FAILURE_MESSAGE, {
        status: 403,
        serverMessage: TWO_STEP_REQUIRED_FOR_ACCOUNT,
      });
    }
    const key = this.keys.get(account.customerId);
    if (key === undefined || !key.enabled) throw conflict('Two-step sign-in is not on.');
    this.settle(this.prove(key, { kind: field === 'code' ? 'code' : 'recovery', code }), field);
    this.keys.delete(account.customerId);
  }

  async regenerateRecoveryCodes(code: string): Promise<readonly string[]> {
    const key = this.keys.get(this.host.signedInAccount().customerId);
    if (key === undefined || !key.enabled) throw conflict('Two-step sign-in is not on.');
    this.settle(this.prove(key, { kind: 'code', code }), 'code');
    key.recovery = newRecoveryCodes().map((c) => ({ code: c, used: false }));
    return key.recovery.map((r) => r.code);
  }

  private settle(proved: Proved, field: TwoStepField): void {
    if (proved === 'ok') return;
    throw new TwoStepRejectedError(
      field,
      proved === 'locked' ? SECOND_STEP_LOCKED : field === 'code' ? CODE_WRONG : RECOVERY_WRONG,
    );
  }

  private prove(key: KeyState, proof: SecondStepProof): Proved {
    const now = this.host.clock.now();
    if (isLockedOut(key.lockout, now)) return 'locked';
    let ok = false;
    if (proof.kind === 'code') {
      const delta = totpOf(key.secret, '').validate({
        token: proof.code,
        timestamp: now,
        window: TOTP_WINDOW,
      });
      const step = acceptedStep(delta, timeStepAt(now), key.lastUsedStep);
      if (step !== null) {
        key.lastUsedStep = step;
        ok = true;
      }
    } else if (key.enabled) {
      const found = key.recovery.find((r) => !r.used && r.code === proof.code);
      if (found !== undefined) {
        found.used = true;
        ok = true;
      }
    }
    key.lockout = ok
      ? afterSuccessfulSignIn(key.lockout, now)
      : afterFailedSignIn(key.lockout, now);
    if (ok) return 'ok';
    return isLockedOut(key.lockout, now) ? 'locked' : 'wrong';
  }
}
