/**
 * The HTTP identity adapters against a small mock of the wire contract (docs/api.md, Identity):
 * what they send, and how each answer becomes a port result.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StoredTokens } from '../../../core/auth/token-lifecycle';
import { defaultAppConfig, type AppConfig } from '../../../adapters/di/types';
import { ApiClient } from '../../../adapters/http/api-client';
import { HttpCustomerAccounts } from '../../../adapters/http/identity/http-customer-accounts';
import { HttpCustomerTokenGateway } from '../../../adapters/http/identity/http-customer-token-gateway';
import { HttpIdentityProvider } from '../../../adapters/http/identity/http-identity-provider';
import { JwtClaimsReader } from '../../../adapters/http/identity/jwt-claims-reader';
import { MemoryTokenStore } from '../../core/auth/token-doubles';

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  body: unknown;
}

type Handler = (seen: Seen) => { status: number; body?: unknown };

let server: Server;
let config: AppConfig;
let seen: Seen[] = [];
let handler: Handler = () => ({ status: 404 });

const readBody = (req: IncomingMessage): Promise<unknown> =>
  new Promise((resolve) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => resolve(raw === '' ? undefined : (JSON.parse(raw) as unknown)));
  });

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void readBody(req).then((body) => {
      const s: Seen = {
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
        body,
      };
      seen.push(s);
      const answer = handler(s);
      res.statusCode = answer.status;
      if (answer.body === undefined) {
        res.end();
        return;
      }
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  config = { ...defaultAppConfig, apiBaseUrl: `http://127.0.0.1:${port}/api` };
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
});

const guest: StoredTokens = {
  accessToken: 'guest-access',
  refreshToken: 'guest-refresh',
  tokenType: 'Bearer',
  scopes: ['guest'],
  expiresAt: Date.now() + 3_600_000,
  receivedAt: Date.now(),
  anonymous: true,
  anonymousId: 'g-1',
};
const customer: StoredTokens = {
  ...guest,
  accessToken: 'customer-access',
  refreshToken: 'customer-refresh',
  anonymous: false,
};

const session = (tokens: StoredTokens) => ({
  execute: async () => tokens,
  replaceWithGuestToken: async () => tokens,
});

const grant = {
  access_token: 'a',
  refresh_token: 'r',
  expires_in: 3600,
  revalidate_in: 1800,
  scopes: ['mira-session', 'openid', 'offline_access'],
  token_type: 'Bearer',
};

describe('HttpIdentityProvider', () => {
  it('signs in with the guest token as bearer and passes every status through', async () => {
    const store = new MemoryTokenStore();
    const provider = new HttpIdentityProvider(new ApiClient(config, session(guest)), store, config);
    handler = () => ({ status: 200, body: { status: 'SUCCESS', tokens: grant } });
    const ok = await provider.signIn({ username: ' pro@lavabo.test ', password: 'pw' });
    expect(ok).toEqual({ status: 'SUCCESS', tokens: grant });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/api/identity/signin',
      authorization: 'Bearer guest-access',
      body: { username: 'pro@lavabo.test', password: 'pw' },
    });

    for (const status of ['LOCKED_OUT', 'PASSWORD_EXPIRED', 'AUTHENTICATION_FAILED']) {
      handler = () => ({ status: 200, body: { status, errorSummary: 'summary' } });
      expect(await provider.signIn({ username: 'a@b.co', password: 'x' })).toEqual({
        status,
        errorSummary: 'summary',
      });
    }
  });

  it('throws a refused sign-in with an errorSummary, as the provider SDK does', async () => {
    const provider = new HttpIdentityProvider(
      new ApiClient(config, session(guest)),
      new MemoryTokenStore(),
      config,
    );
    handler = () => ({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: "body must have property 'password'",
      },
    });
    const thrown = await provider
      .signIn({ username: 'a@b.co', password: '' })
      .catch((e: unknown) => e);
    expect((thrown as { errorSummary?: string }).errorSummary).toContain('password');
  });

  it('passes on the words of a 429, which say how long to wait', async () => {
    const provider = new HttpIdentityProvider(
      new ApiClient(config, session(guest)),
      new MemoryTokenStore(),
      config,
    );
    const message = 'Too many attempts. Please wait 42 seconds and try again.';
    handler = () => ({
      status: 429,
      body: {
        statusCode: 429,
        error: 'Too Many Requests',
        message,
        errors: [{ code: 'RateLimited', retryAfter: 42 }],
      },
    });
    const thrown = await provider
      .signIn({ username: 'a@b.co', password: 'x' })
      .catch((e: unknown) => e);
    expect(thrown).toMatchObject({ kind: 'rejected', message, errorSummary: message });
  });

  it('closes a customer session by revoking its refresh token; a guest has nothing to close', async () => {
    const store = new MemoryTokenStore();
    const provider = new HttpIdentityProvider(new ApiClient(config, session(guest)), store, config);
    handler = () => ({ status: 204 });
    store.tokens = guest;
    await provider.closeSession();
    expect(seen).toEqual([]);
    store.tokens = customer;
    await provider.closeSession();
    expect(seen[0]).toMatchObject({
      url: '/api/identity/signout',
      authorization: 'Bearer customer-access',
      body: { refresh_token: 'customer-refresh' },
    });
  });
});

describe('HttpCustomerAccounts', () => {
  const accounts = () => new HttpCustomerAccounts(new ApiClient(config, session(guest)));
  const form = {
    email: 'new@lavabo.test',
    password: 'Abcdefghij1!',
    firstName: 'N',
    lastName: 'U',
    accountType: 'homeowner' as const,
  };

  it('maps sign-up answers: 202 created (new or taken e-mail alike), 400 field errors', async () => {
    handler = () => ({ status: 202, body: { email: 'new@lavabo.test' } });
    expect(await accounts().signUp(form)).toEqual({ kind: 'created', email: 'new@lavabo.test' });
    expect(seen[0]).toMatchObject({ url: '/api/customer/signup', body: form });

    handler = () => ({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'body.password does not follow the sign-up rule',
        errors: [
          { code: 'InvalidField', field: 'password', message: 'Password needs a digit' },
          { code: 'InvalidField', field: 'body.businessType' },
        ],
      },
    });
    const invalid = await accounts().signUp(form);
    expect(invalid).toEqual({
      kind: 'invalid',
      message: 'body.password does not follow the sign-up rule',
      errors: [
        { field: 'password', message: 'Password needs a digit' },
        { field: 'businessType', message: 'body.password does not follow the sign-up rule' },
      ],
    });
  });

  it('asks whether a user exists, requests a code and resets the password', async () => {
    handler = (s) =>
      s.url === '/api/customer/lookup'
        ? {
            status: 200,
            body: { exists: (s.body as { email: string }).email === 'pro@lavabo.test' },
          }
        : s.url === '/api/identity/password/forgot'
          ? { status: 202 }
          : (s.body as { code: string }).code === '123456'
            ? { status: 204 }
            : {
                status: 400,
                body: {
                  statusCode: 400,
                  error: 'Bad Request',
                  message: 'The code is wrong or has expired',
                },
              };
    expect(await accounts().userExists('pro@lavabo.test')).toBe(true);
    expect(await accounts().userExists('nobody@lavabo.test')).toBe(false);
    await accounts().requestPasswordReset('pro@lavabo.test');
    expect(seen.at(-1)).toMatchObject({
      url: '/api/identity/password/forgot',
      body: { email: 'pro@lavabo.test' },
    });
    const reset = { email: 'pro@lavabo.test', password: 'Abcdefghij1!' };
    expect(await accounts().resetPassword({ ...reset, code: '123456' })).toEqual({ kind: 'reset' });
    expect(await accounts().resetPassword({ ...reset, code: '000000' })).toEqual({
      kind: 'rejected',
      message: 'The code is wrong or has expired',
    });
  });

  it('lets server failures through as errors, not as results', async () => {
    handler = () => ({ status: 500, body: { statusCode: 500, error: 'x', message: 'boom' } });
    await expect(accounts().signUp(form)).rejects.toMatchObject({ kind: 'server' });
    await expect(accounts().userExists('a@b.co')).rejects.toMatchObject({ kind: 'server' });
  });
});

describe('HttpCustomerTokenGateway', () => {
  it('refreshes with the refresh token (public call, scope=refresh) and decodes the new grant', async () => {
    handler = () => ({ status: 200, body: grant });
    const gateway = new HttpCustomerTokenGateway(config);
    expect(await gateway.refresh('old-refresh')).toEqual(grant);
    expect(seen[0]).toMatchObject({
      url: '/api/oauth/token?scope=refresh',
      authorization: undefined,
      body: { refresh_token: 'old-refresh' },
    });
  });

  it('answers null for a refused refresh token and throws when the server fails', async () => {
    const gateway = new HttpCustomerTokenGateway(config);
    handler = () => ({
      status: 401,
      body: { statusCode: 401, error: 'Unauthorized', message: 'Invalid JWT.' },
    });
    expect(await gateway.refresh('revoked')).toBeNull();
    handler = () => ({ status: 503, body: { statusCode: 503, error: 'x', message: 'down' } });
    await expect(gateway.refresh('any')).rejects.toMatchObject({ kind: 'server' });
    handler = () => ({ status: 200, body: { access_token: 1 } });
    await expect(gateway.refresh('any')).rejects.toMatchObject({ kind: 'decode' });
  });

  it('validates with the access token as bearer', async () => {
    handler = (s) => ({ status: 200, body: { valid: s.authorization === 'Bearer good' } });
    const gateway = new HttpCustomerTokenGateway(config);
    expect(await gateway.validate('good')).toBe(true);
    expect(await gateway.validate('bad')).toBe(false);
  });
});

describe('JwtClaimsReader', () => {
  const jwt = (payload: unknown) =>
    `e30.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.sig`;

  it('reads a customer token’s spec §3 claims, unicode names included', () => {
    const claims = new JwtClaimsReader().read(
      jwt({
        sub: 'zoe@lavabo.test',
        isAuth: true,
        persona: ['KOUS:TVS'],
        firstName: 'Zoë',
        lastName: 'Ñuñez',
        customerId: 'c-1',
        uid: 'u-1',
        businessType: 'Plumber',
      }),
    );
    expect(claims).toEqual({
      email: 'zoe@lavabo.test',
      firstName: 'Zoë',
      lastName: 'Ñuñez',
      persona: ['KOUS:TVS'],
      customerId: 'c-1',
      uid: 'u-1',
      businessType: 'Plumber',
    });
  });

  it('reads nothing from guest tokens or garbage', () => {
    const reader = new JwtClaimsReader();
    expect(reader.read(jwt({ sub: 'guest:1', isAuth: false, persona: ['KOUS:GST'] }))).toBeNull();
    expect(reader.read('not a jwt')).toBeNull();
    expect(reader.read('a.%%%.b')).toBeNull();
  });
});
