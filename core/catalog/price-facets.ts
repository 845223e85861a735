/**
 * Spec §9: price facet ranges are built from the gap of the price range facet. Given Solr's
 * range facet (start, end, gap and counts per bucket start) this lists one range per gap from
 * start up to end, labelled "$100 – $200", with the filter query `finalPrice_d:[100 TO 200}`
 * (lower bound included, upper excluded, as Solr counts range buckets).
 *
 * Arithmetic runs in cents, so a gap of 0.1 never drifts to 0.30000000000000004.
 */
import { amountToCents, centsToDecimalString, formatMoney, money } from '../shared/money';
import { err, ok, type Result } from '../shared/result';

export const PRICE_FIELD = 'finalPrice_d';
/** A guard against a tiny gap producing thousands of filter options. */
export const MAX_PRICE_RANGES = 200;

export interface PriceRangeFacet {
  readonly start: number;
  readonly end: number;
  readonly gap: number;
  /** Solr's flat list ["0.0", 3, "100.0", 5] or its map form {"0.0": 3, "100.0": 5}. */
  readonly counts: readonly (string | number)[] | Readonly<Record<string, number>>;
}

export interface PriceRange {
  readonly fromCents: number;
  readonly toCents: number;
  readonly count: number;
  readonly label: string;
  readonly fq: string;
}

export type PriceFacetError =
  | { readonly kind: 'invalid-bounds'; readonly start: number; readonly end: number }
  | { readonly kind: 'invalid-gap'; readonly gap: number }
  | { readonly kind: 'too-many-ranges'; readonly ranges: number }
  | { readonly kind: 'malformed-counts'; readonly at: number };

export interface PriceRangeOptions {
  readonly currency?: string;
  /** Keep ranges with no products (default: left out, as a filter that finds nothing helps no one). */
  readonly includeEmpty?: boolean;
  readonly field?: string;
}

/** Cents as Solr writes a number: 10000 → "100", 9950 → "99.5", -1 → "-0.01". */
export const centsToSolrNumber = (cents: number): string =>
  centsToDecimalString(cents).replace(/\.?0+$/, '');

/** "$100", or "$99.50" when there are cents. */
export const formatPriceBound = (cents: number, currency = 'USD'): string =>
  formatMoney(money(cents, currency)).replace(/\.00$/, '');

export const priceRangeLabel = (fromCents: number, toCents: number, currency = 'USD'): string =>
  `${formatPriceBound(fromCents, currency)} – ${formatPriceBound(toCents, currency)}`;

export const priceRangeFq = (fromCents: number, toCents: number, field = PRICE_FIELD): string =>
  `${field}:[${centsToSolrNumber(fromCents)} TO ${centsToSolrNumber(toCents)}}`;

const toCents = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return null;
  try {
    return amountToCents(n);
  } catch {
    return null;
  }
};

const isCount = (n: unknown): n is number =>
  typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;

/** Bucket start in cents → count; null at the index of the first bad entry. */
const countsByCents = (
  counts: PriceRangeFacet['counts'],
): Result<ReadonlyMap<number, number>, number> => {
  const byCents = new Map<number, number>();
  const pairs: (readonly [unknown, unknown])[] = Array.isArray(counts)
    ? Array.from(
        { length: Math.ceil(counts.length / 2) },
        (_, i) => [counts[2 * i], counts[2 * i + 1]] as const,
      )
    : Object.entries(counts);
  for (const [i, [bucket, count]] of pairs.entries()) {
    const cents = toCents(bucket);
    if (cents === null || !isCount(count)) return err(i);
    byCents.set(cents, (byCents.get(cents) ?? 0) + count);
  }
  return ok(byCents);
};

export const priceRanges = (
  facet: PriceRangeFacet,
  options: PriceRangeOptions = {},
): Result<readonly PriceRange[], PriceFacetError> => {
  const start = toCents(facet.start);
  const end = toCents(facet.end);
  if (start === null || end === null || end < start) {
    return err({ kind: 'invalid-bounds', start: facet.start, end: facet.end });
  }
  const gap = toCents(facet.gap);
  if (gap === null || gap <= 0) return err({ kind: 'invalid-gap', gap: facet.gap });
  const total = Math.ceil((end - start) / gap);
  if (total > MAX_PRICE_RANGES) return err({ kind: 'too-many-ranges', ranges: total });
  const counts = countsByCents(facet.counts);
  if (!counts.ok) return err({ kind: 'malformed-counts', at: counts.error });

  const currency = options.currency ?? 'USD';
  const field = options.field ?? PRICE_FIELD;
  const ranges: PriceRange[] = [];
  for (let i = 0; i < total; i += 1) {
    const fromCents = start + i * gap;
    const toCentsValue = fromCents + gap;
    const count = counts.value.get(fromCents) ?? 0;
    if (count === 0 && options.includeEmpty !== true) continue;
    ranges.push({
      fromCents,
      toCents: toCentsValue,
      count,
      label: priceRangeLabel(fromCents, toCentsValue, currency),
      fq: priceRangeFq(fromCents, toCentsValue, field),
    });
  }
  return ok(ranges);
};
