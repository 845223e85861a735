/**
 * Two-step sign-in (docs/api.md "Two-step sign-in"; core/auth/two-step.ts has the rules): an
 * authenticator key per customer, sealed at rest and never sent again once enrolment is confirmed;
 * ten single-use recovery codes, kept as hashes; the password step's challenge (a random token,
 * kept as a hash, five minutes, used once) for the second step. Wrong codes count toward a lock of
 * the second step (five in a row: 15 minutes, core's lockout rule), wherever they are typed.
 * Sales associates must use it: their password step asks them to enrol before any token.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  afterFailedSignIn,
  afterSuccessfulSignIn,
  isLockedOut,
  type LockoutState,
} from '../../core/auth/policies';
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
  TWO_STEP_REQUIRED_FOR_ACCOUNT,
  twoStepRequiredFor,
} from '../../core/auth/two-step';
import type { Clock } from '../../core/shared/clock';
import type { Database, Queryable } from '../db/database';
import { ApiError } from '../http/errors';
import type { CustomerRecord } from './customer-repository';
import { findCustomerById } from './customer-repository';
import { invalidField } from './field-errors';
import type { SecretBox } from './secret-box';
import { newTotpSecret, qrSvg, totpDelta, totpUri } from './totp';

export interface TwoStepEnrolment {
  readonly secret: string;
  readonly uri: string;
  readonly qrSvg: string;
}

export interface TwoStepStatus {
  readonly enabled: boolean;
  readonly required: boolean;
  readonly recoveryCodesLeft: number;
}

/** What proves the second step: a current code, or one unused recovery code. */
export type Proof = { readonly kind: 'code' | 'recovery'; readonly code: string };

/** The guest session the password step came from, for the customer's tokens. */
export interface ChallengeContext {
  readonly channel: string;
  readonly anonymousId?: string;
}

export type PasswordStepAnswer = {
  readonly status: 'MFA_REQUIRED' | 'MFA_ENROLL_REQUIRED';
  readonly challenge: string;
};

export type SecondStepAnswer =
  | {
      readonly status: 'SUCCESS';
      readonly customer: CustomerRecord;
      readonly context: ChallengeContext;
      readonly recoveryCodes?: readonly string[];
    }
  | {
      readonly status: 'CODE_WRONG' | 'CHALLENGE_EXPIRED' | 'LOCKED_OUT';
      readonly errorSummary: string;
    };

interface TwoStepRow {
  sealed_secret: string;
  enabled_at: Date | string | null;
  last_used_step: string | number | null;
  failed_codes: number;
  locked_until: Date | string | null;
}

type ProofResult = 'ok' | 'wrong' | 'locked' | 'none';

const sha256 = (text: string): string => createHash('sha256').update(text).digest('base64url');
const recoveryHash = (customerId: string, code: string): string => sha256(`${customerId}:${code}`);

const newRecoveryCodes = (): string[] => {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) {
    const bytes = randomBytes(32);
    let i = 0;
    codes.add(recoveryCodeFrom(() => bytes[i++ % bytes.length] ?? 0));
  }
  return [...codes];
};

const lockoutOf = (row: TwoStepRow): LockoutState => ({
  failedSignIns: row.failed_codes,
  lockedUntil: row.locked_until === null ? null : new Date(row.locked_until).getTime(),
});

const conflict = (code: string, message: string) => new ApiError(409, message, [{ code }]);

export const NOT_ENROLLING = 'Start setting up two-step sign-in first.';
export const ALREADY_ON = 'Two-step sign-in is already on.';
export const NOT_ON = 'Two-step sign-in is not on.';

export class TwoStepService {
  private readonly clock: Clock;

  constructor(
    private readonly db: Database,
    private readonly box: SecretBox,
    options: { readonly clock?: Clock } = {},
  ) {
    this.clock = options.clock ?? { now: () => Date.now() };
  }

  private async row(db: Queryable, customerId: string, lock = false): Promise<TwoStepRow | null> {
    const result = await db.query<TwoStepRow>(
      `SELECT sealed_secret, enabled_at, last_used_step, failed_codes, locked_until
         FROM two_step WHERE customer_id = $1${lock ? ' FOR UPDATE' : ''}`,
      [customerId],
    );
    return result.rows[0] ?? null;
  }

  // ---- account settings ----

  async status(customer: CustomerRecord): Promise<TwoStepStatus> {
    const row = await this.row(this.db, customer.id);
    const enabled = row !== null && row.enabled_at !== null;
    const left = enabled
      ? await this.db.query<{ n: number | string }>(
          'SELECT count(*) AS n FROM two_step_recovery_codes WHERE customer_id = $1 AND used_at IS NULL',
          [customer.id],
        )
      : null;
    return {
      enabled,
      required: twoStepRequiredFor(customer.persona),
      recoveryCodesLeft: Number(left?.rows[0]?.n ?? 0),
    };
  }

  /** A new key for the customer's app (replacing one not yet confirmed); 409 once it is on. */
  async startEnrolment(customer: CustomerRecord): Promise<TwoStepEnrolment> {
    const secret = newTotpSecret();
    const result = await this.db.query(
      `INSERT INTO two_step (customer_id, sealed_secret, started_at) VALUES ($1, $2, $3)
       ON CONFLICT (customer_id) DO UPDATE
         SET sealed_secret = EXCLUDED.sealed_secret, started_at = EXCLUDED.started_at,
             last_used_step = NULL
         WHERE two_step.enabled_at IS NULL`,
      [customer.id, this.box.seal(secret), new Date(this.clock.now())],
    );
    if (result.rowCount === 0) throw conflict('TwoStepAlreadyOn', ALREADY_ON);
    const uri = totpUri(secret, customer.email);
    return { secret, uri, qrSvg: await qrSvg(uri) };
  }

  /** Turns two-step sign-in on with a current code of the new key: the ten recovery codes. */
  async confirmEnrolment(customerId: string, code: string): Promise<string[]> {
    const outcome = await this.db.transaction(async (tx) => {
      const row = await this.row(tx, customerId, true);
      if (row === null || row.enabled_at !== null) return 'none' as const;
      const proved = await this.prove(tx, customerId, row, { kind: 'code', code });
      if (proved !== 'ok') return proved;
      await tx.query('UPDATE two_step SET enabled_at = $2 WHERE customer_id = $1', [
        customerId,
        new Date(this.clock.now()),
      ]);
      return this.replaceRecoveryCodes(tx, customerId);
    });
    return this.settled(outcome, 'code');
  }

  /** Turns it off with a current code or a recovery code; 403 for accounts that must keep it. */
  async disable(customer: CustomerRecord, proof: Proof): Promise<void> {
    if (twoStepRequiredFor(customer.persona)) {
      throw new ApiError(403, TWO_STEP_REQUIRED_FOR_ACCOUNT, [{ code: 'TwoStepRequired' }]);
    }
    const outcome = await this.db.transaction(async (tx) => {
      const row = await this.row(tx, customer.id, true);
      if (row === null || row.enabled_at === null) return 'off' as const;
      const proved = await this.prove(tx, customer.id, row, proof);
      if (proved !== 'ok') return proved;
      await tx.query('DELETE FROM two_step_recovery_codes WHERE customer_id = $1', [customer.id]);
      await tx.query('DELETE FROM two_step WHERE customer_id = $1', [customer.id]);
      return [];
    });
    if (outcome === 'off') throw conflict('TwoStepOff', NOT_ON);
    this.settled(outcome, proof.kind === 'code' ? 'code' : 'recoveryCode');
  }

  /** Ten new recovery codes in place of the old ones, with a current code. */
  async regenerateRecoveryCodes(customerId: string, code: string): Promise<string[]> {
    const outcome = await this.db.transaction(async (tx) => {
      const row = await this.row(tx, customerId, true);
      if (row === null || row.enabled_at === null) return 'off' as const;
      const proved = await this.prove(tx, customerId, row, { kind: 'code', code });
      if (proved !== 'ok') return proved;
      return this.replaceRecoveryCodes(tx, customerId);
    });
    if (outcome === 'off') throw conflict('TwoStepOff', NOT_ON);
    return this.settled(outcome, 'code');
  }

  /** A proof's refusal as a 400 on its field (a lock, too: the field says to wait). */
  private settled(outcome: ProofResult | string[], field: 'code' | 'recoveryCode'): string[] {
    if (Array.isArray(outcome)) return outcome;
    if (outcome === 'none') throw conflict('TwoStepNotStarted', NOT_ENROLLING);
    if (outcome === 'locked') throw invalidField(field, SECOND_STEP_LOCKED);
    throw invalidField(field, field === 'code' ? CODE_WRONG : RECOVERY_WRONG);
  }

  private async replaceRecoveryCodes(tx: Queryable, customerId: string): Promise<string[]> {
    const codes = newRecoveryCodes();
    await tx.query('DELETE FROM two_step_recovery_codes WHERE customer_id = $1', [customerId]);
    for (const code of codes) {
      await tx.query(
        'INSERT INTO two_step_recovery_codes (customer_id, code_hash) VALUES ($1, $2)',
        [customerId, recoveryHash(customerId, code)],
      );
    }
    return codes;
  }

  /**
   * Checks a proof against the customer's row (locked FOR UPDATE by the caller): a code within the
   * window and later than the last used step, or an unused recovery code (then used). Counts a
   * wrong one toward the lock, clears the count on a right one.
   */
  private async prove(
    tx: Queryable,
    customerId: string,
    row: TwoStepRow,
    proof: Proof,
  ): Promise<ProofResult> {
    const now = this.clock.now();
    const lockout = lockoutOf(row);
    if (isLockedOut(lockout, now)) return 'locked';
    let ok = false;
    if (proof.kind === 'code') {
      const secret = this.box.open(row.sealed_secret);
      const last = row.last_used_step === null ? null : Number(row.last_used_step);
      const step =
        secret === null
          ? null
          : acceptedStep(totpDelta(secret, proof.code, now), timeStepAt(now), last);
      if (step !== null) {
        ok = true;
        await tx.query('UPDATE two_step SET last_used_step = $2 WHERE customer_id = $1', [
          customerId,
          step,
        ]);
      }
    } else if (row.enabled_at !== null) {
      const used = await tx.query(
        `UPDATE two_step_recovery_codes SET used_at = $3
          WHERE customer_id = $1 AND code_hash = $2 AND used_at IS NULL`,
        [customerId, recoveryHash(customerId, proof.code), new Date(now)],
      );
      ok = used.rowCount > 0;
    }
    const next = ok ? afterSuccessfulSignIn(lockout, now) : afterFailedSignIn(lockout, now);
    if (next.failedSignIns !== lockout.failedSignIns || next.lockedUntil !== lockout.lockedUntil) {
      await tx.query(
        'UPDATE two_step SET failed_codes = $2, locked_until = $3 WHERE customer_id = $1',
        [
          customerId,
          next.failedSignIns,
          next.lockedUntil === null ? null : new Date(next.lockedUntil),
        ],
      );
    }
    if (ok) return 'ok';
    return isLockedOut(next, now) ? 'locked' : 'wrong';
  }

  // ---- sign-in ----

  /**
   * After a proved password: null when no second step is due (tokens may be issued), else the
   * challenge for it — MFA_REQUIRED when two-step sign-in is on, MFA_ENROLL_REQUIRED for an
   * account that must use it and has not enrolled yet.
   */
  async afterPassword(
    customer: CustomerRecord,
    context: ChallengeContext,
  ): Promise<PasswordStepAnswer | null> {
    const row = await this.row(this.db, customer.id);
    const enabled = row !== null && row.enabled_at !== null;
    if (!enabled && !twoStepRequiredFor(customer.persona)) return null;
    const challenge = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    // Challenges of this account that can no longer be used go as new ones come.
    await this.db.query(
      'DELETE FROM two_step_challenges WHERE customer_id = $1 AND (expires_at <= $2 OR used_at IS NOT NULL)',
      [customer.id, new Date(now)],
    );
    await this.db.query(
      `INSERT INTO two_step_challenges (token_hash, customer_id, purpose, channel, anonymous_id, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        sha256(challenge),
        customer.id,
        enabled ? 'verify' : 'enrol',
        context.channel,
        context.anonymousId ?? null,
        new Date(now + CHALLENGE_TTL_S * 1000),
      ],
    );
    return { status: enabled ? 'MFA_REQUIRED' : 'MFA_ENROLL_REQUIRED', challenge };
  }

  private async liveChallenge(db: Queryable, challenge: string, lock: boolean) {
    const result = await db.query<{
      customer_id: string;
      purpose: 'verify' | 'enrol';
      channel: string;
      anonymous_id: string | null;
      expires_at: Date | string;
      used_at: Date | string | null;
    }>(
      `SELECT customer_id, purpose, channel, anonymous_id, expires_at, used_at
         FROM two_step_challenges WHERE token_hash = $1${lock ? ' FOR UPDATE' : ''}`,
      [sha256(challenge)],
    );
    const row = result.rows[0];
    if (row === undefined || row.used_at !== null) return null;
    if (new Date(row.expires_at).getTime() <= this.clock.now()) return null;
    return row;
  }

  /** An enrolment challenge's key for the app; 400 on `challenge` when it is not one any more. */
  async startChallengeEnrolment(challenge: string): Promise<TwoStepEnrolment> {
    const live = await this.liveChallenge(this.db, challenge, false);
    if (live === null || live.purpose !== 'enrol')
      throw invalidField('challenge', CHALLENGE_EXPIRED);
    const customer = await findCustomerById(this.db, live.customer_id);
    if (customer === null) throw invalidField('challenge', CHALLENGE_EXPIRED);
    return this.startEnrolment(customer);
  }

  /**
   * The second step: the challenge and its proof. A verify challenge takes a code or a recovery
   * code; an enrol challenge a code of the key just set up (then two-step sign-in is on and the
   * recovery codes come with the answer). The challenge is used up by success and by the lock;
   * a wrong code leaves it for another try.
   */
  async verify(challenge: string, proof: Proof): Promise<SecondStepAnswer> {
    const expired = { status: 'CHALLENGE_EXPIRED', errorSummary: CHALLENGE_EXPIRED } as const;
    const outcome = await this.db.transaction(async (tx): Promise<SecondStepAnswer> => {
      const live = await this.liveChallenge(tx, challenge, true);
      if (live === null) return expired;
      const customerId = live.customer_id;
      const row = await this.row(tx, customerId, true);
      const enrolling = live.purpose === 'enrol';
      const wrong = {
        status: 'CODE_WRONG',
        errorSummary: proof.kind === 'code' ? CODE_WRONG : RECOVERY_WRONG,
      } as const;
      if (row === null || (row.enabled_at === null) !== enrolling) return wrong;
      if (enrolling && proof.kind !== 'code') return wrong;
      const proved = await this.prove(tx, customerId, row, proof);
      const markUsed = () =>
        tx.query('UPDATE two_step_challenges SET used_at = $2 WHERE token_hash = $1', [
          sha256(challenge),
          new Date(this.clock.now()),
        ]);
      if (proved === 'locked') {
        await markUsed();
        return { status: 'LOCKED_OUT', errorSummary: SECOND_STEP_LOCKED };
      }
      if (proved !== 'ok') return wrong;
      await markUsed();
      const customer = await findCustomerById(tx, customerId);
      if (customer === null) return expired;
      const context: ChallengeContext = {
        channel: live.channel,
        ...(live.anonymous_id === null ? {} : { anonymousId: live.anonymous_id }),
      };
      if (!enrolling) return { status: 'SUCCESS', customer, context };
      await tx.query('UPDATE two_step SET enabled_at = $2 WHERE customer_id = $1', [
        customerId,
        new Date(this.clock.now()),
      ]);
      return {
        status: 'SUCCESS',
        customer,
        context,
        recoveryCodes: await this.replaceRecoveryCodes(tx, customerId),
      };
    });
    return outcome;
  }
}
