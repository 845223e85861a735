/**
 * Browser tests drive Chromium through playwright-core: the system one, or the one
 * scripts/ensure-browser.ts provides (Debian's package, or the Chromium inside an npm package). Every
 * page a test visits is also checked with axe-core; serious or critical violations fail the test.
 * `startWithBrowser` is the start-up every journey shares (support/shop.ts, support/demo-shop.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { CAMPAIGN_KEY } from '../../../adapters/storage/web-storage-campaign-store';
import { FIRST_RENDER_MARK } from '../../../ui/app/container-context';
import { findInstalledChromium } from '../../../scripts/ensure-browser';
import { projectRoot } from '../../../server/config';

/**
 * The Chromium to launch: CHROMIUM_PATH, which the e2e project's globalSetup sets after finding or
 * providing a browser (scripts/ensure-browser.ts), else one already there (the system Chromium or
 * the npm-package one unpacked by an earlier run), for callers outside `npm test` such as benches.
 */
export const findChromium = (env: NodeJS.ProcessEnv = process.env): string => {
  const found = findInstalledChromium(env);
  if (found === undefined) {
    const pointed = env.CHROMIUM_PATH
      ? ` CHROMIUM_PATH=${env.CHROMIUM_PATH} is not an executable file.`
      : '';
    throw new Error(
      `No Chromium found.${pointed} ` +
        '`npm test` finds or installs one by itself; outside it, run ' +
        '`npm run ensure-browser` (it installs one when none is there) or point CHROMIUM_PATH at a ' +
        'Chromium binary.',
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

/** A browser window's size; most journeys shop on a desktop. */
export interface Viewport {
  readonly width: number;
  readonly height: number;
}

export const DESKTOP: Viewport = { width: 1280, height: 900 };

export interface PageOptions {
  /** 'dismissed' (the default): the campaign dialog does not open by itself; 'new': it may. */
  readonly campaign?: 'dismissed' | 'new';
}

/** A running storefront and the Chromium that visits it. */
export interface Shop {
  /** The storefront's origin, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  readonly browser: Browser;
  /**
   * A page in a fresh browser context: its own cookies and storage, so a new shopper. Close it
   * with `page.context().close()`, or leave it to `close()`. The shopper has closed the newsletter
   * campaign dialog before, so a journey of more than eight pages is not interrupted by it; a
   * test of the dialog asks for `{ campaign: 'new' }`.
   */
  newPage(viewport?: Viewport, options?: PageOptions): Promise<Page>;
  /** Closes the browser, then stops the storefront (no page is left calling it). */
  close(): Promise<void>;
}

/** How to start and stop the storefront a Shop drives; a started one says where it listens. */
export interface Storefront<App extends { readonly url: string }> {
  start(): Promise<App>;
  stop(app: App): Promise<void>;
}

/**
 * Starts the storefront and Chromium side by side, the two slow steps of every journey's set-up.
 * When either fails the other is stopped before the error is rethrown, so a failed start leaves
 * no browser or server running into the next file. `launch` is there for the helper's own tests.
 */
export const startWithBrowser = async <App extends { readonly url: string }>(
  storefront: Storefront<App>,
  launch: () => Promise<Browser> = launchBrowser,
): Promise<Shop & { readonly app: App }> => {
  const [started, launched] = await Promise.allSettled([storefront.start(), launch()]);
  if (started.status === 'rejected' || launched.status === 'rejected') {
    await Promise.allSettled([
      started.status === 'fulfilled' ? storefront.stop(started.value) : null,
      launched.status === 'fulfilled' ? launched.value.close() : null,
    ]);
    const reasons = [started, launched].flatMap((r) =>
      r.status === 'rejected' ? [r.reason as unknown] : [],
    );
    throw reasons[0];
  }
  const app = started.value;
  const browser = launched.value;
  // Every journey's pages are watched for React's hydration errors (issue 15): a server-rendered
  // page the browser draws differently is a failure of the file, whatever the journey checks.
  const hydration: string[] = [];
  return {
    app,
    url: app.url,
    browser,
    newPage: async (viewport = DESKTOP, options = {}) => {
      const context = await browser.newContext({ viewport });
      if (options.campaign !== 'new') {
        await context.addInitScript(
          ([key, value]) => {
            if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value);
          },
          [CAMPAIGN_KEY, JSON.stringify({ dismissed: true, subscribed: false })] as const,
        );
      }
      const page = await context.newPage();
      watchHydration(page, hydration);
      waitForFirstRenderOnLoad(page);
      return page;
    },
    close: async () => {
      try {
        await browser.close();
      } finally {
        await storefront.stop(app);
      }
      expect(hydration.join('\n'), 'React hydration errors').toBe('');
    },
  };
};

/**
 * Until the app's first render is done: hydrated, for a server-rendered page, whose module loader
 * asks for the scripts only after the page has painted (server/http/module-loader.ts), so the
 * `load` event can come before the app has started. A page without the app's #root (a JSON answer,
 * an error document) has nothing to wait for.
 */
export const waitForFirstRender = async (page: Page): Promise<void> => {
  await page.waitForFunction(
    (mark) =>
      document.getElementById('root') === null || performance.getEntriesByName(mark).length > 0,
    FIRST_RENDER_MARK,
  );
};

/**
 * Makes `goto` and `reload` of `page` end once the app answers input, as a shopper's first tap
 * after the page is usable would: a journey that types into a page React has not yet taken over
 * types into HTML that React then replaces.
 */
export const waitForFirstRenderOnLoad = (page: Page): void => {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await waitForFirstRender(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await waitForFirstRender(page);
    return response;
  };
};

/**
 * React's hydration errors: the development build's words, and the production build's minified
 * error numbers for a server render the browser could not take over (418–425).
 */
export const HYDRATION_ERROR = /hydrat|Minified React error #4(?:1[89]|2[0-5])\b/i;

/** Adds to `into` every console error or page error of `page` that is a hydration error. */
export const watchHydration = (page: Page, into: string[]): void => {
  page.on('pageerror', (error) => {
    if (HYDRATION_ERROR.test(error.message)) into.push(`${page.url()}: ${error.message}`);
  });
  page.on('console', (msg) => {
    if ((msg.type() === 'error' || msg.type() === 'warning') && HYDRATION_ERROR.test(msg.text())) {
      into.push(`${page.url()}: ${msg.text()}`);
    }
  });
};

export const assertBuilt = (): void => {
  if (!existsSync(path.join(projectRoot, 'dist', 'client', 'index.html'))) {
    throw new Error(
      'The storefront is not built: run `npm run build` before the browser tests (npm test does).',
    );
  }
};

/**
 * Lighthouse's accessibility check as the e2e tests can run it: the axe-core that Lighthouse loads
 * (pinned at 4.14.1 in package.json, Lighthouse 13's; newer than @axe-core/playwright's; its rules
 * differ, e.g. label-content-name-mismatch flags the header's cart link only from 4.13) with the
 * rules Lighthouse turns on that axe leaves off by
 * default (tagged experimental). tests/e2e/lighthouse-a11y.test.ts holds the pages
 * bench/lighthouse.ts measures to it.
 */
export const LIGHTHOUSE_AXE = {
  source: (): string =>
    readFileSync(
      createRequire(path.join(projectRoot, 'node_modules', 'lighthouse', 'package.json')).resolve(
        'axe-core/axe.min.js',
      ),
      'utf8',
    ),
  extraRules: ['label-content-name-mismatch'] as readonly string[],
};

/**
 * Fails on serious or critical accessibility violations, listing each with its first target.
 * `lighthouse` runs Lighthouse's axe and rules (LIGHTHOUSE_AXE) instead of the default ones.
 */
export const expectAccessible = async (
  page: Page,
  { lighthouse = false }: { readonly lighthouse?: boolean } = {},
): Promise<void> => {
  // Only violations are read: axe then gathers one node, not every node, of each passing,
  // incomplete or inapplicable rule, which on a page of product tiles is most of its time.
  const resultTypes = ['violations'] as const;
  const builder = lighthouse
    ? new AxeBuilder({ page, axeSource: LIGHTHOUSE_AXE.source() }).options({
        resultTypes: [...resultTypes],
        rules: Object.fromEntries(LIGHTHOUSE_AXE.extraRules.map((id) => [id, { enabled: true }])),
      })
    : new AxeBuilder({ page }).options({ resultTypes: [...resultTypes] });
  const results = await builder.analyze();
  const blocking = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes[0]?.target.join(' ') ?? ''}`);
  expect(blocking, `accessibility violations on ${page.url()}`).toEqual([]);
};

/** A response the page received with an error status (4xx or 5xx), and the request behind it. */
export interface FailedResponse {
  readonly method: string;
  readonly url: string;
  readonly status: number;
}

/** A resource Chromium reported it could not load: its URL and, when the server answered, the status. */
export interface FailedLoad {
  readonly url: string;
  readonly status: number | null;
}

export interface WatchOptions {
  /**
   * Failed loads the test expects (say, the API's 404 for a made-up order number). Only the
   * console line of a matching load is dropped; everything else is still a problem.
   */
  readonly allowFailedLoad?: (load: FailedLoad) => boolean;
}

const FAILED_LOAD = /^Failed to load resource: the server responded with a status of (\d+)/;

/**
 * Chromium's "Failed to load resource" console line does not name the URL; the message's location
 * does. A console error that is not about a failed load yields null.
 */
export const failedLoadOf = (text: string, locationUrl: string): FailedLoad | null => {
  if (!text.startsWith('Failed to load resource')) return null;
  const status = FAILED_LOAD.exec(text)?.[1];
  return { url: locationUrl, status: status === undefined ? null : Number(status) };
};

/**
 * Collects console errors and failed requests, so a test can assert a page loaded cleanly. With no
 * options every console error counts; `allowFailedLoad` lets a test name the failed loads it expects.
 */
export const watchPage = (page: Page, options: WatchOptions = {}): string[] => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const load = failedLoadOf(msg.text(), msg.location().url);
    if (load !== null && options.allowFailedLoad?.(load) === true) return;
    problems.push(`console error: ${msg.text()}`);
  });
  return problems;
};

/**
 * Records every response with a status of 400 or more, with its URL, so a test can say which
 * failures it expects and fail on any other (a missing chunk, image or API route).
 */
export const watchFailedResponses = (page: Page): FailedResponse[] => {
  const failed: FailedResponse[] = [];
  page.on('response', (response) => {
    if (response.status() < 400) return;
    failed.push({
      method: response.request().method(),
      url: response.url(),
      status: response.status(),
    });
  });
  return failed;
};
