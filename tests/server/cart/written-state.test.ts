/**
 * An update at the version a CartService last wrote starts from the state it wrote, and writes it
 * with one conditional statement (server/cart/cart-service.ts mutateWritten). The row stays the
 * truth: when it moved on without that service — another process's service, a re-keyed owner —
 * the answer is the one a read of the row gives (409 with the current version, 404), and an
 * update at the row's own version carries every change made elsewhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineAction } from '../../../core/cart/engine/model';
import { CartService } from '../../../server/cart/cart-service';
import type { Database, Transaction } from '../../../server/db/database';
import { ApiError } from '../../../server/http/errors';
import { startTestServer, type TestServer } from '../../support/test-server';
import { pickSku, type PickedSku } from './support';

let server: TestServer;
let skus: PickedSku[];

beforeAll(async () => {
  server = await startTestServer();
  const where = 'v.available_qty >= 50 AND NOT p.freight';
  skus = [await pickSku(server, where, 0), await pickSku(server, where, 1)];
});
afterAll(() => server.dispose());

/**
 * The server's database, counting the statements run on it outside transactions — but for the read
 * of the shared versions a PostgreSQL server's caches make for every request (search_version and
 * session_version: server/db/shared-versions.ts), which the embedded database keeps in memory.
 */
const counted = (db: Database) => {
  const counter = { statements: 0 };
  const wrapped: Database = {
    ...db,
    kind: db.kind,
    query: (sql, params) => {
      if (!/\b(search|session)_version\b/.test(sql)) counter.statements += 1;
      return db.query(sql, params);
    },
    exec: (sql) => db.exec(sql),
    transaction: (work) => db.transaction(work),
    close: () => db.close(),
  };
  return { db: wrapped, counter };
};

const add = (sku: string, quantity = 1): EngineAction[] =>
  [{ action: 'addLineItem', sku, quantity, lineItemShipping: { salesChannel: 'KOUS' } }] as never;

const guest = () => ({ kind: 'guest' as const, id: crypto.randomUUID() });

const refusal = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    if (error instanceof ApiError) return { status: error.statusCode, errors: error.errors };
    throw error;
  }
  throw new Error('the update was not refused');
};

describe('an update at the version last written', () => {
  it('is one statement, and answers as a read of the row would', async () => {
    const { db, counter } = counted(server.db);
    const carts = new CartService(db, { cachedFacts: true });
    const owner = guest();
    const sku = skus[0]?.sku ?? '';
    const created = await carts.create(owner, { currency: 'USD' });
    const first = await carts.update(owner, created.id, created.version, add(sku));
    const before = counter.statements;
    const second = await carts.update(owner, created.id, first.version, add(sku, 2));
    expect(counter.statements - before).toBe(1);
    // The same cart a fresh service reads from the row.
    expect(await new CartService(server.db).cart(owner, created.id)).toEqual(second);
    expect(second.lineItems.find((l) => l.sku === sku)?.quantity).toBe(3);
  });

  it('sees a change another service made: 409 at the old version, the change kept at the new', async () => {
    const owner = guest();
    const [a, b] = [new CartService(server.db), new CartService(server.db)];
    const [one, two] = [skus[0]?.sku ?? '', skus[1]?.sku ?? ''];
    const created = await a.create(owner, { currency: 'USD' });
    const v2 = await a.update(owner, created.id, created.version, add(one));
    // Another process's service moves the row on.
    const v3 = await b.update(owner, created.id, v2.version, add(two));
    expect(await refusal(a.update(owner, created.id, v2.version, add(one)))).toMatchObject({
      status: 409,
      errors: [{ code: 'ConcurrentModification', currentVersion: v3.version }],
    });
    const v4 = await a.update(owner, created.id, v3.version, add(one));
    expect(v4.version).toBe(v3.version + 1);
    expect(new Map(v4.lineItems.map((l) => [l.sku, l.quantity]))).toEqual(
      new Map([
        [one, 2],
        [two, 1],
      ]),
    );
  });

  it('answers 404 once the cart has another owner, as a read by the old owner does', async () => {
    const owner = guest();
    const carts = new CartService(server.db);
    const sku = skus[0]?.sku ?? '';
    const created = await carts.create(owner, { currency: 'USD' });
    const v2 = await carts.update(owner, created.id, created.version, add(sku));
    // Account deletion re-keys carts without a new version.
    await server.db.query('UPDATE carts SET owner_key = $2 WHERE id = $1', [
      created.id,
      `guest:${crypto.randomUUID()}`,
    ]);
    expect(await refusal(carts.update(owner, created.id, v2.version, add(sku)))).toMatchObject({
      status: 404,
    });
  });
});

describe('the row an add rewrites', () => {
  /** The server's database with every statement run inside `tx` (nothing of it commits). */
  const inside = (tx: Transaction): Database => ({
    kind: server.db.kind,
    query: (sql, params) => tx.query(sql, params),
    exec: (sql) => tx.exec(sql),
    transaction: (work) => work(tx),
    close: async () => {},
  });

  it('is updated in place: no index holds a column an add changes (migration 019)', async () => {
    const owner = guest();
    const sku = skus[0]?.sku ?? '';
    const created = await new CartService(server.db).create(owner, { currency: 'USD' });
    const hot = await server.db
      .transaction(async (tx) => {
        // The counts of the session's transaction so far (PGlite's include ones not yet flushed).
        const counts = async () =>
          (
            await tx.query<{ updated: number; hot: number }>(
              `SELECT pg_stat_get_xact_tuples_updated('carts'::regclass)::int AS updated,
                      pg_stat_get_xact_tuples_hot_updated('carts'::regclass)::int AS hot`,
            )
          ).rows[0] ?? { updated: 0, hot: 0 };
        const before = await counts();
        const carts = new CartService(inside(tx), { cachedFacts: true });
        const first = await carts.update(owner, created.id, created.version, add(sku));
        await carts.update(owner, created.id, first.version, add(sku));
        const after = await counts();
        const delta = { updated: after.updated - before.updated, hot: after.hot - before.hot };
        throw Object.assign(new Error('roll back'), { counts: delta });
      })
      .catch((error: { counts?: { updated: number; hot: number } }) => error.counts);
    // Each add rewrote state, version and updated_at, and each was a heap-only update. With
    // updated_at in carts_owner_status_idx, an add that moved updated_at could not be (the first
    // here: the second shares its transaction's now()).
    expect(hot).toEqual({ updated: 2, hot: 2 });
  });
});
