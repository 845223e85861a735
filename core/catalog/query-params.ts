/**
 * Query strings as ordered key/value pairs, without URLSearchParams (core has no DOM or Node
 * globals). Spec §2 lists the query parameters the storefront uses.
 */

/** Spec §2: query parameters in use (`type=part` only on service-part product links). */
export const QUERY_PARAMS = [
  'compare',
  'back',
  'keyword',
  'sort',
  'tab',
  'activeTab',
  'skuSearch',
  'service',
  'title',
  'id',
  'type',
] as const;
export type QueryParamName = (typeof QUERY_PARAMS)[number];

export type QueryParams = readonly (readonly [string, string])[];

const decode = (text: string): string => {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    // A stray '%' is kept as typed rather than failing the whole page.
    return spaced;
  }
};

/** `?a=1&b=x%20y` (leading '?' optional, anything from '#' ignored) → [['a','1'],['b','x y']]. */
export const parseQuery = (search: string): QueryParams => {
  const withoutHash = search.split('#', 1)[0] ?? '';
  const body = withoutHash.startsWith('?') ? withoutHash.slice(1) : withoutHash;
  if (body === '') return [];
  return body
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const eq = part.indexOf('=');
      return eq < 0
        ? ([decode(part), ''] as const)
        : ([decode(part.slice(0, eq)), decode(part.slice(eq + 1))] as const);
    });
};

/** The inverse of parseQuery, without the leading '?'. */
export const encodeQuery = (params: QueryParams): string =>
  params.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');

const asParams = (query: QueryParams | string): QueryParams =>
  typeof query === 'string' ? parseQuery(query) : query;

/** The first value of a parameter, or undefined when it is absent. */
export const getParam = (query: QueryParams | string, name: string): string | undefined =>
  asParams(query).find(([k]) => k === name)?.[1];

/** Whether a parameter is present at all, even with an empty value (`?compare`). */
export const hasParam = (query: QueryParams | string, name: string): boolean =>
  asParams(query).some(([k]) => k === name);
