/**
 * What a shopper's first visit costs: the real server (embedded database, demo catalogue) serves a
 * built storefront and Chromium opens `/en` with empty storage, as a first-time visitor does. Prints,
 * per page, the API calls made until the network settles (by route), when the page first had content
 * in #root (for a server-rendered page, as its HTML is parsed), the first contentful paint and the
 * largest contentful paint,
 * when the configuration was known (the end of `GET /api/config/global`, or of the page itself when
 * it carries the configuration inline) and when the last API answer arrived — medians over the
 * runs. `--latency` adds a round-trip time to every request (Chromium's network emulation), since
 * on localhost a chain of calls costs next to nothing. Figures only, never a timed test.
 * Run: npm run build && node --import tsx bench/first-load.ts [--static dist/client] [--runs 5]
 *   [--latency 0] [--path /en] (--path repeatable; default /en and /en/cart).
 */
import 'reflect-metadata';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { projectRoot } from '../server/config';
import { addLatency, startBenchShop } from './support/browser-shop';

const option = (name: string): readonly string[] =>
  process.argv.flatMap((arg, i, all) => (arg === name && all[i + 1] ? [all[i + 1] ?? ''] : []));

const staticDir = path.resolve(option('--static')[0] ?? path.join(projectRoot, 'dist', 'client'));
const runs = Math.max(1, Number(option('--runs')[0] ?? 5));
const latencyMs = Math.max(0, Number(option('--latency')[0] ?? 0));
const paths =
  option('--path').length > 0
    ? option('--path')
    : ['/en', '/en/products/kitchen-faucets', '/en/cart'];

interface Visit {
  /** `GET /api/config/global` and the like, in the order asked. */
  readonly apiCalls: readonly string[];
  /** From navigation start to the first element React put into #root. */
  readonly firstRenderMs: number;
  /** From navigation start to when the storefront had the configuration. */
  readonly configurationMs: number;
  /** From navigation start to the end of the last API answer (0 when none was made). */
  readonly apiSettledMs: number;
  /** First and largest contentful paint, from navigation start. */
  readonly fcpMs: number;
  readonly lcpMs: number;
}

/** The API calls a browser makes for one page: the pathname with the `/api` prefix dropped. */
const apiRoute = (url: string): string => new URL(url).pathname.replace(/^\/api/, '');

const visit = async (browser: Browser, origin: string, page: string): Promise<Visit> => {
  const context = await browser.newContext();
  // Stamps when #root first gets an element: the shell has rendered.
  await context.addInitScript(() => {
    new MutationObserver((_records, observer) => {
      const root = document.getElementById('root');
      if (root !== null && root.childElementCount > 0) {
        document.documentElement.dataset.benchFirstRender = String(performance.now());
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const tab = await context.newPage();
  await addLatency(await context.newCDPSession(tab), latencyMs);
  const apiCalls: string[] = [];
  tab.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) {
      apiCalls.push(`${request.method()} ${apiRoute(request.url())}`);
    }
  });
  await tab.goto(`${origin}${page}`, { waitUntil: 'networkidle' });
  const timings = await tab.evaluate(() => {
    const api = performance
      .getEntriesByType('resource')
      .filter((e): e is PerformanceResourceTiming => e instanceof PerformanceResourceTiming)
      .filter((e) => new URL(e.name).pathname.startsWith('/api/'));
    const configuration = api.find((e) => new URL(e.name).pathname === '/api/config/global');
    const page = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return {
      configurationMs: (configuration ?? page).responseEnd,
      apiSettledMs: api.reduce((last, e) => Math.max(last, e.responseEnd), 0),
      firstRenderMs: Number(document.documentElement.dataset.benchFirstRender ?? NaN),
      fcpMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    };
  });
  // The largest contentful paint so far (Chromium reports it to a buffered observer).
  const lcpMs = await tab.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          resolve(list.getEntries().at(-1)?.startTime ?? NaN);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(NaN), 1000);
      }),
  );
  await context.close();
  return { apiCalls, ...timings, lcpMs };
};

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

const main = async (): Promise<void> => {
  const shop = await startBenchShop('first-load', staticDir);
  const { browser, origin } = shop;
  try {
    console.log(
      `Lavabo first load (${staticDir}), median of ${runs} cold visits, ${latencyMs} ms added latency`,
    );
    for (const page of paths) {
      const visits: Visit[] = [];
      for (let i = 0; i < runs; i += 1) visits.push(await visit(browser, origin, page));
      const calls = visits[0]?.apiCalls ?? [];
      console.log(`  ${page}`);
      console.log(`    API calls until idle:   ${calls.length}  (${calls.join(', ')})`);
      const ms = (pick: (v: Visit) => number) => `${median(visits.map(pick)).toFixed(0)} ms`;
      console.log(`    content in #root:       ${ms((v) => v.firstRenderMs)}`);
      console.log(`    first contentful paint: ${ms((v) => v.fcpMs)}`);
      console.log(`    largest contentful:     ${ms((v) => v.lcpMs)}`);
      console.log(`    configuration known:    ${ms((v) => v.configurationMs)}`);
      console.log(`    last API answer:        ${ms((v) => v.apiSettledMs)}`);
      const varying = visits.some((v) => v.apiCalls.length !== calls.length);
      if (varying)
        console.log(`    (call counts varied: ${visits.map((v) => v.apiCalls.length).join(', ')})`);
    }
  } finally {
    await shop.close();
  }
};

await main();
