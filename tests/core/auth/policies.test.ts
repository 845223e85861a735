/**
 * The identity policies of core/auth/policies.ts, which the server and the offline demo's fakes
 * both apply. Expectations come from docs/api.md's words and numbers written out here (five wrong
 * passwords, 15 minutes, …), never from the module under test.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_TTL_S,
  afterFailedSignIn,
  afterSuccessfulSignIn,
  failuresInWindow,
  isLockedOut,
  isResetCodeExpired,
  isResetCodeUsable,
  lockoutAfterFailure,
  lockoutOfClient,
  mayIssueResetCode,
  NO_LOCKOUT,
  REFRESH_TOKEN_TTL_S,
  refreshTokenExpiresAt,
  RESET_CODE_MAX_ATTEMPTS,
  resetCodeExpiresAt,
  resetCodeWindowStart,
  REVALIDATE_IN_S,
  withClientLockout,
  type ClientLockouts,
  type LockoutState,
} from '../../../core/auth/policies';
import { REVALIDATE_INTERVAL_MS } from '../../../core/auth/token-lifecycle';

const MINUTE = 60_000;
const FIVE = 5;
const FIFTEEN_MINUTES = 15 * MINUTE;

const now = fc.integer({ min: 0, max: 4_000_000_000_000 });
const lockout: fc.Arbitrary<LockoutState> = fc.record({
  failedSignIns: fc.nat({ max: 12 }),
  lockedUntil: fc.option(fc.integer({ min: 0, max: 4_000_000_000_000 }), { nil: null }),
});

type Answer = 'SUCCESS' | 'AUTHENTICATION_FAILED' | 'LOCKED_OUT';
type Step =
  | { readonly kind: 'wait'; readonly ms: number }
  | { readonly kind: 'signIn'; readonly right: boolean };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('wait' as const),
    ms: fc.oneof(
      fc.integer({ min: 0, max: 2 * FIFTEEN_MINUTES }),
      fc.constantFrom(FIFTEEN_MINUTES - 1, FIFTEEN_MINUTES, 1),
    ),
  }),
  fc.record({ kind: fc.constant('signIn' as const), right: fc.boolean() }),
  // Wrong guesses come in runs, so locks happen often.
  fc.record({ kind: fc.constant('signIn' as const), right: fc.constant(false) }),
);

/** A sign-in as the server and the fake run it, over core's decisions only. */
const signIn = (state: LockoutState, at: number, right: boolean): [Answer, LockoutState] => {
  if (isLockedOut(state, at)) return ['LOCKED_OUT', state];
  if (!right) {
    const next = afterFailedSignIn(state, at);
    return [isLockedOut(next, at) ? 'LOCKED_OUT' : 'AUTHENTICATION_FAILED', next];
  }
  return ['SUCCESS', afterSuccessfulSignIn(state, at)];
};

describe('sign-in lockout', () => {
  it('follows docs/api.md: five wrong in a row lock for 15 minutes; a success or a lock that ran out starts the count again', () => {
    fc.assert(
      fc.property(now, fc.array(step, { maxLength: 60 }), (start, steps) => {
        let t = start;
        let state = NO_LOCKOUT;
        // The model: the words of the rule, with its own numbers.
        let streak = 0;
        let lockEnd: number | null = null;
        for (const s of steps) {
          if (s.kind === 'wait') {
            t += s.ms;
            continue;
          }
          let expected: Answer;
          if (lockEnd !== null && t < lockEnd) {
            expected = 'LOCKED_OUT';
          } else {
            if (lockEnd !== null) [streak, lockEnd] = [0, null];
            if (s.right) {
              streak = 0;
              expected = 'SUCCESS';
            } else {
              streak += 1;
              if (streak === FIVE) lockEnd = t + FIFTEEN_MINUTES;
              expected = streak === FIVE ? 'LOCKED_OUT' : 'AUTHENTICATION_FAILED';
            }
          }
          const [answer, next] = signIn(state, t, s.right);
          expect(answer).toBe(expected);
          state = next;
        }
      }),
    );
  });

  it('is per client: no run of other clients’ attempts changes one client’s answers, so nobody locks the owner out', () => {
    const clientSteps = fc.array(
      fc.oneof(
        fc.record({
          kind: fc.constant('wait' as const),
          ms: fc.integer({ min: 0, max: 20 * MINUTE }),
        }),
        fc.record({
          kind: fc.constant('signIn' as const),
          right: fc.boolean(),
          client: fc.constantFrom('owner', 'attacker-1', 'attacker-2'),
        }),
        // Attackers guess in runs.
        fc.record({
          kind: fc.constant('signIn' as const),
          right: fc.constant(false),
          client: fc.constantFrom('attacker-1', 'attacker-2'),
        }),
      ),
      { maxLength: 80 },
    );
    fc.assert(
      fc.property(now, clientSteps, (start, steps) => {
        // The shared book, as the server keeps it for one account …
        let book: ClientLockouts = new Map();
        // … against the owner on an account nobody else touches.
        let alone = NO_LOCKOUT;
        let t = start;
        for (const s of steps) {
          if (s.kind === 'wait') {
            t += s.ms;
            continue;
          }
          const [answer, next] = signIn(lockoutOfClient(book, s.client), t, s.right);
          book = withClientLockout(book, s.client, next);
          if (s.client === 'owner') {
            const [expected, after] = signIn(alone, t, s.right);
            alone = after;
            expect(answer).toBe(expected);
          }
        }
        expect(lockoutOfClient(book, 'owner')).toEqual(alone);
      }),
    );
  });

  it('keeps no entry for a client whose state is clean', () => {
    fc.assert(
      fc.property(lockout, fc.string(), (state, client) => {
        const book = withClientLockout(new Map(), client, state);
        const clean = state.failedSignIns === 0 && state.lockedUntil === null;
        expect(book.has(client)).toBe(!clean);
        expect(lockoutOfClient(book, client)).toEqual(clean ? NO_LOCKOUT : state);
        expect(withClientLockout(book, client, NO_LOCKOUT).size).toBe(0);
      }),
    );
  });

  it('lockoutAfterFailure: no lock before the fifth failure, 15 minutes from it on', () => {
    fc.assert(
      fc.property(fc.nat({ max: 50 }), now, (failures, at) => {
        expect(lockoutAfterFailure(failures, at)).toBe(
          failures >= FIVE ? at + FIFTEEN_MINUTES : null,
        );
      }),
    );
  });

  it('a lock holds until exactly its end', () => {
    fc.assert(
      fc.property(now, fc.nat({ max: 10 }), (end, failedSignIns) => {
        const state = { failedSignIns, lockedUntil: end };
        expect(isLockedOut(state, end - 1)).toBe(true);
        expect(isLockedOut(state, end)).toBe(false);
        expect(isLockedOut({ failedSignIns, lockedUntil: null }, end)).toBe(false);
      }),
    );
  });

  it('guessing on while locked neither counts nor extends the lock, and a success cannot lift it', () => {
    fc.assert(
      fc.property(lockout, now, (state, at) => {
        fc.pre(isLockedOut(state, at));
        expect(afterFailedSignIn(state, at)).toEqual(state);
        expect(afterSuccessfulSignIn(state, at)).toEqual(state);
      }),
    );
  });

  it('the counting window: a lock that has run out counts nothing; otherwise every failure counts', () => {
    fc.assert(
      fc.property(lockout, now, (state, at) => {
        const ranOut = state.lockedUntil !== null && at >= state.lockedUntil;
        expect(failuresInWindow(state, at)).toBe(ranOut ? 0 : state.failedSignIns);
        if (!isLockedOut(state, at)) {
          expect(afterFailedSignIn(state, at).failedSignIns).toBe(
            (ranOut ? 0 : state.failedSignIns) + 1,
          );
          expect(afterSuccessfulSignIn(state, at)).toEqual(NO_LOCKOUT);
        }
      }),
    );
  });
});

describe('password-reset codes', () => {
  it('work for 15 minutes from issue, expired from that moment on', () => {
    fc.assert(
      fc.property(now, fc.integer({ min: 0, max: 3 * FIFTEEN_MINUTES }), (issued, after) => {
        expect(isResetCodeExpired(resetCodeExpiresAt(issued), issued + after)).toBe(
          after >= FIFTEEN_MINUTES,
        );
      }),
    );
  });

  it('are usable only unused, unexpired and with fewer than five wrong guesses', () => {
    fc.assert(
      fc.property(
        now,
        fc.integer({ min: 0, max: 2 * FIFTEEN_MINUTES }),
        fc.nat({ max: 8 }),
        fc.boolean(),
        (issued, after, failedAttempts, used) => {
          const code = { expiresAt: resetCodeExpiresAt(issued), failedAttempts, used };
          expect(isResetCodeUsable(code, issued + after)).toBe(
            !used && after < FIFTEEN_MINUTES && failedAttempts < FIVE,
          );
        },
      ),
    );
    expect(RESET_CODE_MAX_ATTEMPTS).toBe(FIVE);
  });

  it('at most five e-mails per account in the last 15 minutes', () => {
    fc.assert(
      fc.property(fc.nat({ max: 20 }), now, (sent, at) => {
        expect(mayIssueResetCode(sent)).toBe(sent < FIVE);
        expect(resetCodeWindowStart(at)).toBe(at - FIFTEEN_MINUTES);
      }),
    );
  });
});

describe('token lifetimes', () => {
  it('access tokens live an hour, refresh tokens 30 days, revalidation every 30 minutes', () => {
    expect(ACCESS_TOKEN_TTL_S).toBe(3600);
    expect(REFRESH_TOKEN_TTL_S).toBe(30 * 24 * 3600);
    expect(REVALIDATE_IN_S).toBe(30 * 60);
    // The grant's revalidate_in is the storefront's own interval, so the two can never disagree.
    expect(REVALIDATE_IN_S * 1000).toBe(REVALIDATE_INTERVAL_MS);
    fc.assert(
      fc.property(now, (issued) => {
        expect(refreshTokenExpiresAt(issued)).toBe(issued + 30 * 24 * 3600 * 1000);
      }),
    );
  });
});
