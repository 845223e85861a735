/**
 * Product registration in a real browser against the real server (issue 17): a guest registers a
 * product from its product page's "Register this product" with a receipt upload; signing in with the
 * e-mail the registration names brings it into My products with its documents; an ordered item is
 * registered online and says so afterwards; a product saved from its page ("Save to My products",
 * signing in first) shows in My products and is removed there, and a service saved from its landing
 * likewise in My services; every page passes axe.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, watchPage } from './support/browser';
import {
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

/** A small real PDF: the server judges the type by these bytes. */
const RECEIPT = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const daysAgo = (days: number): string =>
  new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Opens the first product a search finds and its Documents (the standard page shows its sections
 * as tabs, the extended one as an accordion); returns the product's title.
 */
const openDocumentsOfFirst = async (page: Page, keyword: string): Promise<string> => {
  await page.goto(`${shop.url}/en/search?keyword=${keyword}`);
  const tile = page.locator('main article.product-tile').first();
  await tile.waitFor();
  const title = ((await tile.getByRole('heading').textContent()) ?? '').trim();
  await tile.getByRole('link', { name: title }).first().click();
  await expect
    .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 })
    .toBe(title);
  await page
    .getByRole('tab', { name: 'Documents' })
    .or(page.getByRole('button', { name: 'Documents' }))
    .click();
  return title;
};

describe('product registration', () => {
  it('registers a product bought in a store as a guest, with its receipt, and finds it in My products after signing in', async () => {
    // Finding the model number leads on to registering it (the page's "Next steps").
    await page.goto(`${shop.url}/en/support/find-model-number`);
    await page.getByRole('link', { name: 'Register a product bought in a store' }).click();
    await page.waitForURL('**/en/register-product/offline');
    await page.getByLabel('Model number').waitFor();

    await openDocumentsOfFirst(page, 'faucet');
    await page.getByRole('link', { name: 'Register this product' }).click();
    await page.waitForURL('**/en/register-product/offline?model=*');
    await page
      .getByRole('heading', { level: 1, name: 'Register a product bought in a store' })
      .waitFor();
    const model = new URL(page.url()).searchParams.get('model') ?? '';
    expect(await page.getByLabel('Model number').inputValue()).toBe(model);

    // Sending the empty parts first: each problem is named on its field.
    await page.getByRole('button', { name: 'Register product' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'Please correct the fields below.' });
    await summary.waitFor();
    expect(await page.getByLabel('Purchase date').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page);

    await page.getByLabel('Purchase date').fill(daysAgo(30));
    await page.getByLabel('Place of purchase').selectOption('Showroom');
    await page.getByLabel('Serial number (optional)').fill('SN-2026/1');
    const owner = page.getByRole('group', { name: 'Owner' });
    const fields: Record<string, string> = {
      'First name': 'Hana',
      'Last name': 'Owner',
      Email: DEMO_HOMEOWNER.email,
      Phone: '2125550100',
      'Street address': '1 Main Street',
      City: 'New York',
      'State or province': 'NY',
      'ZIP or postal code': '10001',
    };
    for (const [label, value] of Object.entries(fields)) {
      await owner.getByLabel(label, { exact: true }).fill(value);
    }
    await page.getByLabel('Proof of purchase').setInputFiles({
      name: 'My Receipt.PDF',
      mimeType: 'application/pdf',
      buffer: RECEIPT,
    });
    await page.getByText('my-receipt.pdf is uploaded.').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Register product' }).click();
    const done = page.getByRole('heading', { name: 'Thank you. Your product is registered.' });
    await done.waitFor({ timeout: 15_000 });
    await page.getByRole('main').getByText('my-receipt.pdf').waitFor();
    await expectAccessible(page);

    await signIn(page, DEMO_HOMEOWNER);
    await page.goto(`${shop.url}/en/account/my-products`);
    const card = page.getByRole('article').filter({ hasText: model });
    await card.first().waitFor({ timeout: 15_000 });
    await card
      .first()
      .getByText(/covered|warranty|Warranty/)
      .first()
      .waitFor();
    const documents = card.first().getByRole('heading', { name: 'Documents' });
    await documents.waitFor();
    expect(await card.first().locator('.my-product__links a').count()).toBeGreaterThan(0);
    // The receipt downloads again, with the session's token (the file is the owner's only).
    const [receipt] = await Promise.all([
      page.waitForEvent('download'),
      card
        .first()
        .getByRole('button', { name: /^Download my-receipt\.pdf, the proof of purchase of / })
        .click(),
    ]);
    expect(receipt.suggestedFilename()).toBe('my-receipt.pdf');
    await expectAccessible(page);
    expect(problems.join('\n')).toBe('');
  });

  it('registers an ordered item online; it then says it is registered', async () => {
    // A shopper of their own, signed in, so this journey stands without the one above.
    const page = await shop.newPage();
    const problems = watchPage(page);
    await page.goto(`${shop.url}/en`);
    await signIn(page, DEMO_HOMEOWNER);
    const picked = await addProductFromSearch(page, shop.url, 'sink', { maxCents: 150_000 });
    await goToCheckout(page, shop.url);
    await fillAddressAndShipping(page, shopperAddress(DEMO_HOMEOWNER.email));
    await page.getByLabel('Name on card').fill('Hana Owner');
    await page.getByLabel('Card number').fill('4111 1111 1111 1111');
    await page.getByLabel('Expiry month').selectOption({ index: 12 });
    await page.getByLabel('Expiry year').selectOption({ index: 2 });
    await page.getByLabel('Security code').fill('123');
    const orderNumber = await placeOrder(page);

    await page.goto(`${shop.url}/en/register-product/online`);
    await page
      .getByRole('heading', { level: 1, name: 'Register a product bought online' })
      .waitFor();
    const line = page
      .getByRole('listitem')
      .filter({ hasText: `Order ${orderNumber}` })
      .filter({ hasText: new RegExp(escape(picked.title)) });
    await line.first().waitFor({ timeout: 15_000 });
    await expectAccessible(page);
    await line.first().getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Register product' }).click();
    await page.getByText('Thank you. 1 product is registered.').waitFor({ timeout: 15_000 });
    await line
      .first()
      .getByText(/Already registered/)
      .waitFor();
    expect(await line.first().getByRole('checkbox').isDisabled()).toBe(true);

    // Coming back later, the line still says so.
    await page.reload();
    await line
      .first()
      .getByText(/Already registered/)
      .waitFor({ timeout: 15_000 });

    await page.goto(`${shop.url}/en/account/my-products`);
    await page
      .getByRole('article')
      .filter({ hasText: picked.title })
      .first()
      .waitFor({ timeout: 15_000 });

    await page.goto(`${shop.url}/en/account/my-services`);
    await page.getByRole('heading', { level: 1, name: 'My services' }).waitFor();
    await page
      .getByRole('heading', { name: /^(No services yet|Design services|Install services)$/ })
      .first()
      .waitFor({ timeout: 15_000 });
    await expectAccessible(page);
    expect(problems.join('\n')).toBe('');
  });

  it('saves a product to My products and a service to My services, and removes them there', async () => {
    const page = await shop.newPage();
    const problems = watchPage(page);
    const title = await openDocumentsOfFirst(page, 'toilet');
    // A guest is asked to sign in first; the page stays where it is.
    await page.getByRole('button', { name: 'Sign in to save to My products' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(DEMO_HOMEOWNER.email);
    await dialog.getByLabel('Password', { exact: true }).fill(DEMO_HOMEOWNER.password);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    // The save the guest asked for is made once they have signed in: no second press.
    await page
      .getByRole('status')
      .filter({ hasText: `${title} saved to My products.` })
      .waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Remove from My products' }).waitFor();
    await expectAccessible(page);

    // Still saved on a later visit.
    await page.reload();
    await page
      .getByRole('tab', { name: 'Documents' })
      .or(page.getByRole('button', { name: 'Documents' }))
      .click();
    await page
      .getByRole('button', { name: 'Remove from My products' })
      .waitFor({ timeout: 15_000 });
    await page.getByRole('link', { name: 'View My products' }).click();
    await page.waitForURL('**/en/account/my-products');
    const card = page.getByRole('article', { name: title });
    await card.waitFor({ timeout: 15_000 });
    await card.getByText('Not registered').waitFor();
    await expectAccessible(page);
    await card.getByRole('button', { name: `Remove ${title}` }).click();
    await page.getByText(`${title} was removed from My products.`).waitFor();
    expect(await page.getByRole('article', { name: title }).count()).toBe(0);
    // And gone for good: the list on the server no longer holds it.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'My products' }).waitFor();
    await page
      .getByText(/^(No products yet|Register another product)$/)
      .first()
      .waitFor({ timeout: 15_000 });
    expect(await page.getByRole('article', { name: title }).count()).toBe(0);

    // A design service, saved from its landing, is kept in My services and removed there.
    await page.goto(`${shop.url}/en/products/design-services`);
    const service = page.locator('main article.product-tile').first();
    await service.waitFor();
    const serviceTitle = ((await service.getByRole('heading').textContent()) ?? '').trim();
    await service.getByRole('link', { name: serviceTitle }).first().click();
    const selected = page.getByRole('region', { name: 'Your selected service' });
    await selected.getByRole('button', { name: 'Save to My services' }).click({ timeout: 15_000 });
    await selected
      .getByRole('status')
      .filter({ hasText: `${serviceTitle} saved to My services.` })
      .waitFor();
    await selected.getByRole('link', { name: 'View My services' }).click();
    await page.waitForURL('**/en/account/my-services');
    const remove = page.getByRole('button', { name: `Remove ${serviceTitle}` });
    await remove.waitFor({ timeout: 15_000 });
    await expectAccessible(page);
    await remove.click();
    await page.getByText(`${serviceTitle} was removed from My services.`).waitFor();
    expect(await page.getByRole('button', { name: `Remove ${serviceTitle}` }).count()).toBe(0);
    expect(problems.join('\n')).toBe('');
  });
});
