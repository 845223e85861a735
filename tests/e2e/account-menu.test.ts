/**
 * What a new shopper meets around their account, in a real browser against the real server:
 * - the header's account menu: the shopper's first name on a button that opens with Enter or
 *   Space, closes with Escape (focus back on the button) and leads to the order history; on a
 *   phone it opens inside the window;
 * - renaming yourself in settings reaches the header at once and after a reload;
 * - an order confirmation with a long (34-character) e-mail fits a 320 px phone, and its "Check
 *   your order status" lands with the order number and e-mail filled in.
 * Each page passes axe and the browser logs no errors.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, watchPage } from './support/browser';
import {
  accountMenuButton,
  addProductFromSearch,
  DEMO_HOMEOWNER,
  fillAddressAndShipping,
  goToCheckout,
  placeOrder,
  shopperAddress,
  signIn,
} from './support/checkout';
import { startShop, type ServerShop } from './support/shop';

let shop: ServerShop;
let page: Page;
let problems: string[];

beforeAll(async () => {
  shop = await startShop();
  page = await shop.newPage();
  problems = watchPage(page);
});
afterAll(async () => {
  await shop?.close();
});

const banner = () => page.getByRole('banner');
const h1 = () => page.getByRole('heading', { level: 1 }).textContent();
const expanded = () => accountMenuButton(page).getAttribute('aria-expanded');
const focusedText = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
const focusedIsMenuButton = () =>
  page.evaluate(() => document.activeElement?.classList.contains('account-menu__button') ?? false);

/** How far the page is wider than the window (0 or less: nothing to scroll sideways). */
const sideways = () =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('the account menu', () => {
  it('opens with Enter and Space, closes with Escape, and leads to the order history', async () => {
    await page.goto(`${shop.url}/en`);
    await signIn(page, DEMO_HOMEOWNER);
    await expect.poll(() => accountMenuButton(page).textContent()).toContain('Harriet');
    expect(await expanded()).toBe('false');
    expect(await banner().getByRole('link', { name: 'Orders' }).count()).toBe(0);

    await accountMenuButton(page).focus();
    await page.keyboard.press('Enter');
    await expect.poll(expanded).toBe('true');
    const panel = page.locator('.account-menu__panel');
    for (const name of ['Orders', 'Favorites', 'My products', 'My services', 'Settings']) {
      expect(await panel.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    }
    expect(await panel.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true);
    await expectAccessible(page);

    await page.keyboard.press('Escape');
    await expect.poll(expanded).toBe('false');
    expect(await focusedIsMenuButton()).toBe(true);

    await page.keyboard.press('Space');
    await expect.poll(expanded).toBe('true');
    await page.keyboard.press('Tab');
    expect(await focusedText()).toBe('Orders');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/en/account/orders');
    await expect.poll(h1, { timeout: 15_000 }).toBe('Order history');
    expect(await expanded()).toBe('false');
    expect(problems).toEqual([]);
  }, 90_000);

  it('opens inside the window on a phone', async () => {
    for (const width of [375, 320]) {
      await page.setViewportSize({ width, height: 740 });
      await page.goto(`${shop.url}/en`);
      await accountMenuButton(page).click();
      const orders = banner().getByRole('link', { name: 'Orders' });
      await orders.waitFor();
      const box = await page.locator('.account-menu__panel').boundingBox();
      expect(box, `${width} px`).not.toBeNull();
      expect(box?.x ?? -1, `${width} px`).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0), `${width} px`).toBeLessThanOrEqual(width);
      await expect.poll(sideways, { message: `${width} px` }).toBeLessThanOrEqual(0);
      await orders.click();
      await page.waitForURL('**/en/account/orders');
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }, 60_000);

  it('shows a new first name at once, and after a reload', async () => {
    await page.goto(`${shop.url}/en/account/settings`);
    const profile = page.getByRole('region', { name: 'Profile' });
    const first = profile.getByLabel('First name');
    await expect.poll(() => first.inputValue(), { timeout: 15_000 }).toBe('Harriet');
    // Settings leads to the order history too.
    expect(
      await page.getByRole('main').getByRole('link', { name: 'See your order history' }).count(),
    ).toBe(1);

    await first.fill('Henrietta');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await expect
      .poll(() => profile.getByRole('status').textContent(), { timeout: 10_000 })
      .toBe('Your profile was saved.');
    await expect.poll(() => accountMenuButton(page).textContent()).toContain('Henrietta');

    await page.reload();
    await expect
      .poll(() => accountMenuButton(page).textContent(), { timeout: 15_000 })
      .toContain('Henrietta');
    expect(await banner().getByText('Harriet').count()).toBe(0);

    await accountMenuButton(page).click();
    await banner().getByRole('link', { name: 'Orders' }).click();
    await page.waitForURL('**/en/account/orders');
    await expect.poll(h1, { timeout: 15_000 }).toBe('Order history');
    expect(problems).toEqual([]);
  }, 60_000);
});

describe('the order confirmation on a phone', () => {
  // 34 characters, as in issue 12: longer than a 320 px line can hold in one piece.
  const EMAIL = `${'maximilian.oberhausen'.padEnd(22, 'x')}@example.com`;

  it('fits 320 px with a long e-mail, and "Check your order status" fills the form', async () => {
    expect(EMAIL).toHaveLength(34);
    const guest = await shop.newPage();
    const guestProblems = watchPage(guest);
    await addProductFromSearch(guest, shop.url, 'faucet');
    await goToCheckout(guest, shop.url);
    await fillAddressAndShipping(guest, shopperAddress(EMAIL));
    await guest.getByLabel('Name on card').fill('Ada Shopper');
    await guest.getByLabel('Card number').fill('4111 1111 1111 1111');
    await guest.getByLabel('Expiry month').selectOption({ index: 12 });
    await guest.getByLabel('Expiry year').selectOption({ index: 2 });
    await guest.getByLabel('Security code').fill('123');
    const number = await placeOrder(guest);
    await guest.getByRole('main').getByText(EMAIL).first().waitFor();

    const wide = (p: Page) =>
      p.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
    for (const width of [375, 320]) {
      await guest.setViewportSize({ width, height: 800 });
      await expect
        .poll(async () => (await wide(guest)).scroll, { message: `${width} px` })
        .toBeLessThanOrEqual(width);
    }
    await expectAccessible(guest);

    await guest.getByRole('link', { name: 'Check your order status' }).click();
    await guest.waitForURL('**/en/order-status?**');
    // The e-mail travels in history state, never in a URL that logs and referrers would keep.
    expect(decodeURIComponent(guest.url()).toLowerCase()).not.toContain(EMAIL.toLowerCase());
    // The URL changes before the status page's chunk has replaced the confirmation, which labels
    // its own "Order number": read the form only once the status page is on screen.
    await guest.getByRole('heading', { level: 1, name: 'Order status' }).waitFor();
    expect(await guest.getByRole('textbox', { name: 'Order number' }).inputValue()).toBe(number);
    expect(await guest.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(EMAIL);
    await guest.getByRole('button', { name: 'Find order' }).click();
    await expect
      .poll(() => guest.getByRole('article').getByText(number).count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    // The order found, with the same e-mail and address, fits the phone too.
    await expect.poll(async () => (await wide(guest)).scroll).toBeLessThanOrEqual(320);
    await expectAccessible(guest);
    expect(guestProblems).toEqual([]);
    await guest.context().close();
  }, 120_000);
});
