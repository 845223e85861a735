/**
 * DEMO_PRODUCTS: `npm start` seeds a fresh database with a generated catalogue of that many
 * products; a bad value stops start-up naming the variable; a database already seeded at another
 * size stops start-up instead of serving the old catalogue under the new setting.
 */
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv, parseDemoProducts } from '../../../server/config';
import type { Database } from '../../../server/db/database';
import { migrate } from '../../../server/db/migrate';
import { openPglite } from '../../../server/db/pglite';
import { DEMO_PRODUCTS, MAX_PRODUCTS } from '../../../server/seed/catalogue/generate';
import { seedCatalogue } from '../../../server/start';
import { startTestServer } from '../../support/test-server';

const log = pino({ level: 'silent' });

describe('DEMO_PRODUCTS', () => {
  it('is unset by default and takes a whole number from the demo size up', () => {
    expect(configFromEnv({}).demoProducts).toBeUndefined();
    expect(configFromEnv({ DEMO_PRODUCTS: ' ' }).demoProducts).toBeUndefined();
    expect(configFromEnv({ DEMO_PRODUCTS: '100000' }).demoProducts).toBe(100_000);
    expect(parseDemoProducts('100_000')).toBe(100_000);
    expect(parseDemoProducts('100,000')).toBe(100_000);
    expect(parseDemoProducts(String(DEMO_PRODUCTS))).toBe(DEMO_PRODUCTS);
    expect(parseDemoProducts(String(MAX_PRODUCTS))).toBe(MAX_PRODUCTS);
  });

  it('stops start-up on a bad value, naming the variable and what it takes', () => {
    for (const bad of ['lots', '0', '-5', '1e5', '2500.5', '10_00', String(DEMO_PRODUCTS - 1)]) {
      expect(() => configFromEnv({ DEMO_PRODUCTS: bad }), bad).toThrow(
        new RegExp(`^DEMO_PRODUCTS must be a whole number of products from ${DEMO_PRODUCTS}`),
      );
    }
    expect(() => configFromEnv({ DEMO_PRODUCTS: String(MAX_PRODUCTS + 1) })).toThrow(
      /DEMO_PRODUCTS.*got "250001"/,
    );
  });
});

describe('seeding a fresh database with DEMO_PRODUCTS', () => {
  const products = DEMO_PRODUCTS + 200;
  let db: Database;
  beforeAll(async () => {
    db = await openPglite(null);
    await migrate(db);
    await seedCatalogue(db, log, undefined, products);
  });
  afterAll(() => db.close());

  const count = async () =>
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM products')).rows[0]?.n;

  it('loads the scaled catalogue, searchable like the demo', async () => {
    expect(await count()).toBe(products);
    const search = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM search_documents WHERE category = $1',
      ['service-parts'],
    );
    expect(search.rows[0]?.n).toBe(200);
  });

  it('starts again on it at the same size, or with the variable unset, writing nothing', async () => {
    await seedCatalogue(db, log, undefined, products);
    await seedCatalogue(db, log);
    expect(await count()).toBe(products);
  });

  it('refuses another size, saying what is there and how to get the one asked for', async () => {
    await expect(seedCatalogue(db, log, undefined, DEMO_PRODUCTS)).rejects.toThrow(
      `DEMO_PRODUCTS is ${DEMO_PRODUCTS}, but the database already holds a catalogue of ${products} products. Start with a fresh DATA_DIR`,
    );
    expect(await count()).toBe(products);
  });
});

describe('npm start with DEMO_PRODUCTS on a database seeded with the demo', () => {
  it('stops start-up instead of serving the demo as the larger catalogue', async () => {
    await expect(startTestServer({ demoProducts: 100_000 })).rejects.toThrow(
      `DEMO_PRODUCTS is 100000, but the database already holds a catalogue of ${DEMO_PRODUCTS} products`,
    );
  });
});
