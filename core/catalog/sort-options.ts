/**
 * Spec §9: sort options best sellers, price ascending, price descending, A to Z, Z to A, newest,
 * oldest; default featured. Each key is what the `sort` query parameter carries; each option
 * knows the Solr sort string the search call sends. Featured sends no sort: the search profile's
 * own ranking.
 */

export const SORT_KEYS = [
  'featured',
  'best-sellers',
  'price-asc',
  'price-desc',
  'a-z',
  'z-a',
  'newest',
  'oldest',
] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export const DEFAULT_SORT: SortKey = 'featured';

export interface SortOption {
  readonly key: SortKey;
  readonly label: string;
  /** Solr `sort` value, or undefined to leave the order to the search profile. */
  readonly solrSort: string | undefined;
}

/** Solr fields the server's search must provide for sorting (beside the spec's §3 fields). */
export const UNITS_SOLD_FIELD = 'unitsSold_i';
export const LAUNCH_DATE_FIELD = 'launchDate_dt';

export const SORT_OPTIONS: readonly SortOption[] = [
  { key: 'featured', label: 'Featured', solrSort: undefined },
  { key: 'best-sellers', label: 'Best Sellers', solrSort: `${UNITS_SOLD_FIELD} desc` },
  { key: 'price-asc', label: 'Price: Low to High', solrSort: 'finalPrice_d asc' },
  { key: 'price-desc', label: 'Price: High to Low', solrSort: 'finalPrice_d desc' },
  { key: 'a-z', label: 'A to Z', solrSort: 'Product_Title_s asc' },
  { key: 'z-a', label: 'Z to A', solrSort: 'Product_Title_s desc' },
  { key: 'newest', label: 'Newest', solrSort: `${LAUNCH_DATE_FIELD} desc` },
  { key: 'oldest', label: 'Oldest', solrSort: `${LAUNCH_DATE_FIELD} asc` },
];

export const isSortKey = (value: string): value is SortKey =>
  (SORT_KEYS as readonly string[]).includes(value);

/** The sort key a query value names (trimmed, case-insensitive), or undefined. */
export const parseSortKey = (value: string | undefined): SortKey | undefined => {
  const key = value?.trim().toLowerCase();
  return key !== undefined && isSortKey(key) ? key : undefined;
};

export const sortKeyOrDefault = (value: string | undefined): SortKey =>
  parseSortKey(value) ?? DEFAULT_SORT;

export const sortOption = (key: SortKey): SortOption => {
  const option = SORT_OPTIONS.find((o) => o.key === key);
  if (option === undefined) throw new Error(`No sort option ${key}`);
  return option;
};

export const solrSort = (key: SortKey): string | undefined => sortOption(key).solrSort;
