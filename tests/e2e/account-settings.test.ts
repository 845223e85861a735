/**
 * The account settings journey in a real browser against the real server: the professional demo
 * account signs in through the header's dialog, changes the company name and still sees it after a
 * reload; adds an address with a bad postal code (the error names the field and the typed values
 * stay), fixes it and saves; makes it the default and removes the old one. The page passes axe,
 * its content fits 375, 768 and 1280 px windows, and the browser logs no errors.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, watchPage } from './support/browser';
import { DEMO_PROFESSIONAL, signIn } from './support/checkout';
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

const profile = () => page.getByRole('region', { name: 'Profile' });
const addresses = () => page.getByRole('region', { name: 'Saved addresses' });
const cards = () => addresses().getByRole('listitem');
const card = (street: string): Locator => cards().filter({ hasText: street });

const openSettings = async () => {
  await page.goto(`${shop.url}/en/account/settings`);
  await profile().getByLabel('Company name').waitFor();
  await cards().first().waitFor();
};

describe('account settings journey', () => {
  it('edits the profile and the saved addresses', async () => {
    await page.goto(`${shop.url}/en`);
    await signIn(page, DEMO_PROFESSIONAL);
    await openSettings();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Account settings');
    await expect.poll(() => page.title()).toBe('Account settings — Lavabo');

    // Profile: the company name survives a reload.
    await profile().getByLabel('Company name').fill('Reyes Plumbing Co');
    await profile().getByRole('button', { name: 'Save profile' }).click();
    await expect
      .poll(() => profile().getByRole('status').textContent(), { timeout: 10_000 })
      .toBe('Your profile was saved.');
    await page.reload();
    await openSettings();
    await expect
      .poll(() => profile().getByLabel('Company name').inputValue())
      .toBe('Reyes Plumbing Co');

    // A new address with a bad postal code: the field is named, the typed values stay.
    await expect.poll(() => cards().count()).toBe(1);
    await addresses().getByRole('button', { name: 'Add address' }).click();
    const form = addresses().getByRole('form', { name: 'Add an address' });
    await form.getByLabel('Mobile phone').fill('312-555-0199');
    await form.getByLabel('Street address').fill('1 Lakeshore Drive');
    await form.getByLabel('City').fill('Chicago');
    await form.getByLabel('State or province').selectOption('IL');
    await form.getByLabel('Postal code').fill('ABCDE');
    await form.getByRole('button', { name: 'Save address' }).click();
    const alert = form.getByRole('alert');
    await expect
      .poll(() => alert.textContent())
      .toContain('Postal code: Please enter a valid postal code');
    await expect
      .poll(() => form.getByLabel('Postal code').getAttribute('aria-invalid'))
      .toBe('true');
    // The typed values were there before the click: reading them once says they stayed.
    expect(await form.getByLabel('Street address').inputValue()).toBe('1 Lakeshore Drive');
    expect(await form.getByLabel('Postal code').inputValue()).toBe('ABCDE');
    await expectAccessible(page);

    await form.getByLabel('Postal code').fill('60601');
    await form.getByRole('button', { name: 'Save address' }).click();
    await card('1 Lakeshore Drive').waitFor();
    await expect.poll(() => form.count()).toBe(0);
    await expect.poll(() => cards().count()).toBe(2);

    // The new one becomes the default (listed first); the old one goes.
    await card('1 Lakeshore Drive')
      .getByRole('button', { name: /^Set as default/ })
      .click();
    await expect
      .poll(() => cards().first().textContent(), { timeout: 10_000 })
      .toContain('1 Lakeshore Drive');
    await expect.poll(() => cards().first().getByText('Default', { exact: true }).count()).toBe(1);
    await card('233 South Wacker Drive')
      .getByRole('button', { name: /^Remove/ })
      .click();
    await card('233 South Wacker Drive')
      .getByRole('button', { name: /^Yes, remove/ })
      .click();
    await expect.poll(() => cards().count(), { timeout: 10_000 }).toBe(1);

    await page.reload();
    await openSettings();
    await expect.poll(() => cards().count()).toBe(1);
    await expect.poll(() => cards().first().textContent()).toContain('1 Lakeshore Drive');
    await expect.poll(() => cards().first().getByText('Default', { exact: true }).count()).toBe(1);
    await expectAccessible(page);
    expect(problems).toEqual([]);
  }, 60_000);

  it('fits phone, tablet and desktop widths: nothing in the page runs past the window', async () => {
    await addresses().getByRole('button', { name: 'Add address' }).click();
    await addresses().getByRole('form', { name: 'Add an address' }).waitFor();
    for (const width of [375, 768, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      // The page's own content: the header above it belongs to the shell. Polled: the header's
      // cart preview and the screen's layout follow the new width on the next resize event.
      const overflowing = () =>
        page.evaluate(() => {
          const right = document.documentElement.clientWidth;
          return Array.from(document.querySelectorAll('main *'))
            .filter((el) => el.getBoundingClientRect().right > right + 0.5)
            .map((el) => `${el.tagName.toLowerCase()}.${String(el.className)}`);
        });
      await expect.poll(overflowing, { message: `${width} px` }).toEqual([]);
      // Nor does the signed-in header (name, Sign out, Favorites, cart) push the page sideways.
      const sideways = () =>
        page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
      await expect.poll(sideways, { message: `${width} px page width` }).toBeLessThanOrEqual(0);
    }
    await page.setViewportSize({ width: 375, height: 800 });
    await expectAccessible(page);
    expect(problems).toEqual([]);
  });
});
