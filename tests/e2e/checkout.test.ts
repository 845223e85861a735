/**
 * The checkout journey of issue 6 in a real browser against the real server: a guest pays with the
 * approving card and sees an order number, the declining card keeps the form, and the order number
 * with the e-mail finds the order on /en/order-status.
 */
import { ORDER_NUMBER_ALPHABET } from '../../core/orders/order-number';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/browser';
import {
  addProductFromSearch,
  cartCount,
  fillAddressAndShipping,
  goToCheckout,
  placeOrder,
  shopperAddress,
} from './support/checkout';
import { startShop, type ServerShop } from './support/shop';

let shop: ServerShop;
let page: Page;

beforeAll(async () => {
  shop = await startShop();
  page = await shop.newPage();
});
afterAll(async () => {
  await shop?.close();
});

const EMAIL = 'guest.shopper@example.com';

const fillCard = async (number: string) => {
  await page.getByLabel('Name on card').fill('Ada Shopper');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry month').selectOption({ index: 12 });
  await page.getByLabel('Expiry year').selectOption({ index: 2 });
  await page.getByLabel('Security code').fill('123');
};

describe('checkout journey', () => {
  it('a guest pays by card: declined keeps the form, approved ends on a confirmation', async () => {
    await addProductFromSearch(page, shop.url, 'faucet');
    await expect.poll(() => cartCount(page), { timeout: 15_000 }).toBe(1);
    await goToCheckout(page, shop.url);

    await fillAddressAndShipping(page, shopperAddress(EMAIL));
    await fillCard('4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect
      .poll(() => page.getByRole('alert').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    // The decline leaves the shopper where they were, with the form as they typed it.
    expect(page.url()).toContain('/en/checkout');
    expect(await page.getByLabel('Street address', { exact: true }).inputValue()).toBe(
      '1 Main Street',
    );

    await page.getByLabel('Card number').fill('4111 1111 1111 1111');
    const number = await placeOrder(page);
    expect(number).toMatch(/^LV-[0-9A-HJKMNP-TV-Z]{10}$/);
    await expectAccessible(page);

    await page.goto(`${shop.url}/en/order-status`);
    await page.getByLabel('Order number').fill(number);
    await page.getByLabel('Email').fill(` ${EMAIL.toUpperCase()} `);
    await page.getByRole('button', { name: 'Find order' }).click();
    await expect
      .poll(() => page.getByRole('main').getByText(number).count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await expectAccessible(page);

    // The next number along finds nothing, and says so exactly as a wrong e-mail does (issue 13).
    const at = ORDER_NUMBER_ALPHABET.indexOf(number.charAt(number.length - 1));
    const neighbour = `${number.slice(0, -1)}${ORDER_NUMBER_ALPHABET.charAt((at + 1) % 32)}`;
    const missText = async (orderNumber: string, email: string) => {
      await page.goto(`${shop.url}/en/order-status`);
      await page.getByLabel('Order number').fill(orderNumber);
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Find order' }).click();
      const alert = page.getByRole('main').getByRole('alert');
      await expect.poll(() => alert.count(), { timeout: 15_000 }).toBeGreaterThan(0);
      return alert.textContent();
    };
    const unknown = await missText(neighbour, EMAIL);
    expect(unknown).toMatch(/could not find an order/i);
    expect(await missText(number, 'someone.else@example.com')).toBe(unknown);
    expect(await page.getByRole('main').getByRole('article').count()).toBe(0);
  }, 120_000);
});
