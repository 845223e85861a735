import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAppConfig } from '../../adapters/di/types';
import { ApiError } from '../../adapters/http/api-error';
import { HttpTokenGateway } from '../../adapters/http/auth/http-token-gateway';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let gateway: HttpTokenGateway;

beforeAll(async () => {
  server = await startTestServer();
  gateway = new HttpTokenGateway({ ...defaultAppConfig, apiBaseUrl: server.api });
});
afterAll(() => server.dispose());

describe('HttpTokenGateway against the real server', () => {
  it('fetches a guest token for the given guest id, decoded', async () => {
    const { grant, anonymousId } = await gateway.fetchGuestToken({
      channel: 'KOUS',
      guestId: 'guest-42',
    });
    expect(anonymousId).toBe('guest-42');
    expect(grant.token_type).toBe('Bearer');
    expect(grant.scopes).toEqual(['guest']);
    expect(grant.expires_in).toBeGreaterThan(0);
  });

  it('learns the server-assigned id when it sends none', async () => {
    const { anonymousId } = await gateway.fetchGuestToken({ channel: 'KOUS' });
    expect(anonymousId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('validates tokens it was given and refuses others', async () => {
    const { grant } = await gateway.fetchGuestToken({ channel: 'KOUS' });
    expect(await gateway.validate(grant.access_token)).toBe(true);
    expect(await gateway.validate(`${grant.access_token}x`)).toBe(false);
  });

  it('turns a refused request into a bad-request ApiError carrying the server message', async () => {
    const error = await gateway
      .fetchGuestToken({ channel: 'not a channel' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('badRequest');
    expect((error as ApiError).message).toContain('querystring.channel');
  });
});
