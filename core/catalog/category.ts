/** Category names as the catalogue writes them ("Kitchen Faucets") and as paths need them. */

export const DESIGN_SERVICES = 'Design Services';
export const INSTALL_SERVICES = 'Install Services';
export const SERVICE_PARTS = 'Service Parts';

/**
 * Spec §2: the hyphenated lower-case category. Accents are dropped and every run of characters
 * other than a–z and 0–9 becomes one hyphen, so 'Bath & Spa' → 'bath-spa' (a safe URL segment).
 */
export const categorySlug = (category: string): string =>
  category
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** Two spellings name the same category when their slugs agree ('Service Parts', 'service-parts'). */
export const sameCategory = (a: string, b: string): boolean => {
  const slug = categorySlug(a);
  return slug !== '' && slug === categorySlug(b);
};

export const isDesignServices = (category: string): boolean =>
  sameCategory(category, DESIGN_SERVICES);
export const isInstallServices = (category: string): boolean =>
  sameCategory(category, INSTALL_SERVICES);
export const isServiceParts = (category: string): boolean => sameCategory(category, SERVICE_PARTS);
