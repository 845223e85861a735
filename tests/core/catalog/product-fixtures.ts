/** Test products and an in-memory ProductCatalog for the product page, compare and spec tests. */
import type { ProductCatalog } from '../../../core/catalog/ports';
import type {
  FinishOption,
  ProductDetails,
  ProductSummary,
  Review,
  ReviewPage,
} from '../../../core/catalog/product';
import { productLinkPath } from '../../../core/catalog/product-link';
import type { Sku } from '../../../core/shared/sku';

export const sku = (s: string): Sku => s as Sku;

export const finish = (
  master: string,
  code: string,
  name: string,
  overrides: Partial<FinishOption> = {},
): FinishOption => ({
  sku: sku(`${master}-${code}`),
  code,
  name,
  hex: '#888888',
  discontinued: false,
  outOfStock: false,
  availableQty: 40,
  imageUrl: `/images/products/${master}-${code}.svg`,
  ...overrides,
});

export const makeProduct = (
  master: string,
  overrides: Partial<ProductDetails> = {},
): ProductDetails => {
  const finishes = overrides.finishes ?? [
    finish(master, 'CP', 'Polished Chrome'),
    finish(master, 'BL', 'Matte Black'),
    finish(master, 'BN', 'Brushed Nickel'),
  ];
  const category = overrides.category ?? 'kitchen-faucets';
  const slug = overrides.slug ?? `product-${master.toLowerCase()}`;
  return {
    sku: sku(master),
    slug,
    title: `Product ${master}`,
    category,
    categoryName: 'Kitchen Faucets',
    brand: 'Lavabo',
    collection: 'Avelle',
    path: productLinkPath({ category, slug }),
    image: { label: 'main', url: `/images/products/${master}.svg` },
    price: { currency: 'USD', listCents: 24_900, saleCents: null },
    saleOffer: null,
    rating: 0,
    reviewCount: 0,
    finishes,
    discontinued: false,
    retailExclusive: false,
    inStock: true,
    description: 'A pull-down kitchen faucet.\n\nSolid brass body.',
    customerFacingSku: master.replace(/^K-/, ''),
    kind: 'regular-finished-goods',
    images: finishes.map((f) => ({ label: f.name, url: f.imageUrl })),
    specs: [
      { group: 'Dimensions', label: 'Height', value: '16 in' },
      { group: 'Performance', label: 'Flow rate', value: '1.5 gpm' },
    ],
    documents: [
      {
        kind: 'spec-sheet',
        title: 'Spec sheet',
        url: `/api/catalog/pdf-file-download?page=${master}-spec`,
      },
    ],
    availableQty: 40,
    backorderable: false,
    leadTimeDays: null,
    freight: false,
    noShipStates: [],
    requiredItems: [],
    pairsWellWith: [],
    superSkuComponents: [],
    fitsModels: [],
    attributes: { mount: 'single-hole' },
    ...overrides,
  };
};

export const summaryOf = (p: ProductDetails): ProductSummary => ({
  sku: p.sku,
  slug: p.slug,
  title: p.title,
  category: p.category,
  categoryName: p.categoryName,
  brand: p.brand,
  collection: p.collection,
  path: p.path,
  image: p.image,
  price: p.price,
  saleOffer: p.saleOffer,
  rating: p.rating,
  reviewCount: p.reviewCount,
  finishes: p.finishes,
  discontinued: p.discontinued,
  retailExclusive: p.retailExclusive,
  inStock: p.inStock,
  availableQty: p.availableQty,
  backorderable: p.backorderable,
  leadTimeDays: p.leadTimeDays,
});

export const makeReviews = (master: string, ratings: readonly number[]): Review[] =>
  ratings.map((rating, i) => ({
    id: `${master}-r${i}`,
    author: `Reviewer ${i}`,
    rating,
    title: `Review ${i}`,
    body: `Body ${i}`,
    createdAt: '2025-03-01T10:00:00Z',
    verifiedPurchase: i % 2 === 0,
  }));

/** An in-memory catalogue that counts its calls; `fail` makes every call reject. */
export class InMemoryCatalog implements ProductCatalog {
  readonly calls = { bySlug: 0, bySkus: 0, detailsBySkus: 0, reviews: 0, stock: 0 };
  /** The SKUs each detailsBySkus call asked for. */
  readonly detailsAsked: (readonly string[])[] = [];
  fail = false;
  readonly stockBySku = new Map<string, number>();
  /** Called before each answer, e.g. to hold it back. */
  gate: () => Promise<void> = () => Promise.resolve();

  constructor(
    readonly products: ProductDetails[],
    readonly reviewsBySku: Readonly<Record<string, readonly Review[]>> = {},
  ) {}

  private async check(): Promise<void> {
    await this.gate();
    if (this.fail) throw new Error('offline');
  }

  async bySlug(slug: string): Promise<ProductDetails | null> {
    this.calls.bySlug += 1;
    await this.check();
    return this.products.find((p) => p.slug === slug) ?? null;
  }

  async bySkus(skus: readonly string[]): Promise<readonly ProductSummary[]> {
    this.calls.bySkus += 1;
    await this.check();
    return skus.flatMap((s) => {
      const p = this.products.find((x) => x.sku === s);
      return p === undefined ? [] : [summaryOf(p)];
    });
  }

  async detailsBySkus(skus: readonly string[]): Promise<readonly ProductDetails[]> {
    this.calls.detailsBySkus += 1;
    this.detailsAsked.push(skus);
    await this.check();
    return skus.flatMap((s) => this.products.filter((p) => p.sku === s).slice(0, 1));
  }

  async reviews(
    master: string,
    page: { readonly start: number; readonly rows: number },
  ): Promise<ReviewPage> {
    this.calls.reviews += 1;
    await this.check();
    const all = this.reviewsBySku[master] ?? [];
    const average = all.length === 0 ? 0 : all.reduce((n, r) => n + r.rating, 0) / all.length;
    return {
      total: all.length,
      averageRating: Math.round(average * 10) / 10,
      reviews: all.slice(page.start, page.start + page.rows),
    };
  }

  async stock(variant: string): Promise<number> {
    this.calls.stock += 1;
    await this.check();
    return this.stockBySku.get(variant) ?? 10;
  }
}
