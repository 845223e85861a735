/**
 * Literature in `npm run demo` (fake adapters, no server): the collections' documents list from the
 * seeded catalogue, one downloads as a PDF with "Download success", and "Download selected" saves
 * one zip, made in the browser, whose entries are the chosen PDFs — with no call to an API.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, watchPage, type Shop } from './support/browser';
import { startDemoShop } from './support/demo-shop';
import { unzip } from '../support/unzip';

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
    expect(apiCalls).toEqual([]);
    expect(problems.join('\n')).toBe('');
  }, 120_000);
});
