/**
 * Writes `ui/public/demo-data.json`, the seeded catalogue the offline demo (npm run demo) serves
 * from the tab: the same search documents, page models and reviews as the server, built from the
 * server's pure functions, then decoded with the demo's own codec so a bad file fails here.
 *
 * Run: node --import tsx scripts/demo-data.ts
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isLeft } from 'fp-ts/lib/Either.js';
import type { Review } from '../core/catalog/product';
import type { PageModel } from '../core/content/page-model';
import { DemoDataCodec, type DemoData } from '../adapters/fake/demo-data';
import { globalConfiguration } from '../server/api/configuration';
import { loadSiteNotices } from '../server/content/site-notices';
import { listPageModelPaths, loadPageModel } from '../server/content/index';
import { projectRoot } from '../server/config';
import { generateCatalogue } from '../server/seed/catalogue/generate';
import { toSearchDocument } from '../server/search/documents';

export const DEMO_DATA_FILE = path.join(projectRoot, 'ui', 'public', 'demo-data.json');

export const buildDemoData = async (): Promise<DemoData> => {
  const catalogue = generateCatalogue();
  const pages: Record<string, PageModel> = {};
  for (const pagePath of await listPageModelPaths()) {
    const page = await loadPageModel(pagePath);
    if (page !== null) pages[pagePath] = page;
  }
  const reviews: Record<string, Review[]> = {};
  for (const { sku, ...review } of catalogue.reviews) (reviews[sku] ??= []).push(review);
  for (const list of Object.values(reviews)) {
    list.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  }
  const raw: unknown = {
    documents: catalogue.products.map((p) => toSearchDocument(p, catalogue)),
    pages,
    reviews,
    // The server's own configuration, so the demo's lists (states, countries…) are the same.
    configuration: globalConfiguration(undefined, loadSiteNotices(process.env.SITE_NOTICES)),
    topSearches: catalogue.topSearches,
    helpArticles: catalogue.helpArticles,
    // The price lists the server's cart prices from (a document carries only the US sale price).
    prices: Object.fromEntries(
      catalogue.products.map((p) => [
        p.sku,
        p.prices.map((r) => ({ region: r.region, listCents: r.listCents, saleCents: r.saleCents })),
      ]),
    ),
  };
  const decoded = DemoDataCodec.decode(raw);
  if (isLeft(decoded)) {
    const [first] = decoded.left;
    const at =
      first?.context
        .map((c) => c.key)
        .filter((k) => k !== '')
        .join('.') ?? '';
    throw new Error(`Demo data does not match the demo's codec at ${at}`);
  }
  return decoded.right;
};

const main = async (): Promise<void> => {
  const data = await buildDemoData();
  await mkdir(path.dirname(DEMO_DATA_FILE), { recursive: true });
  await writeFile(DEMO_DATA_FILE, JSON.stringify(data));
  console.log(
    `Wrote ${path.relative(projectRoot, DEMO_DATA_FILE)}: ${data.documents.length} products, ` +
      `${Object.keys(data.pages).length} pages, ${Object.values(data.reviews).flat().length} reviews`,
  );
};

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
