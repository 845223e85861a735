/**
 * Structured data for search engines (schema.org as JSON-LD; issue 18 "Search engines"): a
 * product page's `Product` with its offer and rating, and a page's `BreadcrumbList`. Pure: the
 * screens render what these return.
 *
 * Readings we chose (docs/rules.md "Catalog"): the offer is the shown finish's price now (the sale
 * price when there is one), as a decimal string with two places; availability maps the page's own
 * availability (low stock is still InStock; a discontinued product is Discontinued; retail
 * exclusive is InStoreOnly); a rating is given only with at least one review; URLs are the site's
 * own root-relative paths, as the canonical link is.
 */
import type { Availability } from './get-product-page';
import { effectiveCents, type ProductDetails } from './product';

const SCHEMA = 'https://schema.org';

export const schemaAvailability = (availability: Availability | null): string => {
  switch (availability?.kind) {
    case 'discontinued':
      return `${SCHEMA}/Discontinued`;
    case 'retail-exclusive':
      return `${SCHEMA}/InStoreOnly`;
    case 'back-ordered':
      return `${SCHEMA}/BackOrder`;
    case 'out-of-stock':
      return `${SCHEMA}/OutOfStock`;
    case 'in-stock':
    case 'low-stock':
    case 'service':
      return `${SCHEMA}/InStock`;
    default:
      return `${SCHEMA}/OutOfStock`;
  }
};

/** Cents as schema.org wants a price: a decimal with two places, no currency sign. */
export const decimalPrice = (cents: number): string => {
  const whole = Math.trunc(Math.abs(cents));
  const sign = cents < 0 ? '-' : '';
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
};

export interface ProductStructuredFacts {
  readonly product: ProductDetails;
  /** The finish shown (its SKU), when one is chosen. */
  readonly sku: string;
  readonly availability: Availability | null;
  /** The page's canonical address. */
  readonly url: string;
  readonly imageUrls: readonly string[];
}

export const productStructuredData = ({
  product,
  sku,
  availability,
  url,
  imageUrls,
}: ProductStructuredFacts): Record<string, unknown> => ({
  '@context': SCHEMA,
  '@type': 'Product',
  name: product.title,
  sku,
  mpn: product.customerFacingSku,
  brand: { '@type': 'Brand', name: product.brand },
  ...(product.description.trim() === '' ? {} : { description: product.description.trim() }),
  ...(imageUrls.length === 0 ? {} : { image: [...imageUrls] }),
  category: product.categoryName,
  offers: {
    '@type': 'Offer',
    url,
    price: decimalPrice(effectiveCents(product.price)),
    priceCurrency: product.price.currency,
    availability: schemaAvailability(availability),
    itemCondition: `${SCHEMA}/NewCondition`,
  },
  ...(product.reviewCount > 0
    ? {
        aggregateRating: {
          '@type': 'AggregateRating',
          ratingValue: product.rating,
          reviewCount: product.reviewCount,
          bestRating: 5,
          worstRating: 1,
        },
      }
    : {}),
});

export interface Crumb {
  readonly name: string;
  readonly path: string;
}

export const breadcrumbStructuredData = (crumbs: readonly Crumb[]): Record<string, unknown> => ({
  '@context': SCHEMA,
  '@type': 'BreadcrumbList',
  itemListElement: crumbs.map((crumb, i) => ({
    '@type': 'ListItem',
    position: i + 1,
    name: crumb.name,
    item: crumb.path,
  })),
});
