/**
 * Issue 13 item 10 in a real browser: a crafted login link `?redirect=/%09/evil.example/` passed the
 * safe-callback check (a tab is not a slash), and after signing in the shopper ended on the error
 * page (a browser drops the tab and reads `//evil.example/`, another site). Now the login page
 * refuses it and goes home; a real same-site redirect still brings the shopper back there.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME_PATH } from '../../core/content/page-path';
import { expectAccessible, watchPage } from './support/browser';
import { accountMenuButton, signOut } from './support/checkout';
import { startShop, type ServerShop } from './support/shop';

let shop: ServerShop;
let page: Page;
let problems: string[];

const EMAIL = `e2e-redirect-${randomUUID()}@example.com`;
const PASSWORD = 'Sturdy-Tap-2026!';

beforeAll(async () => {
  shop = await startShop();
  const guest = await fetch(
    `${shop.server.api}/oauth/token?scope=guest&channel=KOUS&gId=${randomUUID()}`,
    { method: 'POST' },
  );
  const { access_token } = (await guest.json()) as { access_token: string };
  const signUp = await fetch(`${shop.server.api}/customer/signup`, {
    method: 'POST',
    headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      email: EMAIL,
      password: PASSWORD,
      firstName: 'Rhea',
      lastName: 'Direct',
      accountType: 'homeowner',
    }),
  });
  expect(signUp.status).toBe(202);
  page = await shop.newPage();
  problems = watchPage(page);
});
afterAll(async () => {
  await shop?.close();
});

/** Opens the login page with the raw query and signs in with its own form. */
const signInOnLoginPage = async (query: string): Promise<void> => {
  await page.goto(`${shop.url}/en/login?${query}`);
  const main = page.getByRole('main');
  await main.getByLabel('Email').fill(EMAIL);
  await main.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await main.getByRole('button', { name: 'Sign in' }).click();
  await expect.poll(() => accountMenuButton(page).count(), { timeout: 15_000 }).toBe(1);
};

const location = () => new URL(page.url());

describe('the login redirect', () => {
  it('ignores a redirect a browser would read as another site, and goes home', async () => {
    await signInOnLoginPage('redirect=/%09/evil.example/');
    await expect.poll(() => location().pathname, { timeout: 15_000 }).toBe(HOME_PATH);
    expect(location().origin).toBe(new URL(shop.url).origin);
    await expect
      .poll(() => page.getByRole('main').getByRole('heading').first().textContent())
      .not.toMatch(/wrong|not found/i);
    await expectAccessible(page);
    await signOut(page);
  });

  it('still brings the shopper back to a page of the site', async () => {
    await signInOnLoginPage(`redirect=${encodeURIComponent('/en/cart')}`);
    await expect.poll(() => location().pathname, { timeout: 15_000 }).toBe('/en/cart');
    expect(problems).toEqual([]);
  });
});
