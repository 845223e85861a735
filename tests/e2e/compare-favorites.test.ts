/**
 * Issue 12's compare and favorites journeys as a new shopper meets them, in a real browser against
 * the real server: the compare page on a phone (no sideways scroll, the tray counting what the page
 * shows, the URL naming it), a guest's favorites page, and on a desktop the favorites page's
 * buttons and the add-to-cart toast.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, watchPage } from './support/browser';
import { startShop, type ServerShop } from './support/shop';

const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1280, height: 900 };

let shop: ServerShop;
let page: Page;
let problems: string[];

beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});
afterEach(async () => {
  expect(problems).toEqual([]);
  await page.context().close();
});

const open = async (viewport: { width: number; height: number }) => {
  page = await shop.newPage(viewport);
  problems = watchPage(page);
};

const tiles = () => page.locator('main article.product-tile');

/** The SKUs of the first `count` different products on a list page (from their links). */
const skusOnList = async (path: string, count: number): Promise<string[]> => {
  await page.goto(`${shop.url}${path}`);
  await tiles().first().waitFor();
  const hrefs = await tiles()
    .locator('h2 a, h3 a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  const skus = [
    ...new Set(hrefs.map((h) => /-(k-\d+)\.html$/i.exec(h)?.[1]?.toUpperCase() ?? '')),
  ].filter((s) => s !== '');
  expect(skus.length).toBeGreaterThanOrEqual(count);
  return skus.slice(0, count);
};

const tray = () => page.getByRole('region', { name: 'Compare products' });
const trayCount = () => tray().locator('.compare-tray__count').textContent();
const compareParam = () => new URL(page.url()).searchParams.get('compare');

describe('compare on a phone', () => {
  it('fits the screen, counts the link’s products in the tray, and keeps them in the URL', async () => {
    await open(PHONE);
    const [a, b, c] = await skusOnList('/en/products/kitchen-faucets', 3);
    await page.goto(`${shop.url}/en/compare?compare=${a},${b},${c}`);
    const table = page.getByRole('table');
    await expect.poll(() => table.getByRole('columnheader').count()).toBe(3);
    await page.waitForLoadState('networkidle');

    // Three products on a 375 px phone: the table scrolls inside its box, the page does not.
    const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    // The tray counts what the page shows, and is folded out of the table's way.
    await expect.poll(trayCount).toBe('3 of 3');
    expect(
      await tray()
        .getByRole('button', { name: 'Show compared products' })
        .getAttribute('aria-expanded'),
    ).toBe('false');
    // Each fact once, in the shopper's words.
    const labels = (await table.getByRole('rowheader').allTextContents()).map((l) =>
      l.replace(' (differs)', '').trim(),
    );
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels).toContain('Flow rate');
    expect(labels).not.toContain('Gpm');
    await expectAccessible(page);

    // Removing a product: the URL still names the comparison, and the tray agrees.
    const title =
      (await table.getByRole('columnheader').nth(1).getByRole('link').textContent()) ?? '';
    await table.getByRole('button', { name: `Remove ${title.trim()} from compare` }).click();
    await expect.poll(compareParam).toBe(`${a},${c}`);
    await expect.poll(trayCount).toBe('2 of 3');

    // The bare page takes the compared SKUs into its URL, so it can be shared.
    await page.goto(`${shop.url}/en/compare`);
    await expect.poll(compareParam).toBe(`${a},${c}`);
    await expect.poll(() => table.getByRole('columnheader').count()).toBe(2);
  }, 90_000);
});

describe('favorites', () => {
  it('a guest finds the products they hearted on the favorites page, with a way to keep them', async () => {
    await open(PHONE);
    await page.goto(`${shop.url}/en/search?keyword=faucet`);
    const tile = tiles().first();
    await tile.waitFor();
    const title = ((await tile.getByRole('heading').textContent()) ?? '').trim();
    await tile.getByRole('button', { name: 'Add to favorites' }).click();
    await expect
      .poll(() => tile.getByRole('button', { name: 'Remove from favorites' }).count())
      .toBe(1);

    await page.getByRole('banner').getByRole('link', { name: 'Favorites' }).click();
    await page.waitForURL('**/en/account/favorites');
    const list = page.getByRole('list', { name: 'Favorite products' });
    await expect
      .poll(() => list.getByRole('heading', { name: title }).count(), { timeout: 15_000 })
      .toBe(1);
    expect(
      await page.getByRole('heading', { name: 'Keep your favorites on every device' }).count(),
    ).toBe(1);
    await expectAccessible(page);
  }, 60_000);

  it('on a desktop, gives every button under a favorite the same size', async () => {
    await open(DESKTOP);
    await page.goto(`${shop.url}/en/search?keyword=faucet`);
    await tiles().first().waitFor();
    for (const i of [0, 1]) {
      const tile = tiles().nth(i);
      await tile.getByRole('button', { name: 'Add to favorites' }).click();
      await expect
        .poll(() => tile.getByRole('button', { name: 'Remove from favorites' }).count())
        .toBe(1);
    }
    await page.goto(`${shop.url}/en/account/favorites`);
    const items = page.getByRole('list', { name: 'Favorite products' }).getByRole('listitem');
    await expect.poll(() => items.count(), { timeout: 15_000 }).toBe(2);
    const sizes = await items
      .locator('.compare-toggle, .favorites-page__action')
      .evaluateAll((buttons) =>
        buttons.map((el) => {
          const r = el.getBoundingClientRect();
          return `${Math.round(r.width)}x${Math.round(r.height)}`;
        }),
      );
    expect(sizes.length).toBeGreaterThanOrEqual(4);
    expect(new Set(sizes).size).toBe(1);
  }, 60_000);
});

describe('the add-to-cart toast on a desktop', () => {
  it('covers none of the product page’s controls', async () => {
    await open(DESKTOP);
    await page.goto(`${shop.url}/en/search?keyword=faucet`);
    await tiles().first().locator('h2 a, h3 a').click();
    const add = page.locator('button.add-to-cart__button:not([disabled])');
    await add.waitFor();
    await add.click();
    const toast = page.locator('.toast');
    await toast.waitFor();
    const covered = await page.evaluate(() => {
      const t = document.querySelector('.toast')?.getBoundingClientRect();
      if (t === undefined) return ['no toast'];
      const controls = document.querySelectorAll(
        'a[href], button, input, select, textarea, [role="radio"], [tabindex]:not([tabindex="-1"])',
      );
      return [...controls]
        .filter((el) => el.closest('.toast') === null)
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return (
            r.width > 0 &&
            r.height > 0 &&
            r.left < t.right &&
            r.right > t.left &&
            r.top < t.bottom &&
            r.bottom > t.top
          );
        })
        .map((el) => `${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent?.trim()}`);
    });
    expect(covered).toEqual([]);
  }, 60_000);
});
