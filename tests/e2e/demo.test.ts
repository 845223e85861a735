/**
 * `npm run demo`: the storefront with the fake adapters and the seeded catalogue in the tab, no API
 * server. Runs the same Vite dev server the script starts and checks that the catalogue screens
 * draw real data and that no request reaches /api.
 */
import type { Browser, Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../server/config';
import { expectAccessible, launchBrowser, watchPage } from './support/browser';

let vite: ViteDevServer;
let browser: Browser;
let page: Page;
let base: string;
const apiCalls: string[] = [];
let problems: string[];

beforeAll(async () => {
  vite = await createServer({
    configFile: `${projectRoot}/vite.config.ts`,
    mode: 'demo',
    logLevel: 'silent',
    server: { port: 0, strictPort: false, hmr: false },
  });
  await vite.listen();
  const address = vite.httpServer?.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  base = `http://localhost:${port}`;
  browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  problems = watchPage(page);
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await vite?.close();
});

describe('npm run demo (fake adapters, no server)', () => {
  it('shows the home page from its content model with seeded products', async () => {
    await page.goto(`${base}/en`, { timeout: 90_000 });
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 60_000 })
      .toMatch(/\w/);
    await expect
      .poll(() => page.locator('main article.product-tile').count(), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await expectAccessible(page);
  }, 120_000);

  it('searches the seeded catalogue and opens a product', async () => {
    await page.goto(`${base}/en/search?keyword=faucet`);
    const status = page.getByRole('status').filter({ hasText: /results?/ });
    await expect.poll(() => status.count(), { timeout: 30_000 }).toBeGreaterThan(0);
    const count = Number(
      /([\d,]+)\s+results?/
        .exec((await status.first().textContent()) ?? '')?.[1]
        ?.replace(/,/g, ''),
    );
    expect(count).toBeGreaterThan(10);

    const first = page.locator('main article.product-tile').first();
    const title = ((await first.getByRole('heading').textContent()) ?? '').trim();
    await first.getByRole('link', { name: title }).first().click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    await expect.poll(() => page.getByRole('radiogroup', { name: 'Finish' }).count()).toBe(1);
  }, 90_000);

  it('answers a misspelt keyword with "did you mean"', async () => {
    await page.goto(`${base}/en/search?keyword=fauset`);
    await expect
      .poll(() => page.getByText(/did you mean/i).count(), { timeout: 30_000 })
      .toBeGreaterThan(0);
    await expect
      .poll(() => page.getByRole('link', { name: 'faucet', exact: true }).count())
      .toBeGreaterThan(0);
  }, 60_000);

  it('never called the API and logged no errors', () => {
    expect(apiCalls).toEqual([]);
    expect(problems).toEqual([]);
  });
});
