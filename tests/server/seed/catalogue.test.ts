import { afterEach, describe, expect, it, vi } from 'vitest';
import { generateCatalogue } from '../../../server/seed/catalogue/generate';
import type { Catalogue, ProductRecord } from '../../../server/seed/catalogue/model';

const REFERENCE_DATE = '2026-11-01';

/** The taxonomy of shared/CATALOGUE.md with its price bands in dollars. */
const TAXONOMY: Readonly<Record<string, readonly [number, number]>> = {
  toilets: [180, 8000],
  'bathroom-sinks': [90, 1400],
  'bathroom-faucets': [70, 900],
  showers: [40, 3500],
  bathtubs: [500, 6000],
  vanities: [300, 3000],
  'mirrors-cabinets': [80, 1500],
  'bathroom-accessories': [15, 250],
  'kitchen-sinks': [180, 2500],
  'kitchen-faucets': [90, 1200],
  'kitchen-accessories': [10, 400],
  'service-parts': [5, 250],
  'design-services': [0, 500],
  'install-services': [150, 900],
};
const METAL = ['CP', 'BN', 'BL', 'BB', 'TT', 'BZ'];
const COLOR = ['WH', 'BI', 'AL', 'BK', 'GR'];
const US_STATES = new Set(
  'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC'.split(
    ' ',
  ),
);
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

const bySku = (catalogue: Catalogue): Map<string, ProductRecord> =>
  new Map(catalogue.products.map((p) => [p.sku, p]));
const inCategory = (catalogue: Catalogue, slug: string): ProductRecord[] =>
  catalogue.products.filter((p) => p.categorySlug === slug);
const us = (p: ProductRecord) => p.prices.find((price) => price.region === 'US');
const variants = (catalogue: Catalogue) => catalogue.products.flatMap((p) => p.variants);
/** Names of the items failing a check: one assertion, with a readable failure, instead of thousands. */
const failing = <T>(
  items: readonly T[],
  ok: (item: T) => boolean,
  name: (item: T) => string,
): string[] => items.filter((item) => !ok(item)).map(name);

const hyphenate = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

describe('generateCatalogue determinism', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('gives deep-equal catalogues for the same seed, and 2026 by default', () => {
    expect(generateCatalogue(2026)).toEqual(generateCatalogue(2026));
    expect(generateCatalogue()).toEqual(generateCatalogue(2026));
  });

  it('gives a different catalogue for a different seed', () => {
    const a = generateCatalogue(2026);
    const b = generateCatalogue(7);
    expect(b.products.map((p) => p.title)).not.toEqual(a.products.map((p) => p.title));
  });

  it('reads neither the clock nor Math.random', () => {
    const expected = generateCatalogue(11);
    vi.spyOn(Math, 'random').mockImplementation(() => {
      throw new Error('Math.random used');
    });
    vi.useFakeTimers();
    vi.setSystemTime(new Date('1999-03-04T05:06:07Z'));
    expect(generateCatalogue(11)).toEqual(expected);
    vi.setSystemTime(new Date('2041-08-09T10:11:12Z'));
    expect(generateCatalogue(11)).toEqual(expected);
  });

  it('takes well under a second', () => {
    const started = performance.now();
    generateCatalogue(3);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe.each([2026, 1, 4242])('catalogue of seed %i', (seed) => {
  const catalogue = generateCatalogue(seed);
  const products = bySku(catalogue);
  const finishCodes = new Set(catalogue.finishes.map((f) => f.code));

  it('has at least 1,000 products across every category of the taxonomy', () => {
    expect(catalogue.products.length).toBeGreaterThanOrEqual(1000);
    expect(catalogue.categories.map((c) => c.slug).sort()).toEqual(Object.keys(TAXONOMY).sort());
    for (const slug of Object.keys(TAXONOMY)) {
      const minimum = slug.endsWith('-services') ? 5 : 50;
      expect(inCategory(catalogue, slug).length, slug).toBeGreaterThanOrEqual(minimum);
    }
    for (const product of catalogue.products) {
      expect(Object.keys(TAXONOMY)).toContain(product.categorySlug);
    }
  });

  it('has unique master SKUs K-<4–5 digits>, unique slugs and unique variant SKUs', () => {
    const masters = catalogue.products.map((p) => p.sku);
    expect(new Set(masters).size).toBe(masters.length);
    for (const sku of masters) expect(sku).toMatch(/^K-\d{4,5}$/);
    const slugs = catalogue.products.map((p) => p.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    const skus = variants(catalogue).map((v) => v.sku);
    expect(new Set([...skus, ...masters]).size).toBe(skus.length + masters.length);
  });

  it('builds slugs from the hyphenated title and the master SKU', () => {
    const wrong = failing(
      catalogue.products,
      (p) =>
        p.slug === `${hyphenate(p.title)}-${p.sku.toLowerCase()}` &&
        /^[a-z0-9]+(-[a-z0-9]+)*$/.test(p.slug),
      (p) => p.slug,
    );
    expect(wrong).toEqual([]);
  });

  it('names every variant master-finish, with a known finish and its image URL', () => {
    const wrong = failing(
      catalogue.products,
      (p) =>
        p.variants.length > 0 &&
        new Set(p.variants.map((v) => v.finishCode)).size === p.variants.length &&
        p.variants.every(
          (v) =>
            v.sku === `${p.sku}-${v.finishCode}` &&
            finishCodes.has(v.finishCode) &&
            v.imageUrl === `/images/products/${v.sku}.svg` &&
            Number.isInteger(v.availableQty) &&
            v.availableQty >= 0,
        ),
      (p) => p.sku,
    );
    expect(wrong).toEqual([]);
  });

  it('offers faucets, showers and accessories in metal finishes and fixtures in colours', () => {
    const metalCategories = ['bathroom-faucets', 'kitchen-faucets', 'bathroom-accessories'];
    for (const slug of metalCategories) {
      for (const p of inCategory(catalogue, slug)) {
        for (const v of p.variants) expect(METAL, p.sku).toContain(v.finishCode);
      }
    }
    for (const p of inCategory(catalogue, 'showers')) {
      const allowed = p.attributes['type'] === 'valve' ? ['NA'] : METAL;
      for (const v of p.variants) expect(allowed).toContain(v.finishCode);
    }
    for (const slug of ['toilets', 'bathroom-sinks', 'bathtubs', 'vanities']) {
      for (const p of inCategory(catalogue, slug)) {
        for (const v of p.variants) expect(COLOR, p.sku).toContain(v.finishCode);
      }
    }
    const finishes = new Map(catalogue.finishes.map((f) => [f.code, f]));
    for (const code of METAL) expect(finishes.get(code)?.kind).toBe('metal');
    for (const code of COLOR) expect(finishes.get(code)?.kind).toBe('color');
    for (const f of catalogue.finishes) expect(f.hex).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('sells design and install services as one variant with no finish choice and ample stock', () => {
    for (const slug of ['design-services', 'install-services']) {
      for (const p of inCategory(catalogue, slug)) {
        expect(p.kind).toBe(slug === 'design-services' ? 'design-service' : 'install-service');
        expect(p.variants).toHaveLength(1);
        expect(p.variants[0]?.finishCode).toBe('NA');
        expect(p.variants[0]?.availableQty).toBeGreaterThanOrEqual(1000);
        expect(p.variants[0]?.discontinuedAt).toBeNull();
      }
    }
  });

  it('refers only to SKUs that exist (components, required items, pairs, fits, reviews)', () => {
    for (const p of catalogue.products) {
      for (const sku of [
        ...p.superSkuComponents,
        ...p.requiredItems,
        ...p.pairsWellWith,
        ...p.fitsModels,
      ]) {
        expect(products.has(sku), `${p.sku} → ${sku}`).toBe(true);
        expect(sku).not.toBe(p.sku);
      }
    }
    for (const review of catalogue.reviews) expect(products.has(review.sku)).toBe(true);
  });

  it('sells two-piece toilets as super SKUs of a bowl and a tank that are products too', () => {
    const supers = catalogue.products.filter((p) => p.superSkuComponents.length > 0);
    expect(supers.length).toBeGreaterThanOrEqual(5);
    for (const p of supers) {
      expect(p.categorySlug).toBe('toilets');
      expect(p.attributes['pieces']).toBe('two');
      const types = p.superSkuComponents.map((sku) => products.get(sku)?.attributes['type']);
      expect(types.sort()).toEqual(['bowl', 'tank']);
      for (const sku of p.superSkuComponents) {
        expect(products.get(sku)?.superSkuComponents).toEqual([]);
      }
    }
  });

  it('makes every shower valve trim require a rough-in valve', () => {
    const trims = inCategory(catalogue, 'showers').filter(
      (p) => p.attributes['type'] === 'valve trim',
    );
    expect(trims.length).toBeGreaterThanOrEqual(5);
    for (const trim of trims) {
      expect(trim.requiredItems).toHaveLength(1);
      const valve = products.get(trim.requiredItems[0] ?? '');
      expect(valve?.categorySlug).toBe('showers');
      expect(valve?.attributes['type']).toBe('valve');
    }
    const requiring = catalogue.products.filter((p) => p.requiredItems.length > 0);
    expect(requiring.every((p) => p.attributes['type'] === 'valve trim')).toBe(true);
  });

  it('pairs products well only within their collection, across categories', () => {
    const paired = catalogue.products.filter((p) => p.pairsWellWith.length > 0);
    expect(paired.length).toBeGreaterThan(100);
    for (const p of paired) {
      expect(p.collectionSlug).not.toBeNull();
      expect(p.pairsWellWith.length).toBeLessThanOrEqual(4);
      for (const sku of p.pairsWellWith) {
        const other = products.get(sku);
        expect(other?.collectionSlug).toBe(p.collectionSlug);
        expect(other?.categorySlug).not.toBe(p.categorySlug);
      }
    }
    const collections = new Set(catalogue.collections.map((c) => c.slug));
    expect(collections.size).toBeGreaterThanOrEqual(4);
    for (const slug of collections) {
      const categories = new Set(
        catalogue.products.filter((p) => p.collectionSlug === slug).map((p) => p.categorySlug),
      );
      for (const needed of ['bathroom-faucets', 'bathroom-sinks', 'bathroom-accessories']) {
        expect(categories.has(needed), `${slug} has ${needed}`).toBe(true);
      }
    }
  });

  it('links service parts to the faucet, toilet and shower models they fit, so every faucet and toilet finds a part', () => {
    const parts = inCategory(catalogue, 'service-parts');
    const fitted = new Set(parts.flatMap((p) => p.fitsModels));
    for (const part of parts) {
      expect(part.kind).toBe('part');
      expect(part.fitsModels.length).toBeGreaterThan(0);
      for (const sku of part.fitsModels) {
        expect(['bathroom-faucets', 'kitchen-faucets', 'toilets', 'showers']).toContain(
          products.get(sku)?.categorySlug,
        );
        expect(part.description).toContain(sku.slice(2));
      }
    }
    const needsParts = catalogue.products.filter(
      (p) =>
        p.categorySlug === 'bathroom-faucets' ||
        p.categorySlug === 'kitchen-faucets' ||
        (p.categorySlug === 'toilets' && p.attributes['type'] !== 'bowl'),
    );
    for (const p of needsParts) expect(fitted.has(p.sku), p.sku).toBe(true);
    for (const p of catalogue.products) {
      if (p.categorySlug !== 'service-parts') expect(p.fitsModels).toEqual([]);
    }
  });

  it('prices every product in US and CA, within its category band, with sales below list', () => {
    const wrong = failing(
      catalogue.products,
      (p) => {
        const regions = p.prices.map((price) => `${price.region}/${price.currency}`).sort();
        const [min, max] = TAXONOMY[p.categorySlug] ?? [0, 0];
        const list = us(p)?.listCents ?? -1;
        const onSale = p.prices.map((price) => price.saleCents !== null);
        return (
          regions.join() === 'CA/CAD,US/USD' &&
          list >= min * 100 &&
          list <= max * 100 &&
          p.prices.every(
            (price) =>
              Number.isInteger(price.listCents) &&
              (price.saleCents === null ||
                (Number.isInteger(price.saleCents) &&
                  price.saleCents > 0 &&
                  price.saleCents < price.listCents)),
          ) &&
          new Set(onSale).size === 1 &&
          (p.saleOffer !== null) === onSale[0] &&
          (p.saleOffer === null || p.saleOffer.trim().length > 5)
        );
      },
      (p) => `${p.sku} ${JSON.stringify(p.prices)}`,
    );
    expect(wrong).toEqual([]);
  });

  it('puts 10–20 % of products on sale', () => {
    const share =
      catalogue.products.filter((p) => us(p)?.saleCents !== null).length /
      catalogue.products.length;
    expect(share).toBeGreaterThanOrEqual(0.1);
    expect(share).toBeLessThanOrEqual(0.2);
  });

  it('rates each product by the one-decimal average of its reviews', () => {
    const ratings = new Map<string, number[]>();
    for (const r of catalogue.reviews)
      ratings.set(r.sku, [...(ratings.get(r.sku) ?? []), r.rating]);
    for (const p of catalogue.products) {
      const own = ratings.get(p.sku) ?? [];
      expect(p.reviewCount).toBe(own.length);
      const average = own.length === 0 ? 0 : own.reduce((a, b) => a + b, 0) / own.length;
      expect(p.rating).toBe(Math.round(average * 10) / 10);
    }
  });

  it('has a few hundred plausible reviews', () => {
    expect(catalogue.reviews.length).toBeGreaterThanOrEqual(200);
    expect(catalogue.reviews.length).toBeLessThanOrEqual(1200);
    const ids = catalogue.reviews.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of catalogue.reviews) {
      expect([1, 2, 3, 4, 5]).toContain(r.rating);
      expect(r.body.length).toBeGreaterThan(10);
      expect(r.author).toMatch(/^[A-Z][a-z]+ [A-Z]\.$/);
      expect(r.createdAt < REFERENCE_DATE).toBe(true);
      expect(r.createdAt.slice(0, 10) >= (products.get(r.sku)?.launchDate ?? '')).toBe(true);
    }
  });

  it('discontinues some variants in the past and schedules others for the future', () => {
    const dated = variants(catalogue).filter((v) => v.discontinuedAt !== null);
    for (const v of dated) expect(v.discontinuedAt).toMatch(ISO_DAY);
    const past = dated.filter((v) => (v.discontinuedAt ?? '') < REFERENCE_DATE);
    const future = dated.filter((v) => (v.discontinuedAt ?? '') > REFERENCE_DATE);
    expect(past.length).toBeGreaterThanOrEqual(10);
    expect(future.length).toBeGreaterThanOrEqual(10);
    const whollyDiscontinued = catalogue.products.filter((p) =>
      p.variants.every((v) => v.discontinuedAt !== null && v.discontinuedAt < REFERENCE_DATE),
    );
    expect(whollyDiscontinued.length).toBeGreaterThanOrEqual(1);
    for (const p of catalogue.products) {
      for (const v of p.variants) {
        if (v.discontinuedAt !== null) expect(v.discontinuedAt > p.launchDate).toBe(true);
      }
    }
  });

  it('has out-of-stock variants and back-orderable products with lead times', () => {
    expect(variants(catalogue).filter((v) => v.availableQty === 0).length).toBeGreaterThanOrEqual(
      20,
    );
    const backorderable = catalogue.products.filter((p) => p.backorderable);
    expect(backorderable.length).toBeGreaterThanOrEqual(10);
    for (const p of catalogue.products) {
      expect(p.leadTimeDays !== null, p.sku).toBe(p.backorderable);
      if (p.leadTimeDays !== null) expect(p.leadTimeDays).toBeGreaterThan(0);
    }
    expect(backorderable.some((p) => p.variants.some((v) => v.availableQty === 0))).toBe(true);
  });

  it('ships tubs and cast-iron sinks by freight, and some products not to some states', () => {
    for (const p of inCategory(catalogue, 'bathtubs')) expect(p.freight).toBe(true);
    const castIron = catalogue.products.filter(
      (p) => p.categorySlug.endsWith('sinks') && p.attributes['material'] === 'cast iron',
    );
    expect(castIron.length).toBeGreaterThan(0);
    for (const p of castIron) expect(p.freight).toBe(true);
    const restricted = catalogue.products.filter((p) => p.noShipStates.length > 0);
    expect(restricted.length).toBeGreaterThanOrEqual(3);
    for (const p of restricted) {
      for (const state of p.noShipStates) expect(US_STATES.has(state), state).toBe(true);
    }
    for (const p of inCategory(catalogue, 'showers')) {
      if (Number(p.attributes['gpm']) > 2) expect(p.noShipStates).toContain('CA');
    }
  });

  it('has a few retail exclusives', () => {
    const exclusives = catalogue.products.filter((p) => p.retailExclusive);
    expect(exclusives.length).toBeGreaterThanOrEqual(3);
    expect(exclusives.length).toBeLessThan(catalogue.products.length / 20);
  });

  it('uses the category facet attributes, named as single lower-case words', () => {
    for (const category of catalogue.categories) {
      for (const name of category.facetAttributes) expect(name).toMatch(/^[a-z]+$/);
      const own = inCategory(catalogue, category.slug);
      for (const p of own) {
        for (const [name, value] of Object.entries(p.attributes)) {
          expect(category.facetAttributes, `${p.sku}.${name}`).toContain(name);
          expect(String(value).trim()).not.toBe('');
        }
      }
      for (const name of category.facetAttributes) {
        expect(
          own.some((p) => p.attributes[name] !== undefined),
          `${category.slug}.${name}`,
        ).toBe(true);
      }
    }
  });

  it('gives every product documents with download links, specs in groups and searchable text', () => {
    const finishes = new Map(catalogue.finishes.map((f) => [f.code, f.name]));
    const groups = ['Dimensions', 'Materials', 'Performance', 'Installation', 'General'];
    const badDocuments = failing(
      catalogue.products,
      (p) => {
        const kinds = p.documents.map((d) => d.kind);
        const installable = p.kind === 'finished-good' || p.kind === 'part';
        return (
          kinds.includes('spec-sheet') &&
          kinds.includes('warranty') &&
          (!installable || kinds.includes('installation-guide')) &&
          p.documents.every(
            (d) =>
              d.title.trim() !== '' &&
              d.url ===
                `/api/catalog/pdf-file-download?page=${encodeURIComponent(`${p.sku}-${d.kind}`)}`,
          )
        );
      },
      (p) => p.sku,
    );
    expect(badDocuments).toEqual([]);
    const badSpecs = failing(
      catalogue.products,
      (p) =>
        p.specs.length >= 2 &&
        p.specs.every((s) => groups.includes(s.group) && s.value.trim() !== ''),
      (p) => p.sku,
    );
    expect(badSpecs).toEqual([]);
    const badText = failing(
      catalogue.products,
      (p) =>
        p.description.length > 40 &&
        !/[<>]/.test(p.description) &&
        (p.categorySlug === 'service-parts' ||
          p.variants.every(
            (v) =>
              v.finishCode === 'NA' || p.description.includes(finishes.get(v.finishCode) ?? '?'),
          )),
      (p) => p.sku,
    );
    expect(badText).toEqual([]);
    expect(
      catalogue.products.some((p) => p.documents.some((d) => d.kind === 'parts-diagram')),
    ).toBe(true);
    const faucetsWithoutMount = failing(
      inCategory(catalogue, 'bathroom-faucets'),
      (p) => p.description.includes(String(p.attributes['mount'])),
      (p) => p.sku,
    );
    expect(faucetsWithoutMount).toEqual([]);
  });

  it('dates launches before the reference date and counts units sold', () => {
    for (const p of catalogue.products) {
      expect(p.launchDate).toMatch(ISO_DAY);
      expect(p.launchDate < REFERENCE_DATE).toBe(true);
      expect(Number.isInteger(p.unitsSold) && p.unitsSold >= 0).toBe(true);
    }
  });

  it('has help articles and top searches', () => {
    expect(catalogue.helpArticles.length).toBeGreaterThanOrEqual(15);
    const slugs = catalogue.helpArticles.map((a) => a.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const a of catalogue.helpArticles) {
      expect(a.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(a.paragraphs.length).toBeGreaterThan(0);
      for (const paragraph of a.paragraphs) expect(paragraph).not.toMatch(/[<>]/);
    }
    expect(catalogue.topSearches.length).toBeGreaterThanOrEqual(10);
    for (const term of ['faucet', 'toilet', 'kitchen sink', 'shower head', 'vanity', 'cartridge']) {
      expect(catalogue.topSearches).toContain(term);
    }
  });
});

describe('the default catalogue', () => {
  const catalogue = generateCatalogue();

  it('holds the documented example K-4120, an Avelle pull-down kitchen faucet in Matte Black', () => {
    const product = catalogue.products.find((p) => p.sku === 'K-4120');
    expect(product?.slug).toBe('avelle-pull-down-kitchen-faucet-k-4120');
    expect(product?.variants.map((v) => v.sku)).toContain('K-4120-BL');
  });

  it('has about 1,100 products', () => {
    expect(catalogue.products.length).toBeGreaterThanOrEqual(1000);
    expect(catalogue.products.length).toBeLessThanOrEqual(1300);
  });
});
