/** The drawing of a catalogue variant, by variant SKU ('/images/products/{sku}.svg'). */
import type { Catalogue, FinishRecord, ProductRecord } from '../catalogue/model';
import { hashString } from '../catalogue/prng';
import { renderProductSvg, type DrawingParts } from './render';

const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

const handlesOf = (value: unknown): { handles?: 1 | 2 } =>
  value === 1 || value === 2 ? { handles: value } : {};

/**
 * What the drawing of a product shows, read from its own attributes: a faucet's handles and
 * whether it is on the wall (a wall-mount faucet, a pot filler), a sink's mount, a kitchen sink's
 * bowls, a vanity's sinks, a tub's install. Issue 12: a pot filler drawn as a one-handle deck
 * faucet, a single-bowl sink drawn with two bowls.
 */
export const drawingParts = (product: ProductRecord): DrawingParts => {
  const a = product.attributes;
  switch (product.categorySlug) {
    case 'bathroom-faucets':
      return {
        ...handlesOf(a['handles']),
        mount: a['mount'] === 'wall-mount' ? 'wall' : 'deck',
      };
    case 'kitchen-faucets':
      return {
        ...handlesOf(a['handles']),
        mount: a['type'] === 'pot filler' ? 'wall' : 'deck',
      };
    case 'bathroom-sinks':
    case 'bathtubs': {
      const mount = a['mount'] ?? a['install'];
      return typeof mount === 'string' ? { mount } : {};
    }
    case 'kitchen-sinks':
    case 'vanities': {
      const bowls = count(a['bowls'] ?? a['sinks']);
      return bowls === undefined ? {} : { bowls };
    }
    default:
      return {};
  }
};

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
    parts: drawingParts(entry.product),
  });
};
