/** The shared HTTP client against the real server: bearer, guest retry, error kinds, decoding. */
import * as t from 'io-ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EnsureSession } from '../../core/auth/ensure-session';
import type { StoredTokens } from '../../core/auth/token-lifecycle';
import { ManualClock } from '../../core/shared/clock';
import { defaultAppConfig, type AppConfig } from '../../adapters/di/types';
import { ApiClient } from '../../adapters/http/api-client';
import { ApiError } from '../../adapters/http/api-error';
import { HttpTokenGateway } from '../../adapters/http/auth/http-token-gateway';
import { LocalStorageTokenStore } from '../../adapters/storage/local-storage-token-store';
import { MemoryStorage } from '../../adapters/storage/memory-storage';
import { startTestServer, type TestServer } from '../support/test-server';

const Me = t.type({
  isAuth: t.boolean,
  anonymousId: t.union([t.string, t.null]),
  persona: t.string,
  channel: t.string,
});

let server: TestServer;
let config: AppConfig;
let store: LocalStorageTokenStore;
let gateway: HttpTokenGateway & { calls: number };
let client: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  config = { ...defaultAppConfig, apiBaseUrl: server.api };
});
afterAll(() => server.dispose());

beforeEach(() => {
  store = new LocalStorageTokenStore(new MemoryStorage());
  const real = new HttpTokenGateway(config);
  gateway = Object.assign(real, { calls: 0 });
  const fetchGuestToken = real.fetchGuestToken.bind(real);
  gateway.fetchGuestToken = (request) => {
    gateway.calls += 1;
    return fetchGuestToken(request);
  };
  const session = new EnsureSession(
    gateway,
    store,
    { now: () => Date.now() },
    { next: () => 'guest-under-test' },
  );
  client = new ApiClient(config, session);
});

const tamper = (tokens: StoredTokens, anonymous: boolean): StoredTokens => ({
  ...tokens,
  accessToken: `${tokens.accessToken.slice(0, -2)}xx`,
  anonymous,
});

describe('ApiClient', () => {
  it('sends per-call headers beside the bearer token', async () => {
    const submit = (key: string) =>
      client
        .post('/checkout/order/submit', { cartId: 'no-such-cart', version: 1 }, Me, {
          headers: { 'Idempotency-Key': key },
        })
        .then(
          () => null,
          (e: unknown) => e,
        );
    // The server checks the header before the cart: a bad key is named, a good one passes on.
    const bad = await submit('not a key!');
    expect(bad).toBeInstanceOf(ApiError);
    expect((bad as ApiError).details.status).toBe(400);
    expect((bad as ApiError).details.errors).toContainEqual(
      expect.objectContaining({ field: 'Idempotency-Key' }),
    );
    const good = await submit('key-1');
    expect((good as ApiError).details.status).not.toBe(400);
  });

  it('gets a guest token first, then calls with the bearer token', async () => {
    const me = await client.get('/customer/me', Me);
    expect(me).toEqual({
      isAuth: false,
      anonymousId: 'guest-under-test',
      persona: 'GST',
      channel: 'KOUS',
    });
    expect(gateway.calls).toBe(1);
    await client.get('/customer/me', Me);
    expect(gateway.calls).toBe(1);
  });

  it("retries once with a fresh guest token after 401 'Invalid JWT.' while anonymous", async () => {
    await client.get('/customer/me', Me);
    const stale = store.load();
    if (stale === null) throw new Error('no token stored');
    store.save(tamper(stale, true));
    const me = await client.get('/customer/me', Me);
    expect(me.anonymousId).toBe('guest-under-test');
    expect(gateway.calls).toBe(2);
    expect(store.load()?.accessToken).not.toBe(tamper(stale, true).accessToken);
  });

  it('ends a customer session the API refuses, without replaying the call as a guest', async () => {
    await client.get('/customer/me', Me);
    const tokens = store.load();
    if (tokens === null) throw new Error('no token stored');
    store.save(tamper(tokens, false));
    let ended = 0;
    let sent = 0;
    const customerClient = new ApiClient(config, {
      execute: async () => {
        sent += 1;
        return store.load() as StoredTokens;
      },
      replaceWithGuestToken: async () => {
        ended += 1;
        return tokens;
      },
    });
    const error = await customerClient.get('/customer/me', Me).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('authentication');
    expect(ended).toBe(1);
    expect(sent).toBe(1);
  });

  it('turns an answer of the wrong shape into a decode error naming the field', async () => {
    const Wrong = t.type({ isAuth: t.string });
    const error = (await client.get('/customer/me', Wrong).catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('decode');
    expect(error.details.path).toBe('isAuth');
  });

  it('maps statuses to the error kinds of spec §8', async () => {
    const notFound = (await client.get('/no-such-route', Me).catch((e: unknown) => e)) as ApiError;
    expect(notFound.kind).toBe('notFound');
    expect(notFound.details.status).toBe(404);
    const unreachable = new ApiClient(
      { ...config, apiBaseUrl: 'http://127.0.0.1:9/api' },
      {
        execute: async () => store.load() as StoredTokens,
        replaceWithGuestToken: async () => store.load() as StoredTokens,
      },
    );
    await client.get('/customer/me', Me);
    const network = (await unreachable
      .get('/customer/me', Me)
      .catch((e: unknown) => e)) as ApiError;
    expect(network.kind).toBe('network');
    expect(network.message).toBe('Something went wrong. Please try again...');
  });

  it('renews the guest token when it is within 120 s of expiry', async () => {
    const clock = new ManualClock(Date.now());
    const session = new EnsureSession(gateway, store, clock, { next: () => 'guest-under-test' });
    const renewing = new ApiClient(config, session);
    await renewing.get('/customer/me', Me);
    const first = store.load();
    clock.set((first?.expiresAt ?? 0) - 119_000);
    await renewing.get('/customer/me', Me);
    expect(gateway.calls).toBe(2);
    expect(store.load()?.accessToken).not.toBe(first?.accessToken);
    expect(store.load()?.anonymousId).toBe('guest-under-test');
  });
});
