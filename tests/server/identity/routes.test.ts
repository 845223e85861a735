/**
 * The identity routes over HTTP on a real test server (docs/api.md "Identity"): sign-up and its
 * validation (fuzzed: never a 500), lookup, sign-in answers and lockout, the demo accounts and
 * their claims, refresh rotation and reuse, sign-out, forgot/reset through the outbox, change
 * password, /customer/me, forged tokens. Time-dependent rules are in service.test.ts.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIENCE, ISSUER } from '../../../server/auth/tokens';
import { DEMO_PASSWORD } from '../../../server/identity/demo-accounts';
import { startTestServer, type TestServer } from '../../support/test-server';

let server: TestServer;
let guest: string;

beforeAll(async () => {
  server = await startTestServer();
  guest = await guestToken();
});
afterAll(() => server.dispose());

/** A body sent as written, not as JSON. */
class RawBody {
  constructor(readonly text: string) {}
}

interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

const guestToken = async (gId = randomUUID()): Promise<string> => {
  const res = await fetch(`${server.api}/oauth/token?scope=guest&channel=KOUS&gId=${gId}`, {
    method: 'POST',
  });
  return ((await res.json()) as { access_token: string }).access_token;
};

const call = async (
  method: string,
  path: string,
  body?: unknown,
  token: string | null = guest,
): Promise<Answer> => {
  const headers: Record<string, string> = {};
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${server.api}${path}`, {
    method,
    headers,
    ...(body === undefined
      ? {}
      : { body: body instanceof RawBody ? body.text : JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text === '' ? {} : (JSON.parse(text) as Answer['body']) };
};
const post = (path: string, body?: unknown, token: string | null = guest) =>
  call('POST', path, body, token);

const validSignUp = (overrides: Record<string, unknown> = {}) => ({
  email: `shopper-${randomUUID()}@example.com`,
  password: 'Sturdy-Tap-2026!',
  firstName: 'Jo',
  lastName: "O'Neill",
  accountType: 'homeowner',
  ...overrides,
});

const errorFields = (answer: Answer): string[] =>
  ((answer.body.errors ?? []) as { field?: string }[]).map((e) => e.field ?? '');

const signIn = (username: string, password: string, token = guest) =>
  post('/identity/signin', { username, password }, token);

const signedIn = async (email: string, password: string) => {
  const answer = await signIn(email, password);
  expect(answer.body.status).toBe('SUCCESS');
  return answer.body.tokens as { access_token: string; refresh_token: string };
};

describe('sign-up', () => {
  it('creates an account: 202 {email}, the e-mail stored lower-cased, signed in at once', async () => {
    const body = validSignUp({ email: `  Mixed.Case-${randomUUID()}@Example.COM ` });
    const answer = await post('/customer/signup', body);
    expect(answer.status).toBe(202);
    const email = (body.email as string).trim().toLowerCase();
    expect(answer.body).toEqual({ email });
    const stored = await server.db.query('SELECT 1 FROM customers WHERE email = $1', [email]);
    expect(stored.rows).toHaveLength(1);
    expect(decodeJwt((await signedIn(email, body.password)).access_token).sub).toBe(email);
  });

  it('a taken e-mail gets the answer a new one gets, changes nothing, and mails its owner', async () => {
    const body = validSignUp();
    const first = await post('/customer/signup', body);
    const again = await post('/customer/signup', {
      ...body,
      email: body.email.toUpperCase(),
      password: 'Another-Pass-99!',
      firstName: 'Mallory',
    });
    const fresh = validSignUp();
    const unknown = await post('/customer/signup', fresh);
    expect([first.status, again.status, unknown.status]).toEqual([202, 202, 202]);
    expect(again.body).toEqual({ email: body.email.toLowerCase() });
    expect(Object.keys(again.body)).toEqual(Object.keys(unknown.body));
    // The account is the first sign-up's: its password and name stand.
    await signedIn(body.email, body.password);
    expect((await signIn(body.email, 'Another-Pass-99!')).body.status).toBe(
      'AUTHENTICATION_FAILED',
    );
    const outbox = (
      await call('GET', `/dev/outbox?to=${encodeURIComponent(body.email)}`, undefined, null)
    ).body.messages as { subject: string; text: string }[];
    expect(outbox.map((m) => m.subject)).toEqual([
      'Someone tried to create a Lavabo account with your e-mail',
    ]);
    expect(outbox[0]?.text).not.toContain('Another-Pass-99!');
  });

  it('names every bad field in a 400, one InvalidField each', async () => {
    const answer = await post('/customer/signup', {
      email: '.bad@',
      password: 'weakpass',
      firstName: '',
      lastName: 'Ok',
      accountType: 'professional',
      phone: '123',
    });
    expect(answer.status).toBe(400);
    expect(errorFields(answer).sort()).toEqual(
      ['businessType', 'email', 'firstName', 'password', 'phone'].sort(),
    );
    for (const field of errorFields(answer)) expect(answer.body.message).toContain(field);
    for (const error of answer.body.errors as { code: string }[]) {
      expect(error.code).toBe('InvalidField');
    }
  });

  it('a professional needs businessType; it becomes persona TVS', async () => {
    const missing = await post('/customer/signup', validSignUp({ accountType: 'professional' }));
    expect(errorFields(missing)).toEqual(['businessType']);
    const body = validSignUp({ accountType: 'professional', businessType: 'Contractor' });
    expect((await post('/customer/signup', body)).status).toBe(202);
    const tokens = await signedIn(body.email, body.password);
    const claims = decodeJwt(tokens.access_token);
    expect(claims.persona).toEqual(['KOUS:TVS']);
    expect(claims.businessType).toBe('Contractor');
  });

  it('one corrupted field of a valid form gives a 400 naming exactly that field', async () => {
    const corruptions: Record<string, fc.Arbitrary<unknown>> = {
      email: fc.constantFrom('no-at-sign', '@example.com', 'a@b', 42, null, '', 'x y@z.com'),
      password: fc.constantFrom(
        'short1A!',
        'alllowercase123!',
        'NoDigitsHere!!',
        'NoSpecial123x',
        7,
      ),
      firstName: fc.constantFrom('', '   ', 'Bad<script>', 'x'.repeat(51), ['Jo']),
      lastName: fc.constantFrom('', 'Semi;colon', false),
      accountType: fc.constantFrom('admin', '', 3, null),
      phone: fc.constantFrom('12345', 'call me', 12),
      zipCode: fc.constantFrom('!!!', '1234567890123', { zip: 1 }),
      newsletter: fc.constantFrom('yes', 1, 'true'),
    };
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(...Object.keys(corruptions))
          .chain((field) =>
            (corruptions[field] as fc.Arbitrary<unknown>).map((value) => ({ field, value })),
          ),
        async ({ field, value }) => {
          const answer = await post('/customer/signup', validSignUp({ [field]: value }));
          expect(answer.status).toBe(400);
          expect(errorFields(answer)).toEqual([field]);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('random bodies never make the server fail: only 2xx or 4xx', async () => {
    const value = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
    );
    const fieldName = fc.constantFrom(
      'email',
      'password',
      'firstName',
      'lastName',
      'accountType',
      'businessType',
      'businessSubtype',
      'phone',
      'zipCode',
      'newsletter',
      '__proto__',
      'constructor',
    );
    const body = fc.oneof(
      fc.dictionary(fieldName, value, { maxKeys: 8 }),
      fc.record({
        email: fc.oneof(fc.emailAddress(), value),
        password: fc.oneof(fc.constant('Sturdy-Tap-2026!'), value),
        firstName: fc.oneof(fc.constant('Al'), value),
        lastName: fc.oneof(fc.constant('Bo'), value),
        accountType: fc.oneof(fc.constantFrom('homeowner', 'professional'), value),
        businessType: fc.oneof(fc.constant('Plumber'), value),
      }),
      value,
    );
    const paths = fc.constantFrom(
      '/customer/signup',
      '/customer/lookup',
      '/identity/signin',
      '/identity/signout',
      '/identity/password/forgot',
      '/identity/password/reset',
      '/customer/change_password',
      '/oauth/token?scope=refresh',
    );
    await fc.assert(
      fc.asyncProperty(paths, body, async (path, payload) => {
        const answer = await post(path, payload);
        expect(answer.status).toBeGreaterThanOrEqual(200);
        expect(answer.status).toBeLessThan(500);
        if (answer.status >= 400) expect(typeof answer.body.message).toBe('string');
      }),
      { numRuns: 120 },
    );
    // Not JSON at all.
    for (const path of ['/customer/signup', '/identity/signin']) {
      const answer = await post(path, new RawBody('{"email": '));
      expect(answer.status).toBe(400);
    }
  });

  it('lookup needs a bearer token and a valid e-mail, and answers alike for every e-mail', async () => {
    expect((await post('/customer/lookup', { email: 'a@b.co' }, null)).status).toBe(401);
    const existing = validSignUp();
    expect((await post('/customer/signup', existing)).status).toBe(202);
    const taken = await post('/customer/lookup', { email: existing.email.toUpperCase() });
    const unknown = await post('/customer/lookup', { email: `nobody-${randomUUID()}@example.com` });
    expect([taken.status, unknown.status]).toEqual([200, 200]);
    expect(taken.body).toEqual({ exists: false });
    expect(unknown.body).toEqual(taken.body);
    const bad = await post('/customer/lookup', { email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(errorFields(bad)).toEqual(['email']);
  });
});

describe('sign-in', () => {
  it('the demo homeowner signs in with the spec claims', async () => {
    const answer = await signIn('HomeOwner@lavabo.test', DEMO_PASSWORD);
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('SUCCESS');
    const tokens = answer.body.tokens as Record<string, unknown>;
    expect(tokens).toMatchObject({
      token_type: 'Bearer',
      scopes: ['mira-session', 'openid', 'offline_access'],
    });
    expect(tokens.expires_in).toBeGreaterThan(120);
    const claims = decodeJwt(tokens.access_token as string);
    expect(claims).toMatchObject({
      sub: 'homeowner@lavabo.test',
      isAuth: true,
      persona: ['KOUS:GST'],
      channel: 'KOUS',
      scopes: ['mira-session', 'openid', 'offline_access'],
      firstName: expect.any(String),
      lastName: expect.any(String),
    });
    expect(typeof claims.customerId).toBe('string');
    expect(typeof claims.uid).toBe('string');
    expect(claims.uid).not.toBe(claims.customerId);
    expect(claims.businessType).toBeUndefined();
  });

  it('the demo pro is TVS with business type Plumber; the associate must enrol first', async () => {
    const pro = decodeJwt((await signedIn('pro@lavabo.test', DEMO_PASSWORD)).access_token);
    expect(pro).toMatchObject({ persona: ['KOUS:TVS'], businessType: 'Plumber' });
    // The associate's KEMP claims come after two-step sign-in (tests/server/identity/two-step.test.ts).
    const associate = await signIn('associate@lavabo.test', DEMO_PASSWORD);
    expect(associate.body).toEqual({
      status: 'MFA_ENROLL_REQUIRED',
      challenge: expect.any(String),
    });
  });

  it('wrong password and unknown e-mail give the same AUTHENTICATION_FAILED', async () => {
    const wrong = await signIn('pro@lavabo.test', 'Not-The-Password-1!');
    const unknown = await signIn('ghost@lavabo.test', DEMO_PASSWORD);
    for (const answer of [wrong, unknown]) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        status: 'AUTHENTICATION_FAILED',
        errorSummary: 'Authentication failed',
      });
    }
  });

  it('locks the account after five failures, even for the right password', async () => {
    const body = validSignUp();
    await post('/customer/signup', body);
    const statuses: unknown[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await signIn(body.email, 'x')).body.status);
    expect(statuses).toEqual([
      'AUTHENTICATION_FAILED',
      'AUTHENTICATION_FAILED',
      'AUTHENTICATION_FAILED',
      'AUTHENTICATION_FAILED',
      'LOCKED_OUT',
    ]);
    const locked = await signIn(body.email, body.password);
    expect(locked.body.status).toBe('LOCKED_OUT');
    expect(typeof locked.body.errorSummary).toBe('string');
    expect(locked.body.tokens).toBeUndefined();
  });

  it('expired@lavabo.test gets PASSWORD_EXPIRED with the right password only', async () => {
    const expired = await signIn('expired@lavabo.test', DEMO_PASSWORD);
    expect(expired.body.status).toBe('PASSWORD_EXPIRED');
    expect(expired.body.tokens).toBeUndefined();
    expect((await signIn('expired@lavabo.test', 'Wrong-Pass-123!')).body.status).toBe(
      'AUTHENTICATION_FAILED',
    );
  });

  it('a malformed body is 400 naming the field; no bearer is 401', async () => {
    const missing = await post('/identity/signin', { username: 'pro@lavabo.test' });
    expect(missing.status).toBe(400);
    expect(errorFields(missing)).toEqual(['password']);
    const typed = await post('/identity/signin', { username: 5, password: 'x' });
    expect(errorFields(typed)).toEqual(['username']);
    const none = await post('/identity/signin', { username: 'a@b.co', password: 'x' }, null);
    expect(none).toMatchObject({ status: 401, body: { message: 'JWT not present.' } });
  });

  it('keeps the guest id of the bearer in the customer token (merge is the cart call)', async () => {
    const gId = randomUUID();
    const tokens = await signedIn('homeowner@lavabo.test', DEMO_PASSWORD);
    expect(decodeJwt(tokens.access_token).anonymousId).not.toBe(gId);
    const answer = await signIn('homeowner@lavabo.test', DEMO_PASSWORD, await guestToken(gId));
    const claims = decodeJwt((answer.body.tokens as { access_token: string }).access_token);
    expect(claims.anonymousId).toBe(gId);
  });
});

describe('/customer/me', () => {
  it('answers the customer for a customer token', async () => {
    const tokens = await signedIn('pro@lavabo.test', DEMO_PASSWORD);
    const me = await call('GET', '/customer/me', undefined, tokens.access_token);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      isAuth: true,
      email: 'pro@lavabo.test',
      persona: 'TVS',
      businessType: 'Plumber',
      channel: 'KOUS',
      customerId: decodeJwt(tokens.access_token).customerId,
    });
    expect(typeof me.body.firstName).toBe('string');
  });

  it('still answers guests as before', async () => {
    const gId = randomUUID();
    const me = await call('GET', '/customer/me', undefined, await guestToken(gId));
    expect(me.body).toEqual({ isAuth: false, anonymousId: gId, persona: 'GST', channel: 'KOUS' });
  });

  it('a forged customer token is 401 Invalid JWT.', async () => {
    const real = decodeJwt((await signedIn('pro@lavabo.test', DEMO_PASSWORD)).access_token);
    const forged = await new SignJWT({ ...real, token_use: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new Uint8Array(randomBytes(32)));
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const unsigned = `${none}.${forged.split('.')[1] ?? ''}.`;
    for (const token of [forged, unsigned]) {
      const me = await call('GET', '/customer/me', undefined, token);
      expect(me).toMatchObject({ status: 401, body: { message: 'Invalid JWT.' } });
    }
  });
});

describe('refresh and sign-out', () => {
  const refresh = (refresh_token: string) =>
    post('/oauth/token?scope=refresh', { refresh_token }, null);

  it('rotates: a new pair each time; reusing an old token revokes the family', async () => {
    const first = await signedIn('homeowner@lavabo.test', DEMO_PASSWORD);
    const second = await refresh(first.refresh_token);
    expect(second.status).toBe(200);
    const rotated = second.body as { access_token: string; refresh_token: string };
    expect(rotated.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(rotated.access_token)).toMatchObject({
      sub: 'homeowner@lavabo.test',
      isAuth: true,
    });
    const reuse = await refresh(first.refresh_token);
    expect(reuse).toMatchObject({ status: 401, body: { message: 'Invalid JWT.' } });
    // The thief's use also killed the legitimate holder's newer token.
    expect((await refresh(rotated.refresh_token)).status).toBe(401);
  });

  it('guest refresh tokens keep working for the same guest', async () => {
    const gId = randomUUID();
    const res = await fetch(`${server.api}/oauth/token?scope=guest&gId=${gId}`, {
      method: 'POST',
    });
    const grant = (await res.json()) as { refresh_token: string };
    const answer = await refresh(grant.refresh_token);
    expect(answer.status).toBe(200);
    expect(decodeJwt(answer.body.access_token as string)).toMatchObject({
      anonymousId: gId,
      isAuth: false,
    });
  });

  it('rejects garbage and access tokens; a missing token is 400', async () => {
    const tokens = await signedIn('homeowner@lavabo.test', DEMO_PASSWORD);
    expect((await refresh('garbage')).status).toBe(401);
    expect((await refresh(tokens.access_token)).status).toBe(401);
    const missing = await post('/oauth/token?scope=refresh', {}, null);
    expect(missing.status).toBe(400);
    expect(errorFields(missing)).toEqual(['refresh_token']);
  });

  it('sign-out revokes the refresh token; again is still 204', async () => {
    const tokens = await signedIn('homeowner@lavabo.test', DEMO_PASSWORD);
    const out = await post('/identity/signout', { refresh_token: tokens.refresh_token });
    expect(out.status).toBe(204);
    expect((await post('/identity/signout', { refresh_token: tokens.refresh_token })).status).toBe(
      204,
    );
    expect((await refresh(tokens.refresh_token)).status).toBe(401);
  });
});

describe('forgot and reset password, change password', () => {
  const outbox = async (to: string) =>
    (await call('GET', `/dev/outbox?to=${encodeURIComponent(to)}`, undefined, null)).body
      .messages as { to: string; subject: string; text: string; createdAt: string }[];

  it('e-mails a six-digit code that resets the password once', async () => {
    const body = validSignUp();
    await post('/customer/signup', body);
    expect((await post('/identity/password/forgot', { email: body.email })).status).toBe(202);
    const [message] = await outbox(body.email);
    expect(message?.to).toBe(body.email);
    const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);

    const wrongCode = code === '123456' ? '654321' : '123456';
    const wrong = await post('/identity/password/reset', {
      email: body.email,
      code: wrongCode,
      password: 'Renewed-Pass-11!',
    });
    expect(wrong.status).toBe(400);
    expect(errorFields(wrong)).toEqual(['code']);
    const weak = await post('/identity/password/reset', {
      email: body.email,
      code,
      password: 'weak',
    });
    expect(errorFields(weak)).toEqual(['password']);

    const ok = await post('/identity/password/reset', {
      email: body.email,
      code,
      password: 'Renewed-Pass-11!',
    });
    expect(ok.status).toBe(204);
    expect((await signIn(body.email, body.password)).body.status).toBe('AUTHENTICATION_FAILED');
    expect((await signIn(body.email, 'Renewed-Pass-11!')).body.status).toBe('SUCCESS');
    const again = await post('/identity/password/reset', {
      email: body.email,
      code,
      password: 'Third-Pass-111!',
    });
    expect(errorFields(again)).toEqual(['code']);
  });

  it('answers 202 for unknown e-mails too, and sends nothing', async () => {
    const email = `nobody-${randomUUID()}@example.com`;
    expect((await post('/identity/password/forgot', { email })).status).toBe(202);
    expect(await outbox(email)).toEqual([]);
    const missing = await post('/identity/password/forgot', {});
    expect(errorFields(missing)).toEqual(['email']);
  });

  it('the outbox lists newest first', async () => {
    const all = (await call('GET', '/dev/outbox', undefined, null)).body.messages as {
      createdAt: string;
    }[];
    const times = all.map((m) => Date.parse(m.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('change password needs a customer token and the current password', async () => {
    const body = validSignUp();
    await post('/customer/signup', body);
    const tokens = await signedIn(body.email, body.password);
    const change = (currentPassword: string, newPassword: string, token = tokens.access_token) =>
      post('/customer/change_password', { currentPassword, newPassword }, token);

    expect((await change(body.password, 'Changed-Pass-12', guest)).status).toBe(403);
    expect(errorFields(await change('wrong-one', 'Changed-Pass-12'))).toEqual(['currentPassword']);
    expect(errorFields(await change(body.password, 'tooshort1'))).toEqual(['newPassword']);
    expect(errorFields(await change(body.password, {} as unknown as string))).toEqual([
      'newPassword',
    ]);
    expect((await change(body.password, 'Changed-Pass-12')).status).toBe(204);
    expect((await signIn(body.email, 'Changed-Pass-12')).body.status).toBe('SUCCESS');
  });

  const refresh = (refresh_token: string) =>
    post('/oauth/token?scope=refresh', { refresh_token }, null);

  it('signs out the other sessions; the one that changed it keeps refreshing', async () => {
    const body = validSignUp();
    await post('/customer/signup', body);
    const first = await signedIn(body.email, body.password);
    // This tab has refreshed once already: its session is the family, not the first token.
    const mine = (await refresh(first.refresh_token)).body as typeof first;
    const other = await signedIn(body.email, body.password);

    const changed = await post(
      '/customer/change_password',
      { currentPassword: body.password, newPassword: 'Changed-Pass-12' },
      mine.access_token,
    );
    expect(changed.status).toBe(204);
    expect(await refresh(other.refresh_token)).toMatchObject({
      status: 401,
      body: { message: 'Invalid JWT.' },
    });
    const revoked = await server.db.query<{ revoked_reason: string | null }>(
      'SELECT revoked_reason FROM refresh_tokens WHERE id = $1',
      [decodeJwt(other.refresh_token).jti],
    );
    expect(revoked.rows[0]?.revoked_reason).toBe('password');
    const kept = await refresh(mine.refresh_token);
    expect(kept.status).toBe(200);
    expect((await refresh(kept.body.refresh_token as string)).status).toBe(200);
    // The other session is over, its access token with it (tests/server/auth/auth-hook.test.ts
    // times it across processes); the tab that changed the password stays signed in.
    expect((await call('GET', '/customer/me', undefined, other.access_token)).status).toBe(401);
    expect((await call('GET', '/customer/me', undefined, mine.access_token)).status).toBe(200);
  });

  it('five wrong current passwords lock this client out: change password and sign-in both refuse', async () => {
    const body = validSignUp();
    await post('/customer/signup', body);
    const tokens = await signedIn(body.email, body.password);
    const change = (currentPassword: string) =>
      post(
        '/customer/change_password',
        { currentPassword, newPassword: 'Changed-Pass-12' },
        tokens.access_token,
      );
    const answers: Answer[] = [];
    for (let i = 0; i < 5; i += 1) answers.push(await change(`Wrong-Guess-${i}`));
    expect(answers.map((a) => [a.status, errorFields(a)])).toEqual(
      Array.from({ length: 5 }, () => [400, ['currentPassword']]),
    );
    const messages = answers.map(
      (a) => ((a.body.errors ?? []) as { message?: string }[])[0]?.message,
    );
    expect(new Set(messages.slice(0, 4))).toEqual(new Set(['That is not your current password.']));
    expect(messages[4]).toMatch(/try again/i);
    // The sixth, with the right current password, is refused the same way and changes nothing.
    const sixth = await change(body.password);
    expect(sixth.status).toBe(400);
    expect(errorFields(sixth)).toEqual(['currentPassword']);
    expect(((sixth.body.errors ?? []) as { message?: string }[])[0]?.message).toBe(messages[4]);
    expect((await signIn(body.email, body.password)).body.status).toBe('LOCKED_OUT');
    const stored = await server.db.query<{ client: string; locked_until: unknown }>(
      `SELECT client, locked_until FROM sign_in_failures
       WHERE customer_id = (SELECT id FROM customers WHERE email = $1)`,
      [body.email],
    );
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]?.client).toBe('127.0.0.1');
    expect(stored.rows[0]?.locked_until).not.toBeNull();
  });
});

describe('storage', () => {
  it('keeps passwords only as scrypt hashes', async () => {
    const body = validSignUp();
    await post('/customer/signup', body);
    const rows = await server.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM customers WHERE email = $1',
      [body.email],
    );
    const stored = rows.rows[0]?.password_hash ?? '';
    // The cost here is the suite's (vitest.config.ts); service.test.ts checks 2^15.
    expect(stored).toMatch(/^scrypt\$\d+\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(stored).not.toContain(body.password);
    const all = await server.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM customers',
    );
    for (const row of all.rows) expect(row.password_hash).not.toContain(DEMO_PASSWORD);
  });
});

describe('API reference', () => {
  it('lists the identity routes under the Identity tag, with their bodies', async () => {
    const doc = (await call('GET', '/openapi.json', undefined, null)).body as {
      paths: Record<string, Record<string, { tags?: string[]; requestBody?: unknown }>>;
    };
    for (const path of [
      '/api/customer/signup',
      '/api/customer/lookup',
      '/api/customer/change_password',
      '/api/identity/signin',
      '/api/identity/signout',
      '/api/identity/password/forgot',
      '/api/identity/password/reset',
    ]) {
      expect(doc.paths[path]?.post?.tags).toEqual(['Identity']);
      expect(doc.paths[path]?.post?.requestBody).toBeDefined();
    }
    expect(doc.paths['/api/dev/outbox']?.get?.tags).toEqual(['Identity']);
  });
});
