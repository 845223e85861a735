/**
 * Two-step sign-in in a real browser against the real server: a new customer signs in, sets two-step
 * sign-in up in account settings by typing the key shown as text into the test's authenticator
 * (otpauth, as an app computes codes), keeps the ten recovery codes, signs out, and signs in again
 * on the login page with a "Verification code" computed here; then once more in the header's dialog
 * with a recovery code. Each screen passes axe and the browser logs no errors.
 */
import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, watchPage } from './support/browser';
import { accountMenuButton, signIn, signOut } from './support/checkout';
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

const EMAIL = `e2e-two-step-${randomUUID()}@example.com`;
const PASSWORD = 'Sturdy-Tap-2026!';

/** The authenticator app's code for the key, `steps` 30-second steps from now. */
const codeAt = (key: string, steps = 0): string =>
  TOTP.generate({ secret: Secret.fromBase32(key), timestamp: Date.now() + steps * 30_000 });

const signUp = async () => {
  const guest = await fetch(
    `${shop.server.api}/oauth/token?scope=guest&channel=KOUS&gId=${randomUUID()}`,
    { method: 'POST' },
  );
  const { access_token: token } = (await guest.json()) as { access_token: string };
  const created = await fetch(`${shop.server.api}/customer/signup`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      email: EMAIL,
      password: PASSWORD,
      firstName: 'Tova',
      lastName: 'Stepp',
      accountType: 'homeowner',
    }),
  });
  expect(created.status).toBe(202);
};

const section = (p: Page) => p.getByRole('region', { name: 'Two-step sign-in' });

describe('two-step sign-in journey', () => {
  it('enrols in settings and signs in with a code, then with a recovery code', async () => {
    await signUp();
    await page.goto(`${shop.url}/en`);
    await signIn(page, { email: EMAIL, password: PASSWORD });

    await page.goto(`${shop.url}/en/account/settings`);
    const settings = section(page);
    await settings.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    await expect
      .poll(() => settings.getByRole('img', { name: /QR code/ }).count(), { timeout: 15_000 })
      .toBe(1);
    // The key as a person reads it off the screen (in groups of four) and types it into the app.
    const shownKey = (await settings.locator('code').first().textContent()) ?? '';
    const key = shownKey.replace(/\s+/g, '');
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    await expectAccessible(page);

    await settings.getByLabel('Verification code').fill(codeAt(key));
    await settings.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    const list = settings.getByRole('list', { name: 'Recovery codes' });
    await list.waitFor();
    const recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
    expect(recoveryCodes).toHaveLength(10);
    await expectAccessible(page);
    await settings.getByRole('button', { name: 'I have saved my recovery codes' }).click();
    await expect.poll(() => settings.getByText(/You have 10 recovery codes left/).count()).toBe(1);

    await signOut(page);

    // The login page: password, then the code of the next step (the enrolment used this one).
    await page.goto(`${shop.url}/en/login`);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
    const codeField = page.getByRole('main').getByLabel('Verification code');
    await codeField.waitFor();
    await expect.poll(() => codeField.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectAccessible(page);
    await codeField.fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect
      .poll(() => page.getByText(/not right or has expired/).count(), { timeout: 15_000 })
      .toBe(1);
    await codeField.fill(codeAt(key, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => accountMenuButton(page).count(), { timeout: 15_000 }).toBe(1);

    await signOut(page);

    // The header's dialog, with a recovery code instead.
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(EMAIL);
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await dialog.getByLabel('Verification code').waitFor();
    await dialog.getByRole('button', { name: 'Use a recovery code' }).click();
    await dialog.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '');
    await dialog.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => accountMenuButton(page).count(), { timeout: 15_000 }).toBe(1);

    await page.goto(`${shop.url}/en/account/settings`);
    await expect
      .poll(
        () =>
          section(page)
            .getByText(/You have 9 recovery codes left/)
            .count(),
        {
          timeout: 15_000,
        },
      )
      .toBe(1);
    expect(problems).toEqual([]);
  });
});
