/** Serving the built storefront: caching, precompression, history fallback, redirects, headers. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globalConfiguration } from '../../server/api/configuration';
import { withInlineConfiguration } from '../../server/http/app-shell';
import { makeDataDir, startTestServer, type TestServer } from '../support/test-server';
import { generateCatalogue } from '../../server/seed/catalogue/generate';

/** A real product's page: the server answers an unknown product's with 404 (page-existence.ts). */
const faucet = generateCatalogue().products.find((p) => p.categorySlug === 'kitchen-faucets');
if (faucet === undefined) throw new Error('the seeded catalogue has no kitchen faucet');
const PRODUCT_PAGE = `/en/products/kitchen-faucets/${faucet.slug}.html`;

let server: TestServer;
const shell =
  '<!doctype html><html lang="en"><head><title>Lavabo</title></head><body><div id="root"></div></body></html>';
/** The shell as served: the configuration inlined (tests/server/http/storefront-shell.test.ts). */
const served = withInlineConfiguration(shell, globalConfiguration());
const script = `console.log(${JSON.stringify('x'.repeat(2000))});`;

beforeAll(async () => {
  const staticDir = path.join(await makeDataDir(), 'client');
  await mkdir(path.join(staticDir, 'assets'), { recursive: true });
  await writeFile(path.join(staticDir, 'index.html'), shell);
  await writeFile(path.join(staticDir, 'assets', 'app-abc123.js'), script);
  await writeFile(path.join(staticDir, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
  server = await startTestServer({ staticDir });
});
afterAll(() => server.dispose());

const get = (p: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${p}`, { headers, redirect: 'manual' });

describe('the built storefront', () => {
  it('serves hashed assets precompressed with brotli and cached for a year, immutable', async () => {
    const res = await get('/assets/app-abc123.js', { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // fetch decodes br itself; the body is the original script either way.
    expect(await res.text()).toBe(script);
  });

  it('serves the raw file to clients that accept no compression', async () => {
    const res = await get('/assets/app-abc123.js', { 'accept-encoding': 'identity' });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(script))).toBe(true);
    expect(brotliDecompressSync(brotliCompressSync(script)).toString()).toBe(script);
  });

  it.each([
    '/en',
    '/en/cart',
    '/en/products/kitchen-faucets',
    PRODUCT_PAGE,
    '/en/account/orders/123',
  ])('answers the pinned route %s with the app shell, uncached', async (route) => {
    const res = await get(route);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toBe(served);
  });

  it('answers unknown pages with the app shell and a real 404', async () => {
    const res = await get('/en/no-such-page');
    expect(res.status).toBe(404);
    expect(await res.text()).toBe(served);
  });

  it.each([
    ['/', '/en'],
    ['/en/cart.html', '/en/cart'],
    ['/en/cart/', '/en/cart'],
    ['/content/lavabo/en/kitchen.html?tab=help', '/en/kitchen?tab=help'],
  ])('normalises %s to %s with a permanent redirect', async (from, to) => {
    const res = await get(from);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(to);
  });

  it('answers unknown API routes with a JSON 404, after the bearer check', async () => {
    const anonymous = await get('/api/no-such-thing');
    expect(anonymous.status).toBe(401);
    const grant = (await (
      await fetch(`${server.api}/oauth/token?scope=guest`, { method: 'POST' })
    ).json()) as {
      access_token: string;
    };
    const res = await get('/api/no-such-thing', { authorization: `Bearer ${grant.access_token}` });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});
