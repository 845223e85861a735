/**
 * What the offline demo's dev server answers (scripts/vite-demo-plugin.ts loads this module through
 * Vite, so vite.config.ts itself imports no server code): the demo data and the generated drawings.
 */
import { generateCatalogue } from '../server/seed/catalogue/generate';
import type { Catalogue } from '../server/seed/catalogue/model';
import { productImageSvg } from '../server/seed/images/catalogue-images';
import { contentImageSvg } from '../server/seed/images/content-images';
import { buildDemoData } from './demo-data';

let data: Promise<string> | undefined;
let catalogue: Catalogue | undefined;

/** The JSON the fake adapters load (adapters/fake/demo-data.ts), built once. */
export const demoDataJson = (): Promise<string> =>
  (data ??= buildDemoData().then((d) => JSON.stringify(d)));

/** A product (variant SKU) or content drawing; null when there is no such image. */
export const demoImage = (kind: 'products' | 'content', name: string): string | null => {
  if (kind === 'content') return contentImageSvg(name);
  catalogue ??= generateCatalogue();
  return productImageSvg(catalogue, name);
};
