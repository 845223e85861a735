/**
 * The catalogue records behind the non-search calls (docs/api.md "Other catalogue calls"): reviews,
 * inventory and stock, the commercetools-style product projection, PDP teasers, the facts a spec
 * sheet prints and what a product drawing is rendered from. Reads only; every value is a parameter.
 */
import type { Review, ReviewPage } from '../../core/catalog/product';
import type { ContentImage, TeaserComponent } from '../../core/content/page-model';
import type { Queryable } from '../db/database';
import { hashString } from '../seed/catalogue/prng';
import { contentImageSize } from '../seed/images/content-images';
import type { ProductSvgInput } from '../seed/images/render';

export interface InventoryEntry {
  readonly sku: string;
  readonly availableQuantity: number;
  readonly backorderable: boolean;
  readonly leadTimeDays: number | null;
}

export type ProjectionKey = 'slug' | 'sku' | 'id';

interface Money {
  readonly type: 'centPrecision';
  readonly currencyCode: string;
  readonly centAmount: number;
  readonly fractionDigits: 2;
}

export interface ProjectionPrice {
  readonly id: string;
  readonly country: string;
  readonly value: Money;
  readonly discounted?: { readonly value: Money };
}

export interface ProjectionVariant {
  readonly id: number;
  readonly sku: string;
  readonly key: string;
  readonly prices: ProjectionPrice[];
  readonly images: {
    readonly url: string;
    readonly label: string;
    readonly dimensions: { readonly w: number; readonly h: number };
  }[];
  readonly attributes: { readonly name: string; readonly value: unknown }[];
  readonly availability: { readonly isOnStock: boolean; readonly availableQuantity: number };
}

/** A commercetools ProductProjection, with the fields the catalogue has. */
export interface ProductProjection {
  readonly id: string;
  readonly key: string;
  readonly version: 1;
  readonly createdAt: string;
  readonly lastModifiedAt: string;
  readonly productType: { readonly typeId: 'product-type'; readonly id: string };
  readonly name: { readonly en: string };
  readonly description: { readonly en: string };
  readonly slug: { readonly en: string };
  readonly categories: { readonly typeId: 'category'; readonly id: string }[];
  readonly masterVariant: ProjectionVariant;
  readonly variants: ProjectionVariant[];
  readonly reviewRatingStatistics: { readonly averageRating: number; readonly count: number };
  readonly published: true;
  readonly hasStagedChanges: false;
}

/** What a product's spec sheet prints. */
export interface SpecSheetProduct {
  readonly sku: string;
  readonly title: string;
  readonly description: string;
  readonly categoryName: string;
  readonly brand: string;
  readonly collection: string | null;
  readonly prices: {
    region: string;
    currency: string;
    listCents: number;
    saleCents: number | null;
  }[];
  readonly finishes: { sku: string; name: string; discontinuedAt: string | null }[];
  readonly specs: { group: string; label: string; value: string }[];
  readonly documents: { kind: string; title: string; url: string }[];
}

/** Product drawings are 400 × 400 (server/seed/images/render.ts). */
export const PRODUCT_IMAGE_SIZE = 400;

interface ProductRow {
  sku: string;
  ct_id: string;
  slug: string;
  title: string;
  description: string;
  category_slug: string;
  category_name: string;
  department: string;
  brand: string;
  collection_name: string | null;
  kind: string;
  attributes: Record<string, string | number | boolean>;
  specs: { group: string; label: string; value: string }[];
  documents: { kind: string; title: string; url: string }[];
  backorderable: boolean;
  lead_time_days: number | null;
  rating: string | number;
  review_count: number;
  launch_date: string | Date;
  variants: {
    sku: string;
    finish_code: string;
    finish_name: string;
    finish_hex: string;
    discontinued_at: string | null;
    available_qty: number;
    image_url: string;
  }[];
  prices: { region: string; currency: string; list_cents: number; sale_cents: number | null }[];
}

const PRODUCT_SELECT = `
  SELECT p.sku, p.ct_id, p.slug, p.title, p.description, p.category_slug, c.name AS category_name,
    c.department, p.brand, col.name AS collection_name, p.kind, p.attributes, p.specs, p.documents,
    p.backorderable, p.lead_time_days, p.rating, p.review_count, p.launch_date::text AS launch_date,
    coalesce((SELECT json_agg(json_build_object(
        'sku', v.sku, 'finish_code', v.finish_code, 'finish_name', f.name, 'finish_hex', f.hex,
        'discontinued_at', v.discontinued_at::text, 'available_qty', v.available_qty,
        'image_url', v.image_url) ORDER BY v.position)
      FROM product_variants v JOIN finishes f ON f.code = v.finish_code
      WHERE v.product_sku = p.sku), '[]'::json) AS variants,
    coalesce((SELECT json_agg(json_build_object(
        'region', pr.region, 'currency', pr.currency, 'list_cents', pr.list_cents,
        'sale_cents', pr.sale_cents) ORDER BY pr.region DESC)
      FROM product_prices pr WHERE pr.product_sku = p.sku), '[]'::json) AS prices
  FROM products p
  JOIN categories c ON c.slug = p.category_slug
  LEFT JOIN collections col ON col.slug = p.collection_slug`;

const money = (currencyCode: string, centAmount: number): Money => ({
  type: 'centPrecision',
  currencyCode,
  centAmount,
  fractionDigits: 2,
});

const dateOnly = (value: string | Date): string =>
  value instanceof Date ? value.toISOString().slice(0, 10) : value.slice(0, 10);

const toProjection = (row: ProductRow): ProductProjection => {
  const prices = row.prices.map((p): ProjectionPrice => ({
    id: `${row.sku}-${p.region}`,
    country: p.region,
    value: money(p.currency, p.list_cents),
    ...(p.sale_cents !== null && p.sale_cents < p.list_cents
      ? { discounted: { value: money(p.currency, p.sale_cents) } }
      : {}),
  }));
  const productAttributes = [
    { name: 'brand', value: row.brand },
    ...(row.collection_name === null ? [] : [{ name: 'collection', value: row.collection_name }]),
    ...Object.entries(row.attributes).map(([name, value]) => ({ name, value })),
  ];
  const variant = (v: ProductRow['variants'][number], i: number): ProjectionVariant => ({
    id: i + 1,
    sku: v.sku,
    key: v.sku,
    prices,
    images: [
      {
        url: v.image_url,
        label: `${row.title}, ${v.finish_name}`,
        dimensions: { w: PRODUCT_IMAGE_SIZE, h: PRODUCT_IMAGE_SIZE },
      },
    ],
    attributes: [
      { name: 'finish', value: { key: v.finish_code, label: v.finish_name } },
      { name: 'finishHex', value: v.finish_hex },
      { name: 'discontinuedDate', value: v.discontinued_at ?? false },
      ...productAttributes,
    ],
    availability: { isOnStock: v.available_qty > 0, availableQuantity: v.available_qty },
  });
  const variants = row.variants.map(variant);
  const launched = `${dateOnly(row.launch_date)}T00:00:00.000Z`;
  const master: ProjectionVariant = variants[0] ?? {
    id: 1,
    sku: row.sku,
    key: row.sku,
    prices,
    images: [],
    attributes: productAttributes,
    availability: { isOnStock: false, availableQuantity: 0 },
  };
  return {
    id: row.ct_id,
    key: row.sku,
    version: 1,
    createdAt: launched,
    lastModifiedAt: launched,
    productType: { typeId: 'product-type', id: row.kind },
    name: { en: row.title },
    description: { en: row.description },
    slug: { en: row.slug },
    categories: [{ typeId: 'category', id: row.category_slug }],
    masterVariant: master,
    variants: variants.slice(1),
    reviewRatingStatistics: { averageRating: Number(row.rating), count: row.review_count },
    published: true,
    hasStagedChanges: false,
  };
};

/** A content scene as a decorative image with its declared size. */
const sceneImage = (name: string): ContentImage | null => {
  const size = contentImageSize(name);
  return size === null ? null : { src: `/images/content/${name}.svg`, alt: '', ...size };
};

/** Teasers shown beside a product, by department: where to go next. */
const SERVICE_TEASERS: Readonly<Record<string, readonly TeaserComponent[]>> = {
  bathroom: [
    {
      type: 'teaser',
      title: 'Plan your bathroom with a designer',
      text: 'Book a consultation: a designer helps you choose fixtures, finishes and a layout that fits.',
      image: sceneImage('design-services-hero'),
      link: { label: 'Explore design services', href: '/en/design-services' },
    },
    {
      type: 'teaser',
      title: 'Have it installed',
      text: 'Licensed plumbers install what you buy, and the work is guaranteed.',
      image: sceneImage('install-services-hero'),
      link: { label: 'Explore install services', href: '/en/install-services' },
    },
  ],
  kitchen: [
    {
      type: 'teaser',
      title: 'Plan your kitchen with a designer',
      text: 'Book a consultation: a designer helps you match sink, faucet and accessories.',
      image: sceneImage('design-services-hero'),
      link: { label: 'Explore design services', href: '/en/design-services' },
    },
    {
      type: 'teaser',
      title: 'Have it installed',
      text: 'Licensed plumbers install what you buy, and the work is guaranteed.',
      image: sceneImage('install-services-hero'),
      link: { label: 'Explore install services', href: '/en/install-services' },
    },
  ],
  parts: [
    {
      type: 'teaser',
      title: 'Find your model number',
      text: 'The model number tells you which parts fit. Here is where to find it on each product.',
      image: sceneImage('model-number'),
      link: { label: 'Find your model number', href: '/en/support/find-model-number' },
    },
  ],
  services: [
    {
      type: 'teaser',
      title: 'Questions before you book?',
      text: 'Answers about visits, scheduling and what a service includes.',
      image: sceneImage('support-help'),
      link: { label: 'Help and FAQ', href: '/en/support/help-and-faq' },
    },
  ],
};

export class CatalogService {
  constructor(private readonly db: Queryable) {}

  /** The master SKU of a product or variant SKU, or null when the catalogue has neither. */
  async masterSku(sku: string): Promise<string | null> {
    const r = await this.db.query<{ sku: string }>(
      `SELECT sku FROM products WHERE sku = $1
       UNION ALL SELECT product_sku FROM product_variants WHERE sku = $1
       LIMIT 1`,
      [sku.toUpperCase()],
    );
    return r.rows[0]?.sku ?? null;
  }

  /** A product's reviews, newest first; null when the SKU is not in the catalogue. */
  async reviews(sku: string, start: number, rows: number): Promise<ReviewPage | null> {
    const master = await this.masterSku(sku);
    if (master === null) return null;
    const [stats, page] = await Promise.all([
      this.db.query<{ total: number; average: string | number | null }>(
        `SELECT count(*)::int AS total, round(avg(rating), 1) AS average
         FROM product_reviews WHERE product_sku = $1`,
        [master],
      ),
      this.db.query<Review>(
        `SELECT id, author, rating::int AS rating, title, body,
           to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
           verified_purchase AS "verifiedPurchase"
         FROM product_reviews WHERE product_sku = $1
         ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`,
        [master, rows, start],
      ),
    ]);
    const s = stats.rows[0];
    return {
      total: s?.total ?? 0,
      averageRating: s?.average === null || s?.average === undefined ? 0 : Number(s.average),
      reviews: page.rows,
    };
  }

  /**
   * Stock of variant SKUs (a master SKU counts every variant), in the order asked, each once.
   * SKUs not in the catalogue are left out.
   */
  async inventory(skus: readonly string[]): Promise<InventoryEntry[]> {
    const wanted = [...new Set(skus.map((s) => s.toUpperCase()))];
    if (wanted.length === 0) return [];
    const r = await this.db.query<{
      sku: string;
      qty: number;
      backorderable: boolean;
      lead: number | null;
    }>(
      `SELECT v.sku, v.available_qty AS qty, p.backorderable, p.lead_time_days AS lead
         FROM product_variants v JOIN products p ON p.sku = v.product_sku
         WHERE v.sku = ANY($1::text[])
       UNION ALL
       SELECT p.sku, coalesce(sum(v.available_qty), 0)::int, p.backorderable, p.lead_time_days
         FROM products p LEFT JOIN product_variants v ON v.product_sku = p.sku
         WHERE p.sku = ANY($1::text[])
         GROUP BY p.sku`,
      [wanted],
    );
    const bySku = new Map(r.rows.map((row) => [row.sku, row]));
    return wanted.flatMap((sku) => {
      const row = bySku.get(sku);
      return row === undefined
        ? []
        : [
            {
              sku,
              availableQuantity: Number(row.qty),
              backorderable: row.backorderable,
              leadTimeDays: row.lead,
            },
          ];
    });
  }

  /** Product projections by slug, SKU (product or variant) or commerce id. */
  async projections(key: ProjectionKey, value: string): Promise<ProductProjection[]> {
    const where =
      key === 'slug'
        ? 'p.slug = $1'
        : key === 'id'
          ? 'p.ct_id = $1'
          : 'p.sku = upper($1) OR p.sku = (SELECT product_sku FROM product_variants WHERE sku = upper($1))';
    const r = await this.db.query<ProductRow>(`${PRODUCT_SELECT} WHERE ${where}`, [value]);
    return r.rows.map(toProjection);
  }

  /** The facts of a product's spec sheet, or null when the SKU is not a product's. */
  async specSheet(sku: string): Promise<SpecSheetProduct | null> {
    const master = await this.masterSku(sku);
    if (master === null) return null;
    const r = await this.db.query<ProductRow>(`${PRODUCT_SELECT} WHERE p.sku = $1`, [master]);
    const row = r.rows[0];
    if (row === undefined) return null;
    return {
      sku: row.sku,
      title: row.title,
      description: row.description,
      categoryName: row.category_name,
      brand: row.brand,
      collection: row.collection_name,
      prices: row.prices.map((p) => ({
        region: p.region,
        currency: p.currency,
        listCents: p.list_cents,
        saleCents: p.sale_cents,
      })),
      finishes: row.variants.map((v) => ({
        sku: v.sku,
        name: v.finish_name,
        discontinuedAt: v.discontinued_at,
      })),
      specs: row.specs,
      documents: row.documents,
    };
  }

  /**
   * Teasers for a product page: its collection (when it has one), then where to go next for its
   * department. The category alone is enough when the SKU is unknown; neither known → none.
   */
  async teasers(
    skuId: string | undefined,
    category: string | undefined,
  ): Promise<TeaserComponent[]> {
    const master = skuId === undefined ? null : await this.masterSku(skuId);
    const r = await this.db.query<{
      department: string;
      collection_slug: string | null;
      collection_name: string | null;
      story: string | null;
    }>(
      master !== null
        ? `SELECT c.department, p.collection_slug, col.name AS collection_name, col.story
           FROM products p JOIN categories c ON c.slug = p.category_slug
           LEFT JOIN collections col ON col.slug = p.collection_slug WHERE p.sku = $1`
        : `SELECT department, NULL AS collection_slug, NULL AS collection_name, NULL AS story
           FROM categories WHERE slug = $1`,
      [master ?? category ?? ''],
    );
    const row = r.rows[0];
    if (row === undefined) return [];
    const collection: TeaserComponent[] =
      row.collection_name === null || row.story === null
        ? []
        : [
            {
              type: 'teaser',
              title: `The ${row.collection_name} collection`,
              text: row.story,
              image: sceneImage('finish-swatches'),
              link: {
                label: `Shop ${row.collection_name}`,
                href: `/en/search?keyword=${encodeURIComponent(row.collection_name)}`,
              },
            },
          ];
    return [...collection, ...(SERVICE_TEASERS[row.department] ?? [])];
  }

  /** What the drawing of a variant is rendered from, or null for an unknown variant SKU. */
  async productImage(variantSku: string): Promise<ProductSvgInput | null> {
    const r = await this.db.query<{
      category_slug: string;
      hex: string;
      name: string;
      title: string;
      product_sku: string;
    }>(
      `SELECT p.category_slug, f.hex, f.name, p.title, p.sku AS product_sku
       FROM product_variants v
       JOIN products p ON p.sku = v.product_sku
       JOIN finishes f ON f.code = v.finish_code
       WHERE v.sku = $1`,
      [variantSku],
    );
    const row = r.rows[0];
    if (row === undefined) return null;
    return {
      categorySlug: row.category_slug,
      finishHex: row.hex,
      finishName: row.name,
      title: row.title,
      seed: hashString(row.product_sku),
    };
  }
}
