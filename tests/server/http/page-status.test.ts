/**
 * Not found is not found: the app shell goes out with 404 for a category, product, help article or
 * technical sheet the catalogue does not have, and for a path no route matches; with 200 for real
 * ones (server/http/page-existence.ts). Examples come from the seeded catalogue the server loads.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalogue } from '../../../server/seed/catalogue/generate';
import { makeDataDir, startTestServer, type TestServer } from '../../support/test-server';

const SHELL =
  '<!doctype html><html lang="en"><head><title>Lavabo</title></head><body><div id="root"></div></body></html>';

const catalogue = generateCatalogue();
const faucet = catalogue.products.find((p) => p.categorySlug === 'kitchen-faucets');
const part = catalogue.products.find((p) => p.categorySlug === 'service-parts');
const variant = faucet?.variants.at(-1);
const article = catalogue.helpArticles[0];
if (faucet === undefined || part === undefined || variant === undefined || article === undefined) {
  throw new Error('the seeded catalogue has no kitchen faucet, service part or help article');
}

let server: TestServer;

beforeAll(async () => {
  const staticDir = path.join(await makeDataDir(), 'client');
  await mkdir(staticDir, { recursive: true });
  await writeFile(path.join(staticDir, 'index.html'), SHELL);
  server = await startTestServer({ staticDir });
});
afterAll(() => server.dispose());

const status = async (p: string): Promise<number> => {
  const res = await fetch(`${server.url}${p}`, { redirect: 'manual' });
  await res.arrayBuffer();
  return res.status;
};

describe('the app shell’s status', () => {
  it.each([
    ['a category', '/en/products/kitchen-faucets'],
    ['the service parts list', '/en/products/service-parts'],
    ['a product', `/en/products/kitchen-faucets/${faucet.slug}.html`],
    ['a product without .html', `/en/products/kitchen-faucets/${faucet.slug}`],
    ['a service part', `/en/products/service-parts/${part.slug}.html?type=part`],
    ['a help article', `/en/support/articles/${article.slug}`],
    ['a help article in capitals', `/en/support/articles/${article.slug.toUpperCase()}`],
    ['a technical sheet by master SKU', `/en/technical-specs/${faucet.sku}`],
    ['a technical sheet by variant SKU', `/en/technical-specs/${variant.sku}`],
    ['a technical sheet by lower-case SKU', `/en/technical-specs/${faucet.sku.toLowerCase()}`],
    ['the registration landing', '/en/register-product'],
    ['a page that is not the catalogue’s', '/en/cart'],
    ['a personal page, which says "not found" itself', '/en/account/orders/LV-0'],
  ])('is 200 for %s (%s)', async (_, p) => {
    expect(await status(p)).toBe(200);
  });

  it.each([
    ['an unknown category', '/en/products/no-such-category'],
    ['an unknown product', '/en/products/kitchen-faucets/no-such-product.html'],
    ['a product under an unknown category', '/en/products/no-such-category/no-such-product.html'],
    ['an unknown help article', '/en/support/articles/no-such-article'],
    ['an unknown technical-spec SKU', '/en/technical-specs/K-0000000'],
    ['a technical-spec path that is no SKU', '/en/technical-specs/%E2%9C%93'],
    ['an unknown path', '/en/no-such-page'],
    ['an unknown path below a real one', '/en/cart/no-such-page'],
    // PostgreSQL refuses NUL in text: these were 500s.
    ['a category with a NUL', '/en/products/kitchen%00-faucets'],
    ['a product with a NUL', `/en/products/kitchen-faucets/${faucet.slug}%00.html`],
    ['a help article with a NUL', '/en/support/articles/a%00b'],
  ])('is 404 for %s (%s)', async (_, p) => {
    expect(await status(p)).toBe(404);
  });

  it('sends the app shell with a 404, so the storefront draws its not-found page', async () => {
    const res = await fetch(`${server.url}/en/products/no-such-category`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain('<div id="root"></div>');
  });
});

describe('an unknown image path', () => {
  it('answers the API’s 404 error body, not the storefront’s page', async () => {
    const res = await fetch(`${server.url}/images/no-such-image.png`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});
