/**
 * One view model for the product list (`/en/products/:category`) and search (`/en/search`) pages.
 * The URL is the source of truth: `show()` reads it, and every refinement navigates to a new URL
 * (listing-url.ts), which comes back through `show()`. While a refinement loads, the previous
 * results stay on screen (dimmed); a superseded request is aborted and its answer ignored.
 */
import { makeAutoObservable, observableRef, runInAction } from 'mobx';
import { categorySlug } from '../../../core/catalog/category';
import { formatCount } from '../../../core/shared/count';
import type { ChooseProductsPerPage } from '../../../core/catalog/choose-products-per-page';
import type { GetProductsPerPage } from '../../../core/catalog/get-products-per-page';
import type { PriceRange } from '../../../core/catalog/price-facets';
import type {
  ActiveFilter,
  Facet,
  ProductQuery,
  ProductSearchResult,
  ProductSummary,
} from '../../../core/catalog/product';
import {
  DEFAULT_PRODUCTS_PER_PAGE,
  PRODUCTS_PER_PAGE_OPTIONS,
  isProductsPerPage,
  type ProductsPerPage,
} from '../../../core/catalog/products-per-page';
import type { SearchProducts } from '../../../core/catalog/search-products';
import { withSearchState } from '../../../core/catalog/search-state';
import { SORT_OPTIONS, parseSortKey, type SortKey } from '../../../core/catalog/sort-options';
import { buildPath } from '../../../core/content/routes';
import type { AsyncStatus } from '../../../core/shared/async-status';
import {
  EMPTY_LISTING_STATE,
  hasRefinements,
  listingHref,
  parseListingQuery,
  priceSelectionLabel,
  samePrice,
  toggleFilter,
  togglePrice,
  withPage,
  withPerPage,
  withSort,
  withoutFilters,
  withoutPrice,
  type ListingState,
  type PriceSelection,
} from './listing-url';

export type ListingKind = 'productList' | 'search';

export interface ListingDeps {
  readonly searchProducts: SearchProducts;
  /** Top searches for the empty state (CatalogSearch.topSearches). */
  readonly topSearches: () => Promise<readonly string[]>;
  readonly getPerPage: GetProductsPerPage;
  readonly choosePerPage: ChooseProductsPerPage;
  /** Goes to another URL of the app (the router's navigate). */
  readonly navigate: (to: string) => void;
}

export interface ListingLocation {
  readonly pathname: string;
  /** The query string, with or without '?'. */
  readonly search: string;
  /** The product list's category slug (route parameter); absent on search. */
  readonly category?: string;
  /** Below 768 px: always 30 per page (spec §9). */
  readonly isMobile: boolean;
  /**
   * A server-rendered first view (docs/rendering.md) knows no choice remembered in this browser:
   * with this set the products per page come from the URL or the default only. The screen's next
   * `show()` applies the remembered choice.
   */
  readonly firstView?: boolean;
}

export interface FacetValueView {
  readonly value: string;
  readonly label: string;
  readonly count: number;
  readonly checked: boolean;
}

export interface FacetView {
  readonly field: string;
  readonly label: string;
  readonly values: readonly FacetValueView[];
}

export interface PriceOptionView {
  readonly price: PriceSelection;
  readonly label: string;
  readonly count: number;
  readonly checked: boolean;
}

export type Chip =
  | {
      readonly kind: 'filter';
      readonly key: string;
      readonly label: string;
      readonly filter: ActiveFilter;
    }
  | { readonly kind: 'price'; readonly key: string; readonly label: string };

export type PageItem =
  | { readonly kind: 'page'; readonly page: number; readonly current: boolean }
  | { readonly kind: 'gap'; readonly key: string };

export const SEARCH_PATH = buildPath('search');
const CATEGORY_FIELD = 'category_s';

/** 'kitchen-faucets' → 'Kitchen Faucets'. */
export const titleFromSlug = (slug: string): string =>
  slug
    .split(/[-_\s]+/)
    .filter((w) => w !== '')
    .map((w) => `${w.charAt(0).toUpperCase()}${w.slice(1)}`)
    .join(' ');

/** A facet value as a shopper reads it: 'true' → Yes, a category slug → its words, else as is (capitalised). */
export const facetValueLabel = (field: string, value: string): string => {
  if (value === 'true') return 'Yes';
  if (value === 'false') return 'No';
  if (field === CATEGORY_FIELD) {
    const words = value.replace(/-/g, ' ');
    return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
  }
  return `${value.charAt(0).toUpperCase()}${value.slice(1)}`;
};

/** "1 result", "1,234 results", with "for “keyword”" on search. */
export const resultCountText = (total: number, keyword?: string): string => {
  const n = `${formatCount(total)} ${total === 1 ? 'result' : 'results'}`;
  return keyword === undefined ? n : `${n} for “${keyword}”`;
};

/** Page links around the current page: 1 … 4 5 6 … 20. */
export const paginationItems = (current: number, totalPages: number): readonly PageItem[] => {
  if (totalPages <= 1) return [];
  const wanted = new Set([1, totalPages, current - 1, current, current + 1]);
  if (current <= 3) [2, 3, 4].forEach((p) => wanted.add(p));
  if (current >= totalPages - 2)
    [totalPages - 3, totalPages - 2, totalPages - 1].forEach((p) => wanted.add(p));
  const pages = [...wanted].filter((p) => p >= 1 && p <= totalPages).sort((a, b) => a - b);
  const items: PageItem[] = [];
  pages.forEach((page, i) => {
    const previous = pages[i - 1];
    if (previous !== undefined && page - previous === 2) {
      items.push({ kind: 'page', page: page - 1, current: page - 1 === current });
    } else if (previous !== undefined && page - previous > 2) {
      items.push({ kind: 'gap', key: `gap-${previous}` });
    }
    items.push({ kind: 'page', page, current: page === current });
  });
  return items;
};

export class ListingViewModel {
  status: AsyncStatus = 'idle';
  /** The latest answer; kept (dimmed) while a refinement loads. */
  result: ProductSearchResult | null = null;
  state: ListingState = EMPTY_LISTING_STATE;
  /** The query string `state` was read from; null when a refinement set it. */
  private stateFrom: string | null = null;
  pathname = '';
  search = '';
  category: string | undefined = undefined;
  isMobile = false;
  perPage: ProductsPerPage = 30;
  topSearches: readonly string[] = [];

  private requestedKey: string | null = null;
  private request: AbortController | null = null;
  private topSearchesRequested = false;

  constructor(
    private readonly deps: ListingDeps,
    readonly kind: ListingKind,
  ) {
    makeAutoObservable<
      ListingViewModel,
      'deps' | 'request' | 'requestedKey' | 'topSearchesRequested' | 'stateFrom'
    >(this, {
      // Replaced whole, never changed in place: a reference is enough, and making thirty
      // products and their facets deeply observable was a long task of the first view on a phone.
      result: observableRef,
      state: observableRef,
      topSearches: observableRef,
      deps: false,
      stateFrom: false,
      kind: false,
      request: false,
      requestedKey: false,
      topSearchesRequested: false,
    });
  }

  /**
   * Takes in the URL (and viewport) without fetching, so the very first render already shows this
   * page's heading and loading skeleton: a screen that first paints without them jumps when they
   * arrive (layout shift, issue 15). `show` does this too.
   */
  locate(location: ListingLocation): void {
    const search = location.search.startsWith('?') ? location.search.slice(1) : location.search;
    // The same URL again (the mount after a server-rendered first view) changes nothing: a new
    // state object would re-render every part that reads it.
    if (search !== this.stateFrom) {
      this.state = parseListingQuery(search);
      this.stateFrom = search;
    }
    this.pathname = location.pathname;
    this.search = search;
    this.category = location.category;
    this.isMobile = location.isMobile;
    this.perPage =
      location.firstView === true
        ? (this.state.perPage ?? DEFAULT_PRODUCTS_PER_PAGE)
        : this.resolvePerPage();
  }

  /** The URL (and viewport) to show; fetches only when the query differs from the last one. */
  show(location: ListingLocation): void {
    this.locate(location);
    const query = this.query;
    if (query === null) {
      this.request?.abort();
      this.requestedKey = null;
      this.status = 'idle';
      this.result = null;
      void this.loadTopSearches();
      return;
    }
    const key = JSON.stringify(query);
    if (key === this.requestedKey && this.status !== 'failed') return;
    void this.fetch(query, key);
  }

  retry(): void {
    const query = this.query;
    if (query !== null) void this.fetch(query, JSON.stringify(query));
  }

  /** The screen went away. */
  dispose(): void {
    this.request?.abort();
    this.requestedKey = null;
    if (this.status === 'loading') this.status = 'idle';
  }

  // What is asked.

  /** The search of the current URL; null on a search page without a keyword. */
  get query(): ProductQuery | null {
    const { keyword, filters, price, sort, page } = this.state;
    if (this.kind === 'search' && keyword === undefined) return null;
    return {
      ...(keyword === undefined ? {} : { keyword }),
      ...(this.category === undefined ? {} : { category: this.category }),
      filters,
      ...(price === undefined ? {} : { price }),
      sort,
      start: (page - 1) * this.perPage,
      rows: this.perPage,
    };
  }

  get keyword(): string | undefined {
    return this.state.keyword;
  }

  get sort(): SortKey {
    return this.state.sort;
  }

  get page(): number {
    return this.state.page;
  }

  // What is shown.

  get heading(): string {
    if (this.kind === 'search') {
      return this.keyword === undefined ? 'Search' : `Search results for “${this.keyword}”`;
    }
    return this.categoryTitle;
  }

  get categoryTitle(): string {
    const slug = this.category ?? '';
    const named = this.result?.products.find((p) => categorySlug(p.category) === slug);
    return named?.categoryName ?? titleFromSlug(slug);
  }

  get documentTitle(): string {
    return `${this.heading} — Lavabo`;
  }

  /**
   * The address search engines should keep for this page: the list (or the search for its
   * keyword) at its page number, without sorts and filters, which only rearrange or narrow it.
   */
  get canonicalHref(): string {
    const { keyword, page } = this.state;
    return listingHref(this.pathname, {
      ...EMPTY_LISTING_STATE,
      ...(this.kind === 'search' && keyword !== undefined ? { keyword } : {}),
      page,
    });
  }

  /** What the page is, in a sentence, for search engines. */
  get metaDescription(): string {
    if (this.kind === 'search') {
      return this.keyword === undefined ? '' : `Lavabo products matching “${this.keyword}”.`;
    }
    const total = this.result?.total ?? 0;
    return total === 0
      ? ''
      : `${this.categoryTitle} from Lavabo: ${total} ${total === 1 ? 'product' : 'products'}, with finishes, prices and availability.`;
  }

  get isInitialLoading(): boolean {
    return (
      this.result === null &&
      (this.status === 'loading' || this.status === 'idle') &&
      this.query !== null
    );
  }

  /** A refinement is loading: the previous results stay, dimmed. */
  get isRefining(): boolean {
    return this.status === 'loading' && this.result !== null;
  }

  get failed(): boolean {
    return this.status === 'failed';
  }

  get needsKeyword(): boolean {
    return this.query === null;
  }

  get total(): number {
    return this.result?.total ?? 0;
  }

  get products(): readonly ProductSummary[] {
    return this.result?.products ?? [];
  }

  get countText(): string {
    return this.result === null ? '' : resultCountText(this.result.total, this.keyword);
  }

  get noResults(): boolean {
    return this.status === 'succeeded' && this.result !== null && this.result.total === 0;
  }

  /**
   * A product list whose category has no products at all, with nothing asked of it but the
   * category: there is no such category (the server answers its URL with a 404 by the same rule,
   * server/http/page-existence.ts), so the screen is the not-found page, not an empty list.
   */
  get categoryNotFound(): boolean {
    return (
      this.kind === 'productList' &&
      this.noResults &&
      !this.hasRefinements &&
      this.keyword === undefined
    );
  }

  /** Asked for a page past the last one (e.g. a stale shared link). */
  get pastLastPage(): boolean {
    return this.status === 'succeeded' && this.total > 0 && this.products.length === 0;
  }

  get totalPages(): number {
    return Math.max(1, Math.ceil(this.total / this.perPage));
  }

  get pageItems(): readonly PageItem[] {
    return this.result === null ? [] : paginationItems(this.page, this.totalPages);
  }

  get hasPrevious(): boolean {
    return this.page > 1;
  }

  get hasNext(): boolean {
    return this.page < this.totalPages;
  }

  get facets(): readonly FacetView[] {
    const facets: readonly Facet[] = this.result?.facets ?? [];
    return facets
      .map((facet) => ({
        field: facet.field,
        label: facet.label,
        values: facet.values.map((v) => ({
          value: v.value,
          label: facetValueLabel(facet.field, v.value),
          count: v.count,
          checked: this.state.filters.some((f) => f.field === facet.field && f.value === v.value),
        })),
      }))
      .filter((facet) => facet.values.length > 0);
  }

  get priceOptions(): readonly PriceOptionView[] {
    const ranges: readonly PriceRange[] = this.result?.priceRanges ?? [];
    const selected = this.state.price;
    const options = ranges.map((r) => ({
      price: { fromCents: r.fromCents, toCents: r.toCents },
      label: r.label,
      count: r.count,
      checked: samePrice(selected, r),
    }));
    if (selected !== undefined && !options.some((o) => o.checked)) {
      options.unshift({
        price: selected,
        label: priceSelectionLabel(selected),
        count: this.total,
        checked: true,
      });
    }
    return options;
  }

  get chips(): readonly Chip[] {
    const filters: Chip[] = this.state.filters.map((filter) => ({
      kind: 'filter',
      key: `f:${filter.field}:${filter.value}`,
      label: facetValueLabel(filter.field, filter.value),
      filter,
    }));
    const price = this.state.price;
    return price === undefined
      ? filters
      : [...filters, { kind: 'price', key: 'price', label: priceSelectionLabel(price) }];
  }

  get hasRefinements(): boolean {
    return hasRefinements(this.state);
  }

  get refinementCount(): number {
    return this.chips.length;
  }

  /** "Did you mean": the corrected search, when it differs from what was typed. */
  get suggestion(): { readonly text: string; readonly href: string } | null {
    const s = this.result?.suggestion ?? null;
    const keyword = this.keyword;
    if (s === null || keyword === undefined) return null;
    const text = s.text.trim();
    if (text === '' || text.toLowerCase() === keyword.toLowerCase()) return null;
    return { text, href: this.keywordHref(text) };
  }

  get sortOptions() {
    return SORT_OPTIONS;
  }

  get perPageOptions(): readonly ProductsPerPage[] {
    return PRODUCTS_PER_PAGE_OPTIONS;
  }

  /** Below 768 px the page always shows 30, so there is nothing to choose. */
  get showPerPage(): boolean {
    return !this.isMobile;
  }

  // Links and refinements.

  /** A search for another keyword, keeping sort and tab (spec §2 search state), not the filters. */
  keywordHref(keyword: string): string {
    const { sort, tab } = this.state;
    return withSearchState(SEARCH_PATH, {
      keyword,
      ...(sort === 'featured' ? {} : { sort }),
      ...(tab === undefined ? {} : { tab }),
    });
  }

  pageHref(page: number): string {
    return this.href(withPage(this.state, page));
  }

  get clearAllHref(): string {
    return this.href(withoutFilters(this.state));
  }

  toggleFilter(field: string, value: string): void {
    this.go(toggleFilter(this.state, { field, value }));
  }

  togglePrice(price: PriceSelection): void {
    this.go(togglePrice(this.state, price));
  }

  removeChip(chip: Chip): void {
    this.go(
      chip.kind === 'price' ? withoutPrice(this.state) : toggleFilter(this.state, chip.filter),
    );
  }

  clearAll(): void {
    this.go(withoutFilters(this.state));
  }

  setSort(value: string): void {
    const sort = parseSortKey(value);
    if (sort !== undefined && sort !== this.sort) this.go(withSort(this.state, sort));
  }

  /** The shopper's choice is remembered for this path and written into the URL. */
  setPerPage(value: number): void {
    if (!isProductsPerPage(value)) return;
    const chosen = this.deps.choosePerPage.execute(this.pathname, value);
    if (!chosen.ok) return;
    this.go(withPerPage(this.state, chosen.value));
  }

  private href(state: ListingState): string {
    return listingHref(this.pathname, state, this.search);
  }

  /**
   * Shows the refinement at once (a checkbox stays checked, the select keeps its choice), then
   * goes to its URL, which comes back through show() and loads the products.
   */
  private go(state: ListingState): void {
    const href = this.href(state);
    this.state = state;
    this.stateFrom = null;
    this.perPage = this.resolvePerPage();
    this.deps.navigate(href);
  }

  private resolvePerPage(): ProductsPerPage {
    if (this.isMobile) return this.deps.getPerPage.execute(this.pathname, true);
    return this.state.perPage ?? this.deps.getPerPage.execute(this.pathname, false);
  }

  private async fetch(query: ProductQuery, key: string): Promise<void> {
    this.request?.abort();
    const request = new AbortController();
    this.request = request;
    this.requestedKey = key;
    this.status = 'loading';
    try {
      const result = await this.deps.searchProducts.execute(query, request.signal);
      if (request.signal.aborted) return;
      runInAction(() => {
        this.result = result;
        this.status = 'succeeded';
      });
      if (result.total === 0) void this.loadTopSearches();
    } catch {
      if (request.signal.aborted) return;
      runInAction(() => {
        this.status = 'failed';
      });
    }
  }

  private async loadTopSearches(): Promise<void> {
    if (this.topSearchesRequested) return;
    this.topSearchesRequested = true;
    try {
      const terms = await this.deps.topSearches();
      runInAction(() => {
        this.topSearches = terms
          .map((t) => t.trim())
          .filter((t) => t !== '')
          .slice(0, 8);
      });
    } catch {
      // The empty state works without them: allow a later try.
      this.topSearchesRequested = false;
    }
  }
}
