/**
 * What the offline demo's cart needs to know about a SKU, read from the seeded search documents
 * (DemoData) exactly as the product page maps them: name, slug, finish, image, list and sale price
 * in cents, stock, back-order, services, bundles, states it cannot ship to.
 */
import type { ProductDetails } from '../../../core/catalog/product';
import { isDesignOrInstallCategory } from '../../../core/cart/out-of-stock';
import {
  documentVariantStock,
  mappingContext,
  toProductDetails,
} from '../../http/catalog/document-mapper';
import type { DemoData } from '../demo-data';

export interface ItemFacts {
  readonly sku: string;
  readonly name: string;
  readonly slug: string;
  /** Category slug, e.g. 'kitchen-faucets'. */
  readonly category: string;
  readonly brand: string;
  readonly color?: string;
  readonly image?: string;
  readonly listCents: number;
  readonly saleCents: number | null;
  /** Units in stock; undefined when the feed does not say. */
  readonly availableQty?: number;
  readonly backorderable: boolean;
  readonly leadTimeDays: number | null;
  readonly isService: boolean;
  /** Not sold online: discontinued, or sold in stores only. */
  readonly unavailable: boolean;
  readonly components: readonly string[];
  readonly noShipStates: readonly string[];
}

const masterFacts = (p: ProductDetails): ItemFacts => ({
  sku: p.sku,
  name: p.title,
  slug: p.slug,
  category: p.category,
  brand: p.brand,
  ...(p.image.url === '' ? {} : { image: p.image.url }),
  listCents: p.price.listCents,
  saleCents: p.price.saleCents,
  availableQty: p.availableQty,
  backorderable: p.backorderable,
  leadTimeDays: p.leadTimeDays,
  isService: isDesignOrInstallCategory(p.category),
  unavailable: p.discontinued || p.retailExclusive,
  components: p.superSkuComponents,
  noShipStates: p.noShipStates,
});

/** SKU (master and every variant) → facts. */
export const indexCatalogue = (
  data: Pick<DemoData, 'documents'>,
  now: number,
): ReadonlyMap<string, ItemFacts> => {
  const ctx = mappingContext(now);
  const index = new Map<string, ItemFacts>();
  for (const doc of data.documents) {
    const product = toProductDetails(doc, ctx);
    if (product === null) continue;
    const master = masterFacts(product);
    index.set(master.sku, master);
    // A variant's stock is its own (documentVariantStock, as the product page reads it), never the
    // master's total; unknown stays unknown and the cart lets the server decide.
    const { availableQty: _masterTotal, ...shared } = master;
    const stock = documentVariantStock(doc);
    for (const finish of product.finishes) {
      const qty = stock.get(finish.sku);
      index.set(finish.sku, {
        ...shared,
        sku: finish.sku,
        color: finish.name,
        ...(finish.imageUrl === '' ? {} : { image: finish.imageUrl }),
        ...(qty === undefined ? {} : { availableQty: qty }),
        unavailable: master.unavailable || finish.discontinued,
      });
    }
  }
  return index;
};
