/**
 * A parameter refused by a route's schema (before the route runs) is the API's one 400 shape, as
 * every hand-checked field is (server/http/input.ts): the message names the field, and `errors`
 * holds an InvalidField entry naming it for the client to show next to it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/test-server';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  const res = await fetch(`${server.api}/oauth/token?scope=guest&channel=KOUS`, { method: 'POST' });
  token = ((await res.json()) as { access_token: string }).access_token;
});
afterAll(async () => server?.dispose());

describe('a 400 from a route schema', () => {
  it.each([
    ['POST', '/oauth/token', 'querystring.scope', 'is required'],
    [
      'POST',
      '/oauth/token?scope=admin',
      'querystring.scope',
      'must be equal to one of the allowed values: guest, refresh',
    ],
    ['GET', '/catalog/stock', 'querystring.sku', 'is required'],
    ['GET', '/catalog/projection', 'querystring.where', 'is required'],
  ])('%s %s names %s', async (method, url, field, message) => {
    const res = await fetch(`${server.api}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: `${field} ${message}`,
      errors: [{ code: 'InvalidField', field, message }],
    });
  });
});
