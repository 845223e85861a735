import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIENCE, ISSUER } from '../../server/auth/tokens';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.dispose());

const guestToken = async (query = 'scope=guest&channel=KOUS&gId=guest-1') => {
  const res = await fetch(`${server.api}/oauth/token?${query}`, { method: 'POST' });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

const me = (token?: string) =>
  fetch(
    `${server.api}/customer/me`,
    token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } },
  );

const validate = async (token: string) => {
  const res = await fetch(`${server.api}/oauth/token/validate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  return (await res.json()) as { valid: boolean };
};

const signingKey = async () =>
  new Uint8Array(
    Buffer.from(
      (await readFile(path.join(server.dataDir, 'jwt-secret'), 'utf8')).trim(),
      'base64url',
    ),
  );

describe('guest token endpoint', () => {
  it('issues a signed guest token with the spec fields', async () => {
    const { status, body } = await guestToken();
    expect(status).toBe(200);
    expect(body).toMatchObject({ token_type: 'Bearer', scopes: ['guest'] });
    expect(typeof body.access_token).toBe('string');
    expect(typeof body.refresh_token).toBe('string');
    expect(body.expires_in).toBeGreaterThan(120);
    expect(typeof body.revalidate_in).toBe('number');
  });

  it('issues the token for the guest id it was given, with the guest persona', async () => {
    const { body } = await guestToken('scope=guest&channel=KOUS&gId=returning-guest');
    const res = await me(body.access_token as string);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      isAuth: false,
      anonymousId: 'returning-guest',
      persona: 'GST',
      channel: 'KOUS',
    });
  });

  it('gives a new guest id when none is sent, and defaults the channel to KOUS', async () => {
    const a = await guestToken('scope=guest');
    const b = await guestToken('scope=guest');
    const [ma, mb] = await Promise.all([
      me(a.body.access_token as string),
      me(b.body.access_token as string),
    ]);
    const [ja, jb] = (await Promise.all([ma.json(), mb.json()])) as {
      anonymousId: string;
      channel: string;
    }[];
    expect(ja?.anonymousId).not.toEqual(jb?.anonymousId);
    expect(ja?.channel).toBe('KOUS');
  });

  it.each([
    ['', 'querystring.scope is required'],
    ['scope=admin', 'querystring.scope must be equal to one of the allowed values: guest'],
    ['scope=guest&gId=not%20ok', 'querystring.gId'],
    ['scope=guest&channel=kous', 'querystring.channel'],
  ])('answers 400 naming the field for %j', async (query, message) => {
    const { status, body } = await guestToken(query);
    expect(status).toBe(400);
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(body.message).toContain(message);
  });
});

describe('validate and the bearer check', () => {
  it('accepts a token it issued, in the body or as the bearer', async () => {
    const token = (await guestToken()).body.access_token as string;
    expect(await validate(token)).toEqual({ valid: true });
    const res = await fetch(`${server.api}/oauth/token/validate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await res.json()).toEqual({ valid: true });
  });

  it("answers 401 'JWT not present.' without a token", async () => {
    const res = await me();
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'JWT not present.',
    });
  });

  it("answers 401 'Invalid JWT.' for a tampered token, and validate says false", async () => {
    const token = (await guestToken()).body.access_token as string;
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const forged = Buffer.from(
      JSON.stringify({ ...claims, isAuth: true, persona: ['KOUS:TVS'] }),
    ).toString('base64url');
    const tampered = `${header}.${forged}.${signature}`;
    const res = await me(tampered);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toBe('Invalid JWT.');
    expect(await validate(tampered)).toEqual({ valid: false });
  });

  it('refuses expired tokens, tokens signed with another key, and refresh tokens used as access', async () => {
    const key = await signingKey();
    const claims = {
      persona: ['KOUS:GST'],
      channel: 'KOUS',
      scopes: ['guest'],
      isAuth: false,
      token_use: 'access',
    };
    const expired = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject('guest:x')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(key);
    const otherKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject('guest:x')
      .setExpirationTime('1h')
      .sign(new Uint8Array(32).fill(7));
    const refresh = (await guestToken()).body.refresh_token as string;
    for (const token of [expired, otherKey, refresh]) {
      const res = await me(token);
      expect(res.status).toBe(401);
      expect(((await res.json()) as { message: string }).message).toBe('Invalid JWT.');
      expect(await validate(token)).toEqual({ valid: false });
    }
  });

  it('never answers 5xx to whatever arrives as a bearer token', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 300 }), async (junk) => {
        const header = `Bearer ${junk.replace(/[^\x21-\x7e]/g, 'x')}`;
        const res = await fetch(`${server.api}/customer/me`, {
          headers: { authorization: header },
        });
        expect(res.status).toBe(401);
      }),
      { numRuns: 60 },
    );
  });
});
