/**
 * The demo catalogue as plain records: what the deterministic generator (generate.ts) produces and
 * what the loader writes to the database. Money in integer cents; dates as ISO 8601 strings.
 */

export type Department = 'bathroom' | 'kitchen' | 'parts' | 'services';

export interface CategoryRecord {
  /** URL slug, e.g. 'kitchen-faucets' (the {category} of /en/products/{category}). */
  readonly slug: string;
  /** Display name, e.g. 'Kitchen Faucets' (the ProductLocalCategory_s of search documents). */
  readonly name: string;
  readonly department: Department;
  readonly description: string;
  /** Attribute names worth faceting for this category, e.g. ['mount', 'material', 'bowls']. */
  readonly facetAttributes: readonly string[];
}

export interface CollectionRecord {
  readonly slug: string;
  readonly name: string;
  readonly brand: string;
  readonly story: string;
}

export interface FinishRecord {
  /** e.g. 'BL' — the suffix of variant SKUs (K-4120-BL). */
  readonly code: string;
  readonly name: string;
  /** Swatch colour, e.g. '#1f1f1f'. */
  readonly hex: string;
  readonly kind: 'metal' | 'color';
}

export interface VariantRecord {
  /** e.g. 'K-4120-BL'. */
  readonly sku: string;
  readonly finishCode: string;
  /** ISO date, or null when the variant is not discontinued. Past dates = discontinued. */
  readonly discontinuedAt: string | null;
  readonly availableQty: number;
  /** '/images/products/{sku}.svg' — served by the server from the generator. */
  readonly imageUrl: string;
}

export interface PriceRecord {
  /** Price list region: 'US' (the shop's) and 'CA'. */
  readonly region: 'US' | 'CA';
  readonly currency: 'USD' | 'CAD';
  readonly listCents: number;
  /** Sale price, lower than listCents, or null. */
  readonly saleCents: number | null;
}

export type DocumentKind =
  'spec-sheet' | 'installation-guide' | 'warranty' | 'parts-diagram' | 'care-guide';

export interface DocumentRecord {
  readonly kind: DocumentKind;
  readonly title: string;
  /** '/api/catalog/pdf-file-download?page=…' style link served by the server. */
  readonly url: string;
}

export interface SpecRecord {
  readonly group: 'Dimensions' | 'Materials' | 'Performance' | 'Installation' | 'General';
  readonly label: string;
  readonly value: string;
}

export type ProductKindRecord = 'finished-good' | 'part' | 'design-service' | 'install-service';

export interface ProductRecord {
  /** Master SKU, e.g. 'K-4120'. */
  readonly sku: string;
  /** Unique, URL-safe, e.g. 'avelle-pull-down-kitchen-faucet-k-4120'. */
  readonly slug: string;
  readonly title: string;
  /** Plain text a shopper can search: material, finish, mount, size words. No HTML. */
  readonly description: string;
  readonly categorySlug: string;
  readonly brand: string;
  readonly collectionSlug: string | null;
  readonly kind: ProductKindRecord;
  /** Facetable attributes, names as in CategoryRecord.facetAttributes, e.g. { mount: 'undermount', bowls: 2 }. */
  readonly attributes: Readonly<Record<string, string | number | boolean>>;
  readonly specs: readonly SpecRecord[];
  /** At least one; finishes or colours. */
  readonly variants: readonly VariantRecord[];
  readonly prices: readonly PriceRecord[];
  readonly saleOffer: string | null;
  readonly retailExclusive: boolean;
  readonly backorderable: boolean;
  /** Days to ship when back-ordered or made to order; null when it ships from stock. */
  readonly leadTimeDays: number | null;
  /** Ships by freight (tubs, cast-iron sinks). */
  readonly freight: boolean;
  /** Two-letter US states it cannot ship to. */
  readonly noShipStates: readonly string[];
  /** A super SKU (combo) sold as these component master SKUs, e.g. bowl + tank; else empty. */
  readonly superSkuComponents: readonly string[];
  /** Master SKUs that must be bought with it (a shower trim requires its valve). */
  readonly requiredItems: readonly string[];
  /** Master SKUs that pair well (same collection, other categories). */
  readonly pairsWellWith: readonly string[];
  /** For service parts: master SKUs of the models it fits. */
  readonly fitsModels: readonly string[];
  readonly documents: readonly DocumentRecord[];
  /** Average rating 0–5 with one decimal, from its reviews; 0 when none. */
  readonly rating: number;
  readonly reviewCount: number;
  readonly unitsSold: number;
  /** ISO date the product launched. */
  readonly launchDate: string;
}

export interface ReviewRecord {
  readonly id: string;
  /** Master SKU reviewed. */
  readonly sku: string;
  readonly author: string;
  readonly rating: 1 | 2 | 3 | 4 | 5;
  readonly title: string;
  readonly body: string;
  readonly createdAt: string;
  readonly verifiedPurchase: boolean;
}

export interface HelpArticleRecord {
  readonly slug: string;
  readonly title: string;
  readonly category: 'Orders' | 'Shipping' | 'Returns' | 'Products' | 'Installation' | 'Account';
  /** Plain-text paragraphs; no HTML. */
  readonly paragraphs: readonly string[];
}

export interface Catalogue {
  readonly categories: readonly CategoryRecord[];
  readonly collections: readonly CollectionRecord[];
  readonly finishes: readonly FinishRecord[];
  readonly products: readonly ProductRecord[];
  readonly reviews: readonly ReviewRecord[];
  readonly helpArticles: readonly HelpArticleRecord[];
  /** Search terms shoppers use most, for top searches. */
  readonly topSearches: readonly string[];
}
