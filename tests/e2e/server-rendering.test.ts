/**
 * Server-rendered first views (issue 15) against the built shop: the HTML a crawler or a phone
 * gets first holds the page (title, description, canonical link, the product's price and image, a
 * list's first tiles), is cacheable by ETag, and the browser takes it over without a hydration
 * error and without asking the API again for what the page already holds.
 */
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MODULE_LOADER_HASH,
  MODULE_LOADER_SCRIPT,
  PAGE_MODULES_ID,
} from '../../server/http/module-loader';
import { DESKTOP, watchHydration, watchPage } from './support/browser';
import { startShop, type ServerShop } from './support/shop';

let shop: ServerShop;

beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});

const LIST = '/en/products/kitchen-faucets';

const html = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${shop.url}${path}`, { headers });
  return { response, text: await response.text() };
};

/** The document's `<head>` and the contents of `#root`, as sent. */
const parts = (text: string) => ({
  head: text.slice(0, text.indexOf('</head>')),
  root: text.slice(text.indexOf('<div id="root">'), text.indexOf('id="lavabo-answers"')),
});

const firstProductPath = async (): Promise<string> => {
  const { text } = await html(LIST);
  const path = /href="(\/en\/products\/kitchen-faucets\/[^"?#]+)"/.exec(text)?.[1];
  if (path === undefined) throw new Error(`no product link in ${LIST}`);
  return path;
};

/** Catalogue and content reads the page makes (personal calls — cart, favorites — are expected). */
const catalogueCalls = (page: Page): string[] => {
  const calls: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (/^\/api\/(search|catalog|content|products)/.test(url.pathname)) {
      calls.push(`${request.method()} ${url.pathname}`);
    }
  });
  return calls;
};

describe('the first response', () => {
  it('of a product list holds its first tiles, title, description and canonical link', async () => {
    const { response, text } = await html(LIST);
    expect(response.status).toBe(200);
    const { head, root } = parts(text);
    expect(head).toContain('<title>Kitchen Faucets — Lavabo</title>');
    expect(head).toMatch(
      /<meta name="description" content="Kitchen Faucets from Lavabo: \d+ products/,
    );
    expect(head).toContain(`<link rel="canonical" href="${LIST}"/>`);
    // One title and one description: the shell's generic ones are replaced, not repeated.
    expect(text.match(/<title>/g)).toHaveLength(1);
    expect(text.match(/<meta name="description"/g)).toHaveLength(1);
    const tiles = root.match(/<article class="product-tile/g) ?? [];
    expect(tiles.length).toBeGreaterThanOrEqual(12);
    expect(root).toMatch(/<h1[^>]*>Kitchen Faucets<\/h1>/);
    expect(root).toMatch(/\$\d[\d,]*\.\d\d/);
  });

  it('of a product page holds its title, price and image', async () => {
    const path = await firstProductPath();
    const { response, text } = await html(path);
    expect(response.status).toBe(200);
    const { head, root } = parts(text);
    const h1 = /<h1[^>]*>([^<]+)<\/h1>/.exec(root)?.[1];
    expect(h1).toBeTruthy();
    expect(head).toContain(`<title>${h1} — Lavabo</title>`);
    expect(head).toMatch(/<meta name="description" content="[^"]{20,}"/);
    expect(head).toContain(`<link rel="canonical" href="${path}"/>`);
    expect(root).toMatch(/\$\d[\d,]*\.\d\d/);
    expect(root).toMatch(/<img [^>]*src="\/images\/products\/[^"]+\.svg"/);
    // Its structured data for search engines: the product's offer and its breadcrumb.
    const blocks = [
      ...text.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g),
    ].map((m) => JSON.parse(m[1] ?? 'null') as Record<string, unknown>);
    expect(blocks.find((b) => b['@type'] === 'Product')).toMatchObject({
      '@context': 'https://schema.org',
      name: h1,
      offers: { '@type': 'Offer', url: path, price: expect.stringMatching(/^\d+\.\d\d$/) },
    });
    const crumbs = blocks.find((b) => b['@type'] === 'BreadcrumbList');
    expect((crumbs?.itemListElement as { item: string }[]).at(-1)?.item).toBe(path);
  });

  it('of the home page, a search and a support article are rendered too; cart and checkout stay the app shell', async () => {
    expect(parts((await html('/en')).text).root).toMatch(/<h1/);
    expect(parts((await html('/en/search?keyword=faucet')).text).root).toContain(
      'Search results for “faucet”',
    );
    const help = (await html('/en/support/help-and-faq')).text;
    const article = /href="(\/en\/support\/articles\/[^"?#]+)"/.exec(help)?.[1];
    expect(article).toBeDefined();
    const { head } = parts((await html(article ?? '')).text);
    expect(head).toContain(`<link rel="canonical" href="${article ?? ''}"/>`);
    expect(head).toMatch(/<meta name="description" content="[^"]{20,}"/);
    for (const personal of ['/en/cart', '/en/checkout']) {
      const { text } = await html(personal);
      expect(text).toContain('<div id="root"></div>');
      expect(text).not.toContain('lavabo-answers');
    }
  });

  it('is cacheable by its ETag', async () => {
    const { response } = await html(LIST, { 'accept-encoding': 'br' });
    expect(response.headers.get('cache-control')).toBe('public, no-cache');
    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^W\/"/);
    const again = await fetch(`${shop.url}${LIST}`, { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
  });

  it('asks for no script before the page has painted: the module loader names them', async () => {
    const { response, text } = await html(LIST);
    const { head } = parts(text);
    expect(head).toMatch(/<link rel="stylesheet"/);
    expect(head).not.toMatch(/<script\b[^>]*\bsrc=|rel="modulepreload"/);
    const named = new RegExp(
      `<script type="application/json" id="${PAGE_MODULES_ID}">(.*?)</script>`,
    ).exec(text);
    const modules = JSON.parse(named?.[1] ?? 'null') as { entry: string; preload: string[] };
    expect(modules.entry).toMatch(/^\/assets\/.+\.js$/);
    expect(modules.preload.some((href) => href.includes('listing-page'))).toBe(true);
    // The loader runs under the page's CSP by its hash, and nothing else inline does.
    expect(text).toContain(`<script>${MODULE_LOADER_SCRIPT}</script>`);
    expect(response.headers.get('content-security-policy')).toContain(MODULE_LOADER_HASH);
  });

  it('embeds no script a page could be made to run', async () => {
    const { text } = await html(
      `/en/search?keyword=${encodeURIComponent('</script><script>alert(1)</script>')}`,
    );
    expect(text).not.toContain('<script>alert(1)</script>');
  });
});

describe('in the browser', () => {
  const pages = [
    '/en',
    LIST,
    '/en/search?keyword=faucet',
    '/en/kitchen',
    '/en/support/help-and-faq',
  ];

  const PHONE = { width: 375, height: 812 };
  const cases = pages.flatMap((path) => [
    { path, viewport: DESKTOP },
    { path, viewport: PHONE },
  ]);

  it.each(cases)(
    '$path at $viewport.width px hydrates without asking the API for what it holds',
    async ({ path, viewport }) => {
      const page = await shop.newPage(viewport);
      const problems = watchPage(page);
      const calls = catalogueCalls(page);
      const hydration: string[] = [];
      watchHydration(page, hydration);
      await page.goto(`${shop.url}${path}`, { waitUntil: 'networkidle' });
      expect(await page.locator('h1').count()).toBe(1);
      expect(await page.locator('title').count()).toBe(1);
      expect(calls).toEqual([]);
      expect(hydration).toEqual([]);
      expect(problems).toEqual([]);
      await page.context().close();
    },
  );

  it('a remembered products-per-page choice applies after the first view, without a hydration error', async () => {
    const page = await shop.newPage();
    const hydration: string[] = [];
    watchHydration(page, hydration);
    await page.goto(`${shop.url}${LIST}`, { waitUntil: 'networkidle' });
    await page.getByLabel('Products per page').selectOption('60');
    await expect.poll(() => page.url()).toContain('perPage=60');
    // The choice is remembered for this list: back on its plain address, it shows 60.
    await page.goto(`${shop.url}${LIST}`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.locator('main article.product-tile').count()).toBeGreaterThan(30);
    expect(hydration).toEqual([]);
    await page.context().close();
  });

  it('a product page hydrates, and client-side navigation from it fetches as before', async () => {
    const path = await firstProductPath();
    const page = await shop.newPage();
    const problems = watchPage(page);
    const calls = catalogueCalls(page);
    await page.goto(`${shop.url}${path}`, { waitUntil: 'networkidle' });
    expect(calls).toEqual([]);
    await page.getByRole('link', { name: 'Kitchen Faucets' }).first().click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Kitchen Faucets');
    // Navigating after the first view fetches as before. The heading is there from the list's
    // first render (it knows its URL: no layout shift), so the request may follow it.
    await expect.poll(() => calls.some((c) => c.includes('/api/search/'))).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('a phone gets the list with its filters in a drawer, with no facet column', async () => {
    const page = await shop.newPage({ width: 412, height: 823 });
    await page.goto(`${shop.url}${LIST}`, { waitUntil: 'networkidle' });
    await expect.poll(() => page.getByRole('button', { name: 'Filters' }).isVisible()).toBe(true);
    expect(await page.locator('.listing__facets').isVisible()).toBe(false);
    expect(await page.getByLabel('Products per page').count()).toBe(0);
    await page.context().close();
  });
});
