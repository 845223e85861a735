/**
 * Spec §2: search state kept across pages is sort, keyword and tab. These pick that state from a
 * page's query and write it back onto the next page's link.
 */
import { splitUrl } from './path';
import { encodeQuery, parseQuery, type QueryParams } from './query-params';
import { parseSortKey, type SortKey } from './sort-options';

export const SEARCH_STATE_PARAMS = ['sort', 'keyword', 'tab'] as const;

export interface SearchState {
  readonly sort?: SortKey;
  readonly keyword?: string;
  readonly tab?: string;
}

const firstNonEmpty = (params: QueryParams, name: string): string | undefined => {
  for (const [k, v] of params) {
    if (k === name && v.trim() !== '') return v.trim();
  }
  return undefined;
};

/** Only sort, keyword and tab; blank values and unknown sorts are dropped. */
export const pickSearchState = (query: QueryParams | string): SearchState => {
  const params = typeof query === 'string' ? parseQuery(query) : query;
  const sort = parseSortKey(firstNonEmpty(params, 'sort'));
  const keyword = firstNonEmpty(params, 'keyword');
  const tab = firstNonEmpty(params, 'tab');
  return {
    ...(sort === undefined ? {} : { sort }),
    ...(keyword === undefined ? {} : { keyword }),
    ...(tab === undefined ? {} : { tab }),
  };
};

export const searchStateParams = (state: SearchState): QueryParams =>
  SEARCH_STATE_PARAMS.flatMap((name) => {
    const value = state[name];
    return value === undefined ? [] : [[name, value] as const];
  });

/** A path carrying the search state: '/en/search' + {keyword:'sink'} → '/en/search?keyword=sink'. */
export const withSearchState = (path: string, state: SearchState): string => {
  const query = encodeQuery(searchStateParams(state));
  if (query === '') return path;
  const url = splitUrl(path);
  const search = url.search === '' || url.search === '?' ? `?${query}` : `${url.search}&${query}`;
  return `${url.path}${search}${url.hash}`;
};
