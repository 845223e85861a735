/**
 * How much the first screen moves while it loads (issue 15: CLS ≤ 0.05): the real server (embedded
 * database, demo catalogue) serves the built storefront; Chromium opens home, a product list, a
 * search result page and a product page as a first-time visitor, on a phone (412×823, Lighthouse's
 * mobile screen), a tablet and a desktop, and sums the layout-shift entries until the page has
 * loaded and the network is idle (tests/e2e/support/layout-shift.ts). Prints a table of the largest sum over
 * the runs per page and viewport, then every shift of the worst run with the elements that moved.
 * `--latency` adds a round-trip time to every request and `--cpu` slows the CPU (Lighthouse mobile
 * uses 4), since on localhost data may arrive before the first paint. Figures only, never a test.
 * Run: npm run bench:layout-shift  (or: node --import tsx bench/layout-shift.ts [--runs 3]
 *   [--latency 150] [--cpu 4] [--path /en/...] [--static dist/client])
 */
import 'reflect-metadata';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { projectRoot } from '../server/config';
import { generateCatalogue } from '../server/seed/catalogue/generate';
import type { Viewport } from '../tests/e2e/support/browser';
import { addLatency, startBenchShop } from './support/browser-shop';
import {
  describeShifts,
  firstScreenLoaded,
  layoutShifts,
  recordLayoutShifts,
  shiftTotal,
  type Shift,
} from '../tests/e2e/support/layout-shift';

const option = (name: string): readonly string[] =>
  process.argv.flatMap((arg, i, all) => (arg === name && all[i + 1] ? [all[i + 1] ?? ''] : []));

const staticDir = path.resolve(option('--static')[0] ?? path.join(projectRoot, 'dist', 'client'));
const runs = Math.max(1, Number(option('--runs')[0] ?? 3));
const latencyMs = Math.max(0, Number(option('--latency')[0] ?? 150));
const cpuRate = Math.max(1, Number(option('--cpu')[0] ?? 4));

const catalogue = generateCatalogue();
const product = catalogue.products.find((p) => p.categorySlug === 'kitchen-faucets');
if (product === undefined) throw new Error('the demo catalogue has no kitchen faucet');

const PAGES: readonly { readonly name: string; readonly path: string }[] =
  option('--path').length > 0
    ? option('--path').map((p) => ({ name: p, path: p }))
    : [
        { name: 'home', path: '/en' },
        { name: 'product list', path: '/en/products/kitchen-faucets' },
        { name: 'search results', path: '/en/search?keyword=faucet' },
        { name: 'product page', path: `/en/products/kitchen-faucets/${product.slug}.html` },
      ];

const VIEWPORTS: readonly { readonly name: string; readonly size: Viewport; mobile: boolean }[] = [
  { name: 'phone 412×823', size: { width: 412, height: 823 }, mobile: true },
  { name: 'tablet 800×900', size: { width: 800, height: 900 }, mobile: false },
  { name: 'desktop 1350×940', size: { width: 1350, height: 940 }, mobile: false },
];

const visit = async (
  browser: Browser,
  url: string,
  viewport: (typeof VIEWPORTS)[number],
): Promise<Shift[]> => {
  const context = await browser.newContext({
    viewport: viewport.size,
    isMobile: viewport.mobile,
    hasTouch: viewport.mobile,
    deviceScaleFactor: viewport.mobile ? 1.75 : 1,
  });
  await recordLayoutShifts(context);
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await addLatency(cdp, latencyMs);
  if (cpuRate > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
  await tab.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
  await firstScreenLoaded(tab, 60_000);
  const shifts = await layoutShifts(tab);
  await context.close();
  return shifts;
};

const main = async (): Promise<void> => {
  const shop = await startBenchShop('layout-shift', staticDir);
  const { browser, origin } = shop;
  try {
    console.log(
      `Lavabo layout shift (${staticDir}): worst sum of ${runs} cold visits, ` +
        `${latencyMs} ms added latency, CPU ${cpuRate}× slower; CLS goal ≤ 0.05`,
    );
    const rows: string[][] = [];
    const details: string[] = [];
    for (const page of PAGES) {
      for (const viewport of VIEWPORTS) {
        const visits: Shift[][] = [];
        for (let i = 0; i < runs; i += 1) {
          visits.push(await visit(browser, `${origin}${page.path}`, viewport));
        }
        const worst = visits.reduce((a, b) => (shiftTotal(b) > shiftTotal(a) ? b : a));
        const total = shiftTotal(worst);
        rows.push([
          page.name,
          viewport.name,
          total.toFixed(3),
          String(worst.length),
          total <= 0.05 ? 'ok' : 'over',
        ]);
        if (worst.length > 0) {
          details.push(`  ${page.name}, ${viewport.name} (${page.path}):`);
          details.push(...describeShifts(worst).map((line) => `    ${line}`));
        }
      }
    }
    const header = ['page', 'viewport', 'shift sum', 'shifts', ''];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
    const line = (cells: readonly string[]) =>
      `  ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ')}`.trimEnd();
    console.log(line(header));
    for (const row of rows) console.log(line(row));
    if (details.length > 0) {
      console.log('\nShifts of the worst run (ms since navigation, score, what moved):');
      for (const d of details) console.log(d);
    }
  } finally {
    await shop.close();
  }
};

await main();
