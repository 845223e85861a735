/**
 * Writing the demo catalogue (server/catalog/load-catalogue.ts) builds the tables' secondary
 * indexes after the rows are in: afterwards every index the migrations define is there again,
 * exactly as defined, and the catalogue is all there; a second load writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_TABLES, loadCatalogue } from '../../../server/catalog/load-catalogue';
import type { Database } from '../../../server/db/database';
import { migrate } from '../../../server/db/migrate';
import { openEmptyTestDatabase } from '../../support/test-database';
import { generateCatalogue } from '../../../server/seed/catalogue/generate';

let db: Database;

beforeAll(async () => {
  db = await openEmptyTestDatabase();
  await migrate(db);
});
afterAll(async () => {
  await db?.close();
});

const indexes = async () =>
  (
    await db.query<{ table: string; name: string; definition: string }>(
      `SELECT tablename AS table, indexname AS name, indexdef AS definition
         FROM pg_indexes WHERE schemaname = current_schema() ORDER BY tablename, indexname`,
    )
  ).rows;

describe('loadCatalogue', () => {
  it('leaves every index as the migrations define it, the rows all written, and writes once', async () => {
    const before = await indexes();
    expect(before.filter((i) => i.table === 'search_documents').length).toBeGreaterThan(5);
    const catalogue = generateCatalogue();

    const report = await loadCatalogue(db, catalogue);

    expect(report.loaded).toBe(true);
    expect(await indexes()).toEqual(before);
    const counts = await db.query<{ products: number; search: number; variants: number }>(
      `SELECT (SELECT count(*)::int FROM products) AS products,
              (SELECT count(*)::int FROM search_documents) AS search,
              (SELECT count(*)::int FROM search_variant_documents) AS variants`,
    );
    expect(counts.rows[0]).toEqual({
      products: catalogue.products.length,
      search: catalogue.products.length,
      variants: report.variants,
    });
    // The rebuilt indexes answer: a trigram search of titles finds the products it should.
    const word = catalogue.products[0]?.title.split(' ')[0] ?? '';
    const found = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM search_documents WHERE title % $1 OR title ILIKE $2',
      [word, `%${word}%`],
    );
    expect(found.rows[0]?.n).toBeGreaterThan(0);

    // Planner statistics for every table written, read by the joins of a cart's catalogue facts
    // too: without them product_prices looked like a few rows and every price was scanned.
    const analyzed = await db.query<{ table: string }>(
      `SELECT DISTINCT tablename AS table FROM pg_stats WHERE schemaname = current_schema()`,
    );
    const withStatistics = new Set(analyzed.rows.map((r) => r.table));
    for (const table of [
      'categories',
      'finishes',
      'products',
      'product_variants',
      'product_prices',
    ]) {
      expect(CATALOGUE_TABLES).toContain(table);
    }
    for (const table of CATALOGUE_TABLES) {
      const rows = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
      if ((rows.rows[0]?.n ?? 0) > 0)
        expect({ table, analyzed: withStatistics.has(table) }).toEqual({ table, analyzed: true });
    }

    expect((await loadCatalogue(db, catalogue)).loaded).toBe(false);
    expect(await indexes()).toEqual(before);
  }, 120_000);
});
