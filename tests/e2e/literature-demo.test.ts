/**
 * Literature in `npm run demo` (fake adapters, no server): the collections' documents list from the
 * seeded catalogue, one downloads as a PDF with "Download success", and "Download selected" says
 * that one zip needs the shop's server (the demo's choice) — in an alert and the failure toast.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZIP_NEEDS_SERVER } from '../../adapters/fake/literature/fake-literature-gateway';
import { expectAccessible, watchPage, type Shop } from './support/browser';
import { startDemoShop } from './support/demo-shop';

let shop: Shop;
let page: Page;
let problems: string[];
const apiCalls: string[] = [];

beforeAll(async () => {
  shop = await startDemoShop();
  page = await shop.newPage();
  problems = watchPage(page);
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
  });
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

describe('literature in the demo', () => {
  it('lists, downloads a PDF, and says a zip needs the server', async () => {
    await page.goto(`${shop.url}/en/literature`, { timeout: 90_000 });
    const sheet = page.getByRole('checkbox', { name: 'Avelle Specification Sheet' });
    await sheet.waitFor({ timeout: 60_000 });

    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Avelle Care Guide' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe('avelle-care-guide.pdf');
    await page.locator('.toast-region').getByText('Download success').waitFor();

    await sheet.check();
    await page.getByRole('button', { name: 'Download selected' }).click();
    await page.getByRole('alert').filter({ hasText: ZIP_NEEDS_SERVER }).waitFor();
    await page.locator('.toast-region').getByText('Download failed. Please try again.').waitFor();
    await expectAccessible(page);
    expect(apiCalls).toEqual([]);
    expect(problems.join('\n')).toBe('');
  }, 120_000);
});
