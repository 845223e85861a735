/**
 * Signing up with an e-mail that already has an account, in a real browser against the real server
 * (issue 13 §6): the dialog never says the e-mail is taken — not while typing, not after submitting
 * — the shopper is told what to do instead, the owner's account is unchanged and the owner gets an
 * e-mail. A new e-mail still signs up and in at once.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_SIGNED_IN_AFTER_SIGN_UP_MESSAGE } from '../../ui/auth/auth-messages';
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

const OWNER = 'homeowner@lavabo.test';
const OWNER_PASSWORD = 'Lavabo-Demo-2026!';

const signUpInDialog = async (email: string, password: string) => {
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Create an account' }).click();
  await dialog.getByLabel('First name').fill('Mal');
  await dialog.getByLabel('Last name').fill('Lory');
  // The user-exists check runs 500 ms after typing: let it answer before going on, so that
  // anything it would show is on screen.
  const lookup = page.waitForResponse((r) => r.url().endsWith('/api/customer/lookup'));
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  expect(await (await lookup).json()).toEqual({ exists: false });
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Create account', exact: true }).click();
  return dialog;
};

const outboxSubjects = async (to: string): Promise<string[]> => {
  const res = await fetch(`${shop.server.api}/dev/outbox?to=${encodeURIComponent(to)}`);
  const body = (await res.json()) as { messages: { subject: string }[] };
  return body.messages.map((m) => m.subject);
};

describe('sign-up with a taken e-mail', () => {
  it('tells the shopper what to do without saying the e-mail is taken, and changes nothing', async () => {
    await page.goto(`${shop.url}/en`);
    const before = await outboxSubjects(OWNER);
    const dialog = await signUpInDialog(OWNER, 'Not-Theirs-123!');
    await expect
      .poll(() => dialog.getByRole('alert').textContent(), { timeout: 15_000 })
      .toBe(NOT_SIGNED_IN_AFTER_SIGN_UP_MESSAGE);
    expect(await dialog.getByText(/already exists/i).count()).toBe(0);
    expect(await accountMenuButton(page).count()).toBe(0);
    await expectAccessible(page);
    expect(await outboxSubjects(OWNER)).toEqual([
      'Someone tried to create a Lavabo account with your e-mail',
      ...before,
    ]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    // The owner's account is as it was.
    await signIn(page, { email: OWNER, password: OWNER_PASSWORD });
    await signOut(page);
    expect(problems).toEqual([]);
  }, 90_000);

  it('still signs a new e-mail up and in at once', async () => {
    await page.goto(`${shop.url}/en`);
    await signUpInDialog(`e2e-new-${randomUUID()}@example.com`, 'Sturdy-Tap-2026!');
    await expect.poll(() => accountMenuButton(page).count(), { timeout: 15_000 }).toBe(1);
    expect(problems).toEqual([]);
  }, 90_000);
});
