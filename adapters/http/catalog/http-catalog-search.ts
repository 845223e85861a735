/** CatalogSearch over the Solr-shaped API: `GET /search/plp`, typeahead and top searches. */
import type { CatalogSearch } from '../../../core/catalog/ports';
import type {
  ProductQuery,
  ProductSearchResult,
  TypeaheadResult,
} from '../../../core/catalog/product';
import type { CancelSignal } from '../../../core/shared/cancel';
import type { Clock } from '../../../core/shared/clock';
import type { ProductLinkConfig } from '../../../core/catalog/product-link';
import type { ApiClient } from '../api-client';
import {
  mappingContext,
  toProductSummaries,
  toSearchResult,
  type MappingContext,
} from './document-mapper';
import {
  PlpAnswerCodec,
  TopSearchesAnswerCodec,
  TypeaheadAnswerCodec,
} from './search-document.codec';
import { facetFieldsFor, plpParams, SUMMARY_FIELDS } from './search-params';

/** Spec §9: typeahead shows 10 rows. */
export const TYPEAHEAD_ROWS = 10;

export interface CatalogAdapterOptions {
  /** Region, currency and product-link configuration; `now` always comes from the clock. */
  readonly mapping?: Partial<Omit<MappingContext, 'now'>>;
  readonly facetAttributes?: Readonly<Record<string, readonly string[]>>;
  /**
   * The product-link configuration as the storefront's configuration has it now (its pdpUrlMapping,
   * spec §2), read for each answer: the configuration may arrive after the adapter is made.
   */
  readonly links?: () => ProductLinkConfig;
}

/** The mapping context of one answer: the clock's now, the options, the links as configured now. */
export const adapterContext = (now: number, options: CatalogAdapterOptions): MappingContext =>
  mappingContext(now, {
    ...options.mapping,
    ...(options.links === undefined ? {} : { linkConfig: options.links() }),
  });

/** The platform AbortSignal behind core's CancelSignal, for axios. */
export const abortSignal = (signal: CancelSignal | undefined): AbortSignal | undefined =>
  signal instanceof AbortSignal ? signal : undefined;

export class HttpCatalogSearch implements CatalogSearch {
  constructor(
    private readonly api: Pick<ApiClient, 'get'>,
    private readonly clock: Clock,
    private readonly options: CatalogAdapterOptions = {},
  ) {}

  private context(): MappingContext {
    return adapterContext(this.clock.now(), this.options);
  }

  async search(query: ProductQuery, signal?: CancelSignal): Promise<ProductSearchResult> {
    const facetFields = facetFieldsFor(query, this.options.facetAttributes);
    const aborter = abortSignal(signal);
    const answer = await this.api.get('/search/plp', PlpAnswerCodec, {
      params: plpParams(query, facetFields),
      ...(aborter === undefined ? {} : { signal: aborter }),
    });
    return toSearchResult(answer, query, facetFields, this.context());
  }

  async typeahead(keyword: string, signal?: CancelSignal): Promise<TypeaheadResult> {
    const q = keyword.trim();
    if (q === '') return { suggestions: [], products: [] };
    const aborter = abortSignal(signal);
    const answer = await this.api.get('/search/typeahead', TypeaheadAnswerCodec, {
      params: { q, rows: TYPEAHEAD_ROWS, fl: SUMMARY_FIELDS.join(',') },
      ...(aborter === undefined ? {} : { signal: aborter }),
    });
    return {
      suggestions: answer.suggestions.slice(0, TYPEAHEAD_ROWS),
      products: toProductSummaries(answer.response.docs, this.context()).slice(0, TYPEAHEAD_ROWS),
    };
  }

  async topSearches(): Promise<readonly string[]> {
    return (await this.api.get('/search/top-searches', TopSearchesAnswerCodec)).terms;
  }
}
