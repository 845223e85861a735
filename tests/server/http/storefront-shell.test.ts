/**
 * The served app shell carries the configuration inline (server/http/static.ts): on the home page
 * and deep links alike it is exactly what `GET /api/config/global` answers, as the storefront's
 * adapter reads it; it stays uncached but revalidates by ETag, and arrives compressed without
 * per-request work. A configuration holding `</script>` cannot end the data block.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INLINE_CONFIGURATION_ID,
  parseInlineConfiguration,
} from '../../../adapters/http/content/inline-configuration';
import { registerStorefront } from '../../../server/http/static';
import { makeDataDir, startTestServer, type TestServer } from '../../support/test-server';
import { generateCatalogue } from '../../../server/seed/catalogue/generate';

/** A real product's page: the server answers an unknown product's with 404 (page-existence.ts). */
const faucet = generateCatalogue().products.find((p) => p.categorySlug === 'kitchen-faucets');
if (faucet === undefined) throw new Error('the seeded catalogue has no kitchen faucet');
const PRODUCT_PAGE = `/en/products/kitchen-faucets/${faucet.slug}.html`;

const SHELL =
  '<!doctype html><html lang="en"><head><title>Lavabo</title></head><body><div id="root"></div></body></html>';

const writeShell = async (): Promise<string> => {
  const staticDir = path.join(await makeDataDir(), 'client');
  await mkdir(staticDir, { recursive: true });
  await writeFile(path.join(staticDir, 'index.html'), SHELL);
  return staticDir;
};

const OPENING = `<script type="application/json" id="${INLINE_CONFIGURATION_ID}">`;

/**
 * The inline element's text as a browser reads it: script data runs to the first `</script`
 * (any case). With no `<` inside, no `<!--` can change that (tests/server/http/app-shell.test.ts
 * checks the same with an HTML parser).
 */
const inlineText = (html: string): string | null => {
  const start = html.indexOf(OPENING);
  if (start < 0) return null;
  const rest = html.slice(start + OPENING.length);
  const text = rest.slice(0, rest.search(/<\/script/i));
  expect(text).not.toContain('<');
  expect(html.split(OPENING)).toHaveLength(2);
  return text;
};

/** How many script elements the page opens. */
const scriptCount = (html: string): number => html.match(/<script[\s>]/gi)?.length ?? 0;

describe('the app shell on the real server', () => {
  let server: TestServer;
  let apiConfiguration: unknown;

  beforeAll(async () => {
    server = await startTestServer({ staticDir: await writeShell() });
    const grant = (await (
      await fetch(`${server.api}/oauth/token?scope=guest`, { method: 'POST' })
    ).json()) as { access_token: string };
    apiConfiguration = await (
      await fetch(`${server.api}/config/global`, {
        headers: { authorization: `Bearer ${grant.access_token}` },
      })
    ).json();
  });
  afterAll(() => server.dispose());

  it.each(['/en', '/en/cart', PRODUCT_PAGE, '/en/no-such-page'])(
    '%s carries the configuration the API answers, as the storefront reads it',
    async (route) => {
      const res = await fetch(`${server.url}${route}`);
      expect(res.status).toBe(route === '/en/no-such-page' ? 404 : 200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const html = await res.text();
      const text = inlineText(html);
      expect(JSON.parse(text ?? 'null')).toEqual(apiConfiguration);
      expect(parseInlineConfiguration(text)).toEqual({
        kind: 'found',
        configuration: apiConfiguration,
      });
    },
  );

  it('follows / to the home page with the configuration inline', async () => {
    const res = await fetch(`${server.url}/`);
    expect(res.url).toBe(`${server.url}/en`);
    expect(JSON.parse(inlineText(await res.text()) ?? 'null')).toEqual(apiConfiguration);
  });

  it('sends the same page in brotli, gzip and plain, and says it varies by encoding', async () => {
    const bodies = await Promise.all(
      ['br', 'gzip', 'identity'].map(async (encoding) => {
        const res = await fetch(`${server.url}/en/cart`, {
          headers: { 'accept-encoding': encoding },
        });
        expect(res.headers.get('content-encoding')).toBe(encoding === 'identity' ? null : encoding);
        expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
        return res.text();
      }),
    );
    expect(new Set(bodies).size).toBe(1);
  });

  it('revalidates: the same ETag on every route, and 304 when the browser has it', async () => {
    const first = await fetch(`${server.url}/en`);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);
    expect((await fetch(`${server.url}/en/cart`)).headers.get('etag')).toBe(etag);
    const again = await fetch(`${server.url}/en/cart`, {
      headers: { 'if-none-match': etag ?? '' },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('no-cache');
    expect(await again.text()).toBe('');
    const stale = await fetch(`${server.url}/en/cart`, {
      headers: { 'if-none-match': 'W/"something-else"' },
    });
    expect(stale.status).toBe(200);
  });
});

describe('the app shell with a hostile configuration', () => {
  let app: FastifyInstance;
  let configuration: unknown;

  beforeAll(async () => {
    app = Fastify();
    configuration = {
      general: { homepageUrl: '</script><script>alert(1)</script>' },
      note: '<!-- </SCRIPT> -->',
    };
    await registerStorefront(app, await writeShell(), { configuration: () => configuration });
  });
  afterAll(() => app.close());

  it('keeps `</script>` inside the data block: one script, the same value back', async () => {
    const res = await app.inject({ method: 'GET', url: '/en' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('</script><script>');
    expect(scriptCount(res.body)).toBe(1);
    expect(res.body).toContain('<div id="root"></div></body>');
    expect(JSON.parse(inlineText(res.body) ?? 'null')).toEqual(configuration);
  });

  it('renders again when the configuration changes, with a new ETag', async () => {
    const before = await app.inject({ method: 'GET', url: '/en' });
    configuration = { general: { homepageUrl: '/en/next' } };
    const after = await app.inject({ method: 'GET', url: '/en' });
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(JSON.parse(inlineText(after.body) ?? 'null')).toEqual(configuration);
  });
});
