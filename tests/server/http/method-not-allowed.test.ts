/**
 * A method the API does not serve on a path it knows is 405 with `Allow` and the error body, for
 * anyone (no token needed to learn the method is wrong); unknown paths stay 404, and the
 * storefront's pages are not API paths.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routePattern } from '../../../server/http/method-not-allowed';
import { startTestServer, type TestServer } from '../../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.dispose());

const send = async (method: string, path: string, token?: string) => {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
  const text = await res.text();
  return {
    status: res.status,
    allow: res.headers.get('allow'),
    type: res.headers.get('content-type'),
    body: text === '' ? undefined : (JSON.parse(text) as Record<string, unknown>),
  };
};

describe('405 Method Not Allowed', () => {
  it.each([
    ['PUT', '/api/cart/active', 'DELETE, GET, HEAD'],
    ['DELETE', '/api/health', 'GET, HEAD'],
    ['PATCH', '/api/cart/3f2a6c1e-0000-4000-8000-000000000000', 'DELETE, GET, HEAD'],
    ['GET', '/api/checkout/payment', 'POST'],
    ['DELETE', '/api/content/en.model.json', 'GET, HEAD'],
    ['POST', '/images/products/K-4120-BL.svg', 'GET, HEAD'],
    ['OPTIONS', '/api/search/plp', 'GET, HEAD'],
  ])('%s %s → 405 Allow: %s, with the error body and no token', async (method, path, allow) => {
    const res = await send(method, path);
    expect(res.status).toBe(405);
    expect(res.allow).toBe(allow);
    expect(res.type).toMatch(/^application\/json/);
    expect(res.body).toEqual({
      statusCode: 405,
      error: 'Method Not Allowed',
      message: `Method ${method} is not allowed on ${path}; allowed: ${allow}`,
    });
  });

  it('a served method still answers as before (401 without a token, not 405)', async () => {
    expect((await send('GET', '/api/cart/active')).status).toBe(401);
    expect((await send('GET', '/api/health')).status).toBe(200);
  });

  it('an unknown /api path stays 404 (after authentication), a page path is not an API path', async () => {
    expect((await send('PUT', '/api/nowhere')).status).toBe(401);
    const token = (
      (await (
        await fetch(`${server.api}/oauth/token?scope=guest&channel=KOUS`, { method: 'POST' })
      ).json()) as { access_token: string }
    ).access_token;
    expect((await send('PUT', '/api/nowhere', token)).status).toBe(404);
    expect((await send('POST', '/en/kitchen')).status).toBe(404);
  });

  it('matches route patterns segment by segment', () => {
    expect(routePattern('/api/cart/:id').test('/api/cart/abc')).toBe(true);
    expect(routePattern('/api/cart/:id').test('/api/cart/abc/def')).toBe(false);
    expect(routePattern('/api/content/*').test('/api/content/en/kitchen.html')).toBe(true);
    expect(routePattern('/api/search/plp').test('/api/search/plpx')).toBe(false);
  });
});
