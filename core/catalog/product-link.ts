/**
 * Spec §2 Product link paths:
 * - paths come from configured lists by category;
 * - Design Services and Install Services go to their own landing pages;
 * - Service Parts go to the service parts landing page (with `type=part`);
 * - any other category goes to the list page path plus the hyphenated lower-case category and
 *   {slug}.html.
 */
import { categorySlug, isDesignServices, isInstallServices, isServiceParts } from './category';

export interface ProductLinkConfig {
  /** The product list page path, e.g. '/en/products'. */
  readonly listPagePath: string;
  readonly designServicesPath: string;
  readonly installServicesPath: string;
  readonly servicePartsPath: string;
  /** Configured lists: category → base path; the product's '{slug}.html' is appended to it. */
  readonly categoryPaths: Readonly<Record<string, string>>;
}

export const DEFAULT_PRODUCT_LINK_CONFIG: ProductLinkConfig = {
  listPagePath: '/en/products',
  designServicesPath: '/en/design-services',
  installServicesPath: '/en/install-services',
  // Parts open on the product page with type=part (ARCHITECTURE.md routes).
  servicePartsPath: '/en/products/service-parts',
  categoryPaths: {},
};

/** The query that marks a service-part link (spec §2). */
export const PART_QUERY = 'type=part';

/** Used when a category has no letters or digits, so a link is still a well-formed path. */
export const UNCATEGORISED_SEGMENT = 'product';

export interface LinkableProduct {
  readonly category: string;
  readonly slug: string;
}

const trimSlashes = (path: string): string => path.trim().replace(/\/+$/, '');

/** The slug as one URL segment: no surrounding slashes or '.html', percent-encoded. */
const slugSegment = (slug: string): string =>
  encodeURIComponent(
    slug
      .trim()
      .replace(/^\/+|\/+$/g, '')
      .replace(/\.html$/i, ''),
  );

const under = (base: string, segment: string): string =>
  segment === '' ? trimSlashes(base) || '/' : `${trimSlashes(base)}/${segment}.html`;

const configuredPath = (config: ProductLinkConfig, category: string): string | undefined => {
  const wanted = categorySlug(category);
  if (wanted === '') return undefined;
  const match = Object.entries(config.categoryPaths).find(([key]) => categorySlug(key) === wanted);
  return match?.[1];
};

/**
 * The path of a product's page. A product without a slug links to where its slug would go
 * (the configured or list path of its category), never to '/.html'.
 */
export const productLinkPath = (
  product: LinkableProduct,
  config: ProductLinkConfig = DEFAULT_PRODUCT_LINK_CONFIG,
): string => {
  const slug = slugSegment(product.slug);
  const configured = configuredPath(config, product.category);
  if (configured !== undefined) return under(configured, slug);
  if (isDesignServices(product.category)) return trimSlashes(config.designServicesPath) || '/';
  if (isInstallServices(product.category)) return trimSlashes(config.installServicesPath) || '/';
  if (isServiceParts(product.category)) {
    return `${under(config.servicePartsPath, slug)}?${PART_QUERY}`;
  }
  const segment = categorySlug(product.category) || UNCATEGORISED_SEGMENT;
  return under(`${trimSlashes(config.listPagePath)}/${segment}`, slug);
};
