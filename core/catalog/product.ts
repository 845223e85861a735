/**
 * The catalogue as the storefront's screens see it: products for tiles, lists and the product page,
 * search results with facets. Adapters map the wire (Solr-shaped documents) to these types; money in
 * integer cents.
 */
import type { Sku } from '../shared/sku';
import type { ProductKind } from './product-kind';
import type { PriceRange } from './price-facets';
import type { SortKey } from './sort-options';

export interface Price {
  readonly currency: string;
  readonly listCents: number;
  /** The sale price when on sale (lower than list), else null. */
  readonly saleCents: number | null;
}

/** What the shopper pays now: the sale price when there is one. */
export const effectiveCents = (price: Price): number => price.saleCents ?? price.listCents;

export interface FinishOption {
  /** Variant SKU, e.g. K-4120-BL. */
  readonly sku: Sku;
  readonly code: string;
  readonly name: string;
  /** Swatch colour, '#rrggbb'. */
  readonly hex: string;
  readonly discontinued: boolean;
  readonly outOfStock: boolean;
  /** Units of this finish as the catalogue states them; null when it states none (unknown). */
  readonly availableQty: number | null;
  readonly imageUrl: string;
}

export interface ProductImage {
  readonly label: string;
  readonly url: string;
}

export interface ProductSummary {
  /** Master SKU. */
  readonly sku: Sku;
  readonly slug: string;
  readonly title: string;
  /** Category slug, e.g. 'kitchen-faucets'. */
  readonly category: string;
  /** Category display name, e.g. 'Kitchen Faucets'. */
  readonly categoryName: string;
  readonly brand: string;
  readonly collection: string | null;
  /** Where the product page is (core/catalog/product-link.ts). */
  readonly path: string;
  readonly image: ProductImage;
  readonly price: Price;
  readonly saleOffer: string | null;
  /** 0–5, one decimal; 0 with no reviews. */
  readonly rating: number;
  readonly reviewCount: number;
  readonly finishes: readonly FinishOption[];
  readonly discontinued: boolean;
  readonly retailExclusive: boolean;
  readonly inStock: boolean;
  /** Units of the master SKU (what a product without finishes sells). */
  readonly availableQty: number;
  readonly backorderable: boolean;
  /** Days to ship when back-ordered or made to order; null when it ships from stock. */
  readonly leadTimeDays: number | null;
}

export type DocumentKind =
  'spec-sheet' | 'installation-guide' | 'warranty' | 'parts-diagram' | 'care-guide';

export interface ProductDocument {
  readonly kind: DocumentKind;
  readonly title: string;
  readonly url: string;
}

export interface ProductSpec {
  readonly group: string;
  readonly label: string;
  readonly value: string;
}

export interface ProductDetails extends ProductSummary {
  readonly description: string;
  /** The SKU without its 'K-' prefix. */
  readonly customerFacingSku: string;
  readonly kind: ProductKind;
  readonly images: readonly ProductImage[];
  readonly specs: readonly ProductSpec[];
  readonly documents: readonly ProductDocument[];
  readonly freight: boolean;
  readonly noShipStates: readonly string[];
  readonly requiredItems: readonly Sku[];
  readonly pairsWellWith: readonly Sku[];
  readonly superSkuComponents: readonly Sku[];
  readonly fitsModels: readonly Sku[];
  /** Facetable attributes, e.g. { mount: 'undermount' }. */
  readonly attributes: Readonly<Record<string, string>>;
}

export interface FacetValue {
  readonly value: string;
  readonly count: number;
  readonly selected: boolean;
}

export interface Facet {
  /** The search field, e.g. 'finish_ss' or 'attr_mount_s'. */
  readonly field: string;
  readonly label: string;
  readonly values: readonly FacetValue[];
}

export interface ActiveFilter {
  readonly field: string;
  readonly value: string;
}

export interface ProductQuery {
  /** Free text; absent for a category list. */
  readonly keyword?: string;
  /** Category slug for a product list page. */
  readonly category?: string;
  /** Facet selections: several values of one field are OR'ed, fields are AND'ed. */
  readonly filters: readonly ActiveFilter[];
  /** A selected price range (core/catalog/price-facets.ts): from inclusive, to exclusive. */
  readonly price?: { readonly fromCents: number; readonly toCents: number };
  readonly sort: SortKey;
  readonly start: number;
  readonly rows: number;
}

export interface SpellingSuggestion {
  /** The corrected query, e.g. 'faucet' for 'fauset'. */
  readonly text: string;
  /** True when the keyword itself matched exactly and the suggestion is only an alternative. */
  readonly exactMatch: boolean;
}

export interface ProductSearchResult {
  readonly total: number;
  readonly start: number;
  readonly products: readonly ProductSummary[];
  readonly facets: readonly Facet[];
  readonly priceRanges: readonly PriceRange[];
  readonly suggestion: SpellingSuggestion | null;
}

export interface TypeaheadResult {
  readonly suggestions: readonly string[];
  readonly products: readonly ProductSummary[];
}

export interface Review {
  readonly id: string;
  readonly author: string;
  readonly rating: number;
  readonly title: string;
  readonly body: string;
  readonly createdAt: string;
  readonly verifiedPurchase: boolean;
}

export interface ReviewPage {
  readonly total: number;
  readonly averageRating: number;
  readonly reviews: readonly Review[];
}
