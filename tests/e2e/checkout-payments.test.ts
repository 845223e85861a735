/**
 * The PayPal and finance journeys of issue 6 in a real browser against the real server: a signed-in
 * customer pays through the PayPal sandbox and finds the order in the account's history; a guest
 * is declined and then approved on the finance sandbox page and places the order. The providers'
 * pages are the server's own (server/payment/pages.ts), so every step is a real redirect.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectAccessible, watchPage } from './support/browser';
import {
  addProductFromSearch,
  checkoutTotal,
  choosePaymentTab,
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
});
afterAll(async () => {
  await shop?.close();
});
// Each journey is a different shopper: a fresh browser context, so no session or cart carries over.
beforeEach(async () => {
  page = await shop.newPage();
  problems = watchPage(page);
});
afterEach(async () => {
  await page.context().close();
});

const main = () => page.getByRole('main');
const statusText = () => main().getByRole('status').allTextContents();
const alertText = () => main().getByRole('alert').allTextContents();

/** The <dd> after the main region's <dt> named `term`, e.g. an order's "Payment". */
const definitionOf = (term: string) =>
  main()
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');

describe('checkout with PayPal and finance', () => {
  it('a signed-in customer pays with PayPal and finds the order in the account', async () => {
    await page.goto(`${shop.url}/en`);
    await signIn(page, DEMO_HOMEOWNER);
    const product = await addProductFromSearch(page, shop.url, 'faucet');

    await goToCheckout(page, shop.url);
    // The account's default address is offered and fills the form.
    const saved = page.getByRole('radiogroup', { name: 'Saved addresses' });
    await expect.poll(() => saved.getByRole('radio').count(), { timeout: 15_000 }).toBe(2);
    await expect.poll(() => saved.getByRole('radio').first().isChecked()).toBe(true);
    await expect
      .poll(() => page.getByLabel('Street address', { exact: true }).inputValue())
      .toBe('350 Fifth Avenue');
    await fillAddressAndShipping(page, shopperAddress(DEMO_HOMEOWNER.email));
    // Typing a street makes it a new address, offered for saving.
    await expect.poll(() => saved.getByLabel('Use a new address').isChecked()).toBe(true);
    await choosePaymentTab(page, 'PayPal');
    const total = await checkoutTotal(page);
    expect(total).toMatch(/^\$[\d,]+\.\d{2}$/);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Continue with PayPal' }).click();
    await page.waitForURL('**/sandbox/paypal?token=EC-*', { timeout: 15_000 });
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('PayPal sandbox');
    // The provider asks for the cart's total as the server prices it: the one checkout showed.
    expect(
      await page.getByRole('main').getByText('Lavabo asks you to pay').textContent(),
    ).toContain(total);
    await page.getByRole('button', { name: 'Approve' }).click();

    await page.waitForURL(/\/en\/checkout\?paypal=approved&token=EC-[A-Z0-9]{17}$/, {
      timeout: 15_000,
    });
    await expect
      .poll(statusText, { timeout: 15_000 })
      .toContain('PayPal approved your payment. Review your order and place it.');
    await expect
      .poll(() => page.getByRole('tab', { name: 'PayPal' }).getAttribute('aria-selected'))
      .toBe('true');
    await expect
      .poll(() => main().getByText('PayPal is ready: place your order to pay.').count())
      .toBe(1);
    // The address came back with the cart from the server, as the shopper left it.
    await expect
      .poll(() => page.getByLabel('Street address', { exact: true }).inputValue())
      .toBe('1 Main Street');
    await expect.poll(() => main().getByText(`${product.title} × 1`).count()).toBe(1);
    await expectAccessible(page);

    const number = await placeOrder(page);
    expect(number).toMatch(/^LV-[0-9A-HJKMNP-TV-Z]{10}$/);
    // The confirmation shows the order as the history does: its payment fact names PayPal.
    await expect.poll(() => main().getByText('PayPal', { exact: true }).count()).toBe(1);
    await expectAccessible(page);

    await page.goto(`${shop.url}/en/account/orders`);
    const openOrders = page.getByRole('list', { name: 'Open orders' });
    const link = openOrders.getByRole('link', { name: `Order ${number}`, exact: true });
    await expect.poll(() => link.count(), { timeout: 15_000 }).toBe(1);
    await link.click();
    await page.waitForURL(`**/en/account/orders/${number}`);
    await expect
      .poll(
        () =>
          main()
            .getByRole('heading', { name: `Order ${number}` })
            .count(),
        {
          timeout: 15_000,
        },
      )
      .toBe(1);
    await expect.poll(() => definitionOf('Payment').textContent()).toBe('PayPal');
    expect(problems).toEqual([]);
  }, 90_000);

  it('a guest is declined for finance, keeps the form, then is approved and orders', async () => {
    // Finance is for $350 to $15,000: one product well inside that range.
    const product = await addProductFromSearch(page, shop.url, 'vanity', {
      minCents: 40_000,
      maxCents: 1_000_000,
    });
    const address = shopperAddress('finance.shopper@example.com');

    await goToCheckout(page, shop.url);
    await fillAddressAndShipping(page, address);
    await choosePaymentTab(page, 'Finance');
    const panel = page.getByRole('tabpanel');
    await expect
      .poll(() => panel.getByRole('status').textContent())
      .toMatch(/^Pay \$[\d,]+\.\d{2} over 12 months\.$/);
    await expectAccessible(page);

    const apply = async (deposit: string) => {
      await panel.getByLabel('Deposit').selectOption({ label: deposit });
      await panel.getByRole('button', { name: 'Apply for finance' }).click();
      await page.waitForURL('**/sandbox/finance?application=*', { timeout: 15_000 });
      // The sandbox page is the server's own HTML, complete once it has loaded: read it once.
      const offer =
        (await main()
          .getByText(/% deposit/)
          .textContent()) ?? '';
      expect(offer).toContain('Ada Shopper');
      expect(offer).toContain(`with a ${deposit} deposit`);
      expect(await page.getByRole('cell', { name: product.title }).count()).toBe(1);
    };

    await apply('30%');
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.waitForURL(/\/en\/checkout\?paydiv=failure&application=[0-9a-f-]{36}$/, {
      timeout: 15_000,
    });
    await expect
      .poll(alertText, { timeout: 15_000 })
      .toEqual(['Your finance application was declined. Please choose another payment method.']);
    await expect
      .poll(() => page.getByRole('tab', { name: 'Finance' }).getAttribute('aria-selected'))
      .toBe('true');
    // The form is kept: every address field reads back what the shopper typed.
    for (const [label, value] of Object.entries(address)) {
      await expect.poll(() => page.getByLabel(label, { exact: true }).inputValue()).toBe(value);
    }

    await apply('20%');
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL(/\/en\/checkout\?paydiv=success&application=[0-9a-f-]{36}$/, {
      timeout: 15_000,
    });
    await expect
      .poll(statusText, { timeout: 15_000 })
      .toContain('Your finance application was approved. Review your order and place it.');
    expect(await alertText()).toEqual([]);
    await expect
      .poll(() => main().getByText('Your 12-month finance plan is approved.').count())
      .toBe(1);
    // The address refills from the cart as it loads; "Place order" needs it.
    await expect
      .poll(() => page.getByLabel('Street address', { exact: true }).inputValue())
      .toBe(address['Street address']);
    await expectAccessible(page);

    const number = await placeOrder(page);
    expect(number).toMatch(/^LV-[0-9A-HJKMNP-TV-Z]{10}$/);
    await expect
      .poll(() => main().getByText('12-month finance plan', { exact: true }).count())
      .toBe(1);
    await expect.poll(() => main().getByText(product.title, { exact: true }).count()).toBe(1);
    await expectAccessible(page);
    expect(problems).toEqual([]);
  }, 90_000);
});
