/**
 * Change password and delete account end to end, in a real browser against the real server. The
 * account is made and changed through the API (as the settings screen's calls would), and the
 * outcome checked the way a shopper meets it, in the header's sign-in dialog: after a password
 * change the old password is refused and the new one signs in; after the account is deleted its
 * old token gets 401 on /api/customer/me, the dialog refuses it, and the e-mail can sign up again.
 */
import { randomUUID } from 'node:crypto';
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

const EMAIL = `e2e-security-${randomUUID()}@example.com`;
const FIRST_PASSWORD = 'Sturdy-Tap-2026!';
const SECOND_PASSWORD = 'Brass-Valve-2027';

interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

const api = async (method: string, path: string, token: string, body?: unknown) => {
  const res = await fetch(`${shop.server.api}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: (text === '' ? {} : JSON.parse(text)) as Answer['body'],
  } satisfies Answer;
};

const guestToken = async (): Promise<string> => {
  const res = await fetch(
    `${shop.server.api}/oauth/token?scope=guest&channel=KOUS&gId=${randomUUID()}`,
    { method: 'POST' },
  );
  return ((await res.json()) as { access_token: string }).access_token;
};

const signUp = async (password: string) =>
  api('POST', '/customer/signup', await guestToken(), {
    email: EMAIL,
    password,
    firstName: 'Eve',
    lastName: 'Tester',
    accountType: 'homeowner',
  });

const apiAccessToken = async (password: string): Promise<string> => {
  const answer = await api('POST', '/identity/signin', await guestToken(), {
    username: EMAIL,
    password,
  });
  expect(answer.body.status).toBe('SUCCESS');
  return (answer.body.tokens as { access_token: string }).access_token;
};

/** Tries the header's sign-in dialog and waits for it to answer with an error. */
const signInIsRefused = async (password: string): Promise<void> => {
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(EMAIL);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect
    .poll(() => dialog.getByRole('alert').textContent(), { timeout: 15_000 })
    .toContain('The email or password is incorrect.');
  expect(await accountMenuButton(page).count()).toBe(0);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
};

describe('account security journey', () => {
  let apiToken = '';

  it('after a password change the sign-in dialog refuses the old password and takes the new one', async () => {
    expect((await signUp(FIRST_PASSWORD)).status).toBe(202);
    apiToken = await apiAccessToken(FIRST_PASSWORD);
    const changed = await api('POST', '/customer/change_password', apiToken, {
      currentPassword: FIRST_PASSWORD,
      newPassword: SECOND_PASSWORD,
    });
    expect(changed.status).toBe(204);

    await page.goto(`${shop.url}/en`);
    await signInIsRefused(FIRST_PASSWORD);
    await signIn(page, { email: EMAIL, password: SECOND_PASSWORD });
    // The first name on the account menu's button may fill in after the button shows.
    await expect
      .poll(() => page.getByRole('banner').getByText('Eve').count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await expectAccessible(page);
  }, 90_000);

  it('after deleting the account its token is refused, it cannot sign in, and the e-mail can sign up again', async () => {
    const deleted = await api('DELETE', '/customer/account', apiToken);
    expect(deleted).toEqual({ status: 200, body: { data: true } });
    const me = await api('GET', '/customer/me', apiToken);
    expect(me).toMatchObject({ status: 401, body: { message: 'Invalid JWT.' } });

    // The browser was signed in to the same account: it signs out, and cannot sign back in.
    await signOut(page);
    await signInIsRefused(SECOND_PASSWORD);

    expect((await signUp(FIRST_PASSWORD)).status).toBe(202);
    await signIn(page, { email: EMAIL, password: FIRST_PASSWORD });
    expect(problems).toEqual([]);
  }, 90_000);

  it('changes the password and deletes the account from the settings page', async () => {
    const email = `e2e-settings-${randomUUID()}@example.com`;
    const created = await api('POST', '/customer/signup', await guestToken(), {
      email,
      password: FIRST_PASSWORD,
      firstName: 'Iris',
      lastName: 'Tester',
      accountType: 'homeowner',
    });
    expect(created.status).toBe(202);
    const tab = await shop.newPage();
    const seen = watchPage(tab);
    // Every API call from the moment the account is deleted, with the bearer it carried: none may
    // carry the deleted account's token, which the server refuses from then on (the page used to
    // keep it until a sign-out call had answered, so a busy server let the home page's first calls
    // go out with it and fail with 401).
    let deletedBearer: string | null = null;
    const sentAfterDelete: { readonly url: string; readonly bearer: string | undefined }[] = [];
    tab.on('request', (request) => {
      if (!request.url().startsWith(shop.server.api)) return;
      const bearer = request.headers().authorization;
      if (request.method() === 'DELETE' && request.url().endsWith('/customer/account')) {
        deletedBearer = bearer ?? null;
      } else if (deletedBearer !== null) {
        sentAfterDelete.push({ url: request.url(), bearer });
      }
    });
    try {
      await tab.goto(`${shop.url}/en`);
      await signIn(tab, { email, password: FIRST_PASSWORD });
      await tab.goto(`${shop.url}/en/account/settings`);
      const password = tab.getByRole('region', { name: 'Change password' });
      await password.getByLabel('Current password').fill(FIRST_PASSWORD);
      await password.getByLabel('New password', { exact: true }).fill(SECOND_PASSWORD);
      await password.getByLabel('Confirm new password').fill(SECOND_PASSWORD);
      await password.getByRole('button', { name: 'Change password' }).click();
      await expect
        .poll(() => password.getByRole('status').textContent(), { timeout: 15_000 })
        .toBe('Your password has been changed.');
      await expect.poll(() => password.getByLabel('Current password').inputValue()).toBe('');
      // The server took it: the new password signs in over the API, the old one does not.
      expect(
        (
          await api('POST', '/identity/signin', await guestToken(), {
            username: email,
            password: FIRST_PASSWORD,
          })
        ).body.status,
      ).toBe('AUTHENTICATION_FAILED');
      await expectAccessible(tab);

      await tab
        .getByRole('region', { name: 'Delete account' })
        .getByRole('button', { name: 'Delete account' })
        .click();
      const dialog = tab.getByRole('dialog');
      await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
      await expectAccessible(tab);
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await tab.waitForURL(`${shop.url}/en`, { timeout: 15_000 });
      await expect
        .poll(() => tab.getByText(/Your account has been deleted/).count(), { timeout: 15_000 })
        .toBeGreaterThan(0);
      // The notice shows as soon as the page has left settings; signing out finishes after it.
      await expect
        .poll(() => tab.getByRole('banner').getByRole('button', { name: 'Sign in' }).count(), {
          timeout: 15_000,
        })
        .toBe(1);
      const after = await api('POST', '/identity/signin', await guestToken(), {
        username: email,
        password: SECOND_PASSWORD,
      });
      expect(after.body.status).toBe('AUTHENTICATION_FAILED');
      expect(deletedBearer).not.toBeNull();
      expect(sentAfterDelete.length).toBeGreaterThan(0);
      expect(
        sentAfterDelete.filter((call) => call.bearer === deletedBearer).map((call) => call.url),
      ).toEqual([]);
      expect(seen).toEqual([]);
    } finally {
      await tab.context().close();
    }
  }, 90_000);
});
