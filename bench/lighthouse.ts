/**
 * Lighthouse (the tool issue 15 names) on four storefront pages: home, a product list, a product
 * page and the cart. Starts the real server as `npm start` does, in its own process (built dist,
 * embedded database, a temporary DATA_DIR, a free port), or measures a running one with `--url`, and drives the system
 * Chromium (scripts/ensure-browser.ts; CHROMIUM_PATH) through chrome-launcher, headless, with
 * Lighthouse's mobile preset and default throttling. Prints, per page, the performance and
 * accessibility scores, LCP, TBT, CLS, the script bytes transferred, and the failing accessibility
 * audits by id — medians over `--runs`. Figures only, never a timed test.
 * Run: npm run bench:lighthouse [-- --runs 3] [--pages home,list,product,cart] [--url http://…]
 */
import 'reflect-metadata';
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { generateCatalogue } from '../server/seed/catalogue/generate';
import { findChromium } from '../tests/e2e/support/browser';
import { startServerProcess } from './checkout/server-process';
import { figuresOf, formatTable, medianFigures, type PageFigures } from './lighthouse-report';

const option = (name: string): string | undefined => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
};

/** A kitchen faucet from the demo catalogue the server seeds. */
const faucet = generateCatalogue().products.find((p) => p.categorySlug === 'kitchen-faucets');
if (faucet === undefined) throw new Error('the demo catalogue has no kitchen faucet');

const PAGES: Readonly<Record<string, string>> = {
  home: '/en',
  list: '/en/products/kitchen-faucets',
  product: `/en/products/kitchen-faucets/${faucet.slug}.html`,
  cart: '/en/cart',
};

const runs = Math.max(1, Number(option('--runs') ?? 1));
const wanted = (option('--pages') ?? Object.keys(PAGES).join(',')).split(',').filter(Boolean);
for (const name of wanted) {
  if (!(name in PAGES)) {
    throw new Error(
      `--pages: unknown page "${name}"; choose from ${Object.keys(PAGES).join(', ')}`,
    );
  }
}

/**
 * The shop in a process of its own, as `npm start` runs it: Lighthouse's own work (tracing, the
 * page's audits) runs in this process, and a server sharing its event loop answered late enough to
 * add a second to the simulated LCP.
 */
const startShop = async (): Promise<{ url: string; stop: () => Promise<void> }> => {
  const given = option('--url');
  if (given !== undefined) return { url: given.replace(/\/$/, ''), stop: async () => {} };
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lavabo-bench-lighthouse-'));
  const server = await startServerProcess({ dataDir, timeoutMs: 300_000 });
  return {
    url: server.origin,
    stop: async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
};

const main = async (): Promise<void> => {
  const chromePath = findChromium();
  const shop = await startShop();
  const isRoot = process.getuid?.() === 0;
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--disable-gpu', ...(isRoot ? ['--no-sandbox'] : [])],
  });
  try {
    console.log(
      `Lighthouse (mobile, default throttling) on ${shop.url}, median of ${runs} run(s)\n`,
    );
    const rows: { page: string; figures: PageFigures }[] = [];
    for (const name of wanted) {
      const page = PAGES[name] ?? '';
      const each: PageFigures[] = [];
      for (let i = 0; i < runs; i += 1) {
        const result = await lighthouse(`${shop.url}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        });
        if (result === undefined) throw new Error(`Lighthouse returned nothing for ${page}`);
        if (result.lhr.runtimeError !== undefined) {
          throw new Error(`Lighthouse failed on ${page}: ${result.lhr.runtimeError.message}`);
        }
        each.push(figuresOf(result.lhr as unknown as Parameters<typeof figuresOf>[0]));
      }
      rows.push({ page, figures: medianFigures(each) });
    }
    console.log(formatTable(rows));
  } finally {
    chrome.kill();
    await shop.stop();
  }
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
