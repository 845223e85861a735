/**
 * Author preview in a real browser against the real server (issue 18, spec §2 and §6): the demo
 * author signs in, starts the preview from the account menu, and sees the drafts — the home page's
 * and the kitchen landing's changed hero titles — with the preview banner, `noindex` in the page
 * and in the answer's headers, and nothing stored; the banner's close control hides it only; "Exit
 * preview" brings the published pages back. Each page passes axe and the browser logs no errors.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/identity/demo-accounts';
import { expectAccessible, watchPage } from './support/browser';
import { accountMenuButton, signIn } from './support/checkout';
import { startShop, type ServerShop } from './support/shop';

const AUTHOR = 'author@lavabo.test';

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

const h1 = () => page.getByRole('heading', { level: 1 });
const previewBanner = () => page.getByRole('complementary', { name: 'Author preview' });
const robots = () =>
  page.evaluate(() =>
    [...document.querySelectorAll('meta[name="robots"]')].map((m) => m.getAttribute('content')),
  );

const openAccountMenu = async () => {
  const menu = accountMenuButton(page);
  if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  return page.locator('.account-menu__panel');
};

describe('author preview', () => {
  it('shows the author the drafts with the banner and noindex, and the published pages after exit', async () => {
    expect(DEMO_ACCOUNTS.some((a) => a.email === AUTHOR && a.roles?.includes('author'))).toBe(true);
    await page.goto(`${shop.url}/en`);
    await expect.poll(() => h1().textContent()).toBe('Calm starts at the tap');
    await signIn(page, { email: AUTHOR, password: DEMO_PASSWORD });

    // Authors only: "Preview drafts" in the account menu starts it and loads the page again.
    const panel = await openAccountMenu();
    await panel.getByRole('button', { name: 'Preview drafts' }).click();
    await expect
      .poll(() => h1().textContent(), { timeout: 15_000 })
      .toBe('Draft: spring refresh starts at the tap');
    await previewBanner().waitFor();
    expect(await previewBanner().textContent()).toContain(
      'This page shows drafts that shoppers do not see yet',
    );
    expect(await robots()).toEqual(['noindex']);
    await expectAccessible(page);

    // Another page with a draft, loaded afresh: its answer is noindex and stored nowhere.
    const answer = await page.goto(`${shop.url}/en/kitchen`);
    expect(answer?.headers()['x-robots-tag']).toBe('noindex');
    expect(answer?.headers()['cache-control']).toBe('private, no-store');
    await expect
      .poll(() => h1().textContent(), { timeout: 15_000 })
      .toBe('Draft: the kitchen, reworked for spring');
    await previewBanner().waitFor();
    await expectAccessible(page);

    // The close control hides the banner only: the page still shows the draft.
    await previewBanner().getByRole('button', { name: 'Close preview banner' }).click();
    await previewBanner().waitFor({ state: 'detached' });
    expect(await h1().textContent()).toBe('Draft: the kitchen, reworked for spring');
    expect(
      await (await openAccountMenu()).getByRole('button', { name: 'Exit preview' }).count(),
    ).toBe(1);
    await page.keyboard.press('Escape');

    // A new load shows it again; "Exit preview" ends the preview and the published page is back.
    await page.reload();
    await previewBanner().waitFor();
    await previewBanner().getByRole('button', { name: 'Exit preview' }).click();
    await expect
      .poll(() => h1().textContent(), { timeout: 15_000 })
      .toBe('The hardest-working corner of the house');
    expect(await robots()).toEqual([]);
    expect(await previewBanner().count()).toBe(0);
    const published = await page.goto(`${shop.url}/en`);
    expect(published?.headers()['x-robots-tag']).toBeUndefined();
    expect(await h1().textContent()).toBe('Calm starts at the tap');
    expect(
      await (await openAccountMenu()).getByRole('button', { name: 'Preview drafts' }).count(),
    ).toBe(1);
    await page.keyboard.press('Escape');
    await expectAccessible(page);
    expect(problems.join('\n')).toBe('');
  }, 120_000);
});
