/** ProductCatalog in the tab for the offline demo, mapped exactly as the HTTP adapter maps. */
import type { ProductCatalog } from '../../../core/catalog/catalogue-ports';
import type { ProductDetails, ProductSummary, ReviewPage } from '../../../core/catalog/product';
import { parseSkuDetails } from '../../../core/catalog/sku-details';
import type { Clock } from '../../../core/shared/clock';
import { parseSku } from '../../../core/shared/sku';
import {
  mappingContext,
  toProductDetails,
  toProductSummaries,
  type MappingContext,
} from '../../http/catalog/document-mapper';
import type { CatalogAdapterOptions } from '../../http/catalog/http-catalog-search';
import { inGivenOrder, lookupSkus } from '../../http/catalog/http-product-catalog';
import type { SearchDocument } from '../../http/catalog/search-document.codec';
import { clampRows, clampStart } from '../../http/catalog/search-params';
import type { DemoData } from '../demo-data';

/** Units per variant SKU from the colour details (`…|availableQty|…`, the sixth field). */
const variantStock = (docs: readonly SearchDocument[]): ReadonlyMap<string, number> => {
  const stock = new Map<string, number>();
  for (const doc of docs) {
    const entries = [
      ...(doc['Color.SKU.Details_ss'] ?? []),
      ...(doc['Color.SKU.Details_s'] === undefined ? [] : [doc['Color.SKU.Details_s']]),
    ];
    for (const detail of parseSkuDetails(entries).details) {
      const qty = Number(detail.extra[3]);
      if (Number.isFinite(qty) && !stock.has(detail.sku)) stock.set(detail.sku, qty);
    }
  }
  return stock;
};

export class FakeProductCatalog implements ProductCatalog {
  private readonly bySlugIndex: ReadonlyMap<string, SearchDocument>;
  private readonly bySkuIndex: ReadonlyMap<string, SearchDocument>;
  private readonly stockIndex: ReadonlyMap<string, number>;

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
    this.stockIndex = variantStock(data.documents);
  }

  private context(): MappingContext {
    return mappingContext(this.clock.now(), this.options.mapping);
  }

  async bySlug(slug: string): Promise<ProductDetails | null> {
    const doc = this.bySlugIndex.get(slug.trim());
    return doc === undefined ? null : toProductDetails(doc, this.context());
  }

  async bySkus(skus: readonly string[]): Promise<readonly ProductSummary[]> {
    const wanted = lookupSkus(skus);
    const docs = wanted.flatMap((sku) => {
      const doc = this.bySkuIndex.get(sku);
      return doc === undefined ? [] : [doc];
    });
    return inGivenOrder(wanted, toProductSummaries(docs, this.context()));
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

  async stock(sku: string): Promise<number> {
    const wanted = parseSku(sku);
    if (wanted === null) return 0;
    const variant = this.stockIndex.get(wanted);
    if (variant !== undefined) return Math.max(0, Math.floor(variant));
    return Math.max(0, Math.floor(this.bySkuIndex.get(wanted)?.availableQty_i ?? 0));
  }
}
