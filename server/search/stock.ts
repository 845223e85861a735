/**
 * Stock in the search documents. Lists, typeahead and the product page answer stock (availableQty_i,
 * inStock_b, each variant's count in Color.SKU.Details_ss) and sort on it (featured_score) from
 * search_documents and search_variant_documents, so whatever changes product_variants.available_qty
 * rewrites those documents in the same transaction, and bumps the catalogue version after it commits.
 */
import type { Queryable } from '../db/database';
import {
  featuredScore,
  variantDocument,
  variantOverrides,
  withStock,
  withVariantStock,
  type SearchDocument,
} from './documents';

/** Rewrites the documents of the products of `variantSkus` with their variants' stock now. */
export const refreshSearchStock = async (
  tx: Queryable,
  variantSkus: readonly string[],
): Promise<void> => {
  if (variantSkus.length === 0) return;
  const stock = await tx.query<{ sku: string; product_sku: string; available_qty: number }>(
    `SELECT v.sku, v.product_sku, v.available_qty FROM product_variants v
     WHERE v.product_sku IN (SELECT product_sku FROM product_variants WHERE sku = ANY($1::text[]))`,
    [[...variantSkus]],
  );
  const qty = new Map(stock.rows.map((r) => [r.sku, Number(r.available_qty)] as const));
  const masters = [...new Set(stock.rows.map((r) => r.product_sku))].sort();
  const docs = await tx.query<{ sku: string; doc: SearchDocument }>(
    'SELECT sku, doc FROM search_documents WHERE sku = ANY($1::text[]) ORDER BY sku',
    [masters],
  );
  const variants = await tx.query<{
    sku: string;
    master_sku: string;
    doc: SearchDocument;
    drop_keys: string[];
  }>(
    `SELECT sku, master_sku, doc, drop_keys FROM search_variant_documents
     WHERE master_sku = ANY($1::text[]) ORDER BY sku`,
    [masters],
  );
  for (const { sku, doc } of docs.rows) {
    const master = withStock(doc, qty);
    await tx.query(
      'UPDATE search_documents SET doc = $2::jsonb, featured_score = $3 WHERE sku = $1',
      [sku, JSON.stringify(master), featuredScore(master)],
    );
    for (const v of variants.rows.filter((row) => row.master_sku === sku)) {
      const whole = withVariantStock(
        variantDocument(doc, { doc: v.doc, dropKeys: v.drop_keys }),
        master,
      );
      const overrides = variantOverrides(master, whole);
      await tx.query(
        `UPDATE search_variant_documents SET doc = $2::jsonb, drop_keys = $3::text[], featured_score = $4
         WHERE sku = $1`,
        [v.sku, JSON.stringify(overrides.doc), overrides.dropKeys, featuredScore(whole)],
      );
    }
  }
};
