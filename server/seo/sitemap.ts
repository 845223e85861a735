/**
 * The sitemap (issue 18 "Search engines"; sitemaps.org protocol): `/sitemap.xml` is an index of
 * `/sitemaps/pages.xml` (home, landings, content and help pages, product lists) and
 * `/sitemaps/products-N.xml` (product pages, at most 50,000 per file as the protocol allows), each
 * URL with its lastmod. Only pages a search engine may index (core/content/indexing.ts) and that
 * are there are listed; a product is listed at its canonical address (its page path without the
 * query, as the page's canonical link says).
 */
import { stat } from 'node:fs/promises';
import { productLinkPath } from '../../core/catalog/product-link';
import { SERVER_PRODUCT_LINKS } from '../api/configuration';
import { isIndexable } from '../../core/content/indexing';
import { buildPath, matchRoute } from '../../core/content/routes';
import type { Queryable } from '../db/database';
import { listPageModelPaths, pageModelFile } from '../content';

/** The protocol's limit of URLs per sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;

export interface SitemapEntry {
  /** Root-relative. */
  readonly path: string;
  readonly lastmod: Date;
}

export interface SitemapEntries {
  readonly pages: readonly SitemapEntry[];
  readonly products: readonly SitemapEntry[];
}

const escapeXml = (text: string): string =>
  text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** W3C datetime, as the protocol asks: to the second, in UTC. */
const w3c = (date: Date): string => `${date.toISOString().slice(0, 19)}Z`;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export const urlsetXml = (origin: string, entries: readonly SitemapEntry[]): string =>
  `${XML_HEAD}<urlset xmlns="${NS}">\n${entries
    .map(
      (e) =>
        `<url><loc>${escapeXml(`${origin}${e.path}`)}</loc><lastmod>${w3c(e.lastmod)}</lastmod></url>`,
    )
    .join('\n')}\n</urlset>\n`;

export interface SitemapFile {
  /** The file's name under /sitemaps/, without `.xml`. */
  readonly name: string;
  readonly entries: readonly SitemapEntry[];
}

/** The files of the sitemap: the pages, then the products cut into files of at most 50,000. */
export const sitemapFiles = (
  entries: SitemapEntries,
  max: number = SITEMAP_MAX_URLS,
): SitemapFile[] => {
  const files: SitemapFile[] = [{ name: 'pages', entries: entries.pages }];
  for (let i = 0; i < entries.products.length; i += max) {
    files.push({
      name: `products-${i / max + 1}`,
      entries: entries.products.slice(i, i + max),
    });
  }
  return files;
};

const newest = (entries: readonly SitemapEntry[]): Date =>
  new Date(Math.max(0, ...entries.map((e) => e.lastmod.getTime())));

export const sitemapIndexXml = (origin: string, files: readonly SitemapFile[]): string =>
  `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${files
    .map(
      (f) =>
        `<sitemap><loc>${escapeXml(`${origin}/sitemaps/${f.name}.xml`)}</loc><lastmod>${w3c(newest(f.entries))}</lastmod></sitemap>`,
    )
    .join('\n')}\n</sitemapindex>\n`;

const listable = (path: string, routeId?: string): boolean => {
  const match = matchRoute(path.split('?')[0] ?? path);
  return match !== null && isIndexable(match.id) && (routeId === undefined || match.id === routeId);
};

/** Reads what the sitemap lists from the catalogue and the stored content. */
export const readSitemapEntries = async (db: Queryable): Promise<SitemapEntries> => {
  const contentPaths = (await listPageModelPaths()).filter((p) => listable(p));
  const content = await Promise.all(
    contentPaths.map(async (path) => ({ path, lastmod: (await stat(pageModelFile(path))).mtime })),
  );
  const lists = await db.query<{ category: string; lastmod: Date | string }>(
    `SELECT d.category, max(p.updated_at) AS lastmod
       FROM search_documents d JOIN products p ON p.sku = d.sku
      GROUP BY d.category ORDER BY d.category`,
  );
  const articles = await db.query<{ slug: string; lastmod: Date | string }>(
    'SELECT slug, updated_at AS lastmod FROM help_articles ORDER BY position, slug',
  );
  const products = await db.query<{ slug: string; category: string; lastmod: Date | string }>(
    `SELECT p.slug, d.category, p.updated_at AS lastmod
       FROM search_documents d JOIN products p ON p.sku = d.sku ORDER BY p.slug`,
  );
  const pages: SitemapEntry[] = [
    ...content,
    ...lists.rows.map((r) => ({
      path: `/en/products/${encodeURIComponent(r.category)}`,
      lastmod: new Date(r.lastmod),
    })),
    ...articles.rows.map((r) => ({
      path: buildPath('knowledgeArticle', { slug: r.slug }),
      lastmod: new Date(r.lastmod),
    })),
  ].filter((e) => listable(e.path));
  const productEntries = products.rows
    .map((r) => ({
      // The links the storefront draws: the served product-link map (spec §2).
      path:
        productLinkPath({ category: r.category, slug: r.slug }, SERVER_PRODUCT_LINKS).split(
          '?',
        )[0] ?? '',
      lastmod: new Date(r.lastmod),
    }))
    .filter((e) => listable(e.path, 'productDetails'));
  return { pages, products: productEntries };
};
