/**
 * Ports of the catalogue screens: searching and browsing products, the product pages, and what the
 * browser remembers (recently viewed, keywords, products per page). HTTP adapters speak the
 * Solr-shaped API (docs/api.md); fake adapters answer from the same seeded data in the tab (npm run
 * demo).
 */
import type { CancelSignal } from '../shared/cancel';
import type {
  ProductDetails,
  ProductQuery,
  ProductSearchResult,
  ProductSummary,
  ReviewPage,
  TypeaheadResult,
} from './product';
import type { PerPageByPath } from './products-per-page';

export interface CatalogSearch {
  /** Product list and search pages: results, facets, price ranges, spelling suggestion. */
  search(query: ProductQuery, signal?: CancelSignal): Promise<ProductSearchResult>;
  /** Up to 10 products and keyword suggestions for what the shopper has typed so far. */
  typeahead(keyword: string, signal?: CancelSignal): Promise<TypeaheadResult>;
  topSearches(): Promise<readonly string[]>;
}

export interface ProductCatalog {
  /** The product page's product, or null when no product has that slug. */
  bySlug(slug: string): Promise<ProductDetails | null>;
  /** Tiles for these master SKUs, in the order given; unknown SKUs are left out. */
  bySkus(skus: readonly string[]): Promise<readonly ProductSummary[]>;
  /**
   * Full details for these master SKUs, in the order given; unknown SKUs are left out. For pages
   * showing several products in full (compare, technical specifications): one call, not one per
   * product.
   */
  detailsBySkus(skus: readonly string[]): Promise<readonly ProductDetails[]>;
  reviews(
    sku: string,
    page: { readonly start: number; readonly rows: number },
  ): Promise<ReviewPage>;
  /** Units available now for a variant SKU (spec: stock, availableQuantity). */
  stock(sku: string): Promise<number>;
}

/** Port: recently viewed products and keyword history, kept in browser storage. */
export interface BrowsingHistoryStore {
  loadRecentlyViewed(): readonly string[];
  saveRecentlyViewed(skus: readonly string[]): void;
  loadKeywords(): readonly string[];
  saveKeywords(keywords: readonly string[]): void;
}

/** Port: where products-per-page choices are remembered (session storage in the shop). */
export interface PerPageMemory {
  load(): PerPageByPath;
  save(memory: PerPageByPath): void;
}
