/**
 * Spec §2 and §4: compare columns are 3, 5 or 7 depending on width (thresholds 1330 and 812 px);
 * the tray is open if a compare query parameter exists or compared products exist.
 * The most products comparable at once follows the columns.
 */
import { getParam, hasParam, type QueryParams } from '../catalog/query-params';
import { liveCompared, type CompareState } from './compare-state';

export const COMPARE_WIDE_MIN_WIDTH = 1330;
export const COMPARE_MEDIUM_MIN_WIDTH = 812;
export const COMPARE_COLUMNS = [3, 5, 7] as const;
export type CompareColumns = (typeof COMPARE_COLUMNS)[number];

export const COMPARE_QUERY_PARAM = 'compare';

/** ≥ 1330 px → 7, ≥ 812 px → 5, anything else (including an unknown width) → 3. */
export const compareColumns = (viewportWidth: number): CompareColumns => {
  if (viewportWidth >= COMPARE_WIDE_MIN_WIDTH) return 7;
  if (viewportWidth >= COMPARE_MEDIUM_MIN_WIDTH) return 5;
  return 3;
};

export const maxComparable = (viewportWidth: number): number => compareColumns(viewportWidth);

/** Open when the page's query has `compare` (even empty) or an unexpired product is compared. */
export const isCompareTrayOpen = (
  query: QueryParams | string,
  state: CompareState,
  now: number,
): boolean => hasParam(query, COMPARE_QUERY_PARAM) || liveCompared(state, now).length > 0;

/** `compare=K-1,K-2` → ['K-1', 'K-2'] (trimmed, blanks and repeats dropped). */
export const compareSkusFromQuery = (query: QueryParams | string): readonly string[] => {
  const raw = getParam(query, COMPARE_QUERY_PARAM) ?? '';
  return [
    ...new Set(
      raw
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    ),
  ];
};

/** The compare page's query for the compared SKUs, commas left readable: 'compare=K-1,K-2'. */
export const compareQuery = (skus: readonly string[]): string =>
  `${COMPARE_QUERY_PARAM}=${skus.map(encodeURIComponent).join(',')}`;
