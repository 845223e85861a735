/**
 * The accounts and cart journey of issue 5 in a real browser against the real server: a guest fills
 * a cart, signs in as a demo account and the guest cart is merged; a promo code applies; the cart is
 * shared and opened in a fresh browser context; a favorite is added and removed.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { assertBuilt, expectAccessible, launchBrowser, watchPage } from './support/browser';

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let problems: string[];

beforeAll(async () => {
  assertBuilt();
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  problems = watchPage(page);
});
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const cartLink = () => page.getByRole('link', { name: /^Cart/ });
const cartCount = async (): Promise<number> =>
  Number(/(\d+)/.exec((await cartLink().getAttribute('aria-label')) ?? '')?.[1] ?? 0);

/** Opens the n-th product of a search and adds it to the cart; returns its title. */
const addProductFromSearch = async (keyword: string, index: number): Promise<string> => {
  await page.goto(`${server.url}/en/search?keyword=${encodeURIComponent(keyword)}`);
  const tile = page.locator('main article.product-tile').nth(index);
  await tile.waitFor();
  const title = ((await tile.getByRole('heading').textContent()) ?? '').trim();
  await tile.getByRole('link', { name: title }).first().click();
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
  const before = await cartCount();
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect.poll(cartCount, { timeout: 15_000 }).toBeGreaterThan(before);
  return title;
};

describe('accounts and cart journey', () => {
  let titles: string[] = [];

  it('a guest adds two products, signs in as a demo account, and the cart is merged', async () => {
    titles = [await addProductFromSearch('toilet', 0), await addProductFromSearch('vanity', 0)];
    expect(await cartCount()).toBe(2);

    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill('homeowner@lavabo.test');
    await dialog.getByLabel('Password', { exact: true }).fill('Lavabo-Demo-2026!');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Sign out' }).count(), { timeout: 15_000 })
      .toBe(1);
    await expect.poll(cartCount, { timeout: 15_000 }).toBe(2);

    await cartLink().click();
    await page.waitForURL('**/en/cart');
    for (const title of titles) {
      await expect.poll(() => page.getByRole('main').getByText(title).count()).toBeGreaterThan(0);
    }
    await expectAccessible(page);
  }, 120_000);

  it('applies a promo code, and says why a bad one does not apply', async () => {
    expect(problems).toEqual([]);
    const code = page.getByLabel('Promo code');
    await code.fill('NOT-A-CODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.getByRole('alert').count()).toBeGreaterThan(0);
    // The refused code is a 400 the browser logs; it is the answer expected here.
    expect(problems).toEqual([
      'console error: Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);
    problems.splice(0);
    await code.fill('SAVE10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: /Remove promo code SAVE10/ }).count())
      .toBe(1);
  }, 60_000);

  it('shares the cart and opens the link in a fresh browser', async () => {
    await page.getByRole('button', { name: 'Share cart' }).click();
    const link = page.getByLabel('Shared cart link');
    await expect
      .poll(async () => (await link.inputValue()).includes('/en/cart/shared/'))
      .toBe(true);
    const url = await link.inputValue();

    const other = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const fresh = await other.newPage();
      await fresh.goto(url.startsWith('http') ? url : `${server.url}${url}`);
      for (const title of titles) {
        await expect
          .poll(() => fresh.getByRole('main').getByText(title).count(), { timeout: 15_000 })
          .toBeGreaterThan(0);
      }
      expect(await fresh.getByRole('button', { name: 'Add all to cart' }).count()).toBe(1);
    } finally {
      await other.close();
    }
  }, 60_000);

  it('adds a favorite and removes it', async () => {
    await page.goto(`${server.url}/en/search?keyword=faucet`);
    const tile = page.locator('main article.product-tile').first();
    await tile.waitFor();
    const title = ((await tile.getByRole('heading').textContent()) ?? '').trim();
    const heart = tile.getByRole('button', { name: 'Add to favorites' });
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');

    await page.goto(`${server.url}/en/account/favorites`);
    const favorite = page.locator('main article.product-tile').filter({ hasText: title });
    await expect.poll(() => favorite.count(), { timeout: 15_000 }).toBe(1);
    await expectAccessible(page);
    // Add to cart straight from the list (the seeded first faucet is sold online and in stock).
    const item = page
      .getByRole('list', { name: 'Favorite products' })
      .getByRole('listitem')
      .filter({ hasText: title });
    const before = await cartCount();
    await item.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(cartCount, { timeout: 15_000 }).toBeGreaterThan(before);
    await favorite.getByRole('button', { name: 'Add to favorites' }).click();
    await expect.poll(() => favorite.count(), { timeout: 15_000 }).toBe(0);
    expect(problems).toEqual([]);
  }, 60_000);

  it("shows the guest's own favorites again after signing out", async () => {
    await page.goto(`${server.url}/en/search?keyword=faucet`);
    const heart = page
      .locator('main article.product-tile')
      .first()
      .getByRole('button', { name: 'Add to favorites' });
    await heart.waitFor();
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect
      .poll(() => page.getByRole('banner').getByRole('button', { name: 'Sign in' }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    // Back to the list without reloading the page (a reload would start a fresh app anyway).
    const box = page.getByRole('searchbox', { name: 'Search' });
    await box.fill('faucet');
    await box.press('Enter');
    await page.waitForURL('**/en/search?keyword=faucet**');
    await heart.waitFor();
    // The customer's favorite is not the guest's: the hearts follow who is shopping.
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('false');
  }, 60_000);
});
