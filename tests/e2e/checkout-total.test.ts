/**
 * Issue 11, "What is shown is what is charged", as a new shopper tries it in a real browser against
 * the real server: a guest fills the address but never presses "Continue to shipping" and places
 * the order; a signed-in shopper places it with the saved address pre-selected. Either way the
 * total charged (read off the confirmation) is the total to pay on screen at the moment of placing.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/browser';
import {
  addProductFromSearch,
  DEMO_HOMEOWNER,
  fillAddressField,
  goToCheckout,
  placeOrder,
  shopperAddress,
  signIn,
} from './support/checkout';
import { startShop, type ServerShop } from './support/shop';

let shop: ServerShop;

beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});

const main = (page: Page) => page.getByRole('main');

/** The text of the <dd> after the main region's <dt> named `term` ("Total to pay", "Total"). */
const definitionOf = async (page: Page, term: string): Promise<string> =>
  (
    (await main(page)
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${term}$`) })
      .first()
      .locator('xpath=following-sibling::dd[1]')
      .textContent()) ?? ''
  ).trim();

const reviewTerm = (page: Page) =>
  main(page)
    .getByRole('region', { name: /Review/ })
    .getByRole('term');

const fillCard = async (page: Page) => {
  await page.getByLabel('Name on card').fill('Ada Shopper');
  await page.getByLabel('Card number').fill('4111 1111 1111 1111');
  await page.getByLabel('Expiry month').selectOption({ index: 12 });
  await page.getByLabel('Expiry year').selectOption({ index: 2 });
  await page.getByLabel('Security code').fill('123');
};

/** The total charged, as the order confirmation shows it. */
const chargedTotal = async (page: Page): Promise<string> => definitionOf(page, 'Total');

describe('what is shown is what is charged', () => {
  it('a guest who never pressed "Continue to shipping" is shown the total to pay, then charged it', async () => {
    const page = await shop.newPage();
    await addProductFromSearch(page, shop.url, 'faucet');
    await goToCheckout(page, shop.url);
    for (const [label, value] of Object.entries(shopperAddress('first.time@example.com'))) {
      await fillAddressField(page, label, value);
    }
    await fillCard(page);
    // No address on the cart yet: the screen says the total is an estimate, not one to pay.
    await expect.poll(() => reviewTerm(page).allTextContents()).toContain('Estimated total');
    expect(await reviewTerm(page).allTextContents()).not.toContain('Total to pay');
    const estimate = await definitionOf(page, 'Estimated total');

    await page.getByRole('button', { name: 'Place order' }).click();
    // Nothing is charged yet: the total to pay for New York is shown, said and focused.
    const check = main(page).getByText(/^Your total to pay is /);
    await check.waitFor({ timeout: 15_000 });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toMatch(/^Your total to pay is /);
    expect(page.url()).toContain('/en/checkout');
    const toPay = await definitionOf(page, 'Total to pay');
    expect(toPay).toMatch(/^\$[\d,]+\.\d{2}$/);
    expect(toPay).not.toBe(estimate);
    expect(await check.textContent()).toContain(toPay);
    await expectAccessible(page);

    // The total on screen at the moment of placing is the one the confirmation charges.
    const onScreen = await definitionOf(page, 'Total to pay');
    const number = await placeOrder(page);
    expect(number).toMatch(/^LV-[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(await chargedTotal(page)).toBe(onScreen);
    await page.context().close();
  }, 120_000);

  it('a signed-in shopper with the saved address pre-selected is charged the total shown', async () => {
    const page = await shop.newPage();
    await page.goto(`${shop.url}/en`);
    await signIn(page, DEMO_HOMEOWNER);
    await addProductFromSearch(page, shop.url, 'faucet');
    await goToCheckout(page, shop.url);
    const saved = page.getByRole('radiogroup', { name: 'Saved addresses' });
    await expect
      .poll(() => saved.getByRole('radio').first().isChecked(), { timeout: 15_000 })
      .toBe(true);
    // The pre-selected address is assigned to the cart: the total to pay shows with its tax.
    await expect
      .poll(() => reviewTerm(page).allTextContents(), { timeout: 15_000 })
      .toContain('Total to pay');
    await fillCard(page);
    const onScreen = await definitionOf(page, 'Total to pay');
    expect(onScreen).toMatch(/^\$[\d,]+\.\d{2}$/);
    expect(await definitionOf(page, 'Total')).toBe(onScreen);

    const number = await placeOrder(page);
    expect(number).toMatch(/^LV-[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(await chargedTotal(page)).toBe(onScreen);
    await expectAccessible(page);
    await page.context().close();
  }, 120_000);
});
