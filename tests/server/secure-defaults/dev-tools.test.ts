/**
 * Secure by default (issue 13): `npm start` serves no development route, listens on this machine
 * only, and believes no X-Forwarded-For; LAVABO_DEV_TOOLS=1 turns the outbox and order advance on
 * for loopback clients only.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { TokenService } from '../../../server/auth/tokens';
import { configFromEnv, type ServerConfig } from '../../../server/config';
import { startTestServer, type TestServer } from '../../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.dispose());

const signingKey = new Uint8Array(randomBytes(32));

/** The app as startServer builds it from `config` (the environment `npm start` runs with). */
const appFor = (config: ServerConfig): Promise<FastifyInstance> =>
  buildApp({
    db: server.db,
    signingKey,
    staticDir: server.dataDir,
    logLevel: 'silent',
    devEndpoints: config.devEndpoints,
    ...(config.trustProxy !== undefined ? { trustProxy: config.trustProxy } : {}),
  });

const withApp = async (env: NodeJS.ProcessEnv, use: (app: FastifyInstance) => Promise<void>) => {
  const app = await appFor(configFromEnv(env));
  try {
    await use(app);
  } finally {
    await app.close();
  }
};

const DEV_ROUTES = [
  { method: 'GET', url: '/api/dev/outbox?to=homeowner@lavabo.test' },
  { method: 'POST', url: '/api/dev/orders/10000001/advance' },
] as const;

describe('npm start (no LAVABO_DEV_TOOLS)', () => {
  it('serves no development route: each answers as a route that does not exist', async () => {
    await withApp({}, async (app) => {
      const guest = await new TokenService(signingKey).issueGuest('KOUS', 'g-1');
      const authorization = `Bearer ${guest.access_token}`;
      for (const route of DEV_ROUTES) {
        const signedIn = await app.inject({ ...route, headers: { authorization } });
        expect(signedIn.statusCode, route.url).toBe(404);
        const absent = await app.inject({
          method: route.method,
          url: '/api/dev/nothing-here',
          headers: { authorization },
        });
        expect(signedIn.json().message).toBe(
          (absent.json().message as string).replace(
            '/api/dev/nothing-here',
            route.url.split('?')[0]!,
          ),
        );
        const anonymous = await app.inject(route);
        const anonymousAbsent = await app.inject({ method: route.method, url: '/api/dev/nothing' });
        expect(anonymous.statusCode, route.url).toBe(anonymousAbsent.statusCode);
      }
    });
  });

  it('listens on 127.0.0.1 unless HOST says otherwise', async () => {
    expect(configFromEnv({}).host).toBe('127.0.0.1');
    expect(configFromEnv({ HOST: '' }).host).toBe('127.0.0.1');
    expect(configFromEnv({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    const started = await startTestServer({ host: configFromEnv({}).host });
    try {
      expect(started.app.server.address()).toMatchObject({ address: '127.0.0.1' });
    } finally {
      await started.dispose();
    }
  });

  it('turns the tools on only for LAVABO_DEV_TOOLS=1 and names the variable otherwise', () => {
    expect(configFromEnv({}).devEndpoints).toBe(false);
    expect(configFromEnv({ NODE_ENV: 'development' }).devEndpoints).toBe(false);
    expect(configFromEnv({ LAVABO_DEV_TOOLS: '0' }).devEndpoints).toBe(false);
    expect(configFromEnv({ LAVABO_DEV_TOOLS: '1' }).devEndpoints).toBe(true);
    expect(() => configFromEnv({ LAVABO_DEV_TOOLS: 'yes' })).toThrow(/LAVABO_DEV_TOOLS/);
  });
});

describe('LAVABO_DEV_TOOLS=1', () => {
  const env = { LAVABO_DEV_TOOLS: '1' };

  it('answers loopback clients', async () => {
    await withApp(env, async (app) => {
      for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
        const outbox = await app.inject({ ...DEV_ROUTES[0], remoteAddress });
        expect(outbox.statusCode, remoteAddress).toBe(200);
        expect(outbox.json()).toHaveProperty('messages');
        // Reached the route: an order that does not exist is the route's own 404.
        const advance = await app.inject({ ...DEV_ROUTES[1], remoteAddress });
        expect(advance.statusCode, remoteAddress).toBe(404);
        expect(advance.json().message).toMatch(/10000001/);
      }
    });
  });

  it('refuses every other client with 403, even one claiming to be local', async () => {
    await withApp(env, async (app) => {
      for (const route of DEV_ROUTES) {
        const remote = await app.inject({ ...route, remoteAddress: '203.0.113.9' });
        expect(remote.statusCode, route.url).toBe(403);
        expect(remote.json().message).toMatch(/only to this machine/);
        const spoofed = await app.inject({
          ...route,
          remoteAddress: '203.0.113.9',
          headers: { 'x-forwarded-for': '127.0.0.1' },
        });
        expect(spoofed.statusCode, route.url).toBe(403);
        // A proxy on this machine that is not trusted could be passing on anyone.
        const proxied = await app.inject({
          ...route,
          headers: { 'x-forwarded-for': '203.0.113.9' },
        });
        expect(proxied.statusCode, route.url).toBe(403);
      }
    });
  });

  it('behind a trusted proxy, answers by the client the proxy names', async () => {
    await withApp({ ...env, TRUST_PROXY: '127.0.0.1' }, async (app) => {
      const remote = await app.inject({
        ...DEV_ROUTES[0],
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(remote.statusCode).toBe(403);
      const local = await app.inject({
        ...DEV_ROUTES[0],
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(local.statusCode).toBe(200);
    });
  });
});

describe('TRUST_PROXY', () => {
  /** The client's address as the app sees it (request.ip), through a probe route. */
  const ipSeen = async (env: NodeJS.ProcessEnv, forwardedFor: string, remoteAddress: string) => {
    const app = await appFor(configFromEnv(env));
    app.get('/api/probe-ip', { config: { public: true } }, (request) => ({ ip: request.ip }));
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/api/probe-ip',
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor },
      });
      return (res.json() as { ip: string }).ip;
    } finally {
      await app.close();
    }
  };

  it('is off by default: X-Forwarded-For cannot choose the client address', async () => {
    expect(configFromEnv({}).trustProxy).toBe(false);
    expect(await ipSeen({}, '198.51.100.1', '203.0.113.9')).toBe('203.0.113.9');
  });

  it('a list of proxy addresses trusts only those proxies', async () => {
    const env = { TRUST_PROXY: '10.0.0.1, 10.0.0.2' };
    expect(configFromEnv(env).trustProxy).toEqual(['10.0.0.1', '10.0.0.2']);
    expect(await ipSeen(env, '198.51.100.1', '10.0.0.2')).toBe('198.51.100.1');
    expect(await ipSeen(env, '198.51.100.1', '203.0.113.9')).toBe('203.0.113.9');
  });

  it('a number trusts that many hops', async () => {
    expect(configFromEnv({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(await ipSeen({ TRUST_PROXY: '1' }, '198.51.100.1, 10.0.0.5', '127.0.0.1')).toBe(
      '10.0.0.5',
    );
  });

  it('names the variable when it cannot be read', () => {
    expect(() => configFromEnv({ TRUST_PROXY: 'the usual proxy' })).toThrow(/TRUST_PROXY/);
  });
});
