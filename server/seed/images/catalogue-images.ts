/** The drawing of a catalogue variant, by variant SKU ('/images/products/{sku}.svg'). */
import type { Catalogue, FinishRecord, ProductRecord } from '../catalogue/model';
import { hashString } from '../catalogue/prng';
import { renderProductSvg } from './render';

interface VariantEntry {
  readonly product: ProductRecord;
  readonly finish: FinishRecord | undefined;
}

const indexes = new WeakMap<Catalogue, Map<string, VariantEntry>>();

const variantIndex = (catalogue: Catalogue): Map<string, VariantEntry> => {
  const cached = indexes.get(catalogue);
  if (cached !== undefined) return cached;
  const finishes = new Map(catalogue.finishes.map((f) => [f.code, f]));
  const index = new Map<string, VariantEntry>();
  for (const product of catalogue.products) {
    for (const variant of product.variants) {
      index.set(variant.sku, { product, finish: finishes.get(variant.finishCode) });
    }
  }
  indexes.set(catalogue, index);
  return index;
};

/** The SVG of a variant, or null when the catalogue has no variant with that SKU. */
export const productImageSvg = (catalogue: Catalogue, variantSku: string): string | null => {
  const entry = variantIndex(catalogue).get(variantSku);
  if (entry === undefined) return null;
  return renderProductSvg({
    categorySlug: entry.product.categorySlug,
    finishHex: entry.finish?.hex ?? '#9aa0a6',
    finishName: entry.finish?.name ?? 'Standard',
    title: entry.product.title,
    // By master SKU: every finish of a product shows the same silhouette.
    seed: hashString(entry.product.sku),
  });
};
