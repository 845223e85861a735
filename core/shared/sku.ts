/** SKUs identify products and variants, e.g. K-4120 (master) and K-4120-BL (a finish variant). */
export type Sku = string & { readonly __brand: 'Sku' };

const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/;
const INTERNAL_PREFIX = 'K-';

export const isSku = (value: string): value is Sku => SKU_PATTERN.test(value);

export const parseSku = (value: string): Sku | null => {
  const trimmed = value.trim().toUpperCase();
  return isSku(trimmed) ? trimmed : null;
};

/** Spec §3: the SKU a shopper sees is the SKU with the 'K-' prefix removed. */
export const customerFacingSku = (sku: string): string =>
  sku.startsWith(INTERNAL_PREFIX) ? sku.slice(INTERNAL_PREFIX.length) : sku;
