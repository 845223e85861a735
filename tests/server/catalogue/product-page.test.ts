/**
 * The product page's reader (server/catalog/product-page.ts): live stock laid over the document
 * agrees with the document the catalogue load would write for that stock, and the answer cache
 * serves an answer only while the catalogue version it was read at is current — a read overtaken
 * by a bump is not served afterwards. On a PostgreSQL server the version is the database's
 * search_version row, read for every request, so another process's order is seen at once.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  InProcessCatalogueVersion,
  catalogueVersionOf,
} from '../../../server/catalog/catalogue-version';
import { pdpAnswer } from '../../../server/api/search';
import { ProductPages, withLiveStock } from '../../../server/catalog/product-page';
import type { Database, DatabaseKind } from '../../../server/db/database';
import { toSearchDocument, type SearchDocument } from '../../../server/search/documents';
import { generateCatalogue } from '../../../server/seed/catalogue/generate';

const catalogue = generateCatalogue();
const withVariants = catalogue.products.filter((p) => p.variants.length > 0);

describe('withLiveStock', () => {
  it('writes the stock as the catalogue load writes it, for any units', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: withVariants.length - 1 }),
        fc.array(fc.integer({ min: 0, max: 500 }), { minLength: 12, maxLength: 12 }),
        (index, quantities) => {
          const product = withVariants[index]!;
          const now = {
            ...product,
            variants: product.variants.map((v, i) => ({ ...v, availableQty: quantities[i % 12]! })),
          };
          const units = new Map(now.variants.map((v) => [v.sku, v.availableQty]));
          expect(withLiveStock(toSearchDocument(product, catalogue), units)).toEqual(
            toSearchDocument(now, catalogue),
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it('leaves a product with no variants as it is', () => {
    const doc: SearchDocument = { sku_s: 'K-1', inStock_b: false, availableQty_i: 0 };
    expect(withLiveStock(doc, new Map())).toBe(doc);
  });
});

/** A database answering the pdp query with one product whose units the test sets; it counts reads. */
const fakeDatabase = (kind: DatabaseKind) => {
  const state = {
    units: 5,
    reads: 0,
    versionReads: 0,
    version: 1,
    hold: null as Promise<void> | null,
  };
  const doc: SearchDocument = {
    sku_s: 'K-1',
    slug_s: 'tap-k-1',
    'Color.SKU.Details_ss': ['K-1-CP|false|Chrome|#ccc|CP|5|/img.png'],
    inStock_b: true,
    availableQty_i: 5,
  };
  const db = {
    kind,
    async query(sql: string, params?: unknown[]) {
      if (sql.includes('search_version')) {
        state.versionReads += 1;
        const rows = [{ catalogue: String(state.version), sessions: '1' }];
        return { rows, rowCount: 1 };
      }
      state.reads += 1;
      const units = state.units;
      if (state.hold !== null) await state.hold;
      const rows = params?.[0] === 'tap-k-1' ? [{ doc, stock: [['K-1-CP', units]] }] : [];
      return { rows, rowCount: rows.length };
    },
  } as unknown as Database;
  return { db, state };
};

const json = (found: unknown) => JSON.stringify(found);
const unitsIn = (bytes: Buffer): number =>
  (JSON.parse(bytes.toString('utf8')) as { docs: SearchDocument[] }).docs[0]
    ?.availableQty_i as number;

describe('ProductPages', () => {
  it('reads once while the version stands, and again after a bump', async () => {
    const { db, state } = fakeDatabase('pglite');
    const pages = new ProductPages(db);
    expect(unitsIn(await pages.bytes('tap-k-1', null, json))).toBe(5);
    state.units = 3;
    expect(unitsIn(await pages.bytes('tap-k-1', null, json))).toBe(5);
    expect(state.reads).toBe(1);
    catalogueVersionOf(db).bump('stock');
    expect(unitsIn(await pages.bytes('tap-k-1', null, json))).toBe(3);
    expect(state.reads).toBe(2);
  });

  it('keys answers by slug and fields', async () => {
    const { db, state } = fakeDatabase('pglite');
    const pages = new ProductPages(db);
    const all = await pages.bytes('tap-k-1', null, json);
    const some = await pages.bytes('tap-k-1', ['sku_s'], json);
    const none = await pages.bytes('tap-k-2', null, json);
    expect(JSON.parse(some.toString())).toEqual({ numFound: 1, docs: [{ sku_s: 'K-1' }] });
    expect(JSON.parse(none.toString())).toEqual({ numFound: 0, docs: [] });
    expect(all).not.toBe(some);
    expect(state.reads).toBe(3);
    await pages.bytes('tap-k-1', ['sku_s'], json);
    expect(state.reads).toBe(3);
  });

  it('shares one read among requests arriving while it runs', async () => {
    const { db, state } = fakeDatabase('pglite');
    const pages = new ProductPages(db);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => pages.bytes('tap-k-1', null, json)),
    );
    expect(new Set(answers).size).toBe(1);
    expect(state.reads).toBe(1);
  });

  it('does not serve a read that an order overtook', async () => {
    const { db, state } = fakeDatabase('pglite');
    const pages = new ProductPages(db);
    let release = () => {};
    state.hold = new Promise((resolve) => (release = resolve));
    const slow = pages.bytes('tap-k-1', null, json);
    // The read has its units (5); an order commits and bumps before the read finishes.
    await Promise.resolve();
    state.units = 2;
    catalogueVersionOf(db).bump('stock');
    release();
    state.hold = null;
    expect(unitsIn(await slow)).toBe(5);
    expect(unitsIn(await pages.bytes('tap-k-1', null, json))).toBe(2);
  });

  it('keeps at most maxEntries answers', async () => {
    const { db, state } = fakeDatabase('pglite');
    const pages = new ProductPages(db, { maxEntries: 2 });
    for (const fields of [['a'], ['b'], ['c']]) await pages.bytes('tap-k-1', fields, json);
    await pages.bytes('tap-k-1', ['c'], json);
    expect(state.reads).toBe(3);
    await pages.bytes('tap-k-1', ['a'], json);
    expect(state.reads).toBe(4);
  });

  it('on PostgreSQL, keeps answers under the database version, which any process moves', async () => {
    const { db, state } = fakeDatabase('postgres');
    expect(catalogueVersionOf(db).isShared).toBe(true);
    const pages = new ProductPages(db);
    await pages.bytes('tap-k-1', null, json);
    await pages.bytes('tap-k-1', null, json);
    expect(state.reads).toBe(1);
    expect(state.versionReads).toBeGreaterThanOrEqual(2);
    // Another process commits an order: its transaction moved search_version, not this process.
    state.units = 1;
    state.version += 1;
    expect(unitsIn(await pages.bytes('tap-k-1', null, json))).toBe(1);
    expect(state.reads).toBe(2);
  });
});

describe('CatalogueVersion', () => {
  it('only grows, one version per database', () => {
    const version = new InProcessCatalogueVersion();
    const seen = [version.current()];
    for (const change of ['stock', 'prices', 'catalogue'] as const) {
      version.bump(change);
      seen.push(version.current());
    }
    expect(seen).toEqual([0, 1, 2, 3]);
    const { db } = fakeDatabase('pglite');
    expect(catalogueVersionOf(db)).toBe(catalogueVersionOf(db));
    expect(catalogueVersionOf(fakeDatabase('pglite').db)).not.toBe(catalogueVersionOf(db));
  });
});

describe('the pdp answer as bytes', () => {
  it('is the product part and the query id as JSON, whatever either holds', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ unit: 'grapheme' }), (response, id) => {
        const bytes = pdpAnswer(Buffer.from(JSON.stringify(response), 'utf8'), id);
        expect(JSON.parse(bytes.toString('utf8'))).toEqual({
          response: JSON.parse(JSON.stringify(response)),
          fusion: { fusionQueryId: id },
        });
      }),
    );
  });
});
