/**
 * The newsletter in a real browser against the real server (issue 18): sign up on the newsletter
 * page, follow the confirmation link from the outbox, be told "Email address already subscribed"
 * from the `#newsletter` dialog on another page, unsubscribe from the e-mail's link; and the
 * campaign dialog opening by itself at the ninth page view of a session, once.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_VIEWS_KEY } from '../../adapters/storage/web-storage-campaign-store';
import { expectAccessible, watchPage } from './support/browser';
import { startShop, type ServerShop } from './support/shop';

let shop: ServerShop;
let page: Page;
let problems: string[];

beforeAll(async () => {
  shop = await startShop();
  page = await shop.newPage();
  // The second sign-up's 409 'Email address already subscribed' is the answer the test expects.
  problems = watchPage(page, {
    allowFailedLoad: (load) =>
      load.status === 409 && load.url.endsWith('/api/crm/newsletter/subscription'),
  });
});
afterAll(async () => {
  await shop?.close();
});

/** The newest link of a kind in the e-mails to `to`, root-relative. */
const linkInOutbox = async (to: string, kind: 'confirm' | 'unsubscribe'): Promise<string> => {
  const res = await fetch(`${shop.server.api}/dev/outbox?to=${encodeURIComponent(to)}`);
  const { messages } = (await res.json()) as { messages: { text: string }[] };
  const pattern = new RegExp(`/en/newsletter\\?${kind}=[A-Za-z0-9_-]{43}`);
  const link = messages.map((m) => pattern.exec(m.text)?.[0]).find((l) => l !== undefined);
  if (link === undefined) throw new Error(`no ${kind} link mailed to ${to}`);
  return link;
};

/** The page views the campaign has counted in this session. */
const viewsCounted = (p: Page) =>
  p.evaluate((key) => sessionStorage.getItem(key), CAMPAIGN_VIEWS_KEY);

const campaign = () => page.getByRole('dialog', { name: 'Ideas in your inbox' });

describe('newsletter', () => {
  it('signs up with double opt-in, refuses a second sign-up, and unsubscribes', async () => {
    const email = `e2e-reader-${randomUUID()}@example.com`;
    await page.goto(`${shop.url}/en/newsletter`);
    await page.getByRole('heading', { name: 'Sign up for the newsletter' }).waitFor();
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `we sent a link to ${email}` })
      .waitFor();
    await expectAccessible(page);

    await page.goto(`${shop.url}${await linkInOutbox(email, 'confirm')}`);
    await page
      .getByText(`You are subscribed. The next newsletter will come to ${email}.`)
      .waitFor();

    await page.goto(`${shop.url}/en/kitchen#newsletter`);
    await campaign().waitFor();
    await expectAccessible(page);
    await campaign().getByLabel('Email').fill(email);
    await campaign().getByRole('button', { name: 'Subscribe' }).click();
    await campaign().getByText('Email address already subscribed').waitFor();
    await campaign().getByRole('button', { name: 'Close' }).first().click();
    await campaign().waitFor({ state: 'detached' });
    expect(new URL(page.url()).hash).toBe('');

    await page.goto(`${shop.url}${await linkInOutbox(email, 'unsubscribe')}`);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByText(`You are unsubscribed: ${email} will get no more newsletters.`).waitFor();
    expect(problems.join('\n')).toBe('');
  }, 120_000);

  it('opens the campaign dialog by itself at the ninth page view, and not after it is closed', async () => {
    const fresh = await shop.newPage(undefined, { campaign: 'new' });
    const freshProblems = watchPage(fresh);
    await fresh.goto(`${shop.url}/en`);
    const nav = ['Press', 'Love your look', 'Literature', 'Contact us'];
    // Views 2–8 by following the footer's links (client-side navigation, one session).
    // The counter loads after the page is interactive: let it count the first view before moving on.
    await expect.poll(() => viewsCounted(fresh), { timeout: 15_000 }).toBe('1');
    for (let view = 2; view <= 8; view += 1) {
      const name = nav[view % nav.length] ?? 'Press';
      await fresh.getByRole('contentinfo').getByRole('link', { name, exact: true }).click();
      await expect.poll(() => viewsCounted(fresh), { timeout: 15_000 }).toBe(String(view));
      expect(await fresh.getByRole('dialog', { name: 'Ideas in your inbox' }).count()).toBe(0);
    }
    // The ninth, a full load: the count is the session's, not the page's.
    await fresh.goto(`${shop.url}/en/kitchen`);
    const dialog = fresh.getByRole('dialog', { name: 'Ideas in your inbox' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await fresh.goto(`${shop.url}/en/bathroom`);
    await fresh.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => viewsCounted(fresh), { timeout: 15_000 }).toBe('10');
    expect(await dialog.count()).toBe(0);
    expect(freshProblems).toEqual([]);
    await fresh.close();
  }, 120_000);
});
