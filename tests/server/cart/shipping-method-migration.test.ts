/**
 * Migration 010 on a database made before it: each choice kept in checkout_shipments moves into
 * the state of its cart (its version unchanged, so a payment for that version still matches), carts
 * without one stay as they were, and the side table is gone. Plain SQL: the same runs on PostgreSQL.
 */
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartService } from '../../../server/cart/cart-service';
import type { Database } from '../../../server/db/database';
import { migrate, migrationsDir } from '../../../server/db/migrate';
import { openEmptyTestDatabase } from '../../support/test-database';

let db: Database;
let before010: string;

const STATE = {
  lines: [{ id: 'l-1', sku: 'GONE-1', quantity: 1, addedAt: '2026-01-01T00:00:00.000Z' }],
  discountCodeIds: [],
};

beforeAll(async () => {
  before010 = await mkdtemp(path.join(tmpdir(), 'lavabo-migrations-'));
  for (const file of await readdir(migrationsDir)) {
    if (/^00\d_/.test(file))
      await copyFile(path.join(migrationsDir, file), path.join(before010, file));
  }
  db = await openEmptyTestDatabase();
});
afterAll(async () => {
  await db.close();
  await rm(before010, { recursive: true, force: true });
});

describe('migration 010: the shipping method moves into the cart', () => {
  it('moves each checkout_shipments choice into its cart and drops the table', async () => {
    expect((await migrate(db, before010)).version).toBe(9);
    const insert = (id: string, owner: string, version: number) =>
      db.query(
        `INSERT INTO carts (id, owner_key, version, currency, cart_type, state)
         VALUES ($1, $2, $3, 'USD', 'FG', $4)`,
        [id, owner, version, JSON.stringify(STATE)],
      );
    await insert('cart-expedited', 'guest:g-1', 7);
    await insert('cart-standard', 'guest:g-2', 3);
    await insert('cart-none', 'guest:g-3', 2);
    await db.query(
      `INSERT INTO checkout_shipments (cart_id, method_id) VALUES
         ('cart-expedited', 'expedited'), ('cart-standard', 'standard')`,
    );

    const report = await migrate(db);
    expect(report.applied).toContain(10);

    const rows = await db.query<{ id: string; version: number; state: Record<string, unknown> }>(
      'SELECT id, version, state FROM carts ORDER BY id',
    );
    const byId = new Map(rows.rows.map((r) => [r.id, r] as const));
    expect(byId.get('cart-expedited')?.state).toEqual({ ...STATE, shippingMethodId: 'expedited' });
    expect(byId.get('cart-standard')?.state).toEqual({ ...STATE, shippingMethodId: 'standard' });
    expect(byId.get('cart-none')?.state).toEqual(STATE);
    expect(rows.rows.map((r) => [r.id, Number(r.version)])).toEqual([
      ['cart-expedited', 7],
      ['cart-none', 2],
      ['cart-standard', 3],
    ]);
    const table = await db.query<{ t: string | null }>(
      "SELECT to_regclass('checkout_shipments')::text AS t",
    );
    expect(table.rows[0]?.t).toBeNull();

    // The cart reads with its method: a line the catalogue no longer has still counts as goods.
    const cart = await new CartService(db).cart({ kind: 'guest', id: 'g-1' }, 'cart-expedited');
    expect(cart.shippingMethodId).toBe('expedited');
    expect(cart.version).toBe(7);
  });
});
