/**
 * Security headers (server/http/security-headers.ts): every answer, /api and pages alike, is
 * nosniff; a JSON answer of the API carries the API's short set and nothing else of helmet's, while
 * pages, images, static files and documents under /api carry all of helmet's; the app shell's CSP
 * runs only the storefront's own script files (no 'unsafe-inline' for scripts) and forbids
 * framing; an /api answer that depends on the caller's token is never stored, while anonymous
 * catalogue and content answers keep their own caching.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_HEADERS, HELMET_OPTIONS } from '../../../server/http/security-headers';
import { MODULE_LOADER_HASH } from '../../../server/http/module-loader';
import { generateCatalogue } from '../../../server/seed/catalogue/generate';
import { makeDataDir, startTestServer, type TestServer } from '../../support/test-server';
import { customerToken, guestToken } from '../cart/support';

const SHELL =
  '<!doctype html><html lang="en"><head><title>Lavabo</title><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>';

const product = generateCatalogue().products[0];
if (product === undefined) throw new Error('the seeded catalogue has no product');

let server: TestServer;
let guest: string;
let customer: string;

beforeAll(async () => {
  const staticDir = path.join(await makeDataDir(), 'client');
  await mkdir(staticDir, { recursive: true });
  await writeFile(path.join(staticDir, 'index.html'), SHELL);
  await mkdir(path.join(staticDir, 'assets'), { recursive: true });
  await writeFile(path.join(staticDir, 'assets', 'app-abc123.js'), 'export {};\n');
  server = await startTestServer({ staticDir });
  guest = (await guestToken(server)).token;
  customer = (await customerToken(server)).token;
});
afterAll(async () => {
  await server.dispose();
});

const get = (p: string, token?: string) =>
  fetch(
    `${server.url}${p}`,
    token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } },
  );

/** The directives of a CSP header by name. */
const directives = (csp: string | null): Map<string, string[]> =>
  new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0] !== '')
      .map(([name = '', ...values]) => [name, values]),
  );

const PERSONAL: readonly (readonly [string, () => string])[] = [
  ['/api/customer/me', () => customer],
  ['/api/customer/profile', () => customer],
  ['/api/cart/active', () => customer],
  ['/api/cart/active', () => guest],
  ['/api/shopping-list/Favorites', () => customer],
  ['/api/orders?state=open', () => customer],
];

const ANONYMOUS = [
  '/api/config/global',
  `/api/catalog/projection?where=${encodeURIComponent(`slug="${product.slug}"`)}`,
];

describe('every /api answer', () => {
  it('is nosniff: personal, anonymous, refused and unknown alike', async () => {
    const answers = [
      ...(await Promise.all(PERSONAL.map(([p, token]) => get(p, token())))),
      ...(await Promise.all(ANONYMOUS.map((p) => get(p, guest)))),
      await get('/api/cart/active'),
      await get('/api/cart/active', 'not-a-token'),
      await get('/api/no-such-thing', guest),
    ];
    for (const res of answers) {
      expect({ url: res.url, nosniff: res.headers.get('x-content-type-options') }).toEqual({
        url: res.url,
        nosniff: 'nosniff',
      });
    }
  });
});

/** Every header the configured helmet sets, as it sets them (name in lower case → value). */
const helmetHeaders = (): Map<string, string> => {
  const set = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string) => void set.set(name.toLowerCase(), String(value)),
    removeHeader: () => undefined,
  };
  helmet(HELMET_OPTIONS)({} as never, res as never, () => undefined);
  return set;
};

/** The headers of `expected` as `res` carries them, beside the URL and status to name a failure. */
const carried = (res: Response, expected: ReadonlyMap<string, string>) => ({
  url: res.url,
  status: res.status,
  ...Object.fromEntries([...expected.keys()].map((name) => [name, res.headers.get(name)])),
});
const wanted = (res: Response, expected: ReadonlyMap<string, string>) => ({
  url: res.url,
  status: res.status,
  ...Object.fromEntries(expected),
});

describe('every JSON answer of the API', () => {
  it("carries the API's set, whichever hook answers: 405, 401, 400, 404, 200", async () => {
    const api = new Map(API_HEADERS);
    const answers = [
      await fetch(`${server.api}/health`, { method: 'DELETE' }),
      await get('/api/cart/active'),
      await get('/api/cart/active', 'not-a-token'),
      await get('/api/search/plp?rows=nope', guest),
      await get('/api/no-such-thing', guest),
      await get('/api/health'),
      await get('/api/search/typeahead?q=fau', guest),
      await get('/api/cart/active', customer),
    ];
    expect(answers.map((r) => r.status)).toEqual([405, 401, 401, 400, 404, 200, 200, 200]);
    for (const res of answers) {
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(carried(res, api)).toEqual(wanted(res, api));
    }
  });

  it("carries none of helmet's document headers beyond the API's set", async () => {
    const documentOnly = [...helmetHeaders().keys()].filter(
      (name) => !API_HEADERS.some(([api]) => api === name),
    );
    // Origin-Agent-Cluster, X-XSS-Protection, X-DNS-Prefetch-Control, … : a page's, not an answer's.
    expect(documentOnly.length).toBeGreaterThan(4);
    for (const res of [
      await get('/api/health'),
      await get('/api/search/typeahead?q=fau', guest),
      await get('/api/cart/active'),
    ]) {
      const extra = documentOnly.filter((name) => res.headers.get(name) !== null);
      expect({ url: res.url, extra }).toEqual({ url: res.url, extra: [] });
    }
  });

  it('forbids loading, framing and referring from an answer', () => {
    const api = new Map(API_HEADERS);
    const csp = directives(api.get('content-security-policy') ?? null);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(api.get('x-content-type-options')).toBe('nosniff');
    expect(api.get('x-frame-options')).toBe('DENY');
    expect(api.get('strict-transport-security')).toMatch(/^max-age=\d{8,}/);
    expect(api.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(api.get('referrer-policy')).toBe('no-referrer');
  });
});

describe('every page, image, static file and document', () => {
  it("carries all of helmet's headers, whichever hook answers, under /api too", async () => {
    const expected = helmetHeaders();
    expect(expected.size).toBeGreaterThan(8);
    const answers = [
      await get('/en/no-such-page'),
      await get('/en'),
      await get('/assets/app-abc123.js'),
      await get(`/images/products/${product?.variants[0]?.sku ?? ''}.svg`),
      await get('/images/products/NO-SUCH-SKU.svg'),
      await get(`/api/catalog/pdf-file-download?page=${product?.sku ?? ''}-spec-sheet`),
    ];
    expect(answers.map((r) => r.status)).toEqual([404, 200, 200, 200, 404, 200]);
    expect(answers[5]?.headers.get('content-type')).toMatch(/^application\/pdf/);
    for (const res of answers) {
      expect(carried(res, expected)).toEqual(wanted(res, expected));
    }
  });
});

describe('caching', () => {
  it.each(PERSONAL.map(([p, token], i) => [`${p} (${i})`, p, token] as const))(
    '%s, an answer for the caller, is no-store',
    async (_name, p, token) => {
      const res = await get(p, token());
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
    },
  );

  it.each(ANONYMOUS)('%s, the same for everyone, keeps its caching', async (p) => {
    const res = await get(p, guest);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).not.toContain('no-store');
    expect(res.headers.get('cache-control')).toBeTruthy();
  });
});

describe('the app shell', () => {
  it("has a CSP that runs only the site's own script files and its module loader, and forbids framing", async () => {
    const res = await get('/en');
    expect(res.status).toBe(200);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.get('script-src')).toEqual(["'self'", MODULE_LOADER_HASH]);
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('holds no executable inline script: the configuration is a JSON data block', async () => {
    const html = await (await get('/en')).text();
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(
      ([, , body]) => (body ?? '').trim() !== '',
    );
    expect(inline.length).toBeGreaterThan(0);
    for (const [, attributes] of inline) {
      expect(attributes).toMatch(/type="application\/json"/);
    }
  });
});
