/**
 * Account existence does not show (issue 13 §6): sign-up and the lookup answer alike for a taken
 * and an unknown e-mail, sign-in runs the password KDF (scrypt) as often for an unknown account, a
 * wrong password and a locked-out client, and sign-up as often for a taken e-mail as for a new one.
 * The KDF is counted where it runs, node:crypto's scrypt, not timed. The lockout is per account
 * and client, so another client cannot lock the owner out.
 */
import type * as NodeCrypto from 'node:crypto';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_FAILED_SIGN_INS } from '../../../core/auth/policies';
import type { TestServer } from '../../support/test-server';

const kdf = vi.hoisted(() => ({ runs: 0 }));

vi.mock('node:crypto', async (importOriginal) => {
  const original = await importOriginal<typeof NodeCrypto>();
  const scrypt = ((...args: Parameters<typeof original.scrypt>) => {
    kdf.runs += 1;
    return (original.scrypt as (...a: unknown[]) => void)(...args);
  }) as typeof original.scrypt;
  return { ...original, default: { ...original, scrypt }, scrypt };
});

const PASSWORD = 'Sturdy-Tap-2026!';
let server: TestServer;
let app: FastifyInstance;
let guest: string;

beforeAll(async () => {
  // The server project shares one module graph between its files (vitest.config.ts): a file
  // before this one loaded the server with the real scrypt. Loaded again here, after the reset,
  // the server's modules take the mock above.
  vi.resetModules();
  const { buildApp } = await import('../../../server/app');
  const { TokenService } = await import('../../../server/auth/tokens');
  const { startTestServer, GENEROUS_RATE_LIMITS } = await import('../../support/test-server');
  server = await startTestServer();
  const signingKey = new Uint8Array(32).fill(7);
  app = await buildApp({
    db: server.db,
    signingKey,
    staticDir: server.dataDir,
    logLevel: 'silent',
    devEndpoints: true,
    rateLimits: GENEROUS_RATE_LIMITS,
  });
  guest = (await new TokenService(signingKey).issueGuest('KOUS', randomUUID())).access_token;
});
afterAll(async () => {
  await app.close();
  await server.dispose();
});

const post = (url: string, payload: unknown, client = '192.0.2.1') =>
  app.inject({
    method: 'POST',
    url,
    remoteAddress: client,
    headers: { authorization: `Bearer ${guest}` },
    payload: payload as Record<string, unknown>,
  });

const signUpBody = (email: string, password = PASSWORD) => ({
  email,
  password,
  firstName: 'Ada',
  lastName: 'Moss',
  accountType: 'homeowner',
});

/** The answer as a client sees it, less what differs on every call. */
const shape = (answer: LightMyRequestResponse) => ({
  status: answer.statusCode,
  body: answer.body,
  headers: Object.keys(answer.headers)
    .filter((h) => !['date', 'x-request-id', 'content-length'].includes(h))
    .sort(),
});

/** How many KDF runs `work` took. */
const kdfRuns = async (work: () => Promise<unknown>): Promise<number> => {
  const before = kdf.runs;
  await work();
  return kdf.runs - before;
};

const newAccount = async (): Promise<string> => {
  const email = `owner-${randomUUID()}@example.com`;
  expect((await post('/api/customer/signup', signUpBody(email))).statusCode).toBe(202);
  return email;
};

describe('sign-up and lookup', () => {
  it('answer a taken e-mail exactly as an unknown one', async () => {
    const taken = await newAccount();
    const unknown = `new-${randomUUID()}@example.com`;
    const lookups = [
      await post('/api/customer/lookup', { email: taken }),
      await post('/api/customer/lookup', { email: unknown }),
    ];
    expect(shape(lookups[0]!)).toEqual(shape(lookups[1]!));
    expect(lookups[0]!.json()).toEqual({ exists: false });

    const signUps = [
      await post('/api/customer/signup', signUpBody(taken, 'Other-Pass-77!')),
      await post('/api/customer/signup', signUpBody(unknown)),
    ];
    expect(signUps.map((a) => a.statusCode)).toEqual([202, 202]);
    expect(shape(signUps[0]!).headers).toEqual(shape(signUps[1]!).headers);
    expect(Object.keys(signUps[0]!.json())).toEqual(Object.keys(signUps[1]!.json()));
  });

  it('spend the same KDF work on a taken e-mail as on a new one', async () => {
    const taken = await newAccount();
    const forTaken = await kdfRuns(() =>
      post('/api/customer/signup', signUpBody(taken, 'Other-Pass-77!')),
    );
    const forNew = await kdfRuns(() =>
      post('/api/customer/signup', signUpBody(`new-${randomUUID()}@example.com`)),
    );
    expect(forNew).toBe(1);
    expect(forTaken).toBe(forNew);
  });
});

describe('reset password', () => {
  it('runs the KDF for an unknown e-mail as for an account', async () => {
    const email = await newAccount();
    const reset = (to: string) =>
      post('/api/identity/password/reset', { email: to, code: '123456', password: PASSWORD });
    // The dummy hash is made once, on first use.
    await reset(`warm-${randomUUID()}@x.co`);
    let answers: LightMyRequestResponse[] = [];
    const forAccount = await kdfRuns(async () => {
      answers = [await reset(email)];
    });
    const forUnknown = await kdfRuns(async () => {
      answers.push(await reset(`nobody-${randomUUID()}@x.co`));
    });
    expect(forAccount).toBe(1);
    expect(forUnknown).toBe(forAccount);
    expect(answers.map((a) => a.statusCode)).toEqual([400, 400]);
    expect(answers[0]?.body).toBe(answers[1]?.body);
  });
});

describe('sign-in', () => {
  it('runs the KDF for an unknown account as for a wrong password and a locked-out client', async () => {
    const email = await newAccount();
    // The dummy hash unknown accounts are checked against is made once, on first use.
    await post('/api/identity/signin', { username: `warm-${randomUUID()}@x.co`, password: 'x' });
    const unknown = await kdfRuns(() =>
      post('/api/identity/signin', {
        username: `nobody-${randomUUID()}@x.co`,
        password: 'Nope-1!',
      }),
    );
    const wrong = await kdfRuns(() =>
      post('/api/identity/signin', { username: email, password: 'Nope-1!' }),
    );
    expect(unknown).toBe(1);
    expect(wrong).toBe(1);

    const attacker = '198.51.100.200';
    for (let i = 0; i < MAX_FAILED_SIGN_INS; i += 1) {
      await post('/api/identity/signin', { username: email, password: `Nope-${i}!` }, attacker);
    }
    let locked: LightMyRequestResponse | undefined;
    const whileLocked = await kdfRuns(async () => {
      locked = await post('/api/identity/signin', { username: email, password: 'x' }, attacker);
    });
    expect(locked?.json()).toMatchObject({ status: 'LOCKED_OUT' });
    expect(whileLocked).toBe(1);
  });

  it('cannot be locked by another client: the owner still signs in from theirs', async () => {
    const email = await newAccount();
    const attacker = '198.51.100.201';
    const statuses: string[] = [];
    for (let i = 0; i < MAX_FAILED_SIGN_INS + 1; i += 1) {
      const answer = await post(
        '/api/identity/signin',
        { username: email, password: `Nope-${i}!` },
        attacker,
      );
      statuses.push(answer.json<{ status: string }>().status);
    }
    expect(statuses.at(-1)).toBe('LOCKED_OUT');
    const owner = await post(
      '/api/identity/signin',
      { username: email, password: PASSWORD },
      '203.0.113.50',
    );
    expect(owner.json()).toMatchObject({ status: 'SUCCESS' });
    const attackerWithTheRightPassword = await post(
      '/api/identity/signin',
      { username: email, password: PASSWORD },
      attacker,
    );
    expect(attackerWithTheRightPassword.json()).toMatchObject({ status: 'LOCKED_OUT' });
  });
});
