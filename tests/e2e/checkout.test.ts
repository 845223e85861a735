/**
 * The checkout journey of issue 6 in a real browser against the real server: a guest pays with the
 * approving card and sees an order number, the declining card keeps the form, and the order number
 * with the e-mail finds the order on /en/order-status.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { assertBuilt, expectAccessible, launchBrowser } from './support/browser';
import { fillAddressField } from './support/checkout';

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  assertBuilt();
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const EMAIL = 'guest.shopper@example.com';
const cartCount = async (): Promise<number> =>
  Number(
    /(\d+)/.exec(
      (await page.getByRole('link', { name: /^Cart/ }).getAttribute('aria-label')) ?? '',
    )?.[1] ?? 0,
  );

const fillAddress = async () => {
  const fields: Record<string, string> = {
    'First name': 'Ada',
    'Last name': 'Shopper',
    Email: EMAIL,
    'Mobile phone': '2125550100',
    'Street address': '1 Main Street',
    City: 'New York',
    'State or province': 'NY',
    'Postal code': '10001',
  };
  for (const [label, value] of Object.entries(fields)) {
    await fillAddressField(page, label, value);
  }
  await page.getByRole('button', { name: 'Continue to shipping' }).click();
  await expect.poll(() => page.getByRole('radio').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  await page.getByRole('radio').first().check();
};

const fillCard = async (number: string) => {
  await page.getByLabel('Name on card').fill('Ada Shopper');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry month').selectOption({ index: 12 });
  await page.getByLabel('Expiry year').selectOption({ index: 2 });
  await page.getByLabel('Security code').fill('123');
};

describe('checkout journey', () => {
  it('a guest pays by card: declined keeps the form, approved ends on a confirmation', async () => {
    await page.goto(`${server.url}/en/search?keyword=faucet`);
    const tile = page.locator('main article.product-tile').first();
    await tile.waitFor();
    const title = ((await tile.getByRole('heading').textContent()) ?? '').trim();
    await tile.getByRole('link', { name: title }).first().click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(cartCount, { timeout: 15_000 }).toBe(1);
    await page.goto(`${server.url}/en/cart`);
    await page.getByRole('button', { name: 'Checkout' }).click();
    await page.waitForURL('**/en/checkout');

    await fillAddress();
    await fillCard('4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect
      .poll(() => page.getByRole('alert').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    expect(page.url()).toContain('/en/checkout');
    expect(await page.getByLabel('Street address', { exact: true }).inputValue()).toBe(
      '1 Main Street',
    );

    await page.getByLabel('Card number').fill('4111 1111 1111 1111');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL('**/en/order-confirmation**', { timeout: 20_000 });
    const number = ((await page.getByTestId('order-number').textContent()) ?? '').trim();
    expect(number).toMatch(/^LV-\d+/);
    await expectAccessible(page);

    await page.goto(`${server.url}/en/order-status`);
    await page.getByLabel('Order number').fill(number);
    await page.getByLabel('Email').fill(` ${EMAIL.toUpperCase()} `);
    await page.getByRole('button', { name: 'Find order' }).click();
    await expect
      .poll(() => page.getByRole('main').getByText(number).count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await expectAccessible(page);
  }, 120_000);
});
