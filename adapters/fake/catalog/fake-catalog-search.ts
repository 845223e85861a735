/**
 * CatalogSearch in the tab for the offline demo: the search engine stand-in answers in the API's
 * Solr shape and the HTTP adapters' mapper turns that into results, so the demo shows the same
 * products, facets and price ranges as the real API for the same documents.
 */
import type { CatalogSearch } from '../../../core/catalog/ports';
import type {
  ProductQuery,
  ProductSearchResult,
  TypeaheadResult,
} from '../../../core/catalog/product';
import type { Clock } from '../../../core/shared/clock';
import {
  toProductSummaries,
  toSearchResult,
  type MappingContext,
} from '../../http/catalog/document-mapper';
import { adapterContext, type CatalogAdapterOptions } from '../../http/catalog/http-catalog-search';
import { TYPEAHEAD_ROWS } from '../../http/catalog/http-catalog-search';
import { facetFieldsFor } from '../../http/catalog/search-params';
import type { DemoData } from '../demo-data';
import { SearchEngine, words } from './search-engine';

const matchesTyped = (phrase: string, typed: readonly string[]): boolean => {
  const own = words(phrase);
  return typed.every((w, i) =>
    i === typed.length - 1 ? own.some((o) => o.startsWith(w)) : own.includes(w),
  );
};

export class FakeCatalogSearch implements CatalogSearch {
  private readonly engine: SearchEngine;

  constructor(
    private readonly data: Pick<DemoData, 'documents' | 'topSearches'>,
    private readonly clock: Clock,
    private readonly options: CatalogAdapterOptions = {},
  ) {
    this.engine = new SearchEngine(data.documents);
  }

  private context(): MappingContext {
    return adapterContext(this.clock.now(), this.options);
  }

  async search(query: ProductQuery): Promise<ProductSearchResult> {
    const facetFields = facetFieldsFor(query, this.options.facetAttributes);
    return toSearchResult(this.engine.plp(query, facetFields), query, facetFields, this.context());
  }

  async typeahead(keyword: string): Promise<TypeaheadResult> {
    const typed = words(keyword);
    if (typed.length === 0) return { suggestions: [], products: [] };
    const answer = this.engine.plp(
      { keyword, filters: [], sort: 'featured', start: 0, rows: TYPEAHEAD_ROWS },
      [],
      true,
    );
    const categories = this.data.documents.map((d) => d.ProductLocalCategory_s ?? '');
    const titles = answer.response.docs.map((d) => d.Product_Title_s);
    const phrases = [...this.data.topSearches, ...categories, ...titles]
      .map((p) => p.trim().toLowerCase())
      .filter((p) => p !== '' && matchesTyped(p, typed));
    return {
      suggestions: [...new Set(phrases)].slice(0, TYPEAHEAD_ROWS),
      products: toProductSummaries(answer.response.docs, this.context()),
    };
  }

  async topSearches(): Promise<readonly string[]> {
    return this.data.topSearches;
  }
}
