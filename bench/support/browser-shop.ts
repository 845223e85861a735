/**
 * The shop as the browser benches see it (first-load, layout-shift): the real server on
 * a throwaway data dir (embedded database, demo catalogue) serving a built storefront on a free
 * port, with rate limits raised (every cold visit mints a guest token from 127.0.0.1, which is not
 * exempt), and Chromium. `close()` stops both and removes the data dir.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, CDPSession } from 'playwright-core';
import { DEFAULT_RATE_LIMITS, scaleRateLimits } from '../../server/http/rate-limits';
import { startServer } from '../../server/start';
import { launchBrowser } from '../../tests/e2e/support/browser';

export interface BenchShop {
  /** http://127.0.0.1:<port> */
  readonly origin: string;
  readonly browser: Browser;
  close(): Promise<void>;
}

/** The server alone. */
const startBenchServer = async (
  name: string,
  staticDir: string,
): Promise<Omit<BenchShop, 'browser'>> => {
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
  return {
    origin: server.url.replace('localhost', '127.0.0.1'),
    close: async () => {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};

/** The server and Chromium (playwright-core). */
export const startBenchShop = async (name: string, staticDir: string): Promise<BenchShop> => {
  const server = await startBenchServer(name, staticDir);
  const browser = await launchBrowser().catch(async (error: unknown) => {
    await server.close();
    throw error;
  });
  return {
    origin: server.origin,
    browser,
    close: async () => {
      try {
        await browser.close();
      } finally {
        await server.close();
      }
    },
  };
};

/** Adds `latencyMs` to every request of `cdp`'s page (Chromium's network emulation); 0 adds none. */
export const addLatency = async (cdp: CDPSession, latencyMs: number): Promise<void> => {
  if (latencyMs <= 0) return;
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: latencyMs,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
};
