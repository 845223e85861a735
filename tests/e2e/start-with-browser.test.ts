/**
 * The start-up every browser journey shares (support/browser.ts `startWithBrowser`), with a stand-in
 * browser and storefront: a half-failed start stops what did start and rethrows the first error,
 * `close()` stops the storefront even when the browser fails to close, and pages open in fresh
 * contexts at the desktop size unless told otherwise. No Chromium is launched here.
 */
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, startWithBrowser, type Storefront } from './support/browser';

interface FakeApp {
  readonly url: string;
}

/** What the stand-ins were asked to do, in order. */
type Log = string[];

/** Pages the fake browser opened: their event handlers, so a test can report errors on them. */
type FakePage = { readonly handlers: Map<string, ((value: unknown) => void)[]> };

const fakeBrowser = (log: Log, { failClose = false } = {}, pages: FakePage[] = []): Browser => {
  const newPage = async () => {
    const handlers = new Map<string, ((value: unknown) => void)[]>();
    pages.push({ handlers });
    return {
      id: log.length,
      url: () => 'http://127.0.0.1:4321/en',
      on: (event: string, handler: (value: unknown) => void) => {
        handlers.set(event, [...(handlers.get(event) ?? []), handler]);
      },
      goto: async (url: string) => {
        log.push(`goto ${url}`);
        return null;
      },
      reload: async () => {
        log.push('reload');
        return null;
      },
      waitForFunction: async () => {
        log.push('waited for the first render');
      },
    } as unknown as Page;
  };
  const browser = {
    close: async () => {
      log.push('browser closed');
      if (failClose) throw new Error('browser would not close');
    },
    newContext: async (options: BrowserContextOptions) => {
      log.push(`context ${options.viewport?.width ?? '?'}x${options.viewport?.height ?? '?'}`);
      return {
        newPage,
        addInitScript: async () => {
          log.push('init script');
        },
      };
    },
  };
  return browser as unknown as Browser;
};

const storefront = (log: Log, { failStart = false } = {}): Storefront<FakeApp> => ({
  start: async () => {
    if (failStart) throw new Error('no free port');
    log.push('app started');
    return { url: 'http://127.0.0.1:4321' };
  },
  stop: async (app) => {
    log.push(`app stopped ${app.url}`);
  },
});

describe('startWithBrowser', () => {
  it('closes the browser and rethrows when the storefront fails to start', async () => {
    const log: Log = [];
    await expect(
      startWithBrowser(storefront(log, { failStart: true }), async () => fakeBrowser(log)),
    ).rejects.toThrow('no free port');
    expect(log).toEqual(['browser closed']);
  });

  it('stops the storefront and rethrows when Chromium fails to launch', async () => {
    const log: Log = [];
    await expect(
      startWithBrowser(storefront(log), async () => {
        throw new Error('No Chromium found');
      }),
    ).rejects.toThrow('No Chromium found');
    expect(log).toEqual(['app started', 'app stopped http://127.0.0.1:4321']);
  });

  it("rethrows the storefront's error when both fail", async () => {
    const log: Log = [];
    await expect(
      startWithBrowser(storefront(log, { failStart: true }), async () => {
        throw new Error('No Chromium found');
      }),
    ).rejects.toThrow('no free port');
    expect(log).toEqual([]);
  });

  it("shops at the storefront's address, desktop-sized unless asked, campaign dialog dismissed unless asked, and closes browser first", async () => {
    const log: Log = [];
    const shop = await startWithBrowser(storefront(log), async () => fakeBrowser(log));
    expect(shop.url).toBe('http://127.0.0.1:4321');
    const page = await shop.newPage();
    // A page's goto and reload end once the app has rendered its first view.
    await page.goto(`${shop.url}/en`);
    await page.reload();
    await shop.newPage({ width: 375, height: 800 });
    // A shopper new to the campaign dialog: no script that dismisses it.
    await shop.newPage(DESKTOP, { campaign: 'new' });
    await shop.close();
    expect(log).toEqual([
      'app started',
      `context ${DESKTOP.width}x${DESKTOP.height}`,
      'init script',
      'goto http://127.0.0.1:4321/en',
      'waited for the first render',
      'reload',
      'waited for the first render',
      'context 375x800',
      'init script',
      `context ${DESKTOP.width}x${DESKTOP.height}`,
      'browser closed',
      'app stopped http://127.0.0.1:4321',
    ]);
  });

  it('fails at close when a page reported a React hydration error, after stopping everything', async () => {
    const log: Log = [];
    const pages: FakePage[] = [];
    const shop = await startWithBrowser(storefront(log), async () => fakeBrowser(log, {}, pages));
    await shop.newPage();
    const report = (event: string, value: unknown) =>
      pages[0]?.handlers.get(event)?.forEach((handler) => handler(value));
    report('console', { type: () => 'error', text: () => 'Failed to load resource: 404' });
    report('pageerror', new Error('Minified React error #418; visit https://react.dev/errors/418'));
    await expect(shop.close()).rejects.toThrow('React hydration errors');
    expect(log.slice(-2)).toEqual(['browser closed', 'app stopped http://127.0.0.1:4321']);
  });

  it('stops the storefront even when the browser fails to close, and says so', async () => {
    const log: Log = [];
    const shop = await startWithBrowser(storefront(log), async () =>
      fakeBrowser(log, { failClose: true }),
    );
    await expect(shop.close()).rejects.toThrow('browser would not close');
    expect(log).toEqual(['app started', 'browser closed', 'app stopped http://127.0.0.1:4321']);
  });
});
