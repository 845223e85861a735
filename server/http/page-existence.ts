/**
 * Whether the page a pinned route names is there, so the app shell goes out with a real 404 for a
 * category, product, help article or technical sheet that does not exist (the storefront then
 * draws its not-found page). Each answer follows the rule the storefront's own screen reads the
 * page by, on the same tables, so the status and the screen agree:
 * - a product list is there when its category has products (the listing's search finds some);
 * - a product page when a product has the slug (`/search/pdp`, `.html` dropped);
 * - a help article when one has the slug (core's articleSlug: no case, no `.html`);
 * - a technical sheet when the SKU, or the master SKU it may be a variant of, is a product
 *   (core's GetProductsBySku).
 * Every other route is there whenever its pattern matches: its page is not the catalogue's, or it
 * is personal (an order, a shared cart) and says "not found" itself.
 */
import { possibleMasterSku, slugFromParam } from '../../core/catalog/get-product-page';
import { articleSlug } from '../../core/content/help-articles';
import type { RouteMatch } from '../../core/content/routes';
import { parseSku } from '../../core/shared/sku';
import type { Queryable } from '../db/database';
import { hasControlCharacter } from './control-characters';

/** Answers whether the page of a matched route exists. */
export type PageExistence = (match: RouteMatch) => Promise<boolean>;

const any = async (db: Queryable, sql: string, params: readonly unknown[]): Promise<boolean> =>
  (await db.query(`SELECT EXISTS (${sql}) AS found`, [...params])).rows[0]?.['found'] === true;

export const cataloguePageExistence =
  (db: Queryable): PageExistence =>
  async ({ id, params }) => {
    // PostgreSQL refuses NUL in text; no page's address holds a control character anyway.
    if (Object.values(params).some((value) => hasControlCharacter(value ?? ''))) return false;
    switch (id) {
      case 'productList':
        return any(db, 'SELECT 1 FROM search_documents WHERE category = $1', [
          (params['category'] ?? '').trim(),
        ]);
      case 'productDetails':
        return any(db, 'SELECT 1 FROM search_documents WHERE slug = $1', [
          slugFromParam(params['slug'] ?? ''),
        ]);
      case 'knowledgeArticle':
        return any(db, 'SELECT 1 FROM help_articles WHERE lower(slug) = $1', [
          articleSlug(params['slug'] ?? ''),
        ]);
      case 'technicalSpecs': {
        const sku = parseSku(params['sku'] ?? '');
        if (sku === null) return false;
        const master = possibleMasterSku(sku);
        return any(db, 'SELECT 1 FROM search_documents WHERE sku = ANY($1::text[])', [
          master === null ? [sku] : [sku, master],
        ]);
      }
      default:
        return true;
    }
  };
