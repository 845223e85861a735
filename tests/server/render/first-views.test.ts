/**
 * Server-rendered first views (server/render): the page assembled around the render, the route's
 * chunk files from the build manifest, the per-URL cache under the catalogue version, and the
 * storefront serving a built renderer (a stand-in written beside the fixture build) with ETags,
 * falling back to the app shell when a render fails.
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import type { AxiosAdapter } from 'axios';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MODULE_LOADER_HASH,
  MODULE_LOADER_SCRIPT,
  PAGE_MODULES_ID,
} from '../../../server/http/module-loader';
import { FirstViews, type RenderPage } from '../../../server/render/first-views';
import {
  PAGE_ANSWERS_ID,
  firstViewHtml,
  routeAssets,
  shellModules,
  type Manifest,
} from '../../../server/render/page-html';
import { makeDataDir, startTestServer, type TestServer } from '../../support/test-server';

const SHELL =
  '<!doctype html><html lang="en"><head><title>Lavabo</title>\n<meta\n  name="description"\n  content="Generic"\n/></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';

const view = (answers: unknown = {}) => ({
  head: '<title>Kitchen Faucets — Lavabo</title><meta name="description" content="Taps"/><link rel="canonical" href="/en/products/kitchen-faucets"/>',
  body: '<main><h1>Kitchen Faucets</h1></main>',
  answers,
});

const answersOf = (html: string): unknown => {
  const match = new RegExp(
    `<script type="application/json" id="${PAGE_ANSWERS_ID}">([\\s\\S]*?)</script>`,
  ).exec(html);
  return match === null ? undefined : JSON.parse(match[1] ?? '');
};

describe('firstViewHtml', () => {
  it('puts the page in #root and its own title and description in place of the shell’s', () => {
    const html = firstViewHtml(SHELL, { c: 1 }, view(), { css: ['/a.css'], modules: ['/a.js'] });
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Kitchen Faucets — Lavabo</title>');
    expect(html).not.toContain('Generic');
    expect(html).toContain('<div id="root"><main><h1>Kitchen Faucets</h1></main></div>');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/a.css">');
    expect(html.indexOf('rel="stylesheet"')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('id="lavabo-config"');
  });

  it('names the entry and the route’s modules to the module loader instead of tags that load them at once', () => {
    const shell = SHELL.replace(
      '</head>',
      '<script type="module" crossorigin src="/assets/index.js"></script><link rel="modulepreload" crossorigin href="/assets/runtime.js"></head>',
    ).replace('<script type="module" src="/assets/index.js"></script>', '');
    const html = firstViewHtml(shell, {}, view(), {
      css: [],
      modules: ['/a.js', '/assets/runtime.js'],
    });
    expect(html).not.toMatch(/<script\b[^>]*\bsrc=/);
    expect(html).not.toMatch(/<link[^>]*modulepreload/);
    const data = new RegExp(
      `<script type="application/json" id="${PAGE_MODULES_ID}">(.*?)</script>`,
    ).exec(html);
    expect(JSON.parse(data?.[1] ?? 'null')).toEqual({
      entry: '/assets/index.js',
      preload: ['/assets/runtime.js', '/a.js'],
    });
    // The loader comes after the page's markup, so the image it waits for is already there.
    expect(html.indexOf(`<script>${MODULE_LOADER_SCRIPT}</script>`)).toBeGreaterThan(
      html.indexOf('</main>'),
    );
    // Every inline script that runs is the loader, which the CSP allows by its hash.
    const inline = [
      ...html.matchAll(/<script(?![^>]*type="application\/json")[^>]*>([\s\S]*?)<\/script>/g),
    ];
    expect(inline.map((m) => m[1])).toEqual([MODULE_LOADER_SCRIPT]);
    expect(
      `'sha256-${createHash('sha256')
        .update(inline[0]?.[1] ?? '')
        .digest('base64')}'`,
    ).toBe(MODULE_LOADER_HASH);
  });

  it('keeps the tags of a shell without a single entry script', () => {
    const shell = SHELL.replace('<script type="module" src="/assets/index.js"></script>', '');
    const html = firstViewHtml(shell, {}, view(), { css: [], modules: ['/a.js'] });
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/a.js">');
    expect(html).not.toContain(PAGE_MODULES_ID);
  });

  it('keeps the shell’s description when the page has none', () => {
    const html = firstViewHtml(
      SHELL,
      {},
      { head: '<title>T</title>', body: '', answers: {} },
      { css: [], modules: [] },
    );
    expect(html).toContain('content="Generic"');
  });

  it('embeds any answers so that they read back the same and close no element', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string(), (value, text) => {
        const answers = { k: [{ status: 200, data: value }], t: [{ status: 404, data: text }] };
        const html = firstViewHtml(SHELL, {}, view(answers), { css: [], modules: [] });
        expect(answersOf(html)).toEqual(JSON.parse(JSON.stringify(answers)));
        // The only </script> after the answers block opens are its own and the module loader's two.
        const from = html.indexOf(`id="${PAGE_ANSWERS_ID}"`);
        expect(html.slice(from).match(/<\/script/gi)).toHaveLength(3);
      }),
    );
  });

  it('refuses a shell without an empty #root', () => {
    expect(() =>
      firstViewHtml('<html><body></body></html>', {}, view(), { css: [], modules: [] }),
    ).toThrow(/root/);
  });
});

describe('routeAssets', () => {
  const manifest: Manifest = {
    'index.html': {
      file: 'assets/index.js',
      isEntry: true,
      imports: ['_react.js'],
      css: ['assets/index.css'],
    },
    '_react.js': { file: 'assets/react.js' },
    '_tile.js': { file: 'assets/tile.js', imports: ['_react.js'], css: ['assets/tile.css'] },
    'pages/list-page.tsx': {
      file: 'assets/list-page.js',
      imports: ['_react.js', '_tile.js'],
      css: ['assets/list.css', 'assets/index.css'],
    },
  };

  it('names the route’s chunk and what it imports, not what the entry already loads', () => {
    expect(routeAssets(manifest, 'pages/list-page.tsx')).toEqual({
      modules: ['/assets/list-page.js', '/assets/tile.js'],
      css: ['/assets/list.css', '/assets/tile.css'],
    });
  });

  it('finds the entry by the shell’s scripts when the manifest marks none', () => {
    const unmarked: Manifest = Object.fromEntries(
      Object.entries(manifest).map(([key, { isEntry: _entry, ...chunk }]) => [key, chunk]),
    );
    const shell =
      '<script type="module" crossorigin src="/assets/index.js"></script><link rel="modulepreload" href="/assets/react.js">';
    expect(shellModules(shell)).toEqual(['/assets/index.js', '/assets/react.js']);
    expect(routeAssets(unmarked, 'pages/list-page.tsx', shellModules(shell))).toEqual(
      routeAssets(manifest, 'pages/list-page.tsx'),
    );
  });

  it('names nothing for a source the build does not have', () => {
    expect(routeAssets(manifest, 'pages/nope.tsx')).toEqual({ modules: [], css: [] });
  });
});

const silent = { error: () => undefined } as unknown as FastifyBaseLogger;

const firstViews = (render: RenderPage, version: () => number, limit?: number) =>
  new FirstViews({
    render,
    httpAdapter: (() => Promise.reject(new Error('unused'))) as AxiosAdapter,
    bearer: () => Promise.resolve('token'),
    shell: () => SHELL,
    manifest: () => ({}),
    configuration: () => null,
    version,
    log: silent,
    ...(limit === undefined ? {} : { limit }),
  });

const counting = () => {
  const urls: string[] = [];
  const render: RenderPage = async ({ url }) => {
    urls.push(url);
    await new Promise((resolve) => setTimeout(resolve, 5));
    return { routeId: 'productList', screen: 'pages/x.tsx', ...view({ url }) };
  };
  return { urls, render };
};

describe('FirstViews', () => {
  it('renders a URL once per catalogue version, and once for requests that arrive together', async () => {
    const { urls, render } = counting();
    let version = 1;
    const views = firstViews(render, () => version);
    const [a, b] = await Promise.all([views.page('/en/x'), views.page('/en/x')]);
    expect(a).toBe(b);
    expect(await views.page('/en/x')).toBe(a);
    expect(urls).toEqual(['/en/x']);
    version = 2;
    const c = await views.page('/en/x');
    expect(urls).toEqual(['/en/x', '/en/x']);
    expect(c?.etag).toBe(a?.etag); // the same page renders to the same bytes
    expect(c?.bodies.br.length).toBeGreaterThan(0);
  });

  it('keeps at most its limit of pages, dropping the oldest', async () => {
    const { urls, render } = counting();
    const views = firstViews(render, () => 1, 2);
    for (const url of ['/a', '/b', '/c', '/a']) await views.page(url);
    expect(urls).toEqual(['/a', '/b', '/c', '/a']);
    await views.page('/c');
    expect(urls).toHaveLength(4);
  });

  it('answers null when the render fails, and tries again next time', async () => {
    let fail = true;
    const views = firstViews(
      async () => {
        if (fail) throw new Error('boom');
        return { routeId: 'home', screen: 'pages/home-page.tsx', ...view() };
      },
      () => 1,
    );
    expect(await views.page('/en')).toBeNull();
    fail = false;
    expect(await views.page('/en')).not.toBeNull();
  });
});

describe('the storefront with a built renderer', () => {
  let server: TestServer;
  /** A stand-in for dist/server/entry-server.js: renders lists, calls the API through the adapter. */
  const RENDERER = `
export const renderPage = async ({ url, httpAdapter, bearer, configuration }) => {
  if (url.includes('explode')) throw new Error('render failed');
  if (!url.startsWith('/en/products/')) return null;
  const answer = await httpAdapter({ url: '/api/health', method: 'get', headers: {} });
  return {
    routeId: 'productList',
    screen: 'pages/product-list-page.tsx',
    head: '<title>Rendered list</title>',
    body: '<p>rendered ' + JSON.parse(answer.data).status + ' ' + (bearer.split('.').length === 3) + '</p>'
      + '<p>links ' + Object.keys(configuration.pdpUrlMapping).join(',') + '</p>',
    answers: { health: [{ status: 200, data: '</script><script>alert(1)</script>' }] },
  };
};`;

  beforeAll(async () => {
    const build = await makeDataDir();
    const staticDir = path.join(build, 'client');
    await mkdir(path.join(staticDir, 'assets'), { recursive: true });
    await mkdir(path.join(build, 'server'), { recursive: true });
    await writeFile(path.join(staticDir, 'index.html'), SHELL);
    await writeFile(path.join(build, 'server', 'entry-server.js'), RENDERER);
    server = await startTestServer({ staticDir });
  });
  afterAll(() => server.dispose());

  it('sends a rendered page, drawn from the API in process with a guest token, cacheable by ETag', async () => {
    const res = await fetch(`${server.url}/en/products/kitchen-faucets`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, no-cache');
    const html = await res.text();
    expect(html).toContain('<div id="root"><p>rendered ok true</p>');
    // Drawn with the configuration the page carries (its product links), as the browser will be.
    const inline = /<script type="application\/json" id="lavabo-config">(.*?)<\/script>/.exec(html);
    const served = JSON.parse(inline?.[1] ?? '{}') as { pdpUrlMapping: Record<string, string> };
    expect(Object.keys(served.pdpUrlMapping).length).toBeGreaterThan(0);
    expect(html).toContain(`<p>links ${Object.keys(served.pdpUrlMapping).join(',')}</p></div>`);
    expect(html).toContain('<title>Rendered list</title>');
    expect(html).not.toContain('<script>alert(1)</script>');
    const etag = res.headers.get('etag') ?? '';
    const again = await fetch(`${server.url}/en/products/kitchen-faucets`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
  });

  it('sends the app shell, uncached, for pages it does not render and when a render fails', async () => {
    for (const route of ['/en/cart', '/en/products/kitchen-faucets?explode=1']) {
      const res = await fetch(`${server.url}${route}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root"></div>');
    }
  });

  it('never renders a page that is not there', async () => {
    const res = await fetch(`${server.url}/en/products/no-such-category-at-all`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<div id="root"></div>');
  });
});
