/** The walking skeleton in a real browser: shell, guest token round trip, routes, not-found. */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pageHeading } from '../../core/content/load-page';
import { buildPath, routes } from '../../core/content/routes';
import { loadPageModel } from '../../server/content/index';
import { generateCatalogue } from '../../server/seed/catalogue/generate';
import {
  expectAccessible,
  watchFailedResponses,
  watchPage,
  type FailedLoad,
} from './support/browser';
import { startShop, type ServerShop } from './support/shop';

const catalogue = generateCatalogue();
const faucet = catalogue.products.find((p) => p.categorySlug === 'kitchen-faucets');
const article = catalogue.helpArticles[0];
if (faucet === undefined || article === undefined) {
  throw new Error('the seeded catalogue has no kitchen faucet or help article');
}

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

const storedAuth = () =>
  page.evaluate(
    () =>
      JSON.parse(window.localStorage.getItem('lavabo.auth') ?? 'null') as Record<
        string,
        unknown
      > | null,
  );

/**
 * The one failed load the pinned-routes walk expects: the shared cart "ORD-1" names nothing, so
 * the API answers 404 and the page shows its not-found state. (Order details never asks for
 * "ORD-1": it is not an order number, so the page says "not found" without a request.)
 */
const SAMPLE_ID_LOOKUPS = ['/cart/sharedcart/ORD-1?currency=USD'];

const isSampleIdLookup = (load: FailedLoad, api: string): boolean =>
  load.status === 404 && SAMPLE_ID_LOOKUPS.some((lookup) => load.url === `${api}${lookup}`);

describe('storefront shell', () => {
  it('loads /en with its h1 and stores a guest token the server accepts', async () => {
    await page.goto(`${shop.url}/en`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBe(1);
    await expect.poll(async () => (await storedAuth())?.accessToken ?? null).not.toBeNull();
    const auth = await storedAuth();
    expect(auth?.anonymous).toBe(true);
    expect(typeof auth?.anonymousId).toBe('string');
    const check = await fetch(`${shop.server.api}/oauth/token/validate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: auth?.accessToken }),
    });
    expect(await check.json()).toEqual({ valid: true });
    await expectAccessible(page);
    expect(problems).toEqual([]);
  });

  it('asks the API for a guest token only on a first visit, and nothing of a guest’s on the next page', async () => {
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) asked.push(url.pathname);
    });
    // The cart of a new visitor: drawn empty without a cart read (docs/rules.md, Cart).
    await page.goto(`${shop.url}/en/cart`);
    await page.getByText('Find faucets, sinks, toilets and more').waitFor();
    await expect.poll(async () => (await storedAuth())?.accessToken ?? null).not.toBeNull();
    // The next page, hydrated, its providers' reads long made by the time the analytics area
    // (loaded after hydration) counts its view.
    await page.goto(`${shop.url}/en`);
    await expect
      .poll(() =>
        page.evaluate(() =>
          ((window as { dataLayer?: { event?: string }[] }).dataLayer ?? []).some(
            (entry) => entry.event === 'page_view',
          ),
        ),
      )
      .toBe(true);
    // No cart and no favorites were asked for: this device's guest made neither.
    expect(asked).toEqual(['/api/oauth/token']);
    expect(problems).toEqual([]);
  });

  it('keeps the same guest across reloads', async () => {
    await page.goto(`${shop.url}/en`);
    await expect.poll(async () => (await storedAuth())?.anonymousId ?? null).not.toBeNull();
    const first = await storedAuth();
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect((await storedAuth())?.anonymousId).toBe(first?.anonymousId);
  });

  it('has a search box labelled "Search" that leads to the search page, and a cart link', async () => {
    await page.goto(`${shop.url}/en`);
    await expect.poll(() => page.getByRole('link', { name: /^Cart/ }).count()).toBe(1);
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill('faucet');
    await search.press('Enter');
    await page.waitForURL('**/en/search?keyword=faucet');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Search results for “faucet”');
  });

  it('renders every pinned route with exactly one h1 and no serious accessibility issue', async () => {
    // Real examples: an unknown product, article or SKU is a 404 (tests/e2e/layout-walk.test.ts).
    const samples: Record<string, string> = {
      category: 'kitchen-faucets',
      slug: `${faucet.slug}.html`,
      id: 'ORD-1',
      sku: faucet.sku,
    };
    const failed = watchFailedResponses(page);
    const seen = watchPage(page, {
      allowFailedLoad: (load) => isSampleIdLookup(load, shop.server.api),
    });
    for (const [id, pattern] of Object.entries(routes)) {
      const path =
        id === 'knowledgeArticle'
          ? buildPath(id, { slug: article.slug })
          : pattern.replace(/:(\w+)/g, (_, name: string) => samples[name] ?? 'x');
      await page.goto(`${shop.url}${path}`);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).count(), { message: path })
        .toBe(1);
      await expectAccessible(page);
    }
    // Every failed response is listed, with its URL: a missing chunk, image or API route on any
    // route fails here, and so does the shared cart page no longer asking the API.
    expect(failed).toEqual([
      {
        method: 'GET',
        url: `${shop.server.api}/cart/sharedcart/ORD-1?currency=USD`,
        status: 404,
      },
    ]);
    expect(seen).toEqual([]);
    // A budget for the work, not a wait: 35 routes, each checked by axe, which takes 2–11 s a
    // page on the shared 2-core machine (115–165 s in all there under load, now that the product
    // and article samples are real pages rather than not-found ones).
  }, 240_000);

  it('still reports a missing asset or image while the sample-id lookups are allowed', async () => {
    const failed = watchFailedResponses(page);
    const seen = watchPage(page, {
      allowFailedLoad: (load) => isSampleIdLookup(load, shop.server.api),
    });
    await page.goto(`${shop.url}/en`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.evaluate(() => {
      const image = document.createElement('img');
      image.src = '/images/no-such-image.png';
      image.alt = '';
      document.body.append(image);
      const script = document.createElement('script');
      script.src = '/assets/no-such-chunk.js';
      document.head.append(script);
    });
    await expect
      .poll(() => failed.map((f) => new URL(f.url).pathname).sort())
      .toEqual(['/assets/no-such-chunk.js', '/images/no-such-image.png']);
    expect(failed.every((f) => f.status >= 400 && !isSampleIdLookup(f, shop.server.api))).toBe(
      true,
    );
    // Both failed loads stay on the problem list (the script's also brings a MIME refusal).
    const failedLoads = () => seen.filter((p) => p.startsWith('console error: Failed to load'));
    await expect.poll(() => failedLoads().length).toBe(2);
  });

  it('fails the accessibility check on a serious violation, naming it', async () => {
    // The check reads only axe's violations (tests/e2e/support/browser.ts): one is still caught.
    await page.goto(`${shop.url}/en/no-such-page`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.evaluate(() => {
      const button = document.createElement('button');
      button.type = 'button';
      document.querySelector('main')?.append(button);
    });
    const failure = await expectAccessible(page).then(
      () => null,
      (error: unknown) => error as { actual?: unknown },
    );
    expect(failure?.actual).toEqual([expect.stringMatching(/^button-name \(critical\)/)]);
  });

  it('shows a real not-found page for unknown paths', async () => {
    const response = await page.goto(`${shop.url}/en/no-such-page`);
    expect(response?.status()).toBe(404);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('We can’t find that page');
    await expectAccessible(page);
  });

  it('normalises .html paths, the shortened prefix and the bare root', async () => {
    // The server answers both with a 301, which goto has followed by the time it returns.
    await page.goto(`${shop.url}/content/lavabo/en/cart.html`);
    expect(new URL(page.url()).pathname).toBe('/en/cart');
    await page.goto(`${shop.url}/`);
    expect(new URL(page.url()).pathname).toBe('/en');
  });

  it('navigates between pages without reloading, keyboard first', async () => {
    await page.goto(`${shop.url}/en`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect.poll(() => skip.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await page
      .getByRole('navigation', { name: 'Shop by category' })
      .getByRole('link', { name: 'Kitchen' })
      .click();
    await page.waitForURL('**/en/kitchen');
    const kitchen = await loadPageModel('/en/kitchen');
    if (kitchen === null) throw new Error('no kitchen page model');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(pageHeading(kitchen));
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(
      1,
    );
  });

  it('opens the Bathroom mega menu by keyboard at 1280 px and follows a subcategory', async () => {
    await page.goto(`${shop.url}/en`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Shop by category' });
    const toggle = nav.getByRole('button', { name: 'Bathroom categories' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await nav.getByRole('link', { name: 'Bathroom', exact: true }).focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    await expect.poll(focused).toBe('All bathroom');
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.keyboard.press('Enter');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect.poll(focused).toBe('Bathroom Sinks');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/en/products/bathroom-sinks');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Bathroom Sinks');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
    expect(problems).toEqual([]);
  });

  it('opens the Menu drawer at 375 px, expands a group and follows a link', async () => {
    await page.context().close();
    page = await shop.newPage({ width: 375, height: 800 });
    problems = watchPage(page);
    await page.goto(`${shop.url}/en`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Shop by category' }).isVisible()).toBe(
      false,
    );
    await page.getByRole('button', { name: 'Menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    await drawer.getByRole('button', { name: 'Kitchen' }).click();
    await expectAccessible(page);
    await drawer.getByRole('link', { name: 'Kitchen Sinks' }).click();
    await page.waitForURL('**/en/products/kitchen-sinks');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Kitchen Sinks');
    expect(await drawer.count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBeLessThanOrEqual(0);
    expect(problems).toEqual([]);
  });

  it.each([375, 768, 1280, 1440])(
    'fits a %i px wide screen without sideways scrolling',
    async (width) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${shop.url}/en`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      // The home page's content arrives after its h1, so a frame caught mid-way is not the verdict.
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
        .toBeLessThanOrEqual(0);
    },
  );
});
