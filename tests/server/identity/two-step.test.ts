/**
 * Two-step sign-in over HTTP on a real test server (docs/api.md "Two-step sign-in"): enrolling in
 * settings, signing in with a code computed here with otpauth (the library an authenticator app's
 * maths matches), a code refused when replayed, a recovery code good once, turning it off only
 * with a proof, the lock after five wrong codes, and the sales associate who must enrol at sign-in;
 * the time rules with the service's own clock; no key or code in the log; the reference.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../core/shared/clock';
import { buildApp } from '../../../server/app';
import { findCustomerByEmail } from '../../../server/identity/customer-repository';
import { DEMO_PASSWORD } from '../../../server/identity/demo-accounts';
import { SecretBox } from '../../../server/identity/secret-box';
import { TwoStepService } from '../../../server/identity/two-step';
import { startTestServer, type TestServer } from '../../support/test-server';

let server: TestServer;
let guest: string;

beforeAll(async () => {
  server = await startTestServer();
  guest = await guestToken();
});
afterAll(() => server.dispose());

interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

const guestToken = async (): Promise<string> => {
  const res = await fetch(
    `${server.api}/oauth/token?scope=guest&channel=KOUS&gId=${randomUUID()}`,
    {
      method: 'POST',
    },
  );
  return ((await res.json()) as { access_token: string }).access_token;
};

const call = async (
  method: string,
  path: string,
  body?: unknown,
  token = guest,
): Promise<Answer> => {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${server.api}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text === '' ? {} : (JSON.parse(text) as Answer['body']) };
};
const post = (path: string, body?: unknown, token = guest) => call('POST', path, body, token);

const PASSWORD = 'Sturdy-Tap-2026!';
const STEP_MS = 30_000;

/** A new account, signed in: its access token. */
const newCustomer = async (): Promise<{ email: string; token: string }> => {
  const email = `two-step-${randomUUID()}@example.com`;
  const created = await post('/customer/signup', {
    email,
    password: PASSWORD,
    firstName: 'Tove',
    lastName: 'Stepp',
    accountType: 'homeowner',
  });
  expect(created.status).toBe(202);
  const signedIn = await post('/identity/signin', { username: email, password: PASSWORD });
  expect(signedIn.body.status).toBe('SUCCESS');
  return { email, token: (signedIn.body.tokens as { access_token: string }).access_token };
};

/** The code of the key at `stepsFromNow` 30-second steps from now, as an app would show it. */
const codeAt = (secret: string, stepsFromNow = 0): string =>
  TOTP.generate({
    secret: Secret.fromBase32(secret),
    timestamp: Date.now() + stepsFromNow * STEP_MS,
  });

/**
 * Waits until at least 3 s are left in the current step, so "this step" and "the next step" are
 * the same steps for the server as for the test (each check below runs in well under a second).
 */
const awayFromStepEdge = async (): Promise<void> => {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < 3000) await new Promise((resolve) => setTimeout(resolve, left + 50));
};

/** Enrols in settings; answers the key and the recovery codes. Uses the step before now. */
const enrol = async (token: string): Promise<{ secret: string; recoveryCodes: string[] }> => {
  const started = await post('/customer/two-step/enrol', undefined, token);
  expect(started.status).toBe(200);
  const secret = started.body.secret as string;
  await awayFromStepEdge();
  const confirmed = await post('/customer/two-step/confirm', { code: codeAt(secret, -1) }, token);
  expect(confirmed.status).toBe(200);
  return { secret, recoveryCodes: confirmed.body.recoveryCodes as string[] };
};

const challengeFor = async (email: string, password = PASSWORD): Promise<string> => {
  const answer = await post('/identity/signin', { username: email, password });
  expect(answer.body).toEqual({ status: 'MFA_REQUIRED', challenge: expect.any(String) });
  return answer.body.challenge as string;
};

const fieldsOf = (answer: Answer) =>
  ((answer.body.errors ?? []) as { field?: string }[]).map((e) => e.field);

describe('enrolling in account settings', () => {
  it('shows the key as text, URI and QR code, and turns on only with a current code', async () => {
    const { email, token } = await newCustomer();
    expect((await call('GET', '/customer/two-step', undefined, token)).body).toEqual({
      enabled: false,
      required: false,
      recoveryCodesLeft: 0,
    });
    const started = await post('/customer/two-step/enrol', undefined, token);
    expect(started.status).toBe(200);
    const secret = started.body.secret as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.body.uri).toBe(
      `otpauth://totp/Lavabo:${encodeURIComponent(email)}?issuer=Lavabo&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(started.body.qrSvg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(started.body.qrSvg).not.toMatch(/<script|on\w+=/i);

    // Not on yet: signing in still gives tokens.
    expect(
      (await post('/identity/signin', { username: email, password: PASSWORD })).body.status,
    ).toBe('SUCCESS');

    const wrongShape = await post('/customer/two-step/confirm', { code: '12 34' }, token);
    expect(wrongShape.status).toBe(400);
    expect(fieldsOf(wrongShape)).toEqual(['code']);
    await awayFromStepEdge();
    const wrong = await post('/customer/two-step/confirm', { code: codeAt(secret, 3) }, token);
    expect(wrong.status).toBe(400);
    expect(fieldsOf(wrong)).toEqual(['code']);

    const confirmed = await post('/customer/two-step/confirm', { code: codeAt(secret) }, token);
    expect(confirmed.status).toBe(200);
    const codes = confirmed.body.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);

    const status = await call('GET', '/customer/two-step', undefined, token);
    expect(status.body).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
    expect(status.body).not.toHaveProperty('secret');
    // The key is never given again, and is not stored as itself.
    const again = await post('/customer/two-step/enrol', undefined, token);
    expect(again.status).toBe(409);
    const stored = await server.db.query<{ sealed_secret: string }>(
      'SELECT sealed_secret FROM two_step t JOIN customers c ON c.id = t.customer_id WHERE c.email = $1',
      [email],
    );
    expect(stored.rows[0]?.sealed_secret).not.toContain(secret);
    const hashes = await server.db.query<{ code_hash: string }>(
      'SELECT code_hash FROM two_step_recovery_codes r JOIN customers c ON c.id = r.customer_id WHERE c.email = $1',
      [email],
    );
    expect(hashes.rows.map((r) => r.code_hash)).not.toContain(codes[0]);
  });

  it('a guest cannot enrol', async () => {
    expect((await post('/customer/two-step/enrol')).status).toBe(403);
  });
});

describe('signing in with two-step sign-in on', () => {
  it('the password step answers a challenge, a current code gives the tokens, and the code is not good twice', async () => {
    const { email, token } = await newCustomer();
    const { secret } = await enrol(token);
    const challenge = await challengeFor(email);

    const notDigits = await post('/identity/signin/verify', { challenge, code: 'abcdef' });
    expect(notDigits.status).toBe(400);
    expect(fieldsOf(notDigits)).toEqual(['code']);
    const neither = await post('/identity/signin/verify', { challenge });
    expect(neither.status).toBe(400);
    expect(neither.body.message).toMatch(/code/);

    await awayFromStepEdge();
    const code = codeAt(secret);
    const verified = await post('/identity/signin/verify', { challenge, code });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ status: 'SUCCESS', tokens: expect.any(Object) });
    const access = (verified.body.tokens as { access_token: string }).access_token;
    expect(decodeJwt(access)).toMatchObject({ sub: email, isAuth: true });
    expect((await call('GET', '/customer/me', undefined, access)).status).toBe(200);

    // The challenge is used up …
    expect((await post('/identity/signin/verify', { challenge, code })).body.status).toBe(
      'CHALLENGE_EXPIRED',
    );
    // … and the same code on a new challenge is a replay.
    const replay = await post('/identity/signin/verify', {
      challenge: await challengeFor(email),
      code,
    });
    expect(replay.body).toEqual({
      status: 'CODE_WRONG',
      errorSummary: expect.stringMatching(/code/),
    });
  });

  it('a recovery code signs in once', async () => {
    const { email, token } = await newCustomer();
    const { recoveryCodes } = await enrol(token);
    const [first] = recoveryCodes;
    const typed = first?.toLowerCase().replace('-', ' ') ?? '';
    const used = await post('/identity/signin/verify', {
      challenge: await challengeFor(email),
      recoveryCode: typed,
    });
    expect(used.body.status).toBe('SUCCESS');
    const again = await post('/identity/signin/verify', {
      challenge: await challengeFor(email),
      recoveryCode: first,
    });
    expect(again.body).toEqual({
      status: 'CODE_WRONG',
      errorSummary: expect.stringMatching(/recovery code/),
    });
    expect((await call('GET', '/customer/two-step', undefined, token)).body).toMatchObject({
      recoveryCodesLeft: 9,
    });
  });

  it('five wrong codes in a row lock the second step, even for a right code after', async () => {
    const { email, token } = await newCustomer();
    const { secret } = await enrol(token);
    const challenge = await challengeFor(email);
    const answers: unknown[] = [];
    for (let i = 0; i < 5; i += 1) {
      answers.push(
        (await post('/identity/signin/verify', { challenge, code: i % 2 ? '000000' : '999999' }))
          .body.status,
      );
    }
    expect(answers).toEqual(['CODE_WRONG', 'CODE_WRONG', 'CODE_WRONG', 'CODE_WRONG', 'LOCKED_OUT']);
    await awayFromStepEdge();
    const locked = await post('/identity/signin/verify', {
      challenge: await challengeFor(email),
      code: codeAt(secret),
    });
    expect(locked.body.status).toBe('LOCKED_OUT');
  });

  it('an unknown challenge is refused as expired', async () => {
    const answer = await post('/identity/signin/verify', {
      challenge: 'x'.repeat(43),
      code: '123456',
    });
    expect(answer.body).toEqual({ status: 'CHALLENGE_EXPIRED', errorSummary: expect.any(String) });
  });
});

describe('turning it off and new recovery codes', () => {
  it('needs a current code or a recovery code', async () => {
    const { email, token } = await newCustomer();
    const { secret, recoveryCodes } = await enrol(token);
    const bare = await post('/customer/two-step/disable', {}, token);
    expect(bare.status).toBe(400);
    expect(fieldsOf(bare)).toEqual(['code']);
    const wrong = await post('/customer/two-step/disable', { recoveryCode: 'ABCDE-23456' }, token);
    expect(wrong.status).toBe(400);
    expect(fieldsOf(wrong)).toEqual(['recoveryCode']);
    expect((await call('GET', '/customer/two-step', undefined, token)).body).toMatchObject({
      enabled: true,
    });

    await awayFromStepEdge();
    const renewed = await post(
      '/customer/two-step/recovery-codes',
      { code: codeAt(secret) },
      token,
    );
    expect(renewed.status).toBe(200);
    const fresh = renewed.body.recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    // The old codes stopped working.
    const old = await post('/customer/two-step/disable', { recoveryCode: recoveryCodes[0] }, token);
    expect(old.status).toBe(400);

    const off = await post('/customer/two-step/disable', { recoveryCode: fresh[0] }, token);
    expect(off.status).toBe(204);
    expect((await call('GET', '/customer/two-step', undefined, token)).body).toMatchObject({
      enabled: false,
    });
    expect(
      (await post('/identity/signin', { username: email, password: PASSWORD })).body.status,
    ).toBe('SUCCESS');
  });
});

describe('the sales associate', () => {
  it('must enrol at sign-in before any token, and cannot turn two-step sign-in off', async () => {
    const first = await post('/identity/signin', {
      username: 'associate@lavabo.test',
      password: DEMO_PASSWORD,
    });
    expect(first.body).toEqual({ status: 'MFA_ENROLL_REQUIRED', challenge: expect.any(String) });
    const challenge = first.body.challenge as string;
    // No recovery codes exist yet, and nothing signs in without enrolling.
    expect(
      (await post('/identity/signin/verify', { challenge, recoveryCode: 'ABCDE-23456' })).body
        .status,
    ).toBe('CODE_WRONG');
    const started = await post('/identity/signin/enrol', { challenge });
    expect(started.status).toBe(200);
    const secret = started.body.secret as string;
    await awayFromStepEdge();
    const done = await post('/identity/signin/verify', { challenge, code: codeAt(secret) });
    expect(done.body).toEqual({
      status: 'SUCCESS',
      tokens: expect.any(Object),
      recoveryCodes: expect.any(Array),
    });
    const access = (done.body.tokens as { access_token: string }).access_token;
    expect(decodeJwt(access).persona).toEqual(['KOUS:KEMP']);
    expect((await call('GET', '/customer/two-step', undefined, access)).body).toEqual({
      enabled: true,
      required: true,
      recoveryCodesLeft: 10,
    });
    const off = await post(
      '/customer/two-step/disable',
      { recoveryCode: (done.body.recoveryCodes as string[])[0] },
      access,
    );
    expect(off.status).toBe(403);
    expect(off.body.errors).toEqual([{ code: 'TwoStepRequired' }]);
    // From now on the associate's password step asks for a code.
    await challengeFor('associate@lavabo.test', DEMO_PASSWORD);
    // An enrolment challenge cannot be used to start another enrolment once it is spent.
    expect((await post('/identity/signin/enrol', { challenge })).status).toBe(400);
  });
});

describe('time rules (the service with a clock of its own)', () => {
  const setup = async () => {
    const clock = new ManualClock(Date.UTC(2026, 5, 1, 9, 0, 5));
    const service = new TwoStepService(server.db, new SecretBox(randomBytes(32)), { clock });
    const { email } = await newCustomer();
    const customer = await findCustomerByEmail(server.db, email);
    if (customer === null) throw new Error('no customer');
    const { secret } = await service.startEnrolment(customer);
    const at = (steps = 0) =>
      TOTP.generate({
        secret: Secret.fromBase32(secret),
        timestamp: clock.now() + steps * STEP_MS,
      });
    await service.confirmEnrolment(customer.id, at());
    clock.advance(STEP_MS);
    return { clock, service, customer, at };
  };

  it('a challenge lasts five minutes', async () => {
    const { clock, service, customer, at } = await setup();
    const answer = await service.afterPassword(customer, { channel: 'KOUS' });
    expect(answer?.status).toBe('MFA_REQUIRED');
    clock.advance(5 * 60_000);
    expect(
      await service.verify(answer?.challenge ?? '', { kind: 'code', code: at() }),
    ).toMatchObject({
      status: 'CHALLENGE_EXPIRED',
    });
  });

  it('the lock after five wrong codes lasts 15 minutes, then a right code works', async () => {
    const { clock, service, customer, at } = await setup();
    const challenge = (await service.afterPassword(customer, { channel: 'KOUS' }))?.challenge ?? '';
    for (let i = 0; i < 5; i += 1)
      await service.verify(challenge, { kind: 'code', code: '000000' });
    clock.advance(14 * 60_000);
    const still = (await service.afterPassword(customer, { channel: 'KOUS' }))?.challenge ?? '';
    expect((await service.verify(still, { kind: 'code', code: at() })).status).toBe('LOCKED_OUT');
    clock.advance(60_000);
    const after = (await service.afterPassword(customer, { channel: 'KOUS' }))?.challenge ?? '';
    expect((await service.verify(after, { kind: 'code', code: at() })).status).toBe('SUCCESS');
  });

  it('a key sealed under another signing key is not readable', () => {
    const sealed = new SecretBox(randomBytes(32)).seal('JBSWY3DPEHPK3PXP');
    expect(new SecretBox(randomBytes(32)).open(sealed)).toBeNull();
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
  });
});

describe('the server log and the reference', () => {
  it('carries no key, code, recovery code or challenge through enrolment and two-step sign-ins', async () => {
    const lines: string[] = [];
    const app = await buildApp({
      db: server.db,
      signingKey: new Uint8Array(randomBytes(32)),
      staticDir: server.dataDir,
      logLevel: 'trace',
      logStream: { write: (line) => void lines.push(line) },
    });
    const secrets: string[] = [];
    const keep = <T extends string>(s: T): T => {
      secrets.push(s);
      return s;
    };
    const inject = async (url: string, body?: unknown, token?: string) => {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: {
          ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
      return res.json<Record<string, unknown>>();
    };
    try {
      const guestAccess = (
        await inject(`/api/oauth/token?scope=guest&channel=KOUS&gId=${randomUUID()}`)
      ).access_token as string;
      const email = `log-two-step-${randomUUID()}@example.com`;
      await inject(
        '/api/customer/signup',
        { email, password: PASSWORD, firstName: 'Lo', lastName: 'Gg', accountType: 'homeowner' },
        guestAccess,
      );
      const first = await inject(
        '/api/identity/signin',
        { username: email, password: PASSWORD },
        guestAccess,
      );
      const access = (first.tokens as { access_token: string }).access_token;
      const secret = keep(
        (await inject('/api/customer/two-step/enrol', undefined, access)).secret as string,
      );
      await awayFromStepEdge();
      const confirmCode = keep(codeAt(secret, -1));
      const codes = (await inject('/api/customer/two-step/confirm', { code: confirmCode }, access))
        .recoveryCodes as string[];
      codes.forEach(keep);
      const challenge = keep(
        (await inject('/api/identity/signin', { username: email, password: PASSWORD }, guestAccess))
          .challenge as string,
      );
      const code = keep(codeAt(secret));
      expect(
        (await inject('/api/identity/signin/verify', { challenge, code }, guestAccess)).status,
      ).toBe('SUCCESS');
      const again = (
        await inject('/api/identity/signin', { username: email, password: PASSWORD }, guestAccess)
      ).challenge as string;
      keep(again);
      expect(
        (
          await inject(
            '/api/identity/signin/verify',
            { challenge: again, recoveryCode: codes[0] },
            guestAccess,
          )
        ).status,
      ).toBe('SUCCESS');
    } finally {
      await app.close();
    }
    const log = lines.join('\n');
    // One line per request: the nine requests above were logged.
    expect(lines.filter((line) => line.includes('request completed'))).toHaveLength(9);
    for (const s of secrets) expect(log).not.toContain(s);
  });

  it('lists every two-step route with its body and every answer', async () => {
    const doc = (await call('GET', '/openapi.json')).body as {
      paths: Record<
        string,
        Record<
          string,
          { tags?: string[]; requestBody?: unknown; responses?: Record<string, unknown> }
        >
      >;
    };
    // Every route can answer 400 and 500; the second step of sign-in counts at the sign-in
    // door, so it can answer 429 too (server/http/rate-limits.ts declares it).
    const expected: [string, 'get' | 'post', string[], boolean][] = [
      ['/api/identity/signin/verify', 'post', ['200', '400', '401', '429', '500'], true],
      ['/api/identity/signin/enrol', 'post', ['200', '400', '401', '429', '500'], true],
      ['/api/customer/two-step', 'get', ['200', '400', '401', '403', '500'], false],
      ['/api/customer/two-step/enrol', 'post', ['200', '400', '401', '403', '409', '500'], true],
      ['/api/customer/two-step/confirm', 'post', ['200', '400', '401', '403', '409', '500'], true],
      ['/api/customer/two-step/disable', 'post', ['204', '400', '401', '403', '409', '500'], true],
      [
        '/api/customer/two-step/recovery-codes',
        'post',
        ['200', '400', '401', '403', '409', '500'],
        true,
      ],
    ];
    for (const [path, method, statuses, body] of expected) {
      const op = doc.paths[path]?.[method];
      expect(op?.tags, path).toEqual(['Identity']);
      expect(Object.keys(op?.responses ?? {}).sort(), path).toEqual(statuses);
      expect(op?.requestBody !== undefined, path).toBe(body);
    }
  });
});
