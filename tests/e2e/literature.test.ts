/**
 * Literature in a real browser against the real server (issue 18): /en/literature lists the
 * collections' documents; two selected and "Download selected" give one zip download whose entries
 * are those two PDFs; one document's "Download" gives its PDF and the toast "Download success";
 * the page passes axe.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzip } from '../support/unzip';
import { expectAccessible, watchPage } from './support/browser';
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

const saved = async (download: { path(): Promise<string | null> }): Promise<Buffer> => {
  const path = await download.path();
  if (path === null) throw new Error('the download was not saved');
  return readFile(path);
};

describe('literature', () => {
  it('downloads two selected documents as one zip, and one document as a PDF', async () => {
    await page.goto(`${shop.url}/en/literature`);
    await page.getByRole('heading', { name: 'Documents by collection' }).waitFor();
    const first = page.getByRole('checkbox', { name: 'Avelle Specification Sheet' });
    const second = page.getByRole('checkbox', { name: 'Oriel Care Guide' });
    await first.waitFor();
    await expectAccessible(page);

    await first.check();
    await second.check();
    await page.getByText('2 documents selected').waitFor();
    const [zip] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download selected' }).click(),
    ]);
    expect(zip.suggestedFilename()).toBe('Lavabo literature.zip');
    const entries = await unzip(await saved(zip));
    expect([...entries.keys()].sort()).toEqual(['avelle-spec-sheet.pdf', 'oriel-care-guide.pdf']);
    for (const bytes of entries.values()) {
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }

    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Oriel Installation Guide' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe('oriel-installation-guide.pdf');
    expect((await saved(pdf)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await page.locator('.toast-region').getByText('Download success').waitFor();
    await expectAccessible(page);
    expect(problems.join('\n')).toBe('');
  });
});
