/**
 * The one client of the calls that bypass the session (token endpoint, validate, sign-out): every
 * gateway that uses it sends the API's headers, a bearer only when the call names one, and turns
 * failures into ApiErrors.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultAppConfig, type AppConfig } from '../../adapters/di/types';
import { ApiError } from '../../adapters/http/api-error';
import { HttpTokenGateway } from '../../adapters/http/auth/http-token-gateway';
import { HttpCustomerTokenGateway } from '../../adapters/http/identity/http-customer-token-gateway';
import { SessionlessClient } from '../../adapters/http/sessionless-client';

interface Seen {
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
}

let server: Server;
let config: AppConfig;
let seen: Seen[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: {} };

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers });
      res.statusCode = answer.status;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  config = { ...defaultAppConfig, apiBaseUrl: `http://127.0.0.1:${port}/api`, channel: 'KOCA' };
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
  answer = { status: 200, body: {} };
});

describe('SessionlessClient', () => {
  it('sends the API’s headers, the params, and a bearer only when the call names one', async () => {
    const client = new SessionlessClient(config);
    answer = { status: 200, body: { ok: 1 } };
    expect(await client.post('/oauth/token', undefined, { params: { scope: 'guest' } })).toEqual({
      ok: 1,
    });
    await client.post('/identity/signout', { refresh_token: 'r' }, { bearer: 'access-1' });
    const [token, signout] = seen;
    expect(token?.url).toBe('/api/oauth/token?scope=guest');
    expect(token?.headers.target).toBe('KOCA');
    expect(token?.headers.authorization).toBeUndefined();
    expect(signout?.headers.authorization).toBe('Bearer access-1');
    expect(signout?.headers['content-type']).toContain('application/json');
  });

  it('turns each refusal into an ApiError of its kind, with the server’s message', async () => {
    const client = new SessionlessClient(config);
    for (const [status, kind] of [
      [400, 'badRequest'],
      [401, 'authentication'],
      [409, 'conflict'],
      [503, 'server'],
    ] as const) {
      answer = { status, body: { statusCode: status, message: `no ${status}` } };
      const error = await client.post('/x', undefined).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).kind).toBe(kind);
      expect((error as ApiError).details.serverMessage).toBe(`no ${status}`);
    }
  });

  it('validates with the token as bearer, and refuses an answer of the wrong shape', async () => {
    const client = new SessionlessClient(config);
    answer = { status: 200, body: { valid: false } };
    expect(await client.validate('tok')).toBe(false);
    expect(seen[0]?.headers.authorization).toBe('Bearer tok');
    answer = { status: 200, body: { valid: 'yes' } };
    const error = await client.validate('tok').catch((e: unknown) => e);
    expect((error as ApiError).kind).toBe('decode');
  });
});

describe('the token gateways share it', () => {
  it('both validate the same way, with the channel’s target header', async () => {
    answer = { status: 200, body: { valid: true } };
    expect(await new HttpTokenGateway(config).validate('g')).toBe(true);
    expect(await new HttpCustomerTokenGateway(config).validate('c')).toBe(true);
    expect(seen.map((s) => [s.url, s.headers.authorization, s.headers.target])).toEqual([
      ['/api/oauth/token/validate', 'Bearer g', 'KOCA'],
      ['/api/oauth/token/validate', 'Bearer c', 'KOCA'],
    ]);
  });

  it('a refused refresh is null, a server failure is thrown', async () => {
    const gateway = new HttpCustomerTokenGateway(config);
    answer = { status: 401, body: { statusCode: 401, message: 'Invalid JWT.' } };
    expect(await gateway.refresh('r')).toBeNull();
    answer = { status: 500, body: { statusCode: 500, message: 'boom' } };
    const error = await gateway.refresh('r').catch((e: unknown) => e);
    expect((error as ApiError).kind).toBe('server');
  });
});
