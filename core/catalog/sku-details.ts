/**
 * Spec §3: each SKU detail entry (`SKU.Details_ss`, `Color.SKU.Details_ss`) is pipe-separated and
 * holds the sku and a discontinued date, the word false meaning not discontinued.
 *
 * Tolerance: fields are trimmed, the first two fields are the sku and the date, and any further
 * fields are kept in `extra` (the feed may grow). Malformed entries are rejected with a typed error
 * instead of throwing, so one bad entry never loses the others.
 */
import { err, ok, type Result } from '../shared/result';
import { parseSku, type Sku } from '../shared/sku';
import { isDiscontinued, parseDiscontinuedDate, type DiscontinuedDate } from './discontinued';

export const SKU_DETAIL_SEPARATOR = '|';

export interface SkuDetail {
  readonly sku: Sku;
  readonly discontinuedDate: DiscontinuedDate;
  /** Fields after the date, trimmed, in order. */
  readonly extra: readonly string[];
}

export type SkuDetailError =
  | { readonly kind: 'empty-entry'; readonly entry: string }
  | { readonly kind: 'invalid-sku'; readonly entry: string; readonly field: string }
  | { readonly kind: 'missing-discontinued-date'; readonly entry: string };

export const parseSkuDetail = (entry: string): Result<SkuDetail, SkuDetailError> => {
  if (entry.trim() === '') return err({ kind: 'empty-entry', entry });
  const [skuField = '', dateField, ...extra] = entry
    .split(SKU_DETAIL_SEPARATOR)
    .map((field) => field.trim());
  const sku = parseSku(skuField);
  if (sku === null) return err({ kind: 'invalid-sku', entry, field: skuField });
  if (dateField === undefined || dateField === '') {
    return err({ kind: 'missing-discontinued-date', entry });
  }
  return ok({ sku, discontinuedDate: parseDiscontinuedDate(dateField), extra });
};

export interface ParsedSkuDetails {
  readonly details: readonly SkuDetail[];
  readonly rejected: readonly SkuDetailError[];
}

export const parseSkuDetails = (entries: readonly string[]): ParsedSkuDetails => {
  const details: SkuDetail[] = [];
  const rejected: SkuDetailError[] = [];
  for (const entry of entries) {
    const parsed = parseSkuDetail(entry);
    if (parsed.ok) details.push(parsed.value);
    else rejected.push(parsed.error);
  }
  return { details, rejected };
};

/** Product detail (spec §3): variants are a sku plus a discontinued flag. */
export interface Variant {
  readonly sku: Sku;
  readonly discontinued: boolean;
}

/** One variant per sku, in first-seen order; a repeated sku keeps its first entry. */
export const variantsFromSkuDetails = (
  details: readonly SkuDetail[],
  now: number,
): readonly Variant[] => {
  const seen = new Set<string>();
  const variants: Variant[] = [];
  for (const d of details) {
    if (seen.has(d.sku)) continue;
    seen.add(d.sku);
    variants.push({ sku: d.sku, discontinued: isDiscontinued(d.discontinuedDate, now) });
  }
  return variants;
};
