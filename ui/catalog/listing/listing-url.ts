/**
 * The product list and search pages keep their whole state in the query string, so reload, back
 * and a shared link show the same products: `keyword`, `tab`, `sort` (left out when featured),
 * repeatable `f=field:value`, `price=from-to` in cents, `perPage` and `page` (left out when 1).
 * Parsing forgives: anything malformed is dropped, never an error. Writing is canonical, so
 * parse ∘ write is the identity on tidy states and write ∘ parse is idempotent.
 */
import type { ActiveFilter } from '../../../core/catalog/product';
import { priceRangeLabel } from '../../../core/catalog/price-facets';
import { isProductsPerPage, type ProductsPerPage } from '../../../core/catalog/products-per-page';
import { encodeQuery, parseQuery, type QueryParams } from '../../../core/catalog/query-params';
import { DEFAULT_SORT, parseSortKey, type SortKey } from '../../../core/catalog/sort-options';

export interface PriceSelection {
  readonly fromCents: number;
  readonly toCents: number;
}

export interface ListingState {
  readonly keyword?: string;
  readonly tab?: string;
  readonly sort: SortKey;
  readonly filters: readonly ActiveFilter[];
  readonly price?: PriceSelection;
  /** The shopper's explicit choice in the URL; absent → remembered per path, or the default. */
  readonly perPage?: ProductsPerPage;
  /** 1-based. */
  readonly page: number;
}

export const LISTING_PARAMS = ['keyword', 'tab', 'sort', 'f', 'price', 'perPage', 'page'] as const;
/** Far beyond any real catalogue; keeps a hand-edited URL from asking for absurd offsets. */
export const MAX_PAGE = 10_000;

export const EMPTY_LISTING_STATE: ListingState = { sort: DEFAULT_SORT, filters: [], page: 1 };

const FIELD = /^[A-Za-z_][A-Za-z0-9_.]*$/;
const PRICE = /^(\d{1,12})-(\d{1,12})$/;
const PAGE = /^\d{1,6}$/;

const nonBlank = (value: string | undefined): string | undefined => {
  const v = value?.trim();
  return v === undefined || v === '' ? undefined : v;
};

const first = (params: QueryParams, name: string): string | undefined =>
  params.find(([k, v]) => k === name && v.trim() !== '')?.[1];

export const parseFilterParam = (text: string): ActiveFilter | null => {
  const at = text.indexOf(':');
  if (at <= 0) return null;
  const field = text.slice(0, at).trim();
  const value = text.slice(at + 1).trim();
  return FIELD.test(field) && value !== '' ? { field, value } : null;
};

export const filterParam = (filter: ActiveFilter): string => `${filter.field}:${filter.value}`;

export const sameFilter = (a: ActiveFilter, b: ActiveFilter): boolean =>
  a.field === b.field && a.value === b.value;

const uniqueFilters = (filters: readonly ActiveFilter[]): readonly ActiveFilter[] =>
  filters.filter((f, i) => filters.findIndex((g) => sameFilter(f, g)) === i);

export const parsePriceParam = (text: string | undefined): PriceSelection | undefined => {
  const m = PRICE.exec(text?.trim() ?? '');
  if (m === null) return undefined;
  const fromCents = Number(m[1]);
  const toCents = Number(m[2]);
  return Number.isSafeInteger(toCents) && fromCents < toCents ? { fromCents, toCents } : undefined;
};

export const priceParam = (price: PriceSelection): string => `${price.fromCents}-${price.toCents}`;

export const samePrice = (a: PriceSelection | undefined, b: PriceSelection | undefined): boolean =>
  a?.fromCents === b?.fromCents && a?.toCents === b?.toCents;

export const priceSelectionLabel = (price: PriceSelection, currency = 'USD'): string =>
  priceRangeLabel(price.fromCents, price.toCents, currency);

const parsePage = (text: string | undefined): number => {
  const v = text?.trim() ?? '';
  if (!PAGE.test(v)) return 1;
  const n = Number(v);
  return n >= 1 && n <= MAX_PAGE ? n : 1;
};

/** The listing state a query string describes (leading '?' optional). */
export const parseListingQuery = (search: string): ListingState => {
  const params = parseQuery(search);
  const keyword = nonBlank(first(params, 'keyword'));
  const tab = nonBlank(first(params, 'tab'));
  const price = parsePriceParam(first(params, 'price'));
  const perPage = Number(first(params, 'perPage')?.trim() ?? Number.NaN);
  const filters = uniqueFilters(
    params
      .filter(([k]) => k === 'f')
      .map(([, v]) => parseFilterParam(v))
      .filter((f): f is ActiveFilter => f !== null),
  );
  return {
    ...(keyword === undefined ? {} : { keyword }),
    ...(tab === undefined ? {} : { tab }),
    sort: parseSortKey(first(params, 'sort')) ?? DEFAULT_SORT,
    filters,
    ...(price === undefined ? {} : { price }),
    ...(isProductsPerPage(perPage) ? { perPage } : {}),
    page: parsePage(first(params, 'page')),
  };
};

/** The state's own parameters, in canonical order. */
export const listingParams = (state: ListingState): QueryParams => [
  ...(state.keyword === undefined ? [] : [['keyword', state.keyword] as const]),
  ...(state.tab === undefined ? [] : [['tab', state.tab] as const]),
  ...(state.sort === DEFAULT_SORT ? [] : [['sort', state.sort] as const]),
  ...uniqueFilters(state.filters).map((f) => ['f', filterParam(f)] as const),
  ...(state.price === undefined ? [] : [['price', priceParam(state.price)] as const]),
  ...(state.perPage === undefined ? [] : [['perPage', String(state.perPage)] as const]),
  ...(state.page <= 1 ? [] : [['page', String(state.page)] as const]),
];

/** The query string (no '?') of a state; `keep` supplies other parameters (e.g. compare) to keep. */
export const listingQuery = (state: ListingState, keep = ''): string => {
  const others = parseQuery(keep).filter(
    ([k]) => !(LISTING_PARAMS as readonly string[]).includes(k),
  );
  return encodeQuery([...listingParams(state), ...others]);
};

/** A link to `path` showing `state`, keeping the current URL's unrelated parameters. */
export const listingHref = (path: string, state: ListingState, keep = ''): string => {
  const query = listingQuery(state, keep);
  return query === '' ? path : `${path}?${query}`;
};

// Refinements: every change but paging goes back to page 1.

export const toggleFilter = (state: ListingState, filter: ActiveFilter): ListingState => {
  const on = state.filters.some((f) => sameFilter(f, filter));
  return {
    ...state,
    filters: on ? state.filters.filter((f) => !sameFilter(f, filter)) : [...state.filters, filter],
    page: 1,
  };
};

export const withSort = (state: ListingState, sort: SortKey): ListingState => ({
  ...state,
  sort,
  page: 1,
});

/** Choosing the selected range again clears it (one price range at a time). */
export const togglePrice = (state: ListingState, price: PriceSelection): ListingState => {
  const { price: current, ...rest } = state;
  return samePrice(current, price) ? { ...rest, page: 1 } : { ...rest, price, page: 1 };
};

export const withoutPrice = (state: ListingState): ListingState => {
  const { price: _price, ...rest } = state;
  return { ...rest, page: 1 };
};

export const withPerPage = (state: ListingState, perPage: ProductsPerPage): ListingState => ({
  ...state,
  perPage,
  page: 1,
});

export const withPage = (state: ListingState, page: number): ListingState => ({
  ...state,
  page: Math.min(MAX_PAGE, Math.max(1, Math.floor(page))),
});

export const withoutFilters = (state: ListingState): ListingState => {
  const { price: _price, ...rest } = state;
  return { ...rest, filters: [], page: 1 };
};

export const hasRefinements = (state: ListingState): boolean =>
  state.filters.length > 0 || state.price !== undefined;
