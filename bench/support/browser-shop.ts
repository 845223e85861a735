/**
 * The shop as the browser benches see it (first-load, layout-shift, lighthouse): the real server on
 * a throwaway data dir (embedded database, demo catalogue) serving a built storefront on a free
 * port, with rate limits raised (every cold visit mints a guest token from 127.0.0.1, which is not
 * exempt), and Chromium. `close()` stops both and removes the data dir.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { DEFAULT_RATE_LIMITS, scaleRateLimits } from '../../server/http/rate-limits';
import { startServer } from '../../server/start';
import { launchBrowser } from '../../tests/e2e/support/browser';

export interface BenchShop {
  /** http://127.0.0.1:<port> */
  readonly origin: string;
  readonly browser: Browser;
  close(): Promise<void>;
}

export const startBenchShop = async (name: string, staticDir: string): Promise<BenchShop> => {
  const dataDir = await mkdtemp(path.join(tmpdir(), `lavabo-bench-${name}-`));
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: undefined,
    jwtSecret: undefined,
    staticDir,
    logLevel: 'silent',
    devEndpoints: false,
    rateLimits: scaleRateLimits(DEFAULT_RATE_LIMITS, 1000),
    rateLimitStore: 'memory',
  });
  const browser = await launchBrowser().catch(async (error: unknown) => {
    await server.close();
    throw error;
  });
  return {
    origin: server.url.replace('localhost', '127.0.0.1'),
    browser,
    close: async () => {
      try {
        await browser.close();
      } finally {
        await server.close();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  };
};
