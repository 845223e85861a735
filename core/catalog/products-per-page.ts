/**
 * Spec §9: products per page options 30, 60, 90 (default 30; on mobile always 30, otherwise
 * remembered per path in session storage). Storage is the PerPageMemory port; these rules work
 * on the remembered record itself.
 */

export const PRODUCTS_PER_PAGE_OPTIONS = [30, 60, 90] as const;
export type ProductsPerPage = (typeof PRODUCTS_PER_PAGE_OPTIONS)[number];
export const DEFAULT_PRODUCTS_PER_PAGE: ProductsPerPage = 30;
export const MOBILE_PRODUCTS_PER_PAGE: ProductsPerPage = 30;

/** What is remembered: list page path → products per page. */
export type PerPageByPath = Readonly<Record<string, number>>;

export const isProductsPerPage = (n: unknown): n is ProductsPerPage =>
  (PRODUCTS_PER_PAGE_OPTIONS as readonly unknown[]).includes(n);

/** Remembered per path, not per URL: the query and hash are dropped, and a trailing slash. */
export const perPageKey = (path: string): string => {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  const trimmed = bare.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
};

export const productsPerPage = (
  memory: PerPageByPath,
  path: string,
  isMobile: boolean,
): ProductsPerPage => {
  if (isMobile) return MOBILE_PRODUCTS_PER_PAGE;
  const key = perPageKey(path);
  const remembered = Object.hasOwn(memory, key) ? memory[key] : undefined;
  return isProductsPerPage(remembered) ? remembered : DEFAULT_PRODUCTS_PER_PAGE;
};

export const rememberProductsPerPage = (
  memory: PerPageByPath,
  path: string,
  n: ProductsPerPage,
): PerPageByPath => ({ ...memory, [perPageKey(path)]: n });
