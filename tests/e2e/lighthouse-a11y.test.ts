/**
 * The four pages bench/lighthouse.ts measures (home, a product list, a product page, the cart),
 * on a phone as Lighthouse's mobile preset sees them, checked with Lighthouse's own axe-core and
 * rules (LIGHTHOUSE_AXE): the header's cart link once read
 * "Cart0" on screen while named "Cart, 0 items", which only label-content-name-mismatch caught.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generateCatalogue } from '../../server/seed/catalogue/generate';
import { expectAccessible, watchPage } from './support/browser';
import { startShop, type ServerShop } from './support/shop';

/** Lighthouse's mobile preset screen (Moto G Power). */
const PHONE = { width: 412, height: 823 };

const faucet = generateCatalogue().products.find((p) => p.categorySlug === 'kitchen-faucets');
if (faucet === undefined) throw new Error('the seeded catalogue has no kitchen faucet');

let shop: ServerShop;
let page: Page;
let problems: string[];

beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});
beforeEach(async () => {
  page = await shop.newPage(PHONE);
  problems = watchPage(page);
});
afterEach(async () => {
  await page.context().close();
});

describe('the pages Lighthouse measures pass its accessibility rules on a phone', () => {
  it.each([
    ['home', '/en'],
    ['a product list', '/en/products/kitchen-faucets'],
    ['a product page', `/en/products/kitchen-faucets/${faucet.slug}.html`],
    ['the cart', '/en/cart'],
  ])('%s', async (_name, path) => {
    await page.goto(`${shop.url}${path}`, { waitUntil: 'networkidle' });
    await expectAccessible(page, { lighthouse: true });
    expect(problems).toEqual([]);
  });
});
