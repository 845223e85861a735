/**
 * Search engines' side of the shop over HTTP on a real test server (issue 18): robots.txt, the
 * sitemap index and its files (every listed page is there and answers 200; every product page is
 * listed at its canonical address; personal pages are not), lastmod moving when a price changes,
 * PUBLIC_ORIGIN, and `X-Robots-Tag: noindex` on the personal pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sitemapFiles, urlsetXml } from '../../../server/seo/sitemap';
import { startTestServer, type TestServer } from '../../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ publicOrigin: 'https://shop.example' });
});
afterAll(() => server.dispose());

const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`${server.url}${path}`, { headers, redirect: 'manual' });
  return { status: res.status, headers: res.headers, text: await res.text() };
};

const locs = (xml: string): string[] =>
  [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');
const lastmods = (xml: string): string[] =>
  [...xml.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)].map((m) => m[1] ?? '');
const ORIGIN = 'https://shop.example';

describe('robots.txt', () => {
  it('keeps crawlers off the API and the personal pages and names the sitemap', async () => {
    const robots = await get('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = robots.text.split('\n');
    expect(lines).toContain('User-agent: *');
    for (const path of ['/api/', '/en/cart', '/en/checkout', '/en/account/', '/en/login']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});

describe('the sitemap', () => {
  it('indexes its files, each with a lastmod, and revalidates by ETag', async () => {
    const index = await get('/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(index.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex /);
    expect(locs(index.text)).toEqual([
      `${ORIGIN}/sitemaps/pages.xml`,
      `${ORIGIN}/sitemaps/products-1.xml`,
    ]);
    for (const mod of lastmods(index.text))
      expect(mod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const again = await get('/sitemap.xml', { 'if-none-match': index.headers.get('etag') ?? '' });
    expect(again.status).toBe(304);
    expect((await get('/sitemaps/nothing.xml')).status).toBe(404);
  });

  it('lists the content pages, the product lists and the help articles, and no personal page', async () => {
    const pages = await get('/sitemaps/pages.xml');
    const paths = locs(pages.text).map((l) => l.slice(ORIGIN.length));
    for (const path of ['/en', '/en/kitchen', '/en/newsletter', '/en/support/help-and-faq']) {
      expect(paths).toContain(path);
    }
    expect(paths).toContain('/en/products/kitchen-faucets');
    expect(paths.some((p) => p.startsWith('/en/support/articles/'))).toBe(true);
    for (const path of paths) expect(path).not.toMatch(/^\/en\/(cart|checkout|account|login)/);
    // The pages listed are there (503 only until the storefront is built): one of each kind.
    const samples = ['/en/kitchen', '/en/products/kitchen-faucets'].concat(
      paths.find((p) => p.startsWith('/en/support/articles/')) ?? [],
    );
    for (const path of samples) expect([200, 503], path).toContain((await get(path)).status);
  });

  it('lists every product page at its canonical address, once, each one there', async () => {
    const products = await get('/sitemaps/products-1.xml');
    const paths = locs(products.text).map((l) => l.slice(ORIGIN.length));
    const { rows } = await server.db.query<{ slug: string }>(
      "SELECT slug FROM search_documents WHERE category NOT IN ('design-services', 'install-services')",
    );
    expect(paths).toHaveLength(rows.length);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path).toMatch(/^\/en\/products\/[a-z0-9-]+\/[^/?]+\.html$/);
    // Each is a page that is there (503 until the storefront is built: the server tests may run
    // beside the build; tests/e2e/server-rendering.test.ts checks the rendered page).
    for (const path of paths.filter((_, i) => i % Math.ceil(paths.length / 6) === 0)) {
      expect([200, 503], path).toContain((await get(path)).status);
    }
  });

  it('moves a product’s lastmod when its price changes, and not when its stock does', async () => {
    const { rows } = await server.db.query<{ sku: string; slug: string }>(
      "SELECT p.sku, p.slug FROM products p JOIN search_documents d ON d.sku = p.sku WHERE d.category = 'kitchen-faucets' ORDER BY p.sku LIMIT 1",
    );
    const product = rows[0];
    if (product === undefined) throw new Error('no kitchen faucet');
    const lastmodOf = async () => {
      // A catalogue change moves the catalogue version (on PostgreSQL, search_version moves with
      // any write to the search documents; in process, the writer says so).
      await server.db.query('UPDATE search_documents SET sku = sku WHERE sku = $1', [product.sku]);
      await server.catalogueVersion.changed();
      const xml = (await get('/sitemaps/products-1.xml')).text;
      const entry = xml.split('\n').find((line) => line.includes(`/${product.slug}.html<`));
      return /<lastmod>([^<]+)</.exec(entry ?? '')?.[1] ?? '';
    };
    await server.db.query(
      "UPDATE products SET updated_at = '2020-01-01T00:00:00Z' WHERE sku = $1",
      [product.sku],
    );
    expect(await lastmodOf()).toBe('2020-01-01T00:00:00Z');
    await server.db.query(
      'UPDATE product_variants SET available_qty = available_qty + 1 WHERE product_sku = $1',
      [product.sku],
    );
    expect(await lastmodOf()).toBe('2020-01-01T00:00:00Z');
    await server.db.query(
      'UPDATE product_prices SET list_cents = list_cents + 100 WHERE product_sku = $1',
      [product.sku],
    );
    expect(await lastmodOf()).not.toBe('2020-01-01T00:00:00Z');
  });

  it('cuts products into files of at most the limit and escapes every address', () => {
    const entry = (path: string) => ({ path, lastmod: new Date(0) });
    const files = sitemapFiles(
      { pages: [entry('/en')], products: ['/a', '/b', '/c', '/d', '/e'].map(entry) },
      2,
    );
    expect(files.map((f) => [f.name, f.entries.length])).toEqual([
      ['pages', 1],
      ['products-1', 2],
      ['products-2', 2],
      ['products-3', 1],
    ]);
    expect(urlsetXml('https://x.example', [entry("/a?b=1&c='d'<")])).toContain(
      '<loc>https://x.example/a?b=1&#38;c=&#39;d&#39;&#60;</loc>',
    );
  });
});

describe('X-Robots-Tag', () => {
  it('says noindex on personal pages and the way to paying, and nothing on catalogue pages', async () => {
    for (const path of [
      '/en/cart',
      '/en/checkout',
      '/en/account/settings',
      '/en/login',
      '/en/compare',
    ]) {
      expect((await get(path)).headers.get('x-robots-tag'), path).toBe('noindex');
    }
    for (const path of ['/en', '/en/products/kitchen-faucets', '/en/newsletter']) {
      expect((await get(path)).headers.get('x-robots-tag'), path).toBeNull();
    }
  });
});

describe('PUBLIC_ORIGIN', () => {
  it('is an http(s) origin, or the start-up stops naming it', async () => {
    const { parsePublicOrigin } = await import('../../../server/config');
    expect(parsePublicOrigin(undefined)).toBeUndefined();
    expect(parsePublicOrigin(' ')).toBeUndefined();
    expect(parsePublicOrigin('https://shop.example/some/path')).toBe('https://shop.example');
    expect(parsePublicOrigin('http://localhost:8080')).toBe('http://localhost:8080');
    expect(() => parsePublicOrigin('shop.example')).toThrow(/PUBLIC_ORIGIN/);
    expect(() => parsePublicOrigin('ftp://shop.example')).toThrow(/PUBLIC_ORIGIN/);
  });
});
