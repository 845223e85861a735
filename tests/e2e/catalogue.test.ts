/**
 * The catalogue journey of issue 4 in a real browser against the real server and seeded data:
 * search, filter, sort, page, open a product, switch finish, compare, reload.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generateCatalogue } from '../../server/seed/catalogue/generate';
import { FINISHES } from '../../server/seed/catalogue/reference';
import { expectAccessible, watchPage } from './support/browser';
import { startShop, type ServerShop } from './support/shop';

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
  page = await shop.newPage();
  problems = watchPage(page);
});
afterEach(async () => {
  await page.context().close();
});

const h1 = () => page.getByRole('heading', { level: 1 });
const finishName = (code: string): string => FINISHES.find((f) => f.code === code)?.name ?? code;
const status = () => page.getByRole('status').filter({ hasText: /results?/ });
const tiles = () => page.locator('main article.product-tile');

/** The amount the shopper pays, in cents, as shown on each tile (sale price when on sale). */
const tilePrices = async (): Promise<number[]> =>
  (
    await tiles()
      .locator('.price')
      .evaluateAll((els) =>
        els.map((el) => (el.querySelector('.price__now') ?? el).textContent ?? ''),
      )
  ).map((text) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100));

const tileTitles = (): Promise<string[]> =>
  tiles()
    .getByRole('heading')
    .allTextContents()
    .then((titles) => titles.map((t) => t.trim()));

const resultCount = async (): Promise<number> => {
  const text = (await status().first().textContent()) ?? '';
  return Number(/([\d,]+)\s+results?/.exec(text)?.[1]?.replace(/,/g, '') ?? Number.NaN);
};

const settled = async () => {
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
};

const search = async (keyword: string) => {
  const box = page.getByRole('searchbox', { name: 'Search' });
  await box.fill(keyword);
  await box.press('Enter');
  await page.waitForURL(/\/en\/search\?/);
  await settled();
};

const nonDecreasing = (xs: number[]) => xs.every((x, i) => i === 0 || (xs[i - 1] ?? 0) <= x);

describe('catalogue journey', () => {
  it('home page shows real content', async () => {
    await page.goto(`${shop.url}/en`);
    await settled();
    await expect.poll(() => h1().count()).toBe(1);
    await expect.poll(() => tiles().count()).toBeGreaterThan(0);
    await expectAccessible(page);
  });

  it('searches, sorts by price across pages, filters by finish and price, and keeps the URL as state', async () => {
    await page.goto(`${shop.url}/en`);
    await search('faucet');
    await expect.poll(resultCount).toBeGreaterThan(30);
    const total = await resultCount();
    await expectAccessible(page);

    await page.getByLabel('Sort by').selectOption({ label: 'Price: Low to High' });
    await page.waitForURL(/sort=/);
    // The sorted answer replaces the old one shortly after the URL changes.
    await expect.poll(async () => nonDecreasing(await tilePrices())).toBe(true);
    await settled();
    const first = await tilePrices();
    const firstPageTitles = await tileTitles();
    expect(first.length).toBeGreaterThan(0);
    expect(nonDecreasing(first)).toBe(true);

    await page
      .getByRole('navigation', { name: 'Pagination' })
      .getByRole('link', { name: 'Next page' })
      .click();
    await page.waitForURL(/page=2/);
    // Page 2 has arrived when its first product is not one of page 1's (pages never repeat).
    await expect
      .poll(async () => firstPageTitles.includes((await tileTitles())[0] ?? ''))
      .toBe(false);
    await settled();
    const second = await tilePrices();
    expect(nonDecreasing(second)).toBe(true);
    expect(second[0]).toBeGreaterThanOrEqual(first.at(-1) ?? 0);
    expect(page.url()).toMatch(/page=2/);

    // A facet value's count is the number of results once it is chosen.
    const countIn = (label: string): number => Number(/\((\d+)\)\s*$/.exec(label)?.[1] ?? NaN);
    const finishes = page.getByRole('group', { name: 'Finish' });
    const finish = finishes.getByRole('checkbox').first();
    const finishLabel = (await finish.getAttribute('aria-label')) ?? (await labelOf(finish));
    const finishName = finishLabel.replace(/\s*\(\d+\)$/, '');
    await finish.check();
    await expect.poll(resultCount).toBe(countIn(finishLabel));
    expect(countIn(finishLabel)).toBeLessThanOrEqual(total);
    await settled();
    await expect
      .poll(() => page.getByRole('button', { name: `Remove filter: ${finishName}` }).count())
      .toBe(1);

    const prices = page.getByRole('group', { name: 'Price' });
    const range = prices.getByRole('checkbox').first();
    const rangeLabel = await labelOf(range);
    await range.check();
    await expect.poll(resultCount).toBe(countIn(rangeLabel));
    await settled();
    const [low, high] = (rangeLabel.match(/\$[\d,]+(\.\d+)?/g) ?? []).map((p) =>
      Math.round(Number(p.replace(/[$,]/g, '')) * 100),
    );
    const shown = await tilePrices();
    expect(shown.length).toBeGreaterThan(0);
    for (const price of shown) {
      expect(price).toBeGreaterThanOrEqual(low ?? 0);
      if (high !== undefined) expect(price).toBeLessThan(high);
    }
    await expectAccessible(page);

    const url = page.url();
    await page.reload();
    await settled();
    // The router may rewrite the address after the reload: it must come back to the same state.
    await expect.poll(() => page.url()).toBe(url);
    await expect
      .poll(() => page.getByRole('button', { name: `Remove filter: ${finishName}` }).count())
      .toBe(1);
    expect(problems).toEqual([]);
  }, 120_000);

  it('suggests "faucet" for "fauset"', async () => {
    await page.goto(`${shop.url}/en`);
    await search('fauset');
    await expect.poll(() => page.getByText(/did you mean/i).count()).toBeGreaterThan(0);
    const suggestion = page.getByRole('link', { name: 'faucet', exact: true });
    await expect.poll(() => suggestion.count()).toBeGreaterThan(0);
    await suggestion.first().click();
    await page.waitForURL(/keyword=faucet/);
  });

  it('opens the first featured faucet on /en on an in-stock finish with Add to cart enabled; an out-of-stock finish shows it disabled', async () => {
    await page.goto(`${shop.url}/en`);
    await settled();
    const featured = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'New kitchen faucets' }) })
      .locator('article.product-tile')
      .first();
    const title = ((await featured.locator('h2 a, h3 a').textContent()) ?? '').trim();
    await featured.locator('h2 a, h3 a').click();
    await settled();
    await expect.poll(() => h1().textContent()).toBe(title);
    expect(page.url()).not.toMatch(/skuid=/);

    const finishes = page.getByRole('radiogroup', { name: 'Finish' });
    const markOf = (radio: Locator) =>
      radio.evaluate(
        (el) =>
          document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
      );
    const chosen = finishes.locator('input[type="radio"]:checked');
    expect(await markOf(chosen)).toBe('');
    const add = page.getByRole('button', { name: 'Add to cart' });
    await expect.poll(() => add.isEnabled()).toBe(true);
    await expect
      .poll(() => page.locator('.buy-box .stock').textContent())
      .not.toMatch(/Out of stock/);
    const enabledLook = await add.evaluate((el) => getComputedStyle(el).backgroundColor);

    await expectAccessible(page);

    // A product whose first finish is out of stock while another is on the shelf (from the seed
    // the shop starts with) opens on one in stock; picking the out-of-stock one disables the
    // button, says why, and the button no longer looks like the primary action.
    const product = generateCatalogue().products.find(
      (p) =>
        !p.backorderable &&
        !p.retailExclusive &&
        p.variants[0]?.availableQty === 0 &&
        p.variants[0]?.discontinuedAt === null &&
        p.variants.some((v) => v.availableQty > 0),
    );
    expect(product).toBeDefined();
    await page.goto(`${shop.url}/en/products/${product!.categorySlug}/${product!.slug}.html`);
    await settled();
    await expect.poll(() => h1().textContent()).toBe(product!.title);
    expect(await markOf(chosen)).toBe('');
    await expect.poll(() => add.isEnabled()).toBe(true);
    const out = finishes.getByRole('radio', { name: finishName(product!.variants[0]!.finishCode) });
    expect(await markOf(out)).toBe('Out of stock');
    await out.click();
    await expect.poll(() => add.isDisabled()).toBe(true);
    const reason = await add.evaluate(
      (el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
    );
    expect(reason).toBe('This finish is out of stock.');
    // The button eases into its disabled look (a CSS transition): read it once it has settled.
    const lookOf = () =>
      add.evaluate((el) => {
        const style = getComputedStyle(el);
        const channels = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
        const lum = (c: string) => {
          const [r = 0, g = 0, b = 0] = channels(c).map((v) => {
            const s = v / 255;
            return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
          });
          return 0.2126 * r + 0.7152 * g + 0.0722 * b;
        };
        const [hi, lo] = [lum(style.color), lum(style.backgroundColor)].sort((a, b) => b - a);
        return {
          background: style.backgroundColor,
          contrast: ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05),
          cursor: style.cursor,
        };
      });
    await expect.poll(() => add.evaluate((el) => el.getAnimations().length)).toBe(0);
    const look = await lookOf();
    expect(look.background).not.toBe(enabledLook);
    expect(look.contrast).toBeGreaterThanOrEqual(4.5);
    expect(look.cursor).toBe('not-allowed');
    await expectAccessible(page);
  }, 120_000);

  it('opens a product, switches finish, compares two products side by side, and the tray survives a reload', async () => {
    await page.goto(`${shop.url}/en/products/kitchen-faucets`);
    await settled();
    await expectAccessible(page);
    const firstTitle = (await tiles().first().locator('h2 a, h3 a').textContent()) ?? '';
    await tiles().first().locator('h2 a, h3 a').click();
    await settled();
    await expect.poll(() => h1().textContent()).toBe(firstTitle);
    await expectAccessible(page);

    const finishes = page.getByRole('radiogroup', { name: 'Finish' });
    const other = finishes
      .locator(
        '[role="radio"]:not([aria-checked="true"]):not([aria-disabled="true"]), input[type="radio"]:not(:checked):not(:disabled)',
      )
      .first();
    const before = page.url();
    await other.click();
    await expect.poll(() => page.url()).not.toBe(before);
    expect(page.url()).toMatch(/skuid=K-/);

    await page
      .getByRole('button', { name: /Add to compare/ })
      .first()
      .click();
    await page.goBack();
    await settled();
    await tiles()
      .nth(1)
      .getByRole('button', { name: /Add to compare/ })
      .click();

    const tray = page.getByRole('region', { name: 'Compare products' });
    await expect
      .poll(() => tray.getByRole('button', { name: /^Remove .* from compare$/ }).count())
      .toBe(2);
    await page.reload();
    await settled();
    await expect
      .poll(() => tray.getByRole('button', { name: /^Remove .* from compare$/ }).count())
      .toBe(2);

    await tray
      .getByRole('link', { name: /Compare/ })
      .first()
      .click();
    await page.waitForURL(/\/en\/compare\?compare=/);
    await settled();
    const table = page.getByRole('table');
    await expect.poll(() => table.getByRole('columnheader').count()).toBeGreaterThanOrEqual(2);
    await expect.poll(() => table.getByText(firstTitle).count()).toBeGreaterThan(0);
    await expectAccessible(page);
  }, 120_000);
});

async function labelOf(control: Locator): Promise<string> {
  return control.evaluate((el) => {
    const input = el as HTMLInputElement;
    return (input.labels?.[0]?.textContent ?? input.getAttribute('aria-label') ?? '').trim();
  });
}
