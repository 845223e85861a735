/**
 * Steps the checkout journeys share, done the way a shopper does them: pick a product from a
 * search, sign in through the header's dialog, fill the address and take the first shipping method.
 * Fields are found by their labels, so a pre-filled form (a saved address) changes nothing: `fill`
 * replaces whatever is there, and `selectOption` picks the state or province from its select.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../server/identity/demo-accounts';

export interface Credentials {
  readonly email: string;
  readonly password: string;
}

/** A seeded demo account's sign-in; fails at once if the server no longer seeds that e-mail. */
const demoAccount = (email: string): Credentials => {
  if (!DEMO_ACCOUNTS.some((account) => account.email === email)) {
    throw new Error(`${email} is not a demo account (server/identity/demo-accounts.ts)`);
  }
  return { email, password: DEMO_PASSWORD };
};

export const DEMO_HOMEOWNER = demoAccount('homeowner@lavabo.test');
export const DEMO_PROFESSIONAL = demoAccount('pro@lavabo.test');

/** The contact and shipping address of spec §4, by the checkout form's labels. */
export type CheckoutAddressFields = Readonly<Record<string, string>>;

export const shopperAddress = (email: string): CheckoutAddressFields => ({
  'First name': 'Ada',
  'Last name': 'Shopper',
  Email: email,
  'Mobile phone': '2125550100',
  'Street address': '1 Main Street',
  City: 'New York',
  'State or province': 'NY',
  'Postal code': '10001',
});

/**
 * Labels of the address fields that are selects: the state or province is one of the configured
 * regions. Found by role, so the step waits for the select (the form shows a text field until the
 * configuration's regions have loaded).
 */
const SELECT_FIELDS: ReadonlySet<string> = new Set(['State or province']);

/** Fills (replacing) one address field, by its label: types into text fields, picks in selects. */
export const fillAddressField = async (page: Page, label: string, value: string): Promise<void> => {
  if (SELECT_FIELDS.has(label)) {
    await page.getByRole('combobox', { name: label, exact: true }).selectOption(value);
  } else {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
};

/** The number of items the header's cart link announces ("Cart, 2 items"). */
/** The header's cart count, once the first cart read has answered (the link is busy until then). */
export const cartCount = async (page: Page): Promise<number> => {
  await page.locator('a.cart-link:not([aria-busy="true"])').waitFor({ timeout: 15_000 });
  return Number(
    /(\d+)/.exec(
      (await page.getByRole('link', { name: /^Cart/ }).getAttribute('aria-label')) ?? '',
    )?.[1] ?? 0,
  );
};

/** Dollars to cents from a tile's price text ("$1,650.00"); the sale price when on sale. */
const tilePriceCents = async (tile: Locator): Promise<number> => {
  const text = await tile
    .locator('.price')
    .first()
    .evaluate((el) => (el.querySelector('.price__now') ?? el).textContent ?? '');
  return Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);
};

export interface PickedProduct {
  readonly title: string;
  readonly priceCents: number;
}

/**
 * Searches for `keyword`, opens the first product whose price is within [minCents, maxCents] and
 * adds it to the cart; fails when no tile on the first page fits.
 */
export const addProductFromSearch = async (
  page: Page,
  baseUrl: string,
  keyword: string,
  { minCents = 0, maxCents = Number.MAX_SAFE_INTEGER } = {},
): Promise<PickedProduct> => {
  await page.goto(`${baseUrl}/en/search?keyword=${encodeURIComponent(keyword)}`);
  const tiles = page.locator('main article.product-tile');
  await tiles.first().waitFor();
  let picked: { tile: Locator; priceCents: number } | null = null;
  for (const tile of await tiles.all()) {
    const priceCents = await tilePriceCents(tile);
    if (priceCents >= minCents && priceCents <= maxCents) {
      picked = { tile, priceCents };
      break;
    }
  }
  if (picked === null) {
    throw new Error(`No "${keyword}" product priced from ${minCents} to ${maxCents} cents`);
  }
  const title = ((await picked.tile.getByRole('heading').textContent()) ?? '').trim();
  await picked.tile.getByRole('link', { name: title }).first().click();
  await expect
    .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 })
    .toBe(title);
  const before = await cartCount(page);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect.poll(() => cartCount(page), { timeout: 15_000 }).toBeGreaterThan(before);
  return { title, priceCents: picked.priceCents };
};

/** The header's account menu button, which a signed-in shopper has in place of "Sign in". */
export const accountMenuButton = (page: Page): Locator =>
  page.getByRole('banner').getByRole('button', { name: /^Account menu, signed in as/ });

/** Signs in through the header's "Sign in" dialog and waits for the account menu to show. */
export const signIn = async (page: Page, { email, password }: Credentials): Promise<void> => {
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect.poll(() => accountMenuButton(page).count(), { timeout: 15_000 }).toBe(1);
};

/** Signs out from the header's account menu and waits for "Sign in" to come back. */
export const signOut = async (page: Page): Promise<void> => {
  const menu = accountMenuButton(page);
  if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await expect
    .poll(() => page.getByRole('banner').getByRole('button', { name: 'Sign in' }).count(), {
      timeout: 15_000,
    })
    .toBe(1);
};

/** From the cart page's "Checkout" button to /en/checkout with the form on screen. */
export const goToCheckout = async (page: Page, baseUrl: string): Promise<void> => {
  await page.goto(`${baseUrl}/en/cart`);
  await page.getByRole('button', { name: 'Checkout' }).click();
  await page.waitForURL('**/en/checkout');
  await page.getByLabel('Street address', { exact: true }).waitFor();
};

/** Fills (replacing) every address field, asks for shipping and takes the first method. */
export const fillAddressAndShipping = async (
  page: Page,
  fields: CheckoutAddressFields,
): Promise<void> => {
  for (const [label, value] of Object.entries(fields)) {
    await fillAddressField(page, label, value);
  }
  await page.getByRole('button', { name: 'Continue to shipping' }).click();
  // A shipping method's radio is named by its label ("Standard — $15.00 (3–5 business days)"),
  // which tells it from any other radio on the page (a saved address, say).
  const methods = page.getByRole('radio', { name: /business days/ });
  await expect.poll(() => methods.count(), { timeout: 15_000 }).toBeGreaterThan(0);
  await methods.first().check();
};

/** Chooses a payment tab ("Card", "PayPal", "Finance") and waits until it is the selected one. */
export const choosePaymentTab = async (page: Page, name: string): Promise<void> => {
  const tab = page.getByRole('tab', { name, exact: true });
  await tab.click();
  await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
};

/** The order total checkout shows ("$1,834.15"), the definition after the term "Total". */
export const checkoutTotal = async (page: Page): Promise<string> =>
  (
    (await page
      .getByRole('main')
      .getByRole('term')
      .filter({ hasText: /^Total$/ })
      .locator('xpath=following-sibling::dd[1]')
      .textContent()) ?? ''
  ).trim();

/** Presses "Place order" and waits for the confirmation; returns the order number shown. */
export const placeOrder = async (page: Page): Promise<string> => {
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.waitForURL('**/en/order-confirmation**', { timeout: 20_000 });
  const number = page.getByTestId('order-number');
  await number.waitFor();
  return ((await number.textContent()) ?? '').trim();
};
