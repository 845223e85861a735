/**
 * `npm run demo`: the storefront with the fake adapters and the seeded catalogue in the tab, no API
 * server. Runs the same Vite dev server the script starts and checks that the catalogue screens
 * draw real data and that no request reaches /api. Literature too: the collections' documents list
 * from the seeded catalogue, one downloads as a PDF with "Download success", and "Download
 * selected" saves one zip, made in the browser, whose entries are the chosen PDFs. One file, so one
 * demo server: two started at once (the journeys run two files at a time) would race to fill
 * Vite's dependency cache on a fresh clone.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, watchPage, type Shop } from './support/browser';
import { startDemoShop } from './support/demo-shop';
import { unzip } from '../support/unzip';

let shop: Shop;
let page: Page;
const apiCalls: string[] = [];
let problems: string[];

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

describe('npm run demo (fake adapters, no server)', () => {
  it('shows the home page from its content model with seeded products', async () => {
    await page.goto(`${shop.url}/en`, { timeout: 90_000 });
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 60_000 })
      .toMatch(/\w/);
    await expect
      .poll(() => page.locator('main article.product-tile').count(), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await expectAccessible(page);
  }, 120_000);

  it('searches the seeded catalogue and opens a product', async () => {
    await page.goto(`${shop.url}/en/search?keyword=faucet`);
    const status = page.getByRole('status').filter({ hasText: /results?/ });
    const count = async (): Promise<number> =>
      Number(
        /([\d,]+)\s+results?/
          .exec((await status.first().textContent()) ?? '')?.[1]
          ?.replace(/,/g, '') ?? Number.NaN,
      );
    await expect.poll(() => status.count(), { timeout: 30_000 }).toBeGreaterThan(0);
    // The status may show before the seeded search has answered: wait for the count, not the box.
    await expect.poll(count, { timeout: 30_000 }).toBeGreaterThan(10);

    const first = page.locator('main article.product-tile').first();
    const title = ((await first.getByRole('heading').textContent()) ?? '').trim();
    await first.getByRole('link', { name: title }).first().click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    await expect.poll(() => page.getByRole('radiogroup', { name: 'Finish' }).count()).toBe(1);
  }, 90_000);

  it('answers a misspelt keyword with "did you mean"', async () => {
    await page.goto(`${shop.url}/en/search?keyword=fauset`);
    await expect
      .poll(() => page.getByText(/did you mean/i).count(), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await expect
      .poll(() => page.getByRole('link', { name: 'faucet', exact: true }).count())
      .toBeGreaterThan(0);
  }, 60_000);

  it('finds stores near a ZIP from the packaged postal data and directory', async () => {
    await page.goto(`${shop.url}/en/stores`);
    await page.getByLabel('City or ZIP').fill('10001');
    await page.getByLabel('City or ZIP').press('Enter');
    const stores = page.getByRole('list', { name: 'Stores' });
    await expect
      .poll(() => stores.locator('a[href^="tel:"]').count(), { timeout: 60_000 })
      .toBeGreaterThan(0);
  }, 90_000);

  it('signs up for the newsletter and opens the registration form', async () => {
    await page.goto(`${shop.url}/en/newsletter`);
    await page.getByLabel('Email').fill('demo-reader@example.com');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText(/we sent a link to demo-reader@example\.com/).waitFor({ timeout: 30_000 });
    await page.goto(`${shop.url}/en/register-product/offline`);
    await page.getByLabel('Model number').waitFor({ timeout: 30_000 });
    await expectAccessible(page);
  }, 90_000);

  it('lists, downloads a PDF, and zips two chosen documents', async () => {
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
    await page.getByRole('checkbox', { name: 'Avelle Care Guide' }).check();
    const [zip] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download selected' }).click(),
    ]);
    expect(zip.suggestedFilename()).toBe('Lavabo literature.zip');
    const path = await zip.path();
    if (path === null) throw new Error('the zip was not saved');
    const entries = await unzip(await readFile(path));
    expect([...entries.keys()].sort()).toEqual(['avelle-care-guide.pdf', 'avelle-spec-sheet.pdf']);
    for (const bytes of entries.values()) {
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
    await expectAccessible(page);
  }, 120_000);

  it('never called the API and logged no errors', () => {
    expect(apiCalls).toEqual([]);
    expect(problems).toEqual([]);
  });
});
