/**
 * No secret reaches the server log (issue 13): a whole account journey — sign-up, sign-in, forgot
 * password, reset with the e-mailed code, refresh — logged at the most talkative level, and the log
 * holds neither the reset code, nor a password, nor any token.
 */
import fc from 'fast-check';
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggableUrl } from '../../../server/app';
import { startTestServer, type TestServer } from '../../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.dispose());

interface Tokens {
  access_token: string;
  refresh_token: string;
}

describe('the server log', () => {
  it('carries no reset code, password or token through a whole account journey', async () => {
    const lines: string[] = [];
    const app: FastifyInstance = await buildApp({
      db: server.db,
      signingKey: new Uint8Array(randomBytes(32)),
      staticDir: server.dataDir,
      logLevel: 'trace',
      devEndpoints: true,
      logStream: { write: (line) => void lines.push(line) },
    });
    const secrets: string[] = [];
    const keep = <T extends string>(secret: T): T => {
      secrets.push(secret);
      return secret;
    };
    const post = async (url: string, body?: unknown, token?: string) => {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: {
          ...(token !== undefined ? { authorization: `Bearer ${token}` } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined
          ? { payload: typeof body === 'string' ? body : JSON.stringify(body) }
          : {}),
      });
      return { status: res.statusCode, body: res.body === '' ? {} : res.json() };
    };
    try {
      const guest = (await post(`/api/oauth/token?scope=guest&channel=KOUS&gId=${randomUUID()}`))
        .body as Tokens;
      keep(guest.access_token);
      keep(guest.refresh_token);
      const email = `journey-${randomUUID()}@example.com`;
      const password = keep('Sturdy-Tap-2026!');
      const signUp = await post(
        '/api/customer/signup',
        { email, password, firstName: 'Jo', lastName: 'Lee', accountType: 'homeowner' },
        guest.access_token,
      );
      expect(signUp.status).toBe(202);
      const signIn = await post(
        '/api/identity/signin',
        { username: email, password },
        guest.access_token,
      );
      expect(signIn.body.status).toBe('SUCCESS');
      const first = signIn.body.tokens as Tokens;
      keep(first.access_token);
      keep(first.refresh_token);
      // A body that is not JSON, with the password in it: the error names the body, the log keeps none of it.
      const broken = await post(
        '/api/identity/signin',
        `{"username":"${email}","password":"${password}"`,
        guest.access_token,
      );
      expect(broken.status).toBe(400);

      expect(
        (await post('/api/identity/password/forgot', { email }, guest.access_token)).status,
      ).toBe(202);
      const outbox = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${email}` });
      const text = (outbox.json() as { messages: { text: string }[] }).messages[0]!.text;
      const code = keep(/code is (\d{6})/.exec(text)![1]!);
      const newPassword = keep('Fresh-Faucet-2027!');
      const reset = await post(
        '/api/identity/password/reset',
        {
          email,
          code,
          password: newPassword,
        },
        guest.access_token,
      );
      expect(reset.status).toBe(204);

      const again = await post(
        '/api/identity/signin',
        { username: email, password: newPassword },
        guest.access_token,
      );
      const second = again.body.tokens as Tokens;
      keep(second.access_token);
      keep(second.refresh_token);
      const refreshed = await post(
        '/api/oauth/token?scope=refresh',
        {
          refresh_token: second.refresh_token,
        },
        second.access_token,
      );
      expect(refreshed.status).toBe(200);
      keep((refreshed.body as Tokens).access_token);
      keep((refreshed.body as Tokens).refresh_token);
      // A token in a query string is not logged either.
      await app.inject({
        method: 'GET',
        url: `/api/customer/me?access_token=${second.access_token}`,
      });
    } finally {
      await app.close();
    }

    const log = lines.join('');
    // The journey was logged (so an empty log cannot pass), and the e-mail's arrival with it.
    expect(lines.filter((line) => line.includes('request completed')).length).toBeGreaterThan(8);
    expect(log).toContain('e-mail written to the outbox');
    expect(secrets.length).toBe(11);
    for (const secret of secrets) expect(secret).toMatch(/^\S{6,}$/);
    for (const secret of secrets) expect(log).not.toContain(secret);
    // Nor any part of a JWT (each token's signature is its last part).
    for (const secret of secrets.filter((s) => s.includes('.'))) {
      expect(log).not.toContain(secret.split('.')[2]!);
    }
  });

  it('logs a request URL with the value of every secret-looking query parameter replaced', () => {
    expect(loggableUrl('/api/search/plp?q=tap&page=2')).toBe('/api/search/plp?q=tap&page=2');
    expect(loggableUrl('/x?access_token=abc.def.ghi&code=123456&to=a%40b.c')).toBe(
      '/x?access_token=%5BRedacted%5D&code=%5BRedacted%5D&to=a%40b.c',
    );
    expect(loggableUrl('/x')).toBe('/x');
    // The newsletter's links carry their token as `confirm` and `unsubscribe`.
    expect(loggableUrl(`/en/newsletter?confirm=${'a'.repeat(43)}`)).toBe(
      '/en/newsletter?confirm=%5BRedacted%5D',
    );
    expect(loggableUrl(`/en/newsletter?unsubscribe=${'b'.repeat(43)}`)).toBe(
      '/en/newsletter?unsubscribe=%5BRedacted%5D',
    );
    // A key spelled with percent escapes is still a secret-looking key.
    expect(loggableUrl('/x?%74oken=abc&q=a')).toBe('/x?token=%5BRedacted%5D&q=a');
  });

  it('keeps every parameter but the secret-looking ones, whichever way the query is written', () => {
    const secretWord = fc.constantFrom('token', 'code', 'password', 'Session', 'apiKey', 'jwt');
    const plain = fc.stringMatching(/^[a-z]{1,6}$/);
    // A key as a client may write it: plain, with a secret word, or percent-escaped.
    const key = fc.oneof(
      plain,
      fc.tuple(plain, secretWord).map(([a, b]) => `${a}_${b}`),
      secretWord,
      // One letter of a secret word written as its percent escape (`%74oken`).
      fc.tuple(secretWord, fc.nat({ max: 5 })).map(([w, n]) => {
        const i = n % w.length;
        return `${w.slice(0, i)}%${w.charCodeAt(i).toString(16)}${w.slice(i + 1)}`;
      }),
    );
    const value = fc.oneof(plain, fc.constantFrom('tap', 'a+b', 'x%2Cy', 'token', 'é', "o'k"));
    fc.assert(
      fc.property(fc.array(fc.tuple(key, value), { minLength: 1, maxLength: 4 }), (pairs) => {
        const query = pairs.map(([k, v]) => `${k}=${v}`).join('&');
        const logged = loggableUrl(`/api/x?${query}`);
        expect(logged.startsWith('/api/x?')).toBe(true);
        const expected = [...new URLSearchParams(query)].map(([k, v]) => [
          k,
          /token|code|password|secret|key|auth|session|sid|jwt|signature/i.test(k)
            ? '[Redacted]'
            : v,
        ]);
        expect([...new URLSearchParams(logged.slice('/api/x?'.length))]).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });
});
