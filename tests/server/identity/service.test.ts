/**
 * IdentityService in-process over an empty database, with a clock that only moves when told:
 * the lockout and its expiry, reset codes that expire or wear out, refresh families, and the
 * password hashes. The HTTP side is routes.test.ts.
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOCKOUT_MS,
  MAX_FAILED_SIGN_INS,
  RESET_CODE_MAX_ATTEMPTS,
  RESET_CODE_TTL_MS,
} from '../../../core/auth/policies';
import { ManualClock, MINUTE, SECOND } from '../../../core/shared/clock';
import { InvalidTokenError, TokenService } from '../../../server/auth/tokens';
import type { Database, Queryable, Transaction } from '../../../server/db/database';
import { migrate } from '../../../server/db/migrate';
import { openEmptyTestDatabase } from '../../support/test-database';
import { findCustomerByEmail } from '../../../server/identity/customer-repository';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  seedDemoAccounts,
} from '../../../server/identity/demo-accounts';
import {
  CHANGE_PASSWORD_LOCKED,
  IdentityService,
  WRONG_CURRENT_PASSWORD,
} from '../../../server/identity/identity-service';
import { listOutbox } from '../../../server/identity/outbox';
import {
  hashPassword,
  SCRYPT_N,
  useTestHashCost,
  verifyPassword,
} from '../../../server/identity/password-hash';
import { buildApp } from '../../../server/app';
import { ApiError } from '../../../server/http/errors';

let db: Database;
const clock = new ManualClock(Date.UTC(2026, 0, 15, 9, 0, 0));
const tokens = new TokenService(new Uint8Array(randomBytes(32)));
let identity: IdentityService;
const context = { channel: 'KOUS', anonymousId: 'guest-abc' };
const GOOD = 'Correct-Horse-42!';

let counter = 0;
const newCustomer = async (password = GOOD): Promise<string> => {
  counter += 1;
  const email = `person${counter}@example.com`;
  await identity.signUp({
    email,
    password,
    firstName: 'Test',
    lastName: 'Person',
    accountType: 'homeowner',
    businessType: null,
    businessSubtype: null,
    phone: null,
    zipCode: null,
    newsletter: false,
  });
  return email;
};

/** The six digits of the newest reset e-mail to `email`. */
const latestCode = async (email: string): Promise<string> => {
  const [message] = await listOutbox(db, { to: email, limit: 1 });
  const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
  if (code === undefined) throw new Error(`no code e-mailed to ${email}`);
  return code;
};

/** The field and message of the 400 that `work` ends in; null when it succeeds. */
const refusalOf = async (
  work: Promise<unknown>,
): Promise<{ field: unknown; message: unknown } | null> => {
  try {
    await work;
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 400) {
      const first = error.errors?.[0];
      return { field: first?.field, message: first?.message };
    }
    throw error;
  }
  return null;
};

const idOf = async (email: string): Promise<string> => {
  const customer = await findCustomerByEmail(db, email);
  if (customer === null) throw new Error(`no account ${email}`);
  return customer.id;
};

const fieldOf = async (work: Promise<unknown>): Promise<string | undefined> => {
  try {
    await work;
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 400) {
      return error.errors?.[0]?.field as string | undefined;
    }
    throw error;
  }
  return undefined;
};

beforeAll(async () => {
  db = await openEmptyTestDatabase();
  await migrate(db);
  identity = new IdentityService(db, tokens, { clock });
  await seedDemoAccounts(db, new Date(clock.now()));
});
afterAll(() => db.close());

describe('lockout', () => {
  it(`locks after ${MAX_FAILED_SIGN_INS} failures in a row, and the lock expires`, async () => {
    const email = await newCustomer();
    for (let i = 1; i < MAX_FAILED_SIGN_INS; i += 1) {
      expect((await identity.signIn(email, 'Wrong-Guess-1!', context)).status).toBe(
        'AUTHENTICATION_FAILED',
      );
    }
    expect((await identity.signIn(email, 'Wrong-Guess-1!', context)).status).toBe('LOCKED_OUT');
    // Locked: even the right password is refused, and guessing on does not extend the lock.
    expect((await identity.signIn(email, GOOD, context)).status).toBe('LOCKED_OUT');
    clock.advance(LOCKOUT_MS - SECOND);
    expect((await identity.signIn(email, GOOD, context)).status).toBe('LOCKED_OUT');
    clock.advance(SECOND);
    expect((await identity.signIn(email, GOOD, context)).status).toBe('SUCCESS');
  });

  it('starts counting again when a lock has run out', async () => {
    const email = await newCustomer();
    for (let i = 0; i < MAX_FAILED_SIGN_INS; i += 1) await identity.signIn(email, 'nope', context);
    expect((await identity.signIn(email, GOOD, context)).status).toBe('LOCKED_OUT');
    clock.advance(LOCKOUT_MS);
    // After the lock, one more failure is the first of a new count, not a new lock.
    expect((await identity.signIn(email, 'nope', context)).status).toBe('AUTHENTICATION_FAILED');
    expect((await identity.signIn(email, GOOD, context)).status).toBe('SUCCESS');
  });

  it('a success in between resets the count', async () => {
    const email = await newCustomer();
    for (let round = 0; round < 2; round += 1) {
      for (let i = 1; i < MAX_FAILED_SIGN_INS; i += 1) {
        expect((await identity.signIn(email, 'nope', context)).status).toBe(
          'AUTHENTICATION_FAILED',
        );
      }
      expect((await identity.signIn(email, GOOD, context)).status).toBe('SUCCESS');
    }
  });

  it('a password reset lifts the lock, for every client', async () => {
    const email = await newCustomer();
    const elsewhere = { ...context, client: '203.0.113.9' };
    for (let i = 0; i < MAX_FAILED_SIGN_INS; i += 1) {
      await identity.signIn(email, 'nope', context);
      await identity.signIn(email, 'nope', elsewhere);
    }
    await identity.forgotPassword(email);
    await identity.resetPassword(email, await latestCode(email), 'Brand-New-Pass-7!');
    expect((await identity.signIn(email, 'Brand-New-Pass-7!', context)).status).toBe('SUCCESS');
    expect((await identity.signIn(email, 'Brand-New-Pass-7!', elsewhere)).status).toBe('SUCCESS');
  });

  it('is per account and client: an attacker locks only themselves out, never the owner', async () => {
    const email = await newCustomer();
    const attacker = { ...context, client: '198.51.100.66' };
    const owner = { ...context, client: '203.0.113.7' };
    const answers = [];
    for (let i = 0; i < MAX_FAILED_SIGN_INS + 2; i += 1) {
      answers.push((await identity.signIn(email, `Wrong-Guess-${i}!`, attacker)).status);
    }
    expect(answers.slice(MAX_FAILED_SIGN_INS - 1)).toEqual([
      'LOCKED_OUT',
      'LOCKED_OUT',
      'LOCKED_OUT',
    ]);
    // The attacker's lock holds even with the right password …
    expect((await identity.signIn(email, GOOD, attacker)).status).toBe('LOCKED_OUT');
    // … while the owner, from their own client, signs in and changes the password.
    expect((await identity.signIn(email, GOOD, owner)).status).toBe('SUCCESS');
    // The owner's success does not lift the attacker's lock.
    expect((await identity.signIn(email, GOOD, attacker)).status).toBe('LOCKED_OUT');
    const id = await idOf(email);
    expect(
      await refusalOf(identity.changePassword(id, GOOD, 'Another-Pass-5', undefined, owner.client)),
    ).toBeNull();
  });
});

describe('change password and the lockout', () => {
  const wrongCurrent = { field: 'currentPassword', message: WRONG_CURRENT_PASSWORD };
  const lockedCurrent = { field: 'currentPassword', message: CHANGE_PASSWORD_LOCKED };

  it('wrong current passwords lock the account as failed sign-ins do; then even the right one is refused', async () => {
    const email = await newCustomer();
    const id = await idOf(email);
    for (let i = 1; i < MAX_FAILED_SIGN_INS; i += 1) {
      expect(
        await refusalOf(identity.changePassword(id, 'Wrong-Guess-1', 'Another-Pass-5')),
      ).toEqual(wrongCurrent);
    }
    // The fifth wrong one locks, and says so.
    expect(await refusalOf(identity.changePassword(id, 'Wrong-Guess-1', 'Another-Pass-5'))).toEqual(
      lockedCurrent,
    );
    // Locked: the right current password changes nothing, and sign-in is locked too.
    expect(await refusalOf(identity.changePassword(id, GOOD, 'Another-Pass-5'))).toEqual(
      lockedCurrent,
    );
    expect((await identity.signIn(email, GOOD, context)).status).toBe('LOCKED_OUT');
    clock.advance(LOCKOUT_MS - SECOND);
    expect(await refusalOf(identity.changePassword(id, GOOD, 'Another-Pass-5'))).toEqual(
      lockedCurrent,
    );
    clock.advance(SECOND);
    // The password was never changed while locked; now the change goes through.
    expect((await identity.signIn(email, 'Another-Pass-5', context)).status).toBe(
      'AUTHENTICATION_FAILED',
    );
    expect(await refusalOf(identity.changePassword(id, GOOD, 'Another-Pass-5'))).toBeNull();
    expect((await identity.signIn(email, 'Another-Pass-5', context)).status).toBe('SUCCESS');
  });

  it('wrong sign-ins and wrong current passwords share one count, in any order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.boolean(), {
          minLength: MAX_FAILED_SIGN_INS,
          maxLength: MAX_FAILED_SIGN_INS,
        }),
        async (viaChange) => {
          const email = await newCustomer();
          const id = await idOf(email);
          const locked: boolean[] = [];
          for (const change of viaChange) {
            if (change) {
              const refusal = await refusalOf(
                identity.changePassword(id, 'nope', 'Another-Pass-5'),
              );
              locked.push(refusal?.message === CHANGE_PASSWORD_LOCKED);
            } else {
              locked.push((await identity.signIn(email, 'nope', context)).status === 'LOCKED_OUT');
            }
          }
          // Only the last failure locks, whichever call it came through.
          expect(locked).toEqual(viaChange.map((_, i) => i === MAX_FAILED_SIGN_INS - 1));
          expect((await identity.signIn(email, GOOD, context)).status).toBe('LOCKED_OUT');
          expect(await refusalOf(identity.changePassword(id, GOOD, 'Another-Pass-5'))).toEqual(
            lockedCurrent,
          );
        },
      ),
      { numRuns: 6 },
    );
  });

  it('a rule failure of the new password checks nothing and counts nothing', async () => {
    const email = await newCustomer();
    const id = await idOf(email);
    for (let i = 0; i < MAX_FAILED_SIGN_INS + 1; i += 1) {
      expect(await fieldOf(identity.changePassword(id, 'nope', 'short1'))).toBe('newPassword');
    }
    expect((await identity.signIn(email, GOOD, context)).status).toBe('SUCCESS');
  });

  it('a successful change resets the count', async () => {
    const email = await newCustomer();
    const id = await idOf(email);
    for (let i = 1; i < MAX_FAILED_SIGN_INS; i += 1) {
      await refusalOf(identity.changePassword(id, 'nope', 'Another-Pass-5'));
    }
    await identity.changePassword(id, GOOD, 'Another-Pass-5');
    for (let i = 1; i < MAX_FAILED_SIGN_INS; i += 1) {
      expect((await identity.signIn(email, 'nope', context)).status).toBe('AUTHENTICATION_FAILED');
    }
    expect((await identity.signIn(email, 'Another-Pass-5', context)).status).toBe('SUCCESS');
  });

  it("signs out every other session and keeps the caller's, in the password write's transaction", async () => {
    const email = await newCustomer();
    const id = await idOf(email);
    const signedIn = async () => {
      const answer = await identity.signIn(email, GOOD, context);
      if (answer.status !== 'SUCCESS') throw new Error(answer.status);
      return answer.tokens;
    };
    const mine = await identity.refresh((await signedIn()).refresh_token);
    const other = await signedIn();
    const third = await signedIn();
    const { sessionId } = await tokens.verifyAccess(mine.access_token);
    expect(sessionId).toEqual(expect.any(String));

    await identity.changePassword(id, GOOD, 'Another-Pass-5', sessionId);
    await expect(identity.refresh(other.refresh_token)).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(identity.refresh(third.refresh_token)).rejects.toBeInstanceOf(InvalidTokenError);
    const next = await identity.refresh(mine.refresh_token);
    await expect(identity.refresh(next.refresh_token)).resolves.toHaveProperty('access_token');

    // Without a session id (a token from before sessions were named) every session goes.
    await identity.changePassword(id, 'Another-Pass-5', 'Third-Pass-66');
    const after = await identity.signIn(email, 'Third-Pass-66', context);
    expect(after.status).toBe('SUCCESS');
    const rows = await db.query<{ live: number | string }>(
      `SELECT count(*) FILTER (WHERE revoked_at IS NULL) AS live FROM refresh_tokens
       WHERE customer_id = $1`,
      [id],
    );
    // Only the sign-in just made is live.
    expect(Number(rows.rows[0]?.live)).toBe(1);
  });

  it('changes nothing when signing the other sessions out fails', async () => {
    const email = await newCustomer();
    const id = await idOf(email);
    const failing = (q: Queryable): Queryable => ({
      ...q,
      query: (sql, params) =>
        sql.startsWith('UPDATE refresh_tokens')
          ? Promise.reject(new Error('injected'))
          : q.query(sql, params),
    });
    const broken: Database = {
      ...db,
      query: failing(db).query,
      transaction: (work) => db.transaction((tx) => work(failing(tx) as Transaction)),
    };
    const service = new IdentityService(broken, tokens, { clock });
    await expect(service.changePassword(id, GOOD, 'Another-Pass-5')).rejects.toThrow('injected');
    expect((await identity.signIn(email, GOOD, context)).status).toBe('SUCCESS');
  });
});

describe('reset codes', () => {
  it(`expire after ${RESET_CODE_TTL_MS / MINUTE} minutes`, async () => {
    const email = await newCustomer();
    await identity.forgotPassword(email);
    const code = await latestCode(email);
    clock.advance(RESET_CODE_TTL_MS);
    expect(await fieldOf(identity.resetPassword(email, code, 'Brand-New-Pass-7!'))).toBe('code');
    expect((await identity.signIn(email, GOOD, context)).status).toBe('SUCCESS');
  });

  it(`wear out after ${RESET_CODE_MAX_ATTEMPTS} wrong guesses`, async () => {
    const email = await newCustomer();
    await identity.forgotPassword(email);
    const code = await latestCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < RESET_CODE_MAX_ATTEMPTS; i += 1) {
      expect(await fieldOf(identity.resetPassword(email, wrong, 'Brand-New-Pass-7!'))).toBe('code');
    }
    expect(await fieldOf(identity.resetPassword(email, code, 'Brand-New-Pass-7!'))).toBe('code');
  });

  it('work once, and a newer code replaces an older one', async () => {
    const email = await newCustomer();
    await identity.forgotPassword(email);
    const first = await latestCode(email);
    clock.advance(SECOND);
    await identity.forgotPassword(email);
    const second = await latestCode(email);
    if (first !== second) {
      expect(await fieldOf(identity.resetPassword(email, first, 'Brand-New-Pass-7!'))).toBe('code');
    }
    await identity.resetPassword(email, second, 'Brand-New-Pass-7!');
    expect(await fieldOf(identity.resetPassword(email, second, 'Other-New-Pass-8!'))).toBe('code');
  });

  it('clear an expired password', async () => {
    const email = 'expired@lavabo.test';
    expect((await identity.signIn(email, DEMO_PASSWORD, context)).status).toBe('PASSWORD_EXPIRED');
    await identity.forgotPassword(email);
    await identity.resetPassword(email, await latestCode(email), 'Fresh-Password-9!');
    expect((await identity.signIn(email, 'Fresh-Password-9!', context)).status).toBe('SUCCESS');
  });

  it('are not sent for unknown e-mails, and not more than a few per window', async () => {
    const before = (await listOutbox(db)).length;
    await identity.forgotPassword('nobody@example.com');
    expect((await listOutbox(db)).length).toBe(before);
    const email = await newCustomer();
    for (let i = 0; i < 8; i += 1) await identity.forgotPassword(email);
    expect((await listOutbox(db, { to: email })).length).toBe(5);
  });
});

describe('refresh tokens', () => {
  const signedIn = async () => {
    const email = await newCustomer();
    const answer = await identity.signIn(email, GOOD, context);
    if (answer.status !== 'SUCCESS') throw new Error(answer.status);
    return answer.tokens;
  };

  it('rotate along a chain, each used once', async () => {
    let grant = await signedIn();
    const seen = new Set<string>([grant.refresh_token]);
    for (let i = 0; i < 4; i += 1) {
      grant = await identity.refresh(grant.refresh_token);
      expect(seen.has(grant.refresh_token)).toBe(false);
      seen.add(grant.refresh_token);
      const claims = await tokens.verifyAccess(grant.access_token);
      expect(claims).toMatchObject({ isAuth: true, anonymousId: 'guest-abc', channel: 'KOUS' });
    }
  });

  it('a reused token revokes its whole family, other sign-ins untouched', async () => {
    const first = await signedIn();
    const second = await identity.refresh(first.refresh_token);
    await expect(identity.refresh(first.refresh_token)).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(identity.refresh(second.refresh_token)).rejects.toBeInstanceOf(InvalidTokenError);
    const other = await signedIn();
    await expect(identity.refresh(other.refresh_token)).resolves.toHaveProperty('access_token');
  });

  it('the access token names its session: the family of its refresh token, kept along a rotation', async () => {
    const grant = await signedIn();
    const family = (await tokens.verifyRefresh(grant.refresh_token)).familyId;
    expect(family).toEqual(expect.any(String));
    expect((await tokens.verifyAccess(grant.access_token)).sessionId).toBe(family);
    const next = await identity.refresh(grant.refresh_token);
    expect((await tokens.verifyAccess(next.access_token)).sessionId).toBe(family);
    const guest = await tokens.issueGuest('KOUS', 'guest-xyz');
    expect((await tokens.verifyAccess(guest.access_token)).sessionId).toBeUndefined();
  });

  it('sign-out revokes the family and is idempotent', async () => {
    const grant = await signedIn();
    const next = await identity.refresh(grant.refresh_token);
    await identity.signOut(grant.refresh_token);
    await identity.signOut(grant.refresh_token);
    await identity.signOut('not a token');
    await expect(identity.refresh(next.refresh_token)).rejects.toBeInstanceOf(InvalidTokenError);
  });
});

describe('passwords', () => {
  // The production cost, which the rest of the server suite lowers (tests/support/server-setup.ts).
  beforeAll(() => {
    useTestHashCost(SCRYPT_N);
  });
  afterAll(() => {
    useTestHashCost(null);
  });

  it('cannot be made cheaper outside the test runner', () => {
    const runner = process.env.VITEST;
    delete process.env.VITEST;
    try {
      expect(() => useTestHashCost(1024)).toThrow(/tests only/);
    } finally {
      process.env.VITEST = runner;
    }
    expect(() => useTestHashCost(1000)).toThrow(/power of two/);
  });

  it('are stored as salted scrypt hashes, never as given', async () => {
    const email = await newCustomer('Stored-Secret-1!');
    const stored = await findCustomerByEmail(db, email);
    expect(stored?.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(stored?.passwordHash).not.toContain('Stored-Secret-1!');
    const again = await hashPassword('Stored-Secret-1!');
    expect(again).not.toBe(stored?.passwordHash);
  });

  it('verify exactly the password they were made from', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 40 }),
        fc.string({ maxLength: 40 }),
        async (password, other) => {
          const stored = await hashPassword(password);
          expect(await verifyPassword(password, stored)).toBe(true);
          expect(await verifyPassword(other, stored)).toBe(other === password);
        },
      ),
      { numRuns: 6 },
    );
  });

  it('a malformed stored hash never verifies', async () => {
    for (const stored of ['', 'plain', 'scrypt$1$8$1$c2FsdA$a2V5', GOOD]) {
      expect(await verifyPassword(GOOD, stored)).toBe(false);
    }
  });

  it('change password: current checked, profile rule applied, then the new one works', async () => {
    const email = await newCustomer();
    const customer = await findCustomerByEmail(db, email);
    if (customer === null) throw new Error('missing');
    expect(await fieldOf(identity.changePassword(customer.id, 'wrong', 'Another-Pass-5'))).toBe(
      'currentPassword',
    );
    expect(await fieldOf(identity.changePassword(customer.id, GOOD, 'short1'))).toBe('newPassword');
    expect(await fieldOf(identity.changePassword(customer.id, GOOD, 'my-password-99'))).toBe(
      'newPassword',
    );
    expect(await fieldOf(identity.changePassword(customer.id, GOOD, GOOD))).toBe('newPassword');
    await identity.changePassword(customer.id, GOOD, 'Another-Pass-5');
    expect((await identity.signIn(email, GOOD, context)).status).toBe('AUTHENTICATION_FAILED');
    expect((await identity.signIn(email, 'Another-Pass-5', context)).status).toBe('SUCCESS');
  });
});

describe('demo accounts', () => {
  it('are seeded once; a second seeding writes nothing', async () => {
    expect(await seedDemoAccounts(db)).toEqual([]);
    for (const account of DEMO_ACCOUNTS) {
      const row = await findCustomerByEmail(db, account.email);
      expect(row?.persona).toBe(account.persona);
    }
  });
});

describe('the outbox route', () => {
  it('exists only with devEndpoints on', async () => {
    for (const devEndpoints of [false, true]) {
      const signingKey = new Uint8Array(randomBytes(32));
      const app = await buildApp({
        db,
        signingKey,
        staticDir: '/nonexistent',
        logLevel: 'silent',
        devEndpoints,
      });
      // Unknown /api routes answer 404 only to a caller with a valid token.
      const guest = await new TokenService(signingKey).issueGuest('KOUS', 'g-1');
      const res = await app.inject({
        method: 'GET',
        url: '/api/dev/outbox',
        headers: { authorization: `Bearer ${guest.access_token}` },
      });
      expect(res.statusCode).toBe(devEndpoints ? 200 : 404);
      if (devEndpoints) expect(res.json()).toHaveProperty('messages');
      await app.close();
    }
  });
});
