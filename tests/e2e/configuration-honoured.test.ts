/**
 * Issue 18 "Configuration that is honoured", as a shopper meets it in a real browser against the
 * real server: service-part links carry type=part, the footer's legal links and the account menu
 * come from the configuration, an added compare entry lives exactly the configured expireTime, and
 * a saved address is refused by the configured pattern map with its configured message — every
 * value read from the configuration the server serves, not from the test.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, watchPage } from './support/browser';
import { DEMO_PROFESSIONAL, signIn } from './support/checkout';
import { startShop, type ServerShop } from './support/shop';

interface Served {
  readonly expireTime: number;
  readonly legalPageLinks: readonly { readonly label: string; readonly href: string }[];
  readonly validationMessages: { readonly fieldPatterns: Readonly<Record<string, string>> };
  readonly menuFragments: {
    readonly user: readonly { readonly label: string; readonly href: string }[];
  };
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
afterEach(async () => {
  expect(problems).toEqual([]);
  await page.context().close();
});

const open = async () => {
  page = await shop.newPage();
  problems = watchPage(page);
};

/** The configuration as the page was served it (the inline copy the storefront reads). */
const served = async (): Promise<Served> =>
  page.evaluate(async () => {
    const token = await fetch('/api/oauth/token?scope=guest&channel=KOUS&gId=e2e-config', {
      method: 'POST',
    }).then((r) => r.json() as Promise<{ access_token: string }>);
    return fetch('/api/config/global', {
      headers: { authorization: `Bearer ${token.access_token}` },
    }).then((r) => r.json());
  });

const tiles = () => page.locator('main article.product-tile');

describe('configuration that is honoured', () => {
  it('links service parts with type=part and draws the configured legal links', async () => {
    await open();
    await page.goto(`${shop.url}/en/products/service-parts`);
    await tiles().first().waitFor();
    const hrefs = await tiles()
      .locator('h2 a, h3 a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs)
      expect(href).toMatch(/^\/en\/products\/service-parts\/.+\.html\?type=part$/);

    const legal = page.getByRole('navigation', { name: 'Legal' });
    const configured = (await served()).legalPageLinks;
    expect(configured.length).toBeGreaterThan(0);
    await expect
      .poll(() =>
        legal
          .getByRole('link')
          .evaluateAll((links) => links.map((a) => [a.textContent, a.getAttribute('href')])),
      )
      .toEqual(configured.map((l) => [l.label, l.href]));
    await expectAccessible(page);
  });

  it('keeps a compared product exactly the configured expireTime', async () => {
    await open();
    await page.goto(`${shop.url}/en/products/kitchen-faucets`);
    await tiles().first().waitFor();
    await page.waitForLoadState('networkidle');
    const before = await page.evaluate(() => Date.now());
    await tiles()
      .first()
      .getByRole('button', { name: /Add to compare/ })
      .click();
    const tray = page.getByRole('region', { name: 'Compare products' });
    await expect
      .poll(() => tray.getByRole('button', { name: /^Remove .* from compare$/ }).count())
      .toBe(1);
    const after = await page.evaluate(() => Date.now());
    const stored = await page.evaluate(
      () =>
        JSON.parse(localStorage.getItem('lavabo.compare') ?? '{}') as {
          products?: { expiry: number }[];
        },
    );
    const expiry = stored.products?.[0]?.expiry ?? 0;
    const { expireTime } = await served();
    expect(expiry).toBeGreaterThanOrEqual(before + expireTime);
    expect(expiry).toBeLessThanOrEqual(after + expireTime);

    // Once that time has passed (the stored expiry moved into the past), a new page drops it.
    await page.evaluate(() => {
      const state = JSON.parse(localStorage.getItem('lavabo.compare') ?? '{}') as {
        products: { expiry: number }[];
      };
      for (const p of state.products) p.expiry = Date.now() - 1;
      localStorage.setItem('lavabo.compare', JSON.stringify(state));
    });
    await page.reload();
    await tiles().first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await tray.getByRole('button', { name: /^Remove .* from compare$/ }).count()).toBe(0);
  });

  it('refuses an address by the configured pattern, in its words, and shows the configured account menu', async () => {
    await open();
    await page.goto(`${shop.url}/en`);
    await signIn(page, DEMO_PROFESSIONAL);
    const configuration = await served();
    const menu = page.getByRole('button', { name: /^Account menu, signed in as/ });
    await menu.click();
    const panel = page.locator(`#${(await menu.getAttribute('aria-controls')) ?? ''}`);
    await expect
      .poll(() => panel.getByRole('link').allTextContents())
      .toEqual(configuration.menuFragments.user.map((l) => l.label));
    await page.keyboard.press('Escape');

    await page.goto(`${shop.url}/en/account/settings`);
    const addresses = page.getByRole('region', { name: 'Saved addresses' });
    await addresses.getByRole('listitem').first().waitFor();
    await addresses.getByRole('button', { name: 'Add address' }).click();
    const form = addresses.getByRole('form', { name: 'Add an address' });
    await form.getByLabel('Mobile phone').fill('312-555-0199');
    await form.getByLabel('Street address').fill('1 Lakeshore Drive');
    await form.getByLabel('City').fill('12345');
    await form.getByLabel('State or province').selectOption('IL');
    await form.getByLabel('Postal code').fill('60601');
    await form.getByRole('button', { name: 'Save address' }).click();
    const message = configuration.validationMessages.fieldPatterns['city'];
    expect(message).toBeTruthy();
    await expect
      .poll(() => form.getByRole('alert').textContent(), { timeout: 10_000 })
      .toContain(`City: ${message ?? ''}`);
    expect(await form.getByLabel('City').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page);
  });

  it('reloads help and FAQ when the shopper comes back to it, and follows a same-site back link', async () => {
    await open();
    await page.goto(`${shop.url}/en/support/help-and-faq`);
    const article = page.locator('main a[href^="/en/support/articles/"]').first();
    await article.waitFor();
    await page.waitForLoadState('networkidle');
    // A mark on this document: a reload makes a new one without it.
    await page.evaluate(() => {
      (window as unknown as { lavaboMark?: number }).lavaboMark = 1;
    });
    await article.click();
    await page.getByRole('navigation', { name: 'Breadcrumb' }).waitFor();
    expect(
      await page.evaluate(() => (window as unknown as { lavaboMark?: number }).lavaboMark),
    ).toBe(1);
    await page.goBack();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { lavaboMark?: number }).lavaboMark))
      .toBeUndefined();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/en/support/help-and-faq');

    await page.goto(
      `${shop.url}/en/support/articles/return-policy?back=${encodeURIComponent('/en/press')}`,
    );
    const back = page.getByRole('link', { name: 'Back', exact: true });
    await back.waitFor();
    await expectAccessible(page);
    await back.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/en/press');
    await page.goto(
      `${shop.url}/en/support/articles/return-policy?back=${encodeURIComponent('https://evil.example/')}`,
    );
    await page.getByRole('navigation', { name: 'Breadcrumb' }).waitFor();
    expect(await page.getByRole('link', { name: 'Back', exact: true }).count()).toBe(0);
  });

  it('opens a design service on its landing with that service shown first (service parameter)', async () => {
    await open();
    await page.goto(`${shop.url}/en/products/design-services`);
    await tiles().first().waitFor();
    const link = tiles().first().locator('h2 a, h3 a');
    const title = (await link.textContent()) ?? '';
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/en\/design-services\?service=[a-z0-9-]+$/);
    await link.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/en/design-services');
    const selected = page.getByRole('region', { name: 'Your selected service' });
    await expect.poll(() => selected.getByRole('heading', { level: 3 }).textContent()).toBe(title);
    await expectAccessible(page);
  });

  it('brings the section a title parameter names into view, its heading focused', async () => {
    await open();
    await page.goto(`${shop.url}/en/support/help-and-faq?title=shipping`);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toBe('Shipping');
    expect(await page.evaluate(() => /^H[23]$/.test(document.activeElement?.tagName ?? ''))).toBe(
      true,
    );
    await expectAccessible(page);
  });
});
