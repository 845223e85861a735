/**
 * IdentityService in-process over an in-memory database, with a clock that only moves when told:
 * the lockout and its expiry, reset codes that expire or wear out, refresh families, and the
 * password hashes. The HTTP side is routes.test.ts.
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, MINUTE, SECOND } from '../../../core/shared/clock';
import { InvalidTokenError, TokenService } from '../../../server/auth/tokens';
import type { Database } from '../../../server/db/database';
import { migrate } from '../../../server/db/migrate';
import { openPglite } from '../../../server/db/pglite';
import { findCustomerByEmail } from '../../../server/identity/customer-repository';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  seedDemoAccounts,
} from '../../../server/identity/demo-accounts';
import {
  IdentityService,
  LOCKOUT_MS,
  MAX_FAILED_SIGN_INS,
  RESET_CODE_MAX_ATTEMPTS,
  RESET_CODE_TTL_MS,
} from '../../../server/identity/identity-service';
import { listOutbox } from '../../../server/identity/outbox';
import { hashPassword, verifyPassword } from '../../../server/identity/password-hash';
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
  db = await openPglite(null);
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

  it('a password reset lifts the lock', async () => {
    const email = await newCustomer();
    for (let i = 0; i < MAX_FAILED_SIGN_INS; i += 1) await identity.signIn(email, 'nope', context);
    await identity.forgotPassword(email);
    await identity.resetPassword(email, await latestCode(email), 'Brand-New-Pass-7!');
    expect((await identity.signIn(email, 'Brand-New-Pass-7!', context)).status).toBe('SUCCESS');
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
