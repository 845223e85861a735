/**
 * Use case: the header search box's typeahead. With fewer than 2 characters typed it offers what
 * the shopper did before — the keyword history (spec §5) and recently viewed products (spec §9);
 * from 2 characters on, keyword suggestions and up to 10 products (spec §9: typeahead 10 rows).
 * Browsing history lives in browser storage: failing storage gives an empty history, never an error.
 */
import type { CancelSignal } from '../shared/cancel';
import type { BrowsingHistoryStore, CatalogSearch, ProductCatalog } from './ports';
import { cleanKeyword, rememberKeyword } from './keyword-history';
import type { ProductSummary } from './product';

/** Suggestions start at this many characters. */
export const TYPEAHEAD_MIN_CHARS = 2;
/** Spec §9: typeahead 10 rows. */
export const TYPEAHEAD_MAX_PRODUCTS = 10;
export const TYPEAHEAD_MAX_SUGGESTIONS = 10;

export type TypeaheadView =
  | {
      readonly kind: 'history';
      readonly keywords: readonly string[];
      readonly recentlyViewed: readonly ProductSummary[];
    }
  | {
      readonly kind: 'suggestions';
      readonly keyword: string;
      readonly suggestions: readonly string[];
      readonly products: readonly ProductSummary[];
    };

/** Whether this much typed text asks for suggestions (else the history is shown). */
export const wantsSuggestions = (text: string): boolean =>
  Array.from(cleanKeyword(text)).length >= TYPEAHEAD_MIN_CHARS;

const safely = <T>(read: () => T, fallback: T): T => {
  try {
    return read();
  } catch {
    return fallback;
  }
};

export class Typeahead {
  constructor(
    private readonly search: CatalogSearch,
    private readonly catalog: ProductCatalog,
    private readonly history: BrowsingHistoryStore,
  ) {}

  async execute(text: string, signal?: CancelSignal): Promise<TypeaheadView> {
    if (!wantsSuggestions(text)) {
      const keywords = safely(() => this.history.loadKeywords(), []);
      const skus = safely(() => this.history.loadRecentlyViewed(), []);
      let recentlyViewed: readonly ProductSummary[] = [];
      if (skus.length > 0) {
        try {
          recentlyViewed = await this.catalog.bySkus(skus);
        } catch {
          recentlyViewed = [];
        }
      }
      return { kind: 'history', keywords, recentlyViewed };
    }
    const keyword = cleanKeyword(text);
    const answer = await this.search.typeahead(keyword, signal);
    const seen = new Set<string>();
    const suggestions = answer.suggestions
      .map(cleanKeyword)
      .filter((s) => {
        const key = s.toLowerCase();
        if (s === '' || seen.has(key)) return false;
        seen.add(key);
        return true;
      })
      .slice(0, TYPEAHEAD_MAX_SUGGESTIONS);
    return {
      kind: 'suggestions',
      keyword,
      suggestions,
      products: answer.products.slice(0, TYPEAHEAD_MAX_PRODUCTS),
    };
  }

  /** A submitted search joins the keyword history (only when longer than 2 characters). */
  recordSearch(keyword: string): readonly string[] {
    const current = safely(() => this.history.loadKeywords(), []);
    const next = rememberKeyword(current, keyword);
    if (next !== current) safely(() => this.history.saveKeywords(next), undefined);
    return next;
  }
}
