/**
 * Writes core's promotions (core/cart/engine/promotions.ts) to the `cart_discounts` table, so the
 * table a redemption points at holds exactly what the cart prices by. Run after every migration:
 * a code added, changed or ended in core is in the database on the next start.
 */
import { PROMOTIONS } from '../../core/cart/engine/promotions';
import type { Queryable } from '../db/database';

const UPSERT = `
  INSERT INTO cart_discounts
    (id, code, name, target, value_type, value, department, min_subtotal_cents, stop_others,
     max_per_owner, valid_from, valid_until, sort_order)
  SELECT * FROM jsonb_to_recordset($1::jsonb) AS p(
    id text, code text, name text, target text, value_type text, value integer, department text,
    min_subtotal_cents integer, stop_others boolean, max_per_owner integer,
    valid_from timestamptz, valid_until timestamptz, sort_order integer)
  ON CONFLICT (id) DO UPDATE SET
    code = EXCLUDED.code, name = EXCLUDED.name, target = EXCLUDED.target,
    value_type = EXCLUDED.value_type, value = EXCLUDED.value, department = EXCLUDED.department,
    min_subtotal_cents = EXCLUDED.min_subtotal_cents, stop_others = EXCLUDED.stop_others,
    max_per_owner = EXCLUDED.max_per_owner, valid_from = EXCLUDED.valid_from,
    valid_until = EXCLUDED.valid_until,
    sort_order = EXCLUDED.sort_order`;

/**
 * Upserts every promotion. A database migrated only part of the way (a test's, or one mid-upgrade)
 * is left alone until it has the columns: the table from 004, valid_from from 011.
 */
export const syncPromotions = async (db: Queryable): Promise<void> => {
  const exists = await db.query<{ n: number | string }>(
    `SELECT count(*) AS n FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = 'cart_discounts'
       AND column_name = 'valid_from'`,
  );
  if (Number(exists.rows[0]?.n ?? 0) === 0) return;
  const rows = PROMOTIONS.map((p) => ({
    id: p.id,
    code: p.code,
    name: p.name,
    target: p.target,
    value_type: p.valueType,
    value: p.value,
    department: p.department,
    min_subtotal_cents: p.minSubtotalCents,
    stop_others: p.stopOthers,
    max_per_owner: p.maxPerOwner,
    valid_from: p.validFrom,
    valid_until: p.validUntil,
    sort_order: p.sortOrder,
  }));
  await db.query(UPSERT, [JSON.stringify(rows)]);
};
