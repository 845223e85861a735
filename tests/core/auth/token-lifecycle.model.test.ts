/**
 * Model-based test of the token lifecycle (spec §4 Guest token, Revalidation; §9) through
 * EnsureSession, with a ManualClock and in-memory gateway and store. The expectations are
 * computed from the spec's numbers here, not from the module's own helpers.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EnsureSession } from '../../../core/auth/ensure-session';
import { isSessionValid, type StoredTokens } from '../../../core/auth/token-lifecycle';
import { ManualClock } from '../../../core/shared/clock';
import {
  CountingIds,
  MemoryTokenGateway,
  MemoryTokenStore,
  type GrantShape,
  type ValidateMode,
} from './token-doubles';

const SAFETY_MS = 120_000;
const THIRTY_MIN_MS = 30 * 60_000;

interface Model {
  /** The anonymousId the first guest token was issued for; every later token must keep it. */
  anonymousId: string | null;
}

interface Real {
  readonly clock: ManualClock;
  readonly gateway: MemoryTokenGateway;
  readonly store: MemoryTokenStore;
  readonly ids: CountingIds;
  readonly session: EnsureSession;
}

type TokenCommand = fc.AsyncCommand<Model, Real>;

const revalidationDue = (t: StoredTokens): number =>
  t.lastValidatedAt !== undefined
    ? t.lastValidatedAt + THIRTY_MIN_MS
    : t.receivedAt + (t.revalidateIn !== undefined ? t.revalidateIn * 1000 : THIRTY_MIN_MS);

type Expected = 'fetch' | 'use' | 'revalidate';

const expectedStep = (before: StoredTokens | null, now: number): Expected => {
  if (before === null || now >= before.expiresAt - SAFETY_MS) return 'fetch';
  return now >= revalidationDue(before) ? 'revalidate' : 'use';
};

/** Invariants of every token handed out. */
const checkReturned = (m: Model, r: Real, returned: StoredTokens): void => {
  const now = r.clock.now();
  // Never a token whose session is invalid at the time it is returned.
  expect(now).toBeLessThan(returned.expiresAt - SAFETY_MS);
  expect(r.store.load()).toEqual(returned);
  expect(returned.anonymous).toBe(true);
  // One guest, one anonymousId, across every renewal.
  if (m.anonymousId === null) m.anonymousId = returned.anonymousId ?? null;
  expect(returned.anonymousId).toBe(m.anonymousId);
};

class AdvanceTime implements TokenCommand {
  constructor(readonly ms: number) {}
  check = (): boolean => true;
  async run(_m: Model, r: Real): Promise<void> {
    r.clock.advance(this.ms);
  }
  toString = (): string => `advance(${this.ms})`;
}

/**
 * A call that arrives just before, at or just after a deadline of the stored token, where
 * off-by-one bugs live.
 */
class ExecuteAtDeadline implements TokenCommand {
  constructor(
    readonly deadline: 'renewal' | 'revalidation',
    readonly offsetMs: number,
  ) {}
  check = (): boolean => true;
  async run(m: Model, r: Real): Promise<void> {
    const stored = r.store.load();
    if (stored === null) return;
    const at = this.deadline === 'renewal' ? stored.expiresAt - SAFETY_MS : revalidationDue(stored);
    const target = at + this.offsetMs;
    if (target > r.clock.now()) r.clock.set(target);
    await new Execute().run(m, r);
  }
  toString = (): string =>
    `executeAt(${this.deadline}${this.offsetMs >= 0 ? '+' : ''}${this.offsetMs})`;
}

class SetValidateMode implements TokenCommand {
  constructor(readonly mode: ValidateMode) {}
  check = (): boolean => true;
  async run(_m: Model, r: Real): Promise<void> {
    r.gateway.validateMode = this.mode;
  }
  toString = (): string => `validate=${this.mode}`;
}

class SetNextGrant implements TokenCommand {
  constructor(readonly grant: GrantShape) {}
  check = (): boolean => true;
  async run(_m: Model, r: Real): Promise<void> {
    r.gateway.nextGrant = this.grant;
  }
  toString = (): string => `grant(${JSON.stringify(this.grant)})`;
}

class FailNextFetch implements TokenCommand {
  check = (): boolean => true;
  async run(_m: Model, r: Real): Promise<void> {
    r.gateway.failNextFetch = true;
  }
  toString = (): string => 'failNextFetch';
}

class Execute implements TokenCommand {
  check = (): boolean => true;
  async run(m: Model, r: Real): Promise<void> {
    const before = r.store.load();
    const now = r.clock.now();
    const fetchesBefore = r.gateway.fetches.length;
    const validationsBefore = r.gateway.validations.length;
    const mode = r.gateway.validateMode;
    const fetchWillFail = r.gateway.failNextFetch;
    const step = expectedStep(before, now);
    const willFetch = step === 'fetch' || (step === 'revalidate' && mode === 'reject');

    const outcome = await r.session.execute().then(
      (tokens) => ({ tokens }),
      (error: unknown) => ({ error }),
    );

    const validated = r.gateway.validations.slice(validationsBefore);
    const fetched = r.gateway.fetches.slice(fetchesBefore);
    // Revalidates exactly when due, with the stored token.
    expect(validated).toEqual(step === 'revalidate' ? [before?.accessToken] : []);
    // Renews exactly when renewal is due (at/after 120 s before expiry) or validate rejected.
    expect(fetched.length).toBe(willFetch ? 1 : 0);
    if (willFetch && before?.anonymousId !== undefined) {
      expect(fetched[0]?.guestId).toBe(before.anonymousId);
    }

    if (willFetch && fetchWillFail) {
      expect('error' in outcome).toBe(true);
      expect(r.store.load()).toEqual(before);
      return;
    }
    if (!('tokens' in outcome)) throw new Error(`execute failed: ${String(outcome.error)}`);
    const returned = outcome.tokens;
    checkReturned(m, r, returned);

    if (willFetch) {
      expect(returned.receivedAt).toBe(now);
      expect(returned.accessToken).not.toBe(before?.accessToken);
    } else if (step === 'revalidate' && mode === 'accept') {
      expect(returned).toEqual({ ...before, lastValidatedAt: now });
    } else {
      // 'use', or the validate call itself failed: keep the token and try again later.
      expect(returned).toEqual(before);
    }
  }
  toString = (): string => 'execute';
}

class ExecuteConcurrently implements TokenCommand {
  check = (): boolean => true;
  async run(m: Model, r: Real): Promise<void> {
    const fetchesBefore = r.gateway.fetches.length;
    const validationsBefore = r.gateway.validations.length;
    const results = await Promise.allSettled([r.session.execute(), r.session.execute()]);
    // Concurrent callers share one round trip.
    expect(r.gateway.fetches.length - fetchesBefore).toBeLessThanOrEqual(1);
    expect(r.gateway.validations.length - validationsBefore).toBeLessThanOrEqual(1);
    const [a, b] = results;
    expect(a?.status).toBe(b?.status);
    if (a?.status === 'fulfilled' && b?.status === 'fulfilled') {
      expect(a.value).toBe(b.value);
      checkReturned(m, r, a.value);
    }
  }
  toString = (): string => 'executeConcurrently';
}

class ReplaceWithGuestToken implements TokenCommand {
  check = (): boolean => true;
  async run(m: Model, r: Real): Promise<void> {
    const before = r.store.load();
    const fetchWillFail = r.gateway.failNextFetch;
    const outcome = await r.session.replaceWithGuestToken().then(
      (tokens) => ({ tokens }),
      (error: unknown) => ({ error }),
    );
    if (fetchWillFail) {
      expect('error' in outcome).toBe(true);
      // The rejected token is spent (never used again) but the guest keeps their anonymousId,
      // so the next guest token is issued for the same guest and their cart is still found.
      const after = r.store.load();
      expect(after === null ? null : isSessionValid(after, r.clock.now())).toBe(
        before === null ? null : false,
      );
      expect(after?.anonymousId).toBe(before?.anonymousId);
      return;
    }
    if (!('tokens' in outcome)) throw new Error(`replace failed: ${String(outcome.error)}`);
    expect(outcome.tokens.receivedAt).toBe(r.clock.now());
    expect(outcome.tokens.accessToken).not.toBe(before?.accessToken);
    checkReturned(m, r, outcome.tokens);
  }
  toString = (): string => 'replaceWithGuestToken';
}

const durations = fc.oneof(
  fc.integer({ min: 0, max: 5 * 60_000 }),
  fc.integer({ min: 0, max: 2 * 60 * 60_000 }),
  fc.constantFrom(SAFETY_MS, THIRTY_MIN_MS, 1),
);

/** Grants whose revalidation usually falls before renewal, sometimes after, sometimes absent. */
const grants: fc.Arbitrary<GrantShape> = fc
  .tuple(
    fc.integer({ min: 121, max: 4 * 60 * 60 }),
    fc.option(fc.integer({ min: 1, max: 120 }), { nil: undefined }),
  )
  .map(([expiresIn, percent]) =>
    percent === undefined
      ? { expiresIn }
      : { expiresIn, revalidateIn: Math.floor((expiresIn * percent) / 100) },
  );

const toDeadline = fc
  .tuple(
    fc.constantFrom<'renewal' | 'revalidation'>('renewal', 'revalidation'),
    fc.oneof(
      { arbitrary: fc.constantFrom(-1, 0, 1), weight: 3 },
      { arbitrary: fc.integer({ min: -2000, max: 2000 }), weight: 1 },
    ),
  )
  .map(([deadline, offset]) => new ExecuteAtDeadline(deadline, offset));

const commands = fc.commands<Model, Real, false>(
  [
    durations.map((ms) => new AdvanceTime(ms)),
    toDeadline,
    toDeadline,
    fc.constantFrom<ValidateMode>('accept', 'reject', 'error').map((m) => new SetValidateMode(m)),
    grants.map((g) => new SetNextGrant(g)),
    fc.constant(new FailNextFetch()),
    fc.constant(new Execute()),
    fc.constant(new Execute()),
    fc.constant(new ExecuteConcurrently()),
    fc.constant(new ReplaceWithGuestToken()),
  ],
  { maxCommands: 40, size: 'max' },
);

describe('token lifecycle through EnsureSession (model-based)', () => {
  it('hands out only valid tokens, renews and revalidates on time, keeps the guest id', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 2_000_000_000_000 }),
        grants,
        commands,
        (start, firstGrant, cmds) => {
          const setup = (): { model: Model; real: Real } => {
            const clock = new ManualClock(start);
            const gateway = new MemoryTokenGateway();
            gateway.nextGrant = firstGrant;
            const store = new MemoryTokenStore();
            const ids = new CountingIds();
            return {
              model: { anonymousId: null },
              real: {
                clock,
                gateway,
                store,
                ids,
                session: new EnsureSession(gateway, store, clock, ids),
              },
            };
          };
          return fc.asyncModelRun(setup, cmds);
        },
      ),
      { numRuns: 200 },
    );
  });
});
