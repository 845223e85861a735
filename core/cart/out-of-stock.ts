/**
 * Spec §4 Out of stock: available quantity is below the requested quantity, unless the item is
 * back-orderable, a service, or in a design/install category.
 */

/** Categories whose items are never out of stock, compared after `normalizeCategory`. */
export const DESIGN_INSTALL_CATEGORIES: readonly string[] = ['design-services', 'install-services'];

/** "Design Services", "design_services" and "design-services" are the same category. */
export const normalizeCategory = (category: string): string =>
  category
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

export const isDesignOrInstallCategory = (category: string | undefined): boolean =>
  category !== undefined && DESIGN_INSTALL_CATEGORIES.includes(normalizeCategory(category));

export interface StockCheck {
  /** Units available; undefined when stock is unknown. */
  readonly availableQty: number | undefined;
  readonly requestedQty: number;
  readonly backorderable: boolean;
  readonly isService: boolean;
  readonly category?: string | undefined;
}

/** Unknown stock is not out of stock: the server has the last word when the line is added. */
export const isOutOfStock = (check: StockCheck): boolean => {
  if (check.backorderable || check.isService || isDesignOrInstallCategory(check.category)) {
    return false;
  }
  return check.availableQty !== undefined && check.availableQty < check.requestedQty;
};
