/**
 * The generator's size option (generateCatalogue(seed, { products })): without it, or at the demo
 * size, the demo catalogue byte for byte; above it, exactly that many products, as valid as the
 * demo's under the rules catalogue.test.ts checks on the demo (distinct titles, slugs and SKUs,
 * every category, prices in band, references that resolve, every faucet and toilet finds a part).
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEMO_PRODUCTS,
  MAX_PRODUCTS,
  generateCatalogue,
} from '../../../server/seed/catalogue/generate';
import type { Catalogue, ProductRecord } from '../../../server/seed/catalogue/model';
import { CATEGORIES } from '../../../server/seed/catalogue/reference';

/**
 * sha256 of JSON.stringify(generateCatalogue()) as the demo had it before the size option: the
 * demo, the tests and the e2e pages depend on every byte of it. A deliberate change to the demo
 * catalogue updates this hash in the same commit, saying why.
 */
const DEMO_SHA256 = 'bbbcf62efed3e7d88d90a0eaeb21ff970e3e843d3a6689f478c3c5dee92bfc36';

const sha256 = (catalogue: Catalogue): string =>
  createHash('sha256').update(JSON.stringify(catalogue)).digest('hex');

const hyphenate = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

const duplicates = (values: readonly string[]): string[] => {
  const seen = new Set<string>();
  return values.filter((v) => (seen.has(v) ? true : (seen.add(v), false)));
};

/** What is wrong with a catalogue, as readable lines: [] when it keeps every rule checked here. */
const problems = (catalogue: Catalogue, products: number): string[] => {
  const wrong: string[] = [];
  const all = catalogue.products;
  const bySku = new Map(all.map((p) => [p.sku, p]));
  if (all.length !== products) wrong.push(`${all.length} products, wanted ${products}`);
  for (const [name, values] of [
    ['SKU', all.map((p) => p.sku)],
    ['slug', all.map((p) => p.slug)],
    ['title', all.map((p) => p.title)],
    ['variant SKU', all.flatMap((p) => [p.sku, ...p.variants.map((v) => v.sku)])],
    ['review id', catalogue.reviews.map((r) => r.id)],
  ] as const) {
    const twice = duplicates(values);
    if (twice.length > 0) wrong.push(`repeated ${name}s: ${twice.slice(0, 5).join(', ')}`);
  }
  const bands = new Map(CATEGORIES.map((c) => [c.slug, c.band]));
  const finishes = new Set(catalogue.finishes.map((f) => f.code));
  const categoryOf = (sku: string) => bySku.get(sku)?.categorySlug;
  for (const c of CATEGORIES) {
    if (!all.some((p) => p.categorySlug === c.slug)) wrong.push(`no products in ${c.slug}`);
  }
  const check = (p: ProductRecord, ok: boolean, what: string) => {
    if (!ok) wrong.push(`${p.sku}: ${what}`);
  };
  for (const p of all) {
    const band = bands.get(p.categorySlug);
    const list = p.prices.find((price) => price.region === 'US')?.listCents ?? -1;
    check(p, /^K-\d{4,7}$/.test(p.sku), 'master SKU not K-<model>');
    check(p, p.slug === `${hyphenate(p.title)}-${p.sku.toLowerCase()}`, 'slug not title-sku');
    check(p, band !== undefined && list >= band.min * 100 && list <= band.max * 100, 'price band');
    check(
      p,
      p.variants.length > 0 &&
        p.variants.every((v) => v.sku === `${p.sku}-${v.finishCode}` && finishes.has(v.finishCode)),
      'variants',
    );
    for (const sku of [
      ...p.superSkuComponents,
      ...p.requiredItems,
      ...p.pairsWellWith,
      ...p.fitsModels,
    ]) {
      check(p, bySku.has(sku) && sku !== p.sku, `refers to ${sku}`);
    }
    for (const sku of p.pairsWellWith) {
      check(p, bySku.get(sku)?.collectionSlug === p.collectionSlug, `pairs outside ${sku}`);
    }
    if (p.categorySlug === 'service-parts') {
      check(p, p.fitsModels.length > 0, 'part fits no model');
      for (const sku of p.fitsModels) {
        check(
          p,
          ['bathroom-faucets', 'kitchen-faucets', 'toilets', 'showers'].includes(
            categoryOf(sku) ?? '',
          ) && p.description.includes(sku.slice(2)),
          `fits ${sku}`,
        );
      }
    }
  }
  const fitted = new Set(all.flatMap((p) => p.fitsModels));
  for (const p of all) {
    const needsPart =
      p.categorySlug.endsWith('faucets') ||
      (p.categorySlug === 'toilets' && p.attributes['type'] !== 'bowl');
    check(p, !needsPart || fitted.has(p.sku), 'finds no part');
  }
  for (const review of catalogue.reviews) {
    if (!bySku.has(review.sku)) wrong.push(`review ${review.id} of ${review.sku}`);
  }
  const onSale = all.filter((p) => p.saleOffer !== null).length / all.length;
  if (onSale < 0.1 || onSale > 0.2) wrong.push(`${Math.round(onSale * 100)} % on sale`);
  const exclusives = all.filter((p) => p.retailExclusive).length;
  if (exclusives < 3 || exclusives >= all.length / 20) wrong.push(`${exclusives} exclusives`);
  return wrong;
};

describe('the demo catalogue under the size option', () => {
  const demo = generateCatalogue();

  it('is the catalogue the demo always had, byte for byte', () => {
    expect(demo.products).toHaveLength(DEMO_PRODUCTS);
    expect(sha256(demo)).toBe(DEMO_SHA256);
  });

  it('is what the demo size asks for', () => {
    expect(sha256(generateCatalogue(2026, { products: DEMO_PRODUCTS }))).toBe(DEMO_SHA256);
    expect(generateCatalogue(7, { products: DEMO_PRODUCTS })).toEqual(generateCatalogue(7));
  });

  it('refuses a size it cannot make, naming the option', () => {
    for (const products of [0, DEMO_PRODUCTS - 1, 1500.5, Number.NaN, MAX_PRODUCTS + 1]) {
      expect(() => generateCatalogue(2026, { products })).toThrow(/^products must be a whole/);
    }
  });
});

describe('a scaled catalogue', () => {
  const size = 10_000;
  const scaled = generateCatalogue(2026, { products: size });

  it('has exactly the products asked for, every one valid and distinct, in every category', () => {
    expect(problems(scaled, size)).toEqual([]);
  });

  it('keeps the demo products, same SKU, title and slug, and grows every goods category', () => {
    const demo = generateCatalogue();
    const own = new Map(scaled.products.map((p) => [p.sku, p]));
    const changed = demo.products.filter((p) => {
      const kept = own.get(p.sku);
      return kept?.title !== p.title || kept.slug !== p.slug;
    });
    expect(changed.map((p) => p.sku)).toEqual([]);
    for (const category of CATEGORIES) {
      const count = scaled.products.filter((p) => p.categorySlug === category.slug).length;
      const grows = category.department === 'bathroom' || category.department === 'kitchen';
      expect(count, category.slug).toBeGreaterThan(grows ? category.count * 5 : 0);
    }
  });

  it('is the same for the same seed and size', () => {
    const products = DEMO_PRODUCTS + 2 * 1140 + 500;
    expect(sha256(generateCatalogue(99, { products }))).toBe(
      sha256(generateCatalogue(99, { products })),
    );
  });

  it('is exact and valid at any size and seed, also when its last batch is cut short', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        // Up to a little over three batches of 1,140: whole batches and every cut of the last one.
        fc.integer({ min: DEMO_PRODUCTS, max: DEMO_PRODUCTS + 3 * 1140 + 300 }),
        (seed, products) => {
          expect(problems(generateCatalogue(seed, { products }), products)).toEqual([]);
        },
      ),
      { numRuns: 8 },
    );
  });
});
