/**
 * Issue 15, no layout shift: a first-time shopper on a phone (412×823, Lighthouse's mobile screen)
 * opens a product list, a search and a product page (on a tablet too, the product page); the sum
 * of the layout shifts Chromium reports while each loads (support/layout-shift.ts) stays within
 * Lighthouse's "good" CLS, 0.05, and a failure names the elements that moved. Each request takes an extra 150 ms and the CPU runs 4×
 * slower, as Lighthouse's mobile run does, so the loading states are on screen long enough to be
 * painted: on localhost the data could otherwise arrive before the first paint and hide a shift.
 * This measures how far things move, not how long anything takes. The header's account slot keeps
 * its box when the shopper signs in, so the session filling in after the first paint moves nothing.
 */
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalogue } from '../../server/seed/catalogue/generate';
import { expectAccessible, waitForFirstRender, type Viewport } from './support/browser';
import { DEMO_HOMEOWNER, signIn } from './support/checkout';
import {
  describeShifts,
  firstScreenLoaded,
  layoutShifts,
  recordLayoutShifts,
  shiftTotal,
} from './support/layout-shift';
import { startShop, type ServerShop } from './support/shop';

const PHONE: Viewport = { width: 412, height: 823 };
/** Where the product page's skeleton used to leave the footer on screen. */
const TABLET: Viewport = { width: 800, height: 900 };
const GOOD_CLS = 0.05;

const product = generateCatalogue().products.find((p) => p.categorySlug === 'kitchen-faucets');
if (product === undefined) throw new Error('the seeded catalogue has no kitchen faucet');

let shop: ServerShop;
let phone: BrowserContext;

/** A shopper's browser at this size (a phone's touch and pixel density below 768 px). */
const browserAt = async (viewport: Viewport): Promise<BrowserContext> => {
  const mobile = viewport.width < 768;
  const context = await shop.browser.newContext({
    viewport,
    isMobile: mobile,
    hasTouch: mobile,
    deviceScaleFactor: mobile ? 1.75 : 1,
  });
  await recordLayoutShifts(context);
  return context;
};

beforeAll(async () => {
  shop = await startShop();
  phone = await browserAt(PHONE);
});
afterAll(async () => {
  await shop?.close();
});

/** A new tab on a slow phone link and CPU (150 ms of latency, 4× slower), until `unthrottle`. */
const slowTab = async (context: BrowserContext) => {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const unthrottle = async () => {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  };
  return { page, unthrottle };
};

/**
 * Opens a path in a fresh tab, waits for its first screen and the network, returns the shifts.
 * The CPU throttling ends once they are read: what a test checks afterwards (axe) is about the
 * page, not its speed, and took seconds more at 4×.
 */
const shiftsWhileLoading = async (path: string, context = phone, shown?: string) => {
  const { page, unthrottle } = await slowTab(context);
  await page.goto(`${shop.url}${path}`, { waitUntil: 'networkidle' });
  await waitForFirstRender(page);
  await firstScreenLoaded(page);
  // A part drawn after hydration (a signed-in shopper's menu) is in before the shifts are read.
  if (shown !== undefined) await page.locator(shown).waitFor();
  const shifts = await layoutShifts(page);
  await unthrottle();
  return { page, shifts };
};

describe('layout shift on a phone while a page loads', () => {
  it.each([
    ['a product list', '/en/products/kitchen-faucets'],
    ['a search', '/en/search?keyword=faucet'],
    ['a product page', `/en/products/kitchen-faucets/${product.slug}.html`],
  ])('stays within %s’s budget of 0.05', async (_name, path) => {
    const { page, shifts } = await shiftsWhileLoading(path);
    expect(shiftTotal(shifts), describeShifts(shifts).join('\n')).toBeLessThanOrEqual(GOOD_CLS);
    await expectAccessible(page);
    await page.close();
  });

  it('stays within the budget for a product page on a tablet too', async () => {
    const tablet = await browserAt(TABLET);
    const { shifts } = await shiftsWhileLoading(
      `/en/products/kitchen-faucets/${product.slug}.html`,
      tablet,
    );
    expect(shiftTotal(shifts), describeShifts(shifts).join('\n')).toBeLessThanOrEqual(GOOD_CLS);
    await tablet.close();
  });
});

describe('layout shift on the cart page, which the browser draws', () => {
  it('stays within the budget for an empty cart on a phone and on a tablet', async () => {
    const tablet = await browserAt(TABLET);
    for (const context of [phone, tablet]) {
      const { page, shifts } = await shiftsWhileLoading(
        '/en/cart',
        context,
        'text=Your cart is empty',
      );
      expect(shiftTotal(shifts), describeShifts(shifts).join('\n')).toBeLessThanOrEqual(GOOD_CLS);
      await page.close();
    }
    await tablet.close();
  });
});

describe("the header's account slot", () => {
  it('has the same box signed in as signed out, and a signed-in reload does not shift', async () => {
    const page = await phone.newPage();
    await page.goto(`${shop.url}/en`, { waitUntil: 'networkidle' });
    const slot = page.locator('.utility-nav__account');
    const guest = await slot.boundingBox();
    await signIn(page, DEMO_HOMEOWNER);
    expect(await slot.boundingBox()).toEqual(guest);
    await page.close();

    const { page: again, shifts } = await shiftsWhileLoading(
      '/en/products/kitchen-faucets',
      phone,
      '.account-menu',
    );
    expect(await again.locator('.account-menu').count()).toBe(1);
    expect(shiftTotal(shifts), describeShifts(shifts).join('\n')).toBeLessThanOrEqual(GOOD_CLS);
    await again.close();
  });
});
