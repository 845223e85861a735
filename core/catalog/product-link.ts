/**
 * Spec §2 Product link paths:
 * - paths come from configured lists by category (the configuration's `pdpUrlMapping`: a path with
 *   `{slug}` is a template for each product's page; a path without it is the one page every
 *   product of the category opens, such as a landing);
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
  /**
   * Configured lists (the configuration's pdpUrlMapping): category → a same-origin path, where
   * `{slug}` stands for the product's slug; without it, every product of the category links there.
   * A value that is not a path (does not start with one '/') is ignored.
   */
  readonly categoryPaths: Readonly<Record<string, string>>;
}

/** Where the product's slug goes in a configured path. */
export const SLUG_PLACEHOLDER = '{slug}';

/** The product-link configuration a storefront configuration asks for (spec §3 PDP map). */
export const productLinkConfigOf = (configuration: {
  readonly pdpUrlMapping?: Readonly<Record<string, string>>;
}): ProductLinkConfig => ({
  ...DEFAULT_PRODUCT_LINK_CONFIG,
  categoryPaths: configuration.pdpUrlMapping ?? {},
});

export const DEFAULT_PRODUCT_LINK_CONFIG: ProductLinkConfig = {
  listPagePath: '/en/products',
  designServicesPath: '/en/design-services',
  installServicesPath: '/en/install-services',
  // Parts open on the product page with type=part (ARCHITECTURE.md routes).
  servicePartsPath: '/en/products/service-parts',
  categoryPaths: {},
};

/** Spec §2 `service`: a design or install service's link names it on its landing page. */
export const SERVICE_QUERY = 'service';

/** A landing with the service named (`?service={slug}`); the bare landing without a slug. */
const withService = (landing: string, slug: string): string =>
  slug === '' ? landing : `${landing}${landing.includes('?') ? '&' : '?'}${SERVICE_QUERY}=${slug}`;

const isService = (category: string): boolean =>
  isDesignServices(category) || isInstallServices(category);

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

const isSameOriginPath = (path: string): boolean => /^\/(?![/\\])/.test(path.trim());

const configuredPath = (config: ProductLinkConfig, category: string): string | undefined => {
  const wanted = categorySlug(category);
  if (wanted === '') return undefined;
  const match = Object.entries(config.categoryPaths).find(
    ([key, path]) => categorySlug(key) === wanted && isSameOriginPath(path),
  );
  return match?.[1].trim();
};

/** A configured path with the slug put in; without a slug, the template's part before it. */
const fromConfigured = (template: string, slug: string): string => {
  if (!template.includes(SLUG_PLACEHOLDER)) return trimSlashes(template) || '/';
  if (slug === '') return trimSlashes(template.slice(0, template.indexOf(SLUG_PLACEHOLDER))) || '/';
  return template.split(SLUG_PLACEHOLDER).join(slug);
};

/** Spec §2: a service part's link says so with `type=part`, wherever it leads. */
const asPart = (path: string): string =>
  new RegExp(`[?&]${PART_QUERY}(&|$)`).test(path)
    ? path
    : `${path}${path.includes('?') ? '&' : '?'}${PART_QUERY}`;

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
  if (configured !== undefined) {
    const path = fromConfigured(configured, slug);
    if (isServiceParts(product.category)) return asPart(path);
    // A configured landing for a service still names the service (spec §2 `service`).
    return isService(product.category) && !configured.includes(SLUG_PLACEHOLDER)
      ? withService(path, slug)
      : path;
  }
  if (isDesignServices(product.category)) {
    return withService(trimSlashes(config.designServicesPath) || '/', slug);
  }
  if (isInstallServices(product.category)) {
    return withService(trimSlashes(config.installServicesPath) || '/', slug);
  }
  if (isServiceParts(product.category)) {
    return asPart(under(config.servicePartsPath, slug));
  }
  const segment = categorySlug(product.category) || UNCATEGORISED_SEGMENT;
  return under(`${trimSlashes(config.listPagePath)}/${segment}`, slug);
};
