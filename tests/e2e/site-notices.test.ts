/**
 * The operator's promo banner and site-wide warning in a real browser (issue 18), from a notices
 * file the server was started with: the promo opens once per visit and not again after a reload,
 * its link leads on; the warning strip stays until dismissed; both pass axe; neither moves the page.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, watchPage } from './support/browser';
import { startShop, type ServerShop } from './support/shop';

const file = path.join(mkdtempSync(path.join(tmpdir(), 'lavabo-notices-')), 'site.json');
writeFileSync(
  file,
  JSON.stringify({
    promoBanner: {
      id: 'kitchen-15',
      title: '15 % off kitchen',
      text: 'Take 15 % off kitchen lines with code KITCHEN15.',
      link: { label: 'Shop kitchen', href: '/en/kitchen' },
    },
    siteWideWarning: { id: 'holiday', text: 'Orders placed after Dec 20 ship in January.' },
  }),
);

let shop: ServerShop;
let page: Page;
let problems: string[];

beforeAll(async () => {
  shop = await startShop({ siteNoticesFile: file });
  page = await shop.newPage();
  problems = watchPage(page);
});
afterAll(async () => {
  await shop?.close();
});

describe('site notices', () => {
  it('opens the promo once per visit and keeps the warning until it is dismissed', async () => {
    await page.goto(`${shop.url}/en/products/kitchen-faucets`);
    const promo = page.getByRole('dialog', { name: '15 % off kitchen' });
    await promo.waitFor();
    await expectAccessible(page);
    await promo.getByRole('link', { name: 'Shop kitchen' }).click();
    await promo.waitFor({ state: 'detached' });
    await expect.poll(() => new URL(page.url()).pathname).toBe('/en/kitchen');
    // The strip was there under the dialog (which hid the page from assistive technology).
    const warning = page.getByRole('complementary', { name: 'Site notice' });
    await warning.getByText('Orders placed after Dec 20 ship in January.').waitFor();
    await expectAccessible(page);

    // A reload is the same visit: no promo again; the warning stays until dismissed.
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await warning.waitFor();
    expect(await promo.count()).toBe(0);
    await warning.getByRole('button', { name: 'Dismiss' }).click();
    await warning.waitFor({ state: 'detached' });
    await page.goto(`${shop.url}/en/bathroom`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('contentinfo').waitFor();
    expect(await warning.count()).toBe(0);
    expect(await promo.count()).toBe(0);
    expect(problems.join('\n')).toBe('');
  }, 90_000);
});
