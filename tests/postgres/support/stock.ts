/**
 * Stock set directly on a PostgreSQL test database, as an order sets it: the variant's units and
 * the search documents that carry them, in one transaction (server/search/stock.ts).
 */
import type pg from 'pg';
import { refreshSearchStock } from '../../../server/search/stock';

export interface StockedVariant {
  readonly sku: string;
  readonly master: string;
  readonly slug: string;
}

/**
 * The `offset`-th (by SKU) variant of a finished good that cannot be backordered and has stock,
 * its stock set to `units`.
 */
export const variantWithStock = async (
  db: pg.Pool,
  units: number,
  offset: number,
): Promise<StockedVariant> => {
  const { rows } = await db.query<StockedVariant>(
    `SELECT v.sku, p.sku AS master, d.slug
       FROM product_variants v
       JOIN products p ON p.sku = v.product_sku
       JOIN search_documents d ON d.sku = p.sku
      WHERE p.kind = 'finished-good' AND NOT p.backorderable AND v.available_qty > 0
      ORDER BY v.sku OFFSET $1 LIMIT 1`,
    [offset],
  );
  const variant = rows[0];
  if (variant === undefined) throw new Error('the demo catalogue has no stocked finished good');
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    await client.query('UPDATE product_variants SET available_qty = $2 WHERE sku = $1', [
      variant.sku,
      units,
    ]);
    // As an order does: the search documents carry the stock too, in the same transaction.
    await refreshSearchStock(
      {
        query: async (sql, params) => {
          const r = await client.query(sql, params);
          return { rows: r.rows, rowCount: r.rowCount ?? r.rows.length };
        },
      },
      [variant.sku],
    );
    await client.query('COMMIT');
  } finally {
    client.release();
  }
  return variant;
};
