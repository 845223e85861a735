/**
 * The configuration gateway: the page's inline configuration first (no call at all), 10-minute
 * cache in memory and browser storage, fallbacks on failure (spec §8), one shared request, and the
 * configuration client's own timeout (spec §7).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContainer } from '../../../adapters/di/container';
import { defaultAppConfig, TYPES } from '../../../adapters/di/types';
import type { ApiClient } from '../../../adapters/http/api-client';
import { ApiError } from '../../../adapters/http/api-error';
import { DEFAULT_CONFIGURATION } from '../../../core/content/default-configuration';
import {
  CONFIGURATION_STORAGE_KEY,
  HttpConfigurationGateway,
} from '../../../adapters/http/content/http-configuration-gateway';
import { INLINE_CONFIGURATION_ID } from '../../../adapters/http/content/inline-configuration';
import { MemoryStorage } from '../../../adapters/storage/memory-storage';
import {
  CONFIGURATION_CACHE_MS,
  type StorefrontConfiguration,
} from '../../../core/content/configuration';
import { type ConfigurationGateway } from '../../../core/content/ports';
import { ManualClock } from '../../../core/shared/clock';

const remote: StorefrontConfiguration = { ...DEFAULT_CONFIGURATION, recentlyViewedMax: 7 };

/** A `get` that answers from a queue of outcomes and counts its calls. */
const stubApi = (...outcomes: (StorefrontConfiguration | Error)[]) => {
  const api = {
    calls: 0,
    get: (async (path: string, codec: { decode: (u: unknown) => unknown }) => {
      api.calls += 1;
      expect(path).toBe('/config/global');
      const next = outcomes[Math.min(api.calls, outcomes.length) - 1];
      if (next === undefined || next instanceof Error) throw next ?? new Error('no answer');
      expect((codec.decode(next) as { _tag: string })._tag).toBe('Right');
      return next;
    }) as unknown as ApiClient['get'],
  };
  return api;
};

const silent = () => undefined;

describe('HttpConfigurationGateway', () => {
  it('fetches once, then answers from memory for 10 minutes, then fetches again', async () => {
    const clock = new ManualClock(1_000_000);
    const api = stubApi(remote, { ...remote, recentlyViewedMax: 8 });
    const gateway = new HttpConfigurationGateway(api, clock, new MemoryStorage(), { log: silent });
    expect(await gateway.load()).toEqual(remote);
    clock.advance(CONFIGURATION_CACHE_MS - 1);
    expect((await gateway.load()).recentlyViewedMax).toBe(7);
    expect(api.calls).toBe(1);
    clock.advance(1);
    expect((await gateway.load()).recentlyViewedMax).toBe(8);
    expect(api.calls).toBe(2);
  });

  it('reuses a fresh copy from browser storage across page loads', async () => {
    const clock = new ManualClock(5_000);
    const storage = new MemoryStorage();
    await new HttpConfigurationGateway(stubApi(remote), clock, storage, { log: silent }).load();
    expect(JSON.parse(storage.getItem(CONFIGURATION_STORAGE_KEY) ?? '{}')).toMatchObject({
      fetchedAt: 5_000,
    });
    const next = stubApi(new Error('offline'));
    clock.advance(60_000);
    expect(
      await new HttpConfigurationGateway(next, clock, storage, { log: silent }).load(),
    ).toEqual(remote);
    expect(next.calls).toBe(0);
  });

  it('logs a failure and falls back to the last cached copy, however old', async () => {
    const clock = new ManualClock(0);
    const storage = new MemoryStorage();
    await new HttpConfigurationGateway(stubApi(remote), clock, storage, { log: silent }).load();
    clock.advance(CONFIGURATION_CACHE_MS * 10);
    const logged: unknown[] = [];
    const gateway = new HttpConfigurationGateway(
      stubApi(new ApiError('server', 'boom')),
      clock,
      storage,
      { log: (_m, e) => logged.push(e) },
    );
    expect(await gateway.load()).toEqual(remote);
    expect(logged).toHaveLength(1);
  });

  it('falls back to the built-in configuration when nothing was ever cached, without throwing', async () => {
    const storage = new MemoryStorage();
    storage.setItem(CONFIGURATION_STORAGE_KEY, '{"fetchedAt": "yesterday"}');
    const gateway = new HttpConfigurationGateway(
      stubApi(new ApiError('decode', 'bad')),
      new ManualClock(0),
      storage,
      { log: silent },
    );
    expect(await gateway.load()).toBe(DEFAULT_CONFIGURATION);
  });

  it('shares one request among concurrent loads', async () => {
    const api = stubApi(remote);
    const gateway = new HttpConfigurationGateway(api, new ManualClock(0), new MemoryStorage());
    const all = await Promise.all([gateway.load(), gateway.load(), gateway.load()]);
    expect(all).toEqual([remote, remote, remote]);
    expect(api.calls).toBe(1);
  });
});

describe('HttpConfigurationGateway with an inline configuration', () => {
  const inlineOf = (text: string | null) => {
    const reader = {
      reads: 0,
      read: () => {
        reader.reads += 1;
        return text;
      },
    };
    return reader;
  };

  it('uses the inline configuration without a call, stores it, and reads it once', async () => {
    const clock = new ManualClock(2_000);
    const storage = new MemoryStorage();
    const api = stubApi({ ...remote, recentlyViewedMax: 9 });
    const inline = inlineOf(JSON.stringify(remote));
    const gateway = new HttpConfigurationGateway(api, clock, storage, {
      log: silent,
      inline: inline.read,
    });
    expect(await gateway.load()).toEqual(remote);
    expect(await gateway.load()).toEqual(remote);
    expect(api.calls).toBe(0);
    expect(inline.reads).toBe(1);
    expect(JSON.parse(storage.getItem(CONFIGURATION_STORAGE_KEY) ?? '{}')).toEqual({
      fetchedAt: 2_000,
      configuration: remote,
    });
    // Fresh for the usual 10 minutes from the page load, then the API is asked.
    clock.advance(CONFIGURATION_CACHE_MS);
    expect((await gateway.load()).recentlyViewedMax).toBe(9);
    expect(api.calls).toBe(1);
    expect(inline.reads).toBe(1);
  });

  it('prefers the inline configuration to a stored copy: it is what the server answers now', async () => {
    const clock = new ManualClock(0);
    const storage = new MemoryStorage();
    const older = { ...remote, recentlyViewedMax: 3 };
    await new HttpConfigurationGateway(stubApi(older), clock, storage, { log: silent }).load();
    clock.advance(1_000);
    const api = stubApi(older);
    const gateway = new HttpConfigurationGateway(api, clock, storage, {
      log: silent,
      inline: () => JSON.stringify(remote),
    });
    expect(await gateway.load()).toEqual(remote);
    expect(api.calls).toBe(0);
  });

  it.each([
    ['missing', null, 0],
    ['blank', '  \n ', 0],
    ['not JSON', '{"general": ', 1],
    ['JSON of the wrong shape', JSON.stringify({ ...remote, recentlyViewedMax: 'seven' }), 1],
    ['an empty object', '{}', 1],
  ])(
    'falls back to the API call when it is %s (logging only a malformed one)',
    async (_what, text, logs) => {
      const api = stubApi(remote);
      const logged: string[] = [];
      const gateway = new HttpConfigurationGateway(api, new ManualClock(0), new MemoryStorage(), {
        log: (message) => logged.push(message),
        inline: () => text,
      });
      expect(await gateway.load()).toEqual(remote);
      expect(api.calls).toBe(1);
      expect(logged).toHaveLength(logs);
    },
  );

  it('reads the page element the server writes, by default', async () => {
    const api = stubApi({ ...remote, recentlyViewedMax: 9 });
    const element = { textContent: JSON.stringify(remote) };
    const ids: string[] = [];
    const saved = Object.getOwnPropertyDescriptor(globalThis, 'document');
    Object.defineProperty(globalThis, 'document', {
      configurable: true,
      value: {
        getElementById: (id: string) => {
          ids.push(id);
          return id === INLINE_CONFIGURATION_ID ? element : null;
        },
      },
    });
    try {
      const gateway = new HttpConfigurationGateway(api, new ManualClock(0), new MemoryStorage());
      expect(await gateway.load()).toEqual(remote);
    } finally {
      if (saved === undefined) Reflect.deleteProperty(globalThis, 'document');
      else Object.defineProperty(globalThis, 'document', saved);
    }
    expect(ids).toEqual(['lavabo-config']);
    expect(api.calls).toBe(0);
  });
});

describe('the configuration client in the container', () => {
  let stalling: Server;
  let base: string;

  beforeAll(async () => {
    // Hands out a guest token, then never answers the configuration call.
    stalling = createServer((req, res) => {
      if (req.url?.startsWith('/api/oauth/token') === true) {
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            access_token: 'a.e30.s',
            refresh_token: 'r',
            expires_in: 3600,
            scopes: ['guest'],
            token_type: 'Bearer',
          }),
        );
      }
    });
    await new Promise<void>((resolve) => stalling.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(stalling.address() as AddressInfo).port}/api`;
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        stalling.closeAllConnections();
        stalling.close(() => resolve());
      }),
  );

  it('gives up after the configuration timeout, not the API timeout, and falls back', async () => {
    const container = createContainer({
      mode: 'http',
      config: { ...defaultAppConfig, apiBaseUrl: base, apiTimeoutMs: 20_000, configTimeoutMs: 200 },
      storage: new MemoryStorage(),
      sessionStorage: new MemoryStorage(),
    });
    const gateway = container.get<ConfigurationGateway>(TYPES.ConfigurationGateway);
    const started = Date.now();
    const warn = console.warn;
    console.warn = () => undefined;
    try {
      expect(await gateway.load()).toEqual(DEFAULT_CONFIGURATION);
    } finally {
      console.warn = warn;
    }
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
