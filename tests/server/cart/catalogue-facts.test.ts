/**
 * Catalogue facts kept per catalogue version (server/cart/catalogue-facts.ts CatalogueFactsCache):
 * whatever SKUs a cart names, the facts are those a read of the tables gives; what was read at the
 * current version is not read again; a committed change shows once the version moves; a read
 * overtaken by a change is not kept; and a database other processes write is always read.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  InProcessCatalogueVersion,
  type CatalogueVersion,
} from '../../../server/catalog/catalogue-version';

/** A version that does not see every writer (as the PostgreSQL one did before it was shared). */
const notShared = (): CatalogueVersion => ({
  isShared: false,
  current: () => 0,
  bump: () => undefined,
  changed: () => undefined,
});
import { CatalogueFactsCache, loadCatalogueFacts } from '../../../server/cart/catalogue-facts';
import type { Queryable } from '../../../server/db/database';
import { startTestServer, type TestServer } from '../../support/test-server';

let server: TestServer;
/** Variant SKUs, master SKUs (bundles with parts and products with required items among them). */
let skus: string[];

beforeAll(async () => {
  server = await startTestServer();
  const rows = await server.db.query<{ sku: string }>(
    `(SELECT v.sku FROM product_variants v ORDER BY v.sku LIMIT 25)
     UNION ALL (SELECT p.sku FROM products p ORDER BY p.sku LIMIT 10)
     UNION ALL (SELECT p.sku FROM products p WHERE cardinality(p.super_sku_components) > 0 LIMIT 5)
     UNION ALL (SELECT v.sku FROM product_variants v JOIN products p ON p.sku = v.product_sku
                 WHERE cardinality(p.required_items) > 0 LIMIT 5)`,
  );
  skus = [...rows.rows.map((r) => r.sku), 'NO-SUCH-SKU'];
});
afterAll(() => server.dispose());

/** The database, counting the statements run through it. */
const counting = (db: Queryable) => {
  const counter = { statements: 0 };
  const queryable: Queryable = {
    query: (sql, params) => {
      counter.statements += 1;
      return db.query(sql, params);
    },
  };
  return { queryable, counter };
};

const asObject = (facts: ReadonlyMap<string, unknown>) =>
  Object.fromEntries([...facts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

describe('CatalogueFactsCache', () => {
  it('answers the facts a read of the tables gives, for any SKUs and currency, from memory after', async () => {
    // A version every writer bumps, as the embedded database's is (the only one the cache serves).
    const cache = new CatalogueFactsCache(new InProcessCatalogueVersion());
    await fc.assert(
      fc.asyncProperty(
        fc.subarray(skus, { maxLength: 8 }),
        fc.constantFrom('USD', 'CAD', 'EUR'),
        async (wanted, currency) => {
          const expected = asObject(await loadCatalogueFacts(server.db, wanted, currency));
          expect(asObject(await cache.load(server.db, wanted, currency))).toEqual(expected);
          // Known SKUs read at this version are not read again.
          const known = wanted.filter((s) => s !== 'NO-SUCH-SKU');
          const { queryable, counter } = counting(server.db);
          expect(asObject(await cache.load(queryable, known, currency))).toEqual(
            asObject(await loadCatalogueFacts(server.db, known, currency)),
          );
          expect(counter.statements).toBe(0);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('shows a committed stock change once the catalogue version moves', async () => {
    const version = new InProcessCatalogueVersion();
    const cache = new CatalogueFactsCache(version);
    const sku = skus[0] ?? '';
    const before = (await cache.load(server.db, [sku], 'USD')).get(sku)?.availableQty ?? 0;
    await server.db.query('UPDATE product_variants SET available_qty = $2 WHERE sku = $1', [
      sku,
      before + 7,
    ]);
    try {
      // Every writer bumps the version once it has committed; until then the facts are the kept ones.
      expect((await cache.load(server.db, [sku], 'USD')).get(sku)?.availableQty).toBe(before);
      version.bump('stock');
      expect((await cache.load(server.db, [sku], 'USD')).get(sku)?.availableQty).toBe(before + 7);
    } finally {
      await server.db.query('UPDATE product_variants SET available_qty = $2 WHERE sku = $1', [
        sku,
        before,
      ]);
      version.bump('stock');
    }
  });

  it('keeps nothing read while the version moved', async () => {
    const version = new InProcessCatalogueVersion();
    const cache = new CatalogueFactsCache(version);
    const wanted = skus.slice(0, 3);
    const moving: Queryable = {
      query: async <Row>(sql: string, params?: unknown[]) => {
        const result = await server.db.query<Row>(sql, params);
        version.bump('stock');
        return result;
      },
    };
    const expected = asObject(await loadCatalogueFacts(server.db, wanted, 'USD'));
    expect(asObject(await cache.load(moving, wanted, 'USD'))).toEqual(expected);
    const { queryable, counter } = counting(server.db);
    expect(asObject(await cache.load(queryable, wanted, 'USD'))).toEqual(expected);
    expect(counter.statements).toBe(2);
  });

  it('reads the tables every time when other processes write the database too', async () => {
    const cache = new CatalogueFactsCache(notShared());
    const wanted = skus.slice(0, 3);
    await cache.load(server.db, wanted, 'USD');
    const { queryable, counter } = counting(server.db);
    await cache.load(queryable, wanted, 'USD');
    expect(counter.statements).toBe(2);
  });
});
