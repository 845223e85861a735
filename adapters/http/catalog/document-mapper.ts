/**
 * Search documents (docs/api.md) to what screens see (core/catalog/product.ts), with core's rules:
 * discontinued variants against the Clock's now, product link paths, product kinds, money in cents,
 * price facet ranges. The HTTP adapters and the offline fakes both map through here, so both show
 * the same products.
 */
import { isOutOfStock } from '../../../core/cart/out-of-stock';
import { categorySlug } from '../../../core/catalog/category';
import { priceRanges, PRICE_FIELD, type PriceRange } from '../../../core/catalog/price-facets';
import type {
  ActiveFilter,
  DocumentKind,
  Facet,
  FacetValue,
  FinishOption,
  Price,
  ProductDetails,
  ProductDocument,
  ProductImage,
  ProductQuery,
  ProductSearchResult,
  ProductSpec,
  ProductSummary,
  SpellingSuggestion,
} from '../../../core/catalog/product';
import { productKind } from '../../../core/catalog/product-kind';
import { defaultVariant } from '../../../core/catalog/pdp-sku';
import {
  DEFAULT_PRODUCT_LINK_CONFIG,
  productLinkPath,
  type ProductLinkConfig,
} from '../../../core/catalog/product-link';
import { productDetailFromDocument } from '../../../core/catalog/search-document';
import { parseSkuDetails, type SkuDetail } from '../../../core/catalog/sku-details';
import { parseStockQuantity, variantStock } from '../../../core/catalog/variant-stock';
import { amountToCents } from '../../../core/shared/money';
import { attributeLabel } from '../../../core/catalog/attribute-words';
import { parseSku, type Sku } from '../../../core/shared/sku';
import {
  attributeName,
  type FacetCounts,
  type PlpAnswer,
  type SearchDocument,
  type Spellcheck,
} from './search-document.codec';

export interface MappingContext {
  /** Epoch milliseconds from the Clock port: variants are discontinued against it. */
  readonly now: number;
  /** The price list region read for list prices (`priceList.{region}.price_d`). */
  readonly region: string;
  readonly currency: string;
  readonly linkConfig: ProductLinkConfig;
}

export const mappingContext = (
  now: number,
  overrides: Partial<Omit<MappingContext, 'now'>> = {},
): MappingContext => ({
  now,
  region: overrides.region ?? 'US',
  currency: overrides.currency ?? 'USD',
  linkConfig: overrides.linkConfig ?? DEFAULT_PRODUCT_LINK_CONFIG,
});

const SEPARATOR = '|';
const HEX = /^#[0-9a-f]{6}$/i;
/** Swatch colour when a variant carries none (the catalogue's "Standard" grey). */
export const FALLBACK_SWATCH = '#b4b9be';

const DOCUMENT_KINDS: readonly DocumentKind[] = [
  'spec-sheet',
  'installation-guide',
  'warranty',
  'parts-diagram',
  'care-guide',
];

const SERVICE_KINDS: readonly string[] = ['design-service', 'install-service'];

const cents = (amount: number | undefined): number | null => {
  if (amount === undefined) return null;
  try {
    return amountToCents(amount);
  } catch {
    return null;
  }
};

/** `a|b|c` split into exactly `n` fields, the last keeping any further separators; null if short. */
const fields = (entry: string, n: number): string[] | null => {
  const parts = entry.split(SEPARATOR);
  if (parts.length < n) return null;
  return [...parts.slice(0, n - 1), parts.slice(n - 1).join(SEPARATOR)].map((p) => p.trim());
};

const skus = (values: readonly string[] | undefined): readonly Sku[] =>
  (values ?? []).map(parseSku).filter((s): s is Sku => s !== null);

export const documentImages = (doc: SearchDocument): readonly ProductImage[] =>
  (doc['productImages.labelWithUrl_ss'] ?? []).flatMap((entry) => {
    const parts = fields(entry, 2);
    return parts === null || parts[1] === ''
      ? []
      : [{ label: parts[0] ?? '', url: parts[1] ?? '' }];
  });

export const documentPrice = (doc: SearchDocument, ctx: MappingContext): Price => {
  const regional = doc[`priceList.${ctx.region}.price_d` as 'priceList.US.price_d'];
  const listCents = cents(regional) ?? cents(doc.finalPrice_d) ?? 0;
  const sale = cents(doc.discountedPrice_d);
  return {
    currency: ctx.currency,
    listCents,
    saleCents: sale !== null && sale < listCents ? sale : null,
  };
};

const isService = (doc: SearchDocument): boolean => SERVICE_KINDS.includes(doc.productKind_s ?? '');

const categoryOf = (doc: SearchDocument): string =>
  doc.category_s ?? categorySlug(doc.ProductLocalCategory_s ?? '');

const colourDetailEntries = (doc: SearchDocument): readonly SkuDetail[] =>
  parseSkuDetails([
    ...(doc['Color.SKU.Details_ss'] ?? []),
    ...(doc['Color.SKU.Details_s'] === undefined ? [] : [doc['Color.SKU.Details_s']]),
  ]).details;

/** Colour details by variant SKU: `sku|date|finishName|#hex|finishCode|availableQty|imageUrl`. */
const colourDetails = (doc: SearchDocument): ReadonlyMap<string, SkuDetail> => {
  const byS = new Map<string, SkuDetail>();
  for (const d of colourDetailEntries(doc)) if (!byS.has(d.sku)) byS.set(d.sku, d);
  return byS;
};

/**
 * Each variant's units from the document's colour details (core/catalog/variant-stock.ts): the
 * product page, the demo's catalogue and the demo's cart all read stock through this one map.
 */
export const documentVariantStock = (
  doc: SearchDocument,
): ReadonlyMap<string, number | undefined> => variantStock(colourDetailEntries(doc));

export const documentFinishes = (
  doc: SearchDocument,
  variants: readonly { readonly sku: Sku; readonly discontinued: boolean }[],
  master: Sku,
): readonly FinishOption[] => {
  const details = colourDetails(doc);
  const images = doc['productImages.labelWithUrl_ss'] ?? [];
  const backorderable = doc.backorderable_b ?? false;
  const category = categoryOf(doc);
  return variants.map((variant, i) => {
    const [name, hex, code, qty, imageUrl] = details.get(variant.sku)?.extra ?? [];
    const suffix = variant.sku.startsWith(`${master}-`) ? variant.sku.slice(master.length + 1) : '';
    const availableQty = parseStockQuantity(qty);
    const fallbackImage = fields(images[i] ?? '', 2)?.[1] ?? '';
    return {
      sku: variant.sku,
      code: code !== undefined && code !== '' ? code : suffix,
      name: name !== undefined && name !== '' ? name : suffix || variant.sku,
      hex: hex !== undefined && HEX.test(hex) ? hex.toLowerCase() : FALLBACK_SWATCH,
      discontinued: variant.discontinued,
      outOfStock: isOutOfStock({
        availableQty,
        requestedQty: 1,
        backorderable,
        isService: isService(doc),
        category,
      }),
      availableQty: availableQty ?? null,
      imageUrl: imageUrl !== undefined && imageUrl !== '' ? imageUrl : fallbackImage,
    };
  });
};

/** The tile's picture: the finish the product page opens on (core's defaultVariant), else the first image. */
const tileImage = (
  finishes: readonly FinishOption[],
  images: readonly ProductImage[],
  title: string,
): ProductImage => {
  const shown = defaultVariant(finishes) ?? finishes[0];
  if (shown !== undefined && shown.imageUrl !== '') {
    return (
      images.find((i) => i.url === shown.imageUrl) ?? { label: shown.name, url: shown.imageUrl }
    );
  }
  return images[0] ?? { label: title, url: '' };
};

const roundRating = (rating: number | undefined): number => {
  if (rating === undefined || !Number.isFinite(rating)) return 0;
  return Math.round(Math.min(5, Math.max(0, rating)) * 10) / 10;
};

/** A tile's product, or null when the document has no usable SKU or slug. */
export const toProductSummary = (
  doc: SearchDocument,
  ctx: MappingContext,
): ProductSummary | null => {
  const detail = productDetailFromDocument(doc, ctx.now);
  if (!detail.ok) return null;
  const { sku, slug, variants } = detail.value;
  const title = doc.Product_Title_s.trim();
  const category = categoryOf(doc);
  const finishes = documentFinishes(doc, variants, sku);
  const images = documentImages(doc);
  const sellable = finishes.filter((f) => !f.discontinued);
  const leadTime = doc.leadTimeDays_i;
  return {
    sku,
    slug,
    title,
    category,
    categoryName: doc.ProductLocalCategory_s ?? category,
    brand: doc.brand_s ?? '',
    collection: doc.collection_s ?? null,
    path: productLinkPath({ category, slug }, ctx.linkConfig),
    image: tileImage(finishes, images, title),
    price: documentPrice(doc, ctx),
    saleOffer: doc.saleOffer_s ?? null,
    rating: roundRating(doc.rating_d),
    reviewCount: Math.max(0, Math.floor(doc.reviewCount_i ?? 0)),
    finishes,
    discontinued: variants.length > 0 ? detail.value.discontinued : (doc.discontinued_b ?? false),
    retailExclusive: doc.retailExclusive_b ?? false,
    inStock:
      doc.inStock_b ??
      (finishes.length > 0 ? sellable.some((f) => !f.outOfStock) : (doc.availableQty_i ?? 0) > 0),
    availableQty: Math.max(0, Math.floor(doc.availableQty_i ?? 0)),
    backorderable: doc.backorderable_b ?? false,
    leadTimeDays: leadTime === undefined || leadTime < 0 ? null : leadTime,
  };
};

export const documentSpecs = (doc: SearchDocument): readonly ProductSpec[] =>
  (doc.specs_ss ?? []).flatMap((entry) => {
    const parts = fields(entry, 3);
    if (parts === null) return [];
    const [group = '', label = '', value = ''] = parts;
    return label === '' ? [] : [{ group, label, value }];
  });

export const documentDocuments = (doc: SearchDocument): readonly ProductDocument[] =>
  (doc.documents_ss ?? []).flatMap((entry) => {
    const parts = fields(entry, 3);
    if (parts === null) return [];
    const [kind = '', title = '', url = ''] = parts;
    const known = DOCUMENT_KINDS.find((k) => k === kind);
    return known === undefined || url === '' ? [] : [{ kind: known, title, url }];
  });

export const documentAttributes = (doc: SearchDocument): Readonly<Record<string, string>> => {
  const attributes: Record<string, string> = {};
  for (const [field, value] of Object.entries(doc)) {
    const name = attributeName(field);
    if (name !== null && typeof value === 'string') attributes[name] = value;
  }
  return attributes;
};

/** The product page's product, or null when the document has no usable SKU or slug. */
export const toProductDetails = (
  doc: SearchDocument,
  ctx: MappingContext,
): ProductDetails | null => {
  const summary = toProductSummary(doc, ctx);
  const detail = productDetailFromDocument(doc, ctx.now);
  if (summary === null || !detail.ok) return null;
  const requiredItems = skus(doc.requiredItems_ss);
  const superSkuComponents = skus(doc.superSkuComponents_ss);
  return {
    ...summary,
    description: doc.Product_Description_s ?? '',
    customerFacingSku: detail.value.customerFacingSKU,
    kind: productKind({
      category: summary.category,
      discontinued: summary.discontinued,
      retailExclusive: summary.retailExclusive,
      superSku: superSkuComponents.length > 0,
      requiredItems,
    }),
    images: documentImages(doc),
    specs: documentSpecs(doc),
    documents: documentDocuments(doc),
    freight: doc.freight_b ?? false,
    noShipStates: doc.noShipStates_ss ?? [],
    requiredItems,
    pairsWellWith: skus(doc.pairsWellWith_ss),
    superSkuComponents,
    fitsModels: skus(doc.fitsModels_ss),
    attributes: documentAttributes(doc),
  };
};

export const toProductSummaries = (
  docs: readonly SearchDocument[],
  ctx: MappingContext,
): readonly ProductSummary[] =>
  docs.map((d) => toProductSummary(d, ctx)).filter((p): p is ProductSummary => p !== null);

// --- Facets -------------------------------------------------------------------------------------

const FIXED_LABELS: Readonly<Record<string, string>> = {
  finish_ss: 'Finish',
  brand_s: 'Brand',
  collection_s: 'Collection',
  category_s: 'Category',
};

/**
 * 'finish_ss' → 'Finish'; 'attr_gpm_s' → 'Flow rate' (core's name for the attribute, the one the
 * facet's help text and the compare table use); any other field is shown as it is named.
 */
export const facetLabel = (field: string): string => {
  const fixed = FIXED_LABELS[field];
  if (fixed !== undefined) return fixed;
  const name = attributeName(field);
  return name === null ? field : attributeLabel(name);
};

/** Solr's flat list ["a", 3, "b", 1] as value/count pairs; malformed pairs are skipped. */
export const facetPairs = (
  flat: readonly (string | number)[],
): readonly { readonly value: string; readonly count: number }[] => {
  const pairs: { value: string; count: number }[] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) {
    const value = flat[i];
    const count = flat[i + 1];
    if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0) continue;
    if (value === undefined) continue;
    pairs.push({ value: String(value), count });
  }
  return pairs;
};

/**
 * Facets in the order they were asked for. Values with no products are left out, except a
 * selected one (so its chip can still be cleared); a facet with no values is left out.
 */
export const toFacets = (
  facetFields: FacetCounts['facet_fields'],
  requested: readonly string[],
  filters: readonly ActiveFilter[],
): readonly Facet[] =>
  requested.flatMap((field) => {
    const selected = new Set(filters.filter((f) => f.field === field).map((f) => f.value));
    const pairs = facetPairs(facetFields?.[field] ?? []);
    const values: FacetValue[] = pairs
      .filter((p) => p.count > 0 || selected.has(p.value))
      .map((p) => ({ value: p.value, count: p.count, selected: selected.has(p.value) }));
    for (const value of selected) {
      if (!values.some((v) => v.value === value)) values.push({ value, count: 0, selected: true });
    }
    return values.length === 0 ? [] : [{ field, label: facetLabel(field), values }];
  });

export const toPriceRanges = (
  facetRanges: FacetCounts['facet_ranges'],
  currency: string,
): readonly PriceRange[] => {
  const facet = facetRanges?.[PRICE_FIELD];
  if (facet === undefined) return [];
  const ranges = priceRanges(
    {
      start: Number(facet.start),
      end: Number(facet.end),
      gap: Number(facet.gap),
      counts: facet.counts,
    },
    { currency },
  );
  return ranges.ok ? ranges.value : [];
};

const collationText = (collation: unknown): string | null => {
  if (typeof collation === 'string') return collation.trim() || null;
  if (typeof collation === 'object' && collation !== null && 'collationQuery' in collation) {
    const query = (collation as { collationQuery: unknown }).collationQuery;
    return typeof query === 'string' ? query.trim() || null : null;
  }
  return null;
};

export const toSpellingSuggestion = (
  spellcheck: Spellcheck | undefined,
): SpellingSuggestion | null => {
  const text = (spellcheck?.collations ?? []).map(collationText).find((c) => c !== null);
  return text === undefined || text === null
    ? null
    : { text, exactMatch: spellcheck?.suggestionExactMatch ?? false };
};

/** The product list / search answer as the screens see it. */
export const toSearchResult = (
  answer: PlpAnswer,
  query: ProductQuery,
  facetFields: readonly string[],
  ctx: MappingContext,
): ProductSearchResult => ({
  total: answer.response.numFound,
  start: answer.response.start ?? query.start,
  products: toProductSummaries(answer.response.docs, ctx),
  facets: toFacets(answer.facet_counts?.facet_fields, facetFields, query.filters),
  priceRanges: toPriceRanges(answer.facet_counts?.facet_ranges, ctx.currency),
  suggestion: toSpellingSuggestion(answer.spellcheck),
});
