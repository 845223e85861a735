/**
 * Shopping lists on the server: one Favorites, MyProducts and MyServices list per owner, versioned
 * like carts (every change checks the version it was computed against and bumps it; a stale one is
 * 409 ConcurrentModification with the current version). A list is only ever looked up together
 * with its owner, so another shopper's list id answers 404. Each request's actions apply in one
 * transaction, or none of them.
 */
import { randomUUID } from 'node:crypto';
import { isOverListLimit, LIST_FULL_MESSAGE, LIST_LIMIT_REACHED } from '../../core/lists/limits';
import { ownerKey, type Owner } from '../auth/owner';
import type { Database, Queryable } from '../db/database';
import { ApiError, concurrentModification } from '../http/errors';
import type { ListName, RemoveAction } from './parse';

export interface ShoppingListLineItemBody {
  readonly id: string;
  readonly sku: string;
  readonly productSlug: string;
  readonly name: string;
  /** ISO 8601. */
  readonly addedAt: string;
  readonly image?: string;
}

/** The wire shape (docs/api.md): `{id, version, name: {'en-US'}, lineItems}`. */
export interface ShoppingListBody {
  readonly id: string;
  readonly version: number;
  readonly name: { readonly 'en-US': string };
  readonly lineItems: readonly ShoppingListLineItemBody[];
}

interface ListRow {
  readonly id: string;
  readonly name: string;
  readonly version: number;
}

interface LineRow {
  readonly id: string;
  readonly sku: string;
  readonly added_at: Date | string;
  readonly slug: string | null;
  readonly title: string | null;
  readonly image_url: string | null;
}

const iso = (value: Date | string): string =>
  value instanceof Date ? value.toISOString() : new Date(value).toISOString();

export const notFound = (id: string): ApiError => new ApiError(404, `No shopping list ${id}`);

/** A 400 naming the field, in the words and shape of every other bad-input answer (docs/api.md). */
const refusedField = (field: string, message: string): ApiError =>
  new ApiError(400, `${field} ${message}`, [{ code: 'InvalidField', field, message }]);

/** A product line's catalogue data: a variant SKU shows its own picture, a master its first. */
const LINES_SQL = `
  SELECT i.id, i.sku, i.added_at, p.slug, p.title, img.image_url
  FROM shopping_list_items i
  LEFT JOIN product_variants v ON v.sku = i.sku
  LEFT JOIN products p ON p.sku = COALESCE(v.product_sku, i.sku)
  LEFT JOIN LATERAL (
    SELECT pv.image_url FROM product_variants pv
    WHERE pv.product_sku = p.sku
    ORDER BY (pv.sku = i.sku) DESC, pv.position
    LIMIT 1
  ) img ON true
  WHERE i.list_id = $1
  ORDER BY i.position`;

export class ShoppingListService {
  constructor(private readonly db: Database) {}

  /** The owner's lists of this name, oldest first ([] when there is none). */
  async listsNamed(owner: Owner, name: ListName): Promise<ShoppingListBody[]> {
    const rows = await this.db.query<ListRow>(
      'SELECT id, name, version FROM shopping_lists WHERE owner_key = $1 AND name = $2 ORDER BY created_at, id',
      [ownerKey(owner), name],
    );
    return Promise.all(rows.rows.map((row) => this.body(this.db, row)));
  }

  /**
   * Creates the owner's list of this name; `created` is false when it already existed (two tabs
   * creating Favorites at once end up with one list, and both get it).
   */
  async create(
    owner: Owner,
    name: ListName,
  ): Promise<{ readonly list: ShoppingListBody; readonly created: boolean }> {
    const inserted = await this.db.query<ListRow>(
      `INSERT INTO shopping_lists (id, owner_key, name) VALUES ($1, $2, $3)
       ON CONFLICT (owner_key, name) DO NOTHING
       RETURNING id, name, version`,
      [randomUUID(), ownerKey(owner), name],
    );
    const row = inserted.rows[0];
    if (row !== undefined) return { list: await this.body(this.db, row), created: true };
    const [existing] = await this.listsNamed(owner, name);
    if (existing === undefined) throw new Error('shopping list vanished after a create conflict');
    return { list: existing, created: false };
  }

  /** addLineItem for each SKU; a SKU already on the list stays where it is. */
  async addItems(
    owner: Owner,
    id: string,
    version: number,
    skus: readonly string[],
  ): Promise<ShoppingListBody> {
    return this.db.transaction(async (tx) => {
      const list = await this.lockForUpdate(tx, owner, id, version);
      const known = await tx.query<{ sku: string }>(
        `SELECT sku FROM products WHERE sku = ANY($1::text[])
         UNION SELECT sku FROM product_variants WHERE sku = ANY($1::text[])`,
        [[...new Set(skus)]],
      );
      const inCatalogue = new Set(known.rows.map((r) => r.sku));
      skus.forEach((sku, i) => {
        if (!inCatalogue.has(sku)) {
          throw refusedField(`actions[${i}].sku`, `${sku} is not in the catalogue`);
        }
      });
      for (const sku of skus) {
        await tx.query(
          `INSERT INTO shopping_list_items (id, list_id, sku) VALUES ($1, $2, $3)
           ON CONFLICT (list_id, sku) DO NOTHING`,
          [randomUUID(), list.id, sku],
        );
      }
      const count = await tx.query<{ n: number | string }>(
        'SELECT count(*) AS n FROM shopping_list_items WHERE list_id = $1',
        [list.id],
      );
      if (isOverListLimit(Number(count.rows[0]?.n ?? 0))) {
        throw new ApiError(400, `actions: ${LIST_FULL_MESSAGE}`, [
          { code: LIST_LIMIT_REACHED, field: 'actions', message: LIST_FULL_MESSAGE },
        ]);
      }
      return this.bump(tx, list);
    });
  }

  async removeItems(
    owner: Owner,
    id: string,
    version: number,
    actions: readonly RemoveAction[],
  ): Promise<ShoppingListBody> {
    return this.db.transaction(async (tx) => {
      const list = await this.lockForUpdate(tx, owner, id, version);
      for (const [i, action] of actions.entries()) {
        if (action.action === 'removeTextLineItem') {
          // Lists here hold products only; there are no text line items to remove.
          throw refusedField(
            `actions[${i}].textLineItemId`,
            `${action.textLineItemId} is not on the list`,
          );
        }
        const removed = await tx.query(
          'DELETE FROM shopping_list_items WHERE list_id = $1 AND id = $2',
          [list.id, action.lineItemId],
        );
        if (removed.rowCount === 0) {
          throw refusedField(`actions[${i}].lineItemId`, `${action.lineItemId} is not on the list`);
        }
      }
      return this.bump(tx, list);
    });
  }

  /** The owner's list, locked for this transaction, at the version the request was made against. */
  private async lockForUpdate(
    tx: Queryable,
    owner: Owner,
    id: string,
    version: number,
  ): Promise<ListRow> {
    const rows = await tx.query<ListRow>(
      'SELECT id, name, version FROM shopping_lists WHERE id = $1 AND owner_key = $2 FOR UPDATE',
      [id, ownerKey(owner)],
    );
    const list = rows.rows[0];
    if (list === undefined) throw notFound(id);
    if (Number(list.version) !== version)
      throw concurrentModification(Number(list.version), 'shopping list');
    return list;
  }

  private async bump(tx: Queryable, list: ListRow): Promise<ShoppingListBody> {
    const updated = await tx.query<ListRow>(
      `UPDATE shopping_lists SET version = version + 1, updated_at = now()
       WHERE id = $1 RETURNING id, name, version`,
      [list.id],
    );
    const row = updated.rows[0];
    if (row === undefined) throw notFound(list.id);
    return this.body(tx, row);
  }

  private async body(db: Queryable, row: ListRow): Promise<ShoppingListBody> {
    const lines = await db.query<LineRow>(LINES_SQL, [row.id]);
    return {
      id: row.id,
      version: Number(row.version),
      name: { 'en-US': row.name },
      lineItems: lines.rows.map((line) => ({
        id: line.id,
        sku: line.sku,
        productSlug: line.slug ?? '',
        name: line.title ?? line.sku,
        addedAt: iso(line.added_at),
        ...(line.image_url === null || line.image_url === '' ? {} : { image: line.image_url }),
      })),
    };
  }
}
