/**
 * Spec §3: the product search document (Solr field names) and the product detail read from it.
 */
import { err, ok, type Result } from '../shared/result';
import { customerFacingSku, parseSku, type Sku } from '../shared/sku';
import {
  parseSkuDetails,
  variantsFromSkuDetails,
  type SkuDetailError,
  type Variant,
} from './sku-details';

export interface ProductSearchDocument {
  readonly sku_s?: string;
  readonly slug_s?: string;
  readonly Product_Title_s?: string;
  readonly Product_Description_s?: string;
  readonly masterSKU_s?: string;
  readonly ProductLocalCategory_s?: string;
  readonly 'variantList.sku_ss'?: readonly string[];
  readonly 'variantList.sku_s'?: string;
  readonly 'Color.SKU.Details_ss'?: readonly string[];
  readonly 'Color.SKU.Details_s'?: string;
  readonly 'SKU.Details_ss'?: readonly string[];
  readonly finalPrice_d?: number;
  readonly discountedPrice_d?: number;
  readonly saleOffer_s?: string;
  readonly 'productImages.labelWithUrl_ss'?: readonly string[];
  readonly ctId_s?: string;
  readonly [regionalPrice: `priceList.${string}.price_d`]: number | undefined;
}

/**
 * The fields a product tile or a typeahead suggestion shows (`fl`): list pages ask for these so they
 * do not download descriptions, specs and documents, and they are what `GET /api/search/typeahead`
 * answers when no `fl` is given (docs/api.md). Shared by the storefront's adapters and the server.
 */
export const SUMMARY_FIELDS: readonly string[] = [
  'sku_s',
  'masterSKU_s',
  'slug_s',
  'Product_Title_s',
  'ProductLocalCategory_s',
  'category_s',
  'brand_s',
  'collection_s',
  'productKind_s',
  'variantList.sku_ss',
  'SKU.Details_ss',
  'Color.SKU.Details_ss',
  'priceList.US.price_d',
  'priceList.CA.price_d',
  'finalPrice_d',
  'discountedPrice_d',
  'saleOffer_s',
  'productImages.labelWithUrl_ss',
  'rating_d',
  'reviewCount_i',
  'inStock_b',
  'availableQty_i',
  'backorderable_b',
  'leadTimeDays_i',
  'retailExclusive_b',
  'discontinued_b',
];

/** Every SKU detail entry a document carries, SKU.Details first, then the colour details. */
export const skuDetailEntries = (doc: ProductSearchDocument): readonly string[] => [
  ...(doc['SKU.Details_ss'] ?? []),
  ...(doc['Color.SKU.Details_ss'] ?? []),
  ...(doc['Color.SKU.Details_s'] === undefined ? [] : [doc['Color.SKU.Details_s']]),
];

export interface DocumentVariants {
  readonly variants: readonly Variant[];
  readonly rejected: readonly SkuDetailError[];
}

/**
 * The document's variants in the order of its variant list (`variantList.sku_ss`, else
 * `variantList.sku_s`), each discontinued per its SKU detail entry; a listed variant without a
 * detail entry has no date and so is not discontinued. Variants known only from detail entries
 * follow, in entry order.
 */
export const documentVariants = (doc: ProductSearchDocument, now: number): DocumentVariants => {
  const { details, rejected } = parseSkuDetails(skuDetailEntries(doc));
  const fromDetails = variantsFromSkuDetails(details, now);
  const bySku = new Map(fromDetails.map((v) => [v.sku as string, v]));
  const listed =
    doc['variantList.sku_ss'] ??
    (doc['variantList.sku_s'] === undefined ? [] : [doc['variantList.sku_s']]);
  const variants: Variant[] = [];
  const seen = new Set<string>();
  for (const raw of listed) {
    const sku = parseSku(raw);
    if (sku === null || seen.has(sku)) continue;
    seen.add(sku);
    variants.push(bySku.get(sku) ?? { sku, discontinued: false });
  }
  for (const v of fromDetails) {
    if (seen.has(v.sku)) continue;
    seen.add(v.sku);
    variants.push(v);
  }
  return { variants, rejected };
};

/** Spec §3 Product detail (the fields a search document can supply). */
export interface ProductDetail {
  readonly sku: Sku;
  readonly slug: string;
  readonly title: string;
  readonly category: string;
  /** The SKU with the 'K-' prefix removed. */
  readonly customerFacingSKU: string;
  readonly variants: readonly Variant[];
  /** A product is discontinued when it has variants and every one of them is discontinued. */
  readonly discontinued: boolean;
  /** SKU detail entries that could not be read, for logging; they never fail the product. */
  readonly rejectedSkuDetails: readonly SkuDetailError[];
}

export type ProductDetailError =
  { readonly kind: 'missing-sku' } | { readonly kind: 'missing-slug'; readonly sku: Sku };

export const isProductDiscontinued = (variants: readonly Variant[]): boolean =>
  variants.length > 0 && variants.every((v) => v.discontinued);

export const productDetailFromDocument = (
  doc: ProductSearchDocument,
  now: number,
): Result<ProductDetail, ProductDetailError> => {
  const sku = parseSku(doc.sku_s ?? doc.masterSKU_s ?? '');
  if (sku === null) return err({ kind: 'missing-sku' });
  const slug = (doc.slug_s ?? '').trim();
  if (slug === '') return err({ kind: 'missing-slug', sku });
  const { variants, rejected } = documentVariants(doc, now);
  return ok({
    sku,
    slug,
    title: doc.Product_Title_s ?? '',
    category: doc.ProductLocalCategory_s ?? '',
    customerFacingSKU: customerFacingSku(sku),
    variants,
    discontinued: isProductDiscontinued(variants),
    rejectedSkuDetails: rejected,
  });
};
