/**
 * Generated Solr-shaped search documents (docs/api.md) for the mapper and fake properties: the
 * facts each document was built from are kept beside it, so tests check the mapping against them.
 */
import fc from 'fast-check';
import type { SearchDocument } from '../../../adapters/http/catalog/search-document.codec';

/** The fixed "now" of the properties: 2026-06-15T12:00:00Z. */
export const NOW = Date.UTC(2026, 5, 15, 12);

export const CATEGORIES = [
  { slug: 'kitchen-faucets', name: 'Kitchen Faucets' },
  { slug: 'bathroom-sinks', name: 'Bathroom Sinks' },
  { slug: 'toilets', name: 'Toilets' },
  { slug: 'service-parts', name: 'Service Parts' },
  { slug: 'design-services', name: 'Design Services' },
] as const;

export const FINISHES = [
  { code: 'CP', name: 'Polished Chrome', hex: '#c7ccd1' },
  { code: 'BN', name: 'Brushed Nickel', hex: '#aaa397' },
  { code: 'BL', name: 'Matte Black', hex: '#2b2b2b' },
  { code: 'WH', name: 'White', hex: '#f7f7f4' },
] as const;

export const BRANDS = ['Lavabo', 'Norrland', 'Aster Works'] as const;
export const COLLECTIONS = ['Avelle', 'Cove'] as const;
export const MOUNTS = ['undermount', 'vessel', 'wall'] as const;
export const TITLE_WORDS = [
  'pull-down',
  'faucet',
  'basin',
  'elongated',
  'compact',
  'smart',
] as const;

export interface VariantFacts {
  readonly sku: string;
  readonly finish: (typeof FINISHES)[number];
  /** 'false' or an ISO date. */
  readonly date: string;
  readonly qty: number;
}

export interface DocumentFacts {
  readonly sku: string;
  readonly slug: string;
  readonly title: string;
  readonly category: (typeof CATEGORIES)[number];
  readonly brand: string;
  readonly collection: string | null;
  readonly mount: string;
  readonly listCents: number;
  readonly saleCents: number | null;
  readonly rating: number;
  readonly reviewCount: number;
  readonly unitsSold: number;
  readonly launchDay: number;
  readonly variants: readonly VariantFacts[];
  readonly backorderable: boolean;
}

const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** A discontinued date: the word false, a day in the past or future of NOW, or NOW's own day. */
const discontinuedDate = fc.oneof(
  fc.constant('false'),
  fc.integer({ min: -4000, max: 4000 }).map((days) => isoDay(NOW + days * 86_400_000)),
);

const variantsOf = (master: string) =>
  fc.subarray([...FINISHES], { minLength: 0, maxLength: FINISHES.length }).chain((finishes) =>
    fc.tuple(
      ...finishes.map((finish) =>
        fc.record(
          {
            sku: fc.constant(`${master}-${finish.code}`),
            finish: fc.constant(finish),
            date: discontinuedDate,
            qty: fc.integer({ min: 0, max: 40 }),
          },
          { noNullPrototype: true },
        ),
      ),
    ),
  );

export const documentFacts = (model: number): fc.Arbitrary<DocumentFacts> => {
  const sku = `K-${model}`;
  return fc
    .record(
      {
        titleWords: fc.subarray([...TITLE_WORDS], { minLength: 1, maxLength: 3 }),
        category: fc.constantFrom(...CATEGORIES),
        brand: fc.constantFrom(...BRANDS),
        collection: fc.option(fc.constantFrom(...COLLECTIONS), { nil: null }),
        mount: fc.constantFrom(...MOUNTS),
        listCents: fc.integer({ min: 0, max: 900_000 }),
        saleOff: fc.option(fc.integer({ min: 1, max: 50_000 }), { nil: null }),
        rating: fc.integer({ min: 0, max: 50 }).map((r) => r / 10),
        reviewCount: fc.nat(200),
        unitsSold: fc.nat(5000),
        launchDay: fc.integer({ min: 17_000, max: 20_000 }),
        variants: variantsOf(sku),
        backorderable: fc.boolean(),
      },
      { noNullPrototype: true },
    )
    .map(({ titleWords, saleOff, listCents, ...rest }) => ({
      ...rest,
      sku,
      slug: `${titleWords.join('-')}-${sku.toLowerCase()}`,
      title: `${titleWords.map((w) => w[0]?.toUpperCase() + w.slice(1)).join(' ')} ${model}`,
      listCents,
      saleCents: saleOff !== null && saleOff < listCents ? listCents - saleOff : null,
    }));
};

const dollars = (cents: number): number => cents / 100;

export const isDiscontinuedAt = (date: string, now: number): boolean =>
  date !== 'false' && Date.parse(date) <= now;

/** The document the server would write for these facts (docs/api.md field by field). */
export const toDocument = (f: DocumentFacts): SearchDocument => {
  const live = f.variants.filter((v) => !isDiscontinuedAt(v.date, NOW));
  const doc: Record<string, unknown> = {
    id: f.sku,
    sku_s: f.sku,
    masterSKU_s: f.sku,
    slug_s: f.slug,
    Product_Title_s: f.title,
    Product_Description_s: `A ${f.mount} ${f.title.toLowerCase()} by ${f.brand}.`,
    ProductLocalCategory_s: f.category.name,
    category_s: f.category.slug,
    brand_s: f.brand,
    productKind_s: f.category.slug === 'design-services' ? 'design-service' : 'finished-good',
    'variantList.sku_ss': f.variants.map((v) => v.sku),
    'SKU.Details_ss': f.variants.map((v) => `${v.sku}|${v.date}`),
    'Color.SKU.Details_ss': f.variants.map((v) =>
      [
        v.sku,
        v.date,
        v.finish.name,
        v.finish.hex,
        v.finish.code,
        v.qty,
        `/images/products/${v.sku}.svg`,
      ].join('|'),
    ),
    finish_ss: [...new Set(live.map((v) => v.finish.name))],
    'priceList.US.price_d': dollars(f.listCents),
    finalPrice_d: dollars(f.saleCents ?? f.listCents),
    onSale_b: f.saleCents !== null,
    'productImages.labelWithUrl_ss': f.variants.map(
      (v) => `${f.title}, ${v.finish.name}|/images/products/${v.sku}.svg`,
    ),
    rating_d: f.rating,
    reviewCount_i: f.reviewCount,
    unitsSold_i: f.unitsSold,
    launchDate_dt: `${isoDay(f.launchDay * 86_400_000)}T00:00:00Z`,
    inStock_b: f.variants.some((v) => v.qty > 0),
    availableQty_i: f.variants.reduce((sum, v) => sum + v.qty, 0),
    backorderable_b: f.backorderable,
    retailExclusive_b: false,
    discontinued_b: f.variants.length > 0 && live.length === 0,
    specs_ss: ['Dimensions|Width|20 in', 'Materials|Material|Brass | zinc'],
    documents_ss: [`spec-sheet|Specification Sheet|/api/catalog/pdf-file-download?page=${f.sku}`],
    attr_mount_s: f.mount,
  };
  if (f.collection !== null) doc.collection_s = f.collection;
  if (f.saleCents !== null) doc.discountedPrice_d = dollars(f.saleCents);
  return doc as SearchDocument;
};

/** A catalogue of 1–`max` documents with distinct SKUs. */
export const catalogueFacts = (max = 30): fc.Arbitrary<readonly DocumentFacts[]> =>
  fc
    .uniqueArray(fc.integer({ min: 1000, max: 9999 }), { minLength: 1, maxLength: max })
    .chain((models) => fc.tuple(...models.map(documentFacts)));
