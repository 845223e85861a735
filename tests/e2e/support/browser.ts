/**
 * Browser tests drive the system Chromium through playwright-core: nothing is downloaded. Every
 * page a test visits is also checked with axe-core; serious or critical violations fail the test.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { projectRoot } from '../../../server/config';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export const findChromium = (env: NodeJS.ProcessEnv = process.env): string => {
  const candidates = [env.CHROMIUM_PATH, ...CANDIDATES].filter(
    (p): p is string => p !== undefined && p !== '',
  );
  const found = candidates.find((p) => existsSync(p));
  if (found === undefined) {
    throw new Error(
      `No Chromium found (looked at ${candidates.join(', ')}). Install it with \`apt-get install chromium\` ` +
        'or point CHROMIUM_PATH at a Chromium binary. Browser tests never download a browser.',
    );
  }
  return found;
};

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: findChromium(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      '--disable-dev-shm-usage',
    ],
  });

export const assertBuilt = (): void => {
  if (!existsSync(path.join(projectRoot, 'dist', 'client', 'index.html'))) {
    throw new Error(
      'The storefront is not built: run `npm run build` before the browser tests (npm test does).',
    );
  }
};

/** Fails on serious or critical accessibility violations, listing each with its first target. */
export const expectAccessible = async (page: Page): Promise<void> => {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes[0]?.target.join(' ') ?? ''}`);
  expect(blocking, `accessibility violations on ${page.url()}`).toEqual([]);
};

/** Collects console errors and failed requests, so a test can assert a page loaded cleanly. */
export const watchPage = (page: Page) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  return problems;
};
