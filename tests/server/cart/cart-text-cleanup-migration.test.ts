/**
 * Migration 012 on a database made before it: line text that spec §5's safe text refuses (markup,
 * other ASCII punctuation, control characters) is removed from carts and shared-cart snapshots;
 * safe text (non-ASCII letters and quotes included) and everything else of a line stay, and so do
 * the carts' versions. The shared cart then reads without the markup.
 */
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database';
import { migrate, migrationsDir } from '../../../server/db/migrate';
import { openEmptyTestDatabase } from '../../support/test-database';

let db: Database;
let before012: string;

const line = (id: string, shipping?: Record<string, unknown>) => ({
  id,
  sku: 'K-1',
  quantity: 2,
  addedAt: '2026-01-01T00:00:00.000Z',
  ...(shipping === undefined ? {} : { lineItemShipping: shipping }),
});

const MARKUP = '<img src=x onerror=alert(1)>';
const BEFORE = [
  line('l-markup', { roomInfo: MARKUP, salesChannel: 'Showroom', customQuantity: 3 }),
  line('l-both', { roomInfo: 'Bath\u0007room', salesChannel: 'javascript:alert(1)' }),
  line('l-safe', { roomInfo: 'Zoë’s "guest" bath, upstairs', salesChannel: 'Trade-desk' }),
  line('l-plain'),
];
const AFTER = [
  line('l-markup', { salesChannel: 'Showroom', customQuantity: 3 }),
  line('l-both', {}),
  BEFORE[2],
  BEFORE[3],
];

beforeAll(async () => {
  before012 = await mkdtemp(path.join(tmpdir(), 'lavabo-migrations-'));
  for (const file of await readdir(migrationsDir)) {
    if (Number(file.slice(0, 3)) < 12)
      await copyFile(path.join(migrationsDir, file), path.join(before012, file));
  }
  db = await openEmptyTestDatabase();
});
afterAll(async () => {
  await db.close();
  await rm(before012, { recursive: true, force: true });
});

describe('migration 012: unsafe line text leaves stored carts', () => {
  it('removes each refused field and keeps the rest of every line', async () => {
    expect((await migrate(db, before012)).version).toBe(11);
    const insertCart = (id: string, version: number, lines: unknown[]) =>
      db.query(
        `INSERT INTO carts (id, owner_key, version, currency, cart_type, state)
         VALUES ($1, 'guest:g-1', $2, 'USD', 'FG', $3)`,
        [id, version, JSON.stringify({ lines, discountCodeIds: [] })],
      );
    await insertCart('cart-dirty', 5, BEFORE);
    await insertCart('cart-clean', 2, [BEFORE[2], BEFORE[3]]);
    await insertCart('cart-empty', 1, []);
    await db.query(
      `INSERT INTO shared_carts (id, cart_id, currency, line_items) VALUES ('s-1', 'cart-dirty', 'USD', $1)`,
      [JSON.stringify(BEFORE)],
    );

    expect((await migrate(db)).applied).toContain(12);

    const carts = await db.query<{ id: string; version: number; state: { lines: unknown[] } }>(
      'SELECT id, version, state FROM carts ORDER BY id',
    );
    const byId = new Map(carts.rows.map((r) => [r.id, r] as const));
    expect(byId.get('cart-dirty')?.state.lines).toEqual(AFTER);
    expect(byId.get('cart-clean')?.state.lines).toEqual([BEFORE[2], BEFORE[3]]);
    expect(byId.get('cart-empty')?.state.lines).toEqual([]);
    expect(carts.rows.map((r) => [r.id, Number(r.version)])).toEqual([
      ['cart-clean', 2],
      ['cart-dirty', 5],
      ['cart-empty', 1],
    ]);
    const shared = await db.query<{ line_items: unknown[] }>(
      "SELECT line_items FROM shared_carts WHERE id = 's-1'",
    );
    expect(shared.rows[0]?.line_items).toEqual(AFTER);
  });
});
