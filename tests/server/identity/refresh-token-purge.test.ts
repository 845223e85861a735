/**
 * The refresh-token purge against an empty database, with a clock that moves only when told:
 * which rows go (expired, or revoked over a retention ago) as a property over random rows, that a
 * reuse of a purged rotated token still revokes its family, and the hourly schedule (fake timers
 * over a stub database): it purges, survives a failing database, never overlaps, and `stop` waits
 * for a purge in flight.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DAY, ManualClock, SECOND } from '../../../core/shared/clock';
import { InvalidTokenError, TokenService } from '../../../server/auth/tokens';
import type { Database, Queryable, QueryResult } from '../../../server/db/database';
import { migrate } from '../../../server/db/migrate';
import { openEmptyTestDatabase } from '../../support/test-database';
import {
  findCustomerByEmail,
  insertCustomer,
  insertRefreshToken,
} from '../../../server/identity/customer-repository';
import { IdentityService } from '../../../server/identity/identity-service';
import {
  purgeSpentRefreshTokens,
  REFRESH_TOKEN_PURGE_INTERVAL_MS,
  REVOKED_REFRESH_TOKEN_RETENTION_MS,
  scheduleRefreshTokenPurge,
} from '../../../server/identity/refresh-token-purge';

let db: Database;
let customerId: string;

beforeAll(async () => {
  db = await openEmptyTestDatabase();
  await migrate(db);
  customerId = randomUUID();
  const now = new Date();
  await insertCustomer(db, {
    id: customerId,
    uid: randomUUID(),
    email: 'rows@example.com',
    passwordHash: 'not-a-real-hash',
    firstName: 'Row',
    lastName: 'Owner',
    accountType: 'homeowner',
    persona: 'GST',
    businessType: null,
    businessSubtype: null,
    phone: null,
    zipCode: null,
    newsletter: false,
    passwordChangedAt: now,
    passwordExpiresAt: null,
  });
});
afterAll(() => db.close());

const tokenIds = async (): Promise<string[]> =>
  (await db.query<{ id: string }>('SELECT id FROM refresh_tokens ORDER BY id')).rows.map(
    (r) => r.id,
  );

describe('purgeSpentRefreshTokens', () => {
  interface Row {
    /** expires_at − now. */
    readonly expiresIn: number;
    /** revoked_at − now (≤ 0), or null while live. */
    readonly revokedAgo: number | null;
  }
  const row: fc.Arbitrary<Row> = fc.record({
    expiresIn: fc.oneof(fc.integer({ min: -40 * DAY, max: 40 * DAY }), fc.constantFrom(-1, 0, 1)),
    revokedAgo: fc.option(
      fc.oneof(
        fc.integer({ min: -3 * DAY, max: 0 }),
        fc.constantFrom(
          -REVOKED_REFRESH_TOKEN_RETENTION_MS - 1,
          -REVOKED_REFRESH_TOKEN_RETENTION_MS,
          -REVOKED_REFRESH_TOKEN_RETENTION_MS + 1,
        ),
      ),
      { nil: null },
    ),
  });

  it('deletes exactly the rows that expired or were revoked over the retention ago', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(row, { maxLength: 12 }),
        fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 0, 1) }),
        async (rows, now) => {
          await db.query('DELETE FROM refresh_tokens');
          const kept: string[] = [];
          for (const [i, r] of rows.entries()) {
            const id = `t${String(i).padStart(2, '0')}`;
            await insertRefreshToken(db, {
              id,
              familyId: 'family',
              customerId,
              issuedAt: new Date(now - 40 * DAY),
              expiresAt: new Date(now + r.expiresIn),
            });
            if (r.revokedAgo !== null) {
              await db.query('UPDATE refresh_tokens SET revoked_at = $2 WHERE id = $1', [
                id,
                new Date(now + r.revokedAgo),
              ]);
            }
            const expired = r.expiresIn < 0;
            const revokedLongAgo =
              r.revokedAgo !== null && r.revokedAgo < -REVOKED_REFRESH_TOKEN_RETENTION_MS;
            if (!expired && !revokedLongAgo) kept.push(id);
          }
          const purged = await purgeSpentRefreshTokens(db, new ManualClock(now));
          expect(await tokenIds()).toEqual(kept);
          expect(purged).toBe(rows.length - kept.length);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('keeps reuse detection: a purged rotated token still revokes its family', async () => {
    await db.query('DELETE FROM refresh_tokens');
    // Token expiry is checked against real time; rows against this clock, started at real time.
    const clock = new ManualClock(Date.now());
    const tokens = new TokenService(new Uint8Array(randomBytes(32)));
    const identity = new IdentityService(db, tokens, { clock });
    const email = 'reuse@example.com';
    await identity.signUp({
      email,
      password: 'Correct-Horse-42!',
      firstName: 'Re',
      lastName: 'Use',
      accountType: 'homeowner',
      businessType: null,
      businessSubtype: null,
      phone: null,
      zipCode: null,
      newsletter: false,
    });
    const signedIn = await identity.signIn(email, 'Correct-Horse-42!', { channel: 'KOUS' });
    if (signedIn.status !== 'SUCCESS') throw new Error(`sign-in answered ${signedIn.status}`);
    const first = signedIn.tokens.refresh_token;
    const second = (await identity.refresh(first)).refresh_token;
    const customer = await findCustomerByEmail(db, email);
    const rowsOf = async () =>
      (
        await db.query<{ id: string; revoked_at: Date | null }>(
          'SELECT id, revoked_at FROM refresh_tokens WHERE customer_id = $1',
          [customer?.id],
        )
      ).rows;
    expect(await rowsOf()).toHaveLength(2);

    // Within the retention the rotated row stays (a reuse can be traced) …
    clock.advance(REVOKED_REFRESH_TOKEN_RETENTION_MS);
    expect(await purgeSpentRefreshTokens(db, clock)).toBe(0);
    // … and after it only the live token's row is left.
    clock.advance(SECOND);
    expect(await purgeSpentRefreshTokens(db, clock)).toBe(1);
    const [live] = await rowsOf();
    expect(live?.revoked_at).toBeNull();

    await expect(identity.refresh(first)).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(identity.refresh(second)).rejects.toBeInstanceOf(InvalidTokenError);
  });
});

describe('scheduleRefreshTokenPurge', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A database whose every query waits until `release` is called, counting the calls. */
  const heldDb = (answer: () => Promise<QueryResult<Record<string, unknown>>>) => {
    const calls: ((value?: unknown) => void)[] = [];
    const queryable = {
      query: vi.fn(async () => {
        await new Promise((resolve) => calls.push(resolve));
        return answer();
      }),
      exec: vi.fn(),
    };
    return {
      db: queryable as unknown as Queryable,
      query: queryable.query,
      release: () => calls.shift()?.(),
    };
  };

  const logSpy = () => ({ info: vi.fn(), warn: vi.fn() });

  it('purges every interval, one purge at a time, and stop waits for the one in flight', async () => {
    vi.useFakeTimers();
    const held = heldDb(async () => ({ rows: [{ id: 'a' }, { id: 'b' }], rowCount: 2 }));
    const log = logSpy();
    const schedule = scheduleRefreshTokenPurge(held.db, { log });

    await vi.advanceTimersByTimeAsync(REFRESH_TOKEN_PURGE_INTERVAL_MS - 1);
    expect(held.query).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(held.query).toHaveBeenCalledTimes(1);
    // A slow purge is not joined by another at the next ticks.
    await vi.advanceTimersByTimeAsync(3 * REFRESH_TOKEN_PURGE_INTERVAL_MS);
    expect(held.query).toHaveBeenCalledTimes(1);
    held.release();
    await vi.waitFor(() =>
      expect(log.info).toHaveBeenCalledWith({ purged: 2 }, expect.any(String)),
    );
    await vi.advanceTimersByTimeAsync(REFRESH_TOKEN_PURGE_INTERVAL_MS);
    expect(held.query).toHaveBeenCalledTimes(2);

    let stopped = false;
    const stopping = schedule.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    held.release();
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(5 * REFRESH_TOKEN_PURGE_INTERVAL_MS);
    expect(held.query).toHaveBeenCalledTimes(2);
  });

  it('logs a failed purge and tries again at the next interval', async () => {
    vi.useFakeTimers();
    let fail = true;
    const held = heldDb(async () => {
      if (fail) throw new Error('database restarting');
      return { rows: [], rowCount: 0 };
    });
    const log = logSpy();
    const schedule = scheduleRefreshTokenPurge(held.db, { log, intervalMs: 1000 });

    await vi.advanceTimersByTimeAsync(1000);
    held.release();
    await vi.waitFor(() => expect(log.warn).toHaveBeenCalledTimes(1));
    expect(log.warn.mock.calls[0]?.[0]).toEqual({ err: new Error('database restarting') });

    fail = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(held.query).toHaveBeenCalledTimes(2);
    held.release();
    await schedule.stop();
    // Nothing purged: nothing worth a log line.
    expect(log.info).not.toHaveBeenCalled();
    expect(log.warn).toHaveBeenCalledTimes(1);
  });

  it('does not hold the process open', () => {
    const setInterval = vi.spyOn(globalThis, 'setInterval');
    const schedule = scheduleRefreshTokenPurge({} as Queryable, { log: logSpy() });
    const timer = setInterval.mock.results[0]?.value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    setInterval.mockRestore();
    return schedule.stop();
  });
});
