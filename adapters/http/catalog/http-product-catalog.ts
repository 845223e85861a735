/**
 * ProductCatalog over the API: the product page's product (`POST /search/pdp`), tiles and full
 * details for SKUs (`GET /search/plp` with `fq=sku_s:(…)`, the summary fields or all of them: one
 * call per 100 SKUs), reviews and stock.
 */
import type { ProductCatalog } from '../../../core/catalog/ports';
import type { ProductDetails, ProductSummary, ReviewPage } from '../../../core/catalog/product';
import type { Clock } from '../../../core/shared/clock';
import { parseSku } from '../../../core/shared/sku';
import type { ApiClient } from '../api-client';
import { ApiError } from '../api-error';
import { toProductDetails, toProductSummaries, type MappingContext } from './document-mapper';
import { adapterContext, type CatalogAdapterOptions } from './http-catalog-search';
import {
  PdpAnswerCodec,
  PlpAnswerCodec,
  ReviewsAnswerCodec,
  StockAnswerCodec,
  type SearchDocument,
} from './search-document.codec';
import { anyOf, clampRows, clampStart, MAX_ROWS, SKU_FIELD, SUMMARY_FIELDS } from './search-params';

/** The SKUs worth asking for: valid, upper-cased, each once, in the order given. */
export const lookupSkus = (skus: readonly string[]): readonly string[] => [
  ...new Set(skus.map(parseSku).filter((s): s is NonNullable<typeof s> => s !== null)),
];

/** Tiles (or details) in the order of `skus`, each once; SKUs with no tile are left out. */
export const inGivenOrder = <T extends ProductSummary>(
  skus: readonly string[],
  tiles: readonly T[],
): readonly T[] => {
  const bySku = new Map(tiles.map((t) => [t.sku as string, t]));
  return skus.flatMap((sku) => {
    const tile = bySku.get(sku);
    return tile === undefined ? [] : [tile];
  });
};

export const chunks = <T>(items: readonly T[], size: number): readonly (readonly T[])[] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) =>
    items.slice(i * size, (i + 1) * size),
  );

export class HttpProductCatalog implements ProductCatalog {
  constructor(
    private readonly api: Pick<ApiClient, 'get' | 'post'>,
    private readonly clock: Clock,
    private readonly options: CatalogAdapterOptions = {},
  ) {}

  private context(): MappingContext {
    return adapterContext(this.clock.now(), this.options);
  }

  async bySlug(slug: string): Promise<ProductDetails | null> {
    const wanted = slug.trim();
    if (wanted === '') return null;
    try {
      const answer = await this.api.post('/search/pdp', { slug: wanted }, PdpAnswerCodec);
      const doc = answer.response.docs[0];
      return doc === undefined ? null : toProductDetails(doc, this.context());
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'notFound') return null;
      throw error;
    }
  }

  async bySkus(skus: readonly string[]): Promise<readonly ProductSummary[]> {
    const wanted = lookupSkus(skus);
    const docs = await this.documentsBySkus(wanted, SUMMARY_FIELDS);
    return inGivenOrder(wanted, toProductSummaries(docs, this.context()));
  }

  async detailsBySkus(skus: readonly string[]): Promise<readonly ProductDetails[]> {
    const wanted = lookupSkus(skus);
    const docs = await this.documentsBySkus(wanted, null);
    const ctx = this.context();
    return inGivenOrder(
      wanted,
      docs.flatMap((doc) => toProductDetails(doc, ctx) ?? []),
    );
  }

  /** The documents of these master SKUs: `fields` of each, or all (the pdp call's document). */
  private async documentsBySkus(
    wanted: readonly string[],
    fields: readonly string[] | null,
  ): Promise<readonly SearchDocument[]> {
    if (wanted.length === 0) return [];
    const pages = await Promise.all(
      chunks(wanted, MAX_ROWS).map((chunk) =>
        this.api.get('/search/plp', PlpAnswerCodec, {
          params: {
            fq: [anyOf(SKU_FIELD, chunk)],
            ...(fields === null ? {} : { fl: fields.join(',') }),
            rows: chunk.length,
            start: 0,
          },
        }),
      ),
    );
    return pages.flatMap((p) => p.response.docs);
  }

  async reviews(
    sku: string,
    page: { readonly start: number; readonly rows: number },
  ): Promise<ReviewPage> {
    const answer = await this.api.get('/catalog/reviews', ReviewsAnswerCodec, {
      params: { sku: sku.trim(), start: clampStart(page.start), rows: clampRows(page.rows) },
    });
    return answer;
  }

  /** Throws on failure: the caller falls back to the finish's out-of-stock flag (spec §8). */
  async stock(sku: string): Promise<number> {
    const answer = await this.api.get('/catalog/stock', StockAnswerCodec, {
      params: { sku: sku.trim() },
    });
    return Math.max(0, Math.floor(answer.availableQuantity));
  }
}
