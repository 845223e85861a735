/** ProductCatalog in the tab for the offline demo, mapped exactly as the HTTP adapter maps. */
import type { ProductCatalog } from '../../../core/catalog/ports';
import type { ProductDetails, ProductSummary, ReviewPage } from '../../../core/catalog/product';
import type { Clock } from '../../../core/shared/clock';
import { parseSku } from '../../../core/shared/sku';
import {
  documentVariantStock,
  toProductDetails,
  toProductSummaries,
  type MappingContext,
} from '../../http/catalog/document-mapper';
import { adapterContext, type CatalogAdapterOptions } from '../../http/catalog/http-catalog-search';
import { inGivenOrder, lookupSkus } from '../../http/catalog/http-product-catalog';
import type { SearchDocument } from '../../http/catalog/search-document.codec';
import { clampRows, clampStart } from '../../http/catalog/search-params';
import type { DemoData } from '../demo-data';

/**
 * Units per variant SKU, read as the product page reads them (documentVariantStock); undefined for
 * a variant whose document does not state its stock. The first document naming a SKU decides.
 */
const variantStockIndex = (
  docs: readonly SearchDocument[],
): ReadonlyMap<string, number | undefined> => {
  const stock = new Map<string, number | undefined>();
  for (const doc of docs) {
    for (const [sku, qty] of documentVariantStock(doc)) if (!stock.has(sku)) stock.set(sku, qty);
    for (const sku of doc['variantList.sku_ss'] ?? []) {
      const variant = parseSku(sku);
      if (variant !== null && !stock.has(variant)) stock.set(variant, undefined);
    }
  }
  return stock;
};

export class FakeProductCatalog implements ProductCatalog {
  private readonly bySlugIndex: ReadonlyMap<string, SearchDocument>;
  private readonly bySkuIndex: ReadonlyMap<string, SearchDocument>;
  private readonly stockIndex: ReadonlyMap<string, number | undefined>;

  constructor(
    private readonly data: Pick<DemoData, 'documents' | 'reviews'>,
    private readonly clock: Clock,
    private readonly options: CatalogAdapterOptions = {},
  ) {
    this.bySlugIndex = new Map(data.documents.map((d) => [d.slug_s.trim(), d]));
    this.bySkuIndex = new Map(
      data.documents.flatMap((d) => {
        const sku = parseSku(d.sku_s);
        return sku === null ? [] : [[sku as string, d] as const];
      }),
    );
    this.stockIndex = variantStockIndex(data.documents);
  }

  private context(): MappingContext {
    return adapterContext(this.clock.now(), this.options);
  }

  async bySlug(slug: string): Promise<ProductDetails | null> {
    const doc = this.bySlugIndex.get(slug.trim());
    return doc === undefined ? null : toProductDetails(doc, this.context());
  }

  async bySkus(skus: readonly string[]): Promise<readonly ProductSummary[]> {
    const wanted = lookupSkus(skus);
    return inGivenOrder(wanted, toProductSummaries(this.documents(wanted), this.context()));
  }

  async detailsBySkus(skus: readonly string[]): Promise<readonly ProductDetails[]> {
    const wanted = lookupSkus(skus);
    const ctx = this.context();
    return inGivenOrder(
      wanted,
      this.documents(wanted).flatMap((doc) => toProductDetails(doc, ctx) ?? []),
    );
  }

  private documents(skus: readonly string[]): readonly SearchDocument[] {
    return skus.flatMap((sku) => {
      const doc = this.bySkuIndex.get(sku);
      return doc === undefined ? [] : [doc];
    });
  }

  async reviews(
    sku: string,
    page: { readonly start: number; readonly rows: number },
  ): Promise<ReviewPage> {
    const all = this.data.reviews[parseSku(sku) ?? sku] ?? [];
    const start = clampStart(page.start);
    const sum = all.reduce((total, r) => total + r.rating, 0);
    return {
      total: all.length,
      averageRating: all.length === 0 ? 0 : Math.round((sum / all.length) * 10) / 10,
      reviews: all.slice(start, start + clampRows(page.rows)),
    };
  }

  /**
   * A variant's units are its colour details'; a master's, its document's. A variant whose stock the
   * data does not state fails like a stock call that could not answer, so the page keeps the
   * finish's own flag (which reads unknown stock as not out of stock, as the cart does).
   */
  async stock(sku: string): Promise<number> {
    const wanted = parseSku(sku);
    if (wanted === null) return 0;
    const variant = this.stockIndex.get(wanted);
    if (variant !== undefined) return variant;
    const master = this.bySkuIndex.get(wanted);
    if (master !== undefined) return Math.max(0, Math.floor(master.availableQty_i ?? 0));
    if (this.stockIndex.has(wanted)) {
      throw new Error(`The demo data does not state the stock of ${wanted}`);
    }
    return 0;
  }
}
