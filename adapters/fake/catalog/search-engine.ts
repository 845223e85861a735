/**
 * A small in-memory stand-in for the search API (docs/api.md) over search documents, answering in
 * the same Solr shape as `GET /search/plp` so the fakes map answers with the HTTP adapters' mapper:
 * keyword matching (every word in the title, description, category, finish or SKU; case-insensitive,
 * plurals folded), filters (values of one field OR'ed, fields AND'ed), category, price range, sorts,
 * paging, multi-select facet counts (each facet counted without its own field's filter), the price
 * range facet, and a "did you mean" from the closest known word.
 */
import { categorySlug } from '../../../core/catalog/category';
import { PRICE_FIELD } from '../../../core/catalog/price-facets';
import type { ActiveFilter, ProductQuery } from '../../../core/catalog/product';
import { solrSort } from '../../../core/catalog/sort-options';
import { amountToCents } from '../../../core/shared/money';
import type {
  PlpAnswer,
  SearchDocument,
  Spellcheck,
} from '../../http/catalog/search-document.codec';
import { CATEGORY_FIELD, clampRows, clampStart, PRICE_GAP } from '../../http/catalog/search-params';

type Field = keyof SearchDocument & string;

/** A field's values as text: one for a scalar, each entry of a list; none when absent. */
export const fieldValues = (doc: SearchDocument, field: string): readonly string[] => {
  const value = (doc as Readonly<Record<string, unknown>>)[field];
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return [String(value)];
  }
  return [];
};

/** Lower-case words; a plural 's' is folded ('faucets' → 'faucet', but 'brass' stays). */
export const words = (text: string): readonly string[] =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '')
    .map(fold);

const fold = (word: string): string =>
  word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;

const SEARCHED_FIELDS: readonly { readonly field: Field; readonly weight: number }[] = [
  { field: 'Product_Title_s', weight: 3 },
  { field: 'ProductLocalCategory_s', weight: 2 },
  { field: 'category_s', weight: 2 },
  { field: 'finish_ss', weight: 1 },
  { field: 'sku_s', weight: 2 },
  { field: 'variantList.sku_ss', weight: 2 },
  { field: 'Product_Description_s', weight: 1 },
];

interface IndexedDocument {
  readonly doc: SearchDocument;
  /** word → weight of the best field it appears in. */
  readonly words: ReadonlyMap<string, number>;
  readonly priceCents: number | null;
}

const priceCents = (doc: SearchDocument): number | null => {
  if (doc.finalPrice_d === undefined) return null;
  try {
    return amountToCents(doc.finalPrice_d);
  } catch {
    return null;
  }
};

const indexDocument = (doc: SearchDocument): IndexedDocument => {
  const weights = new Map<string, number>();
  for (const { field, weight } of SEARCHED_FIELDS) {
    for (const value of fieldValues(doc, field)) {
      for (const w of words(value)) weights.set(w, Math.max(weights.get(w) ?? 0, weight));
    }
  }
  return { doc, words: weights, priceCents: priceCents(doc) };
};

/** Edit distance (insert, delete, substitute), giving up past `max`. */
export const editDistance = (a: string, b: string, max = Infinity): number => {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const d = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      current.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    previous = current;
  }
  return previous[b.length] ?? 0;
};

/** How far a misspelt word may be from the word suggested for it. */
export const MAX_SUGGESTION_DISTANCE = 2;

export interface EngineOptions {
  /** Dollars per bucket of the price range facet. */
  readonly priceGap?: number;
}

interface Constraints {
  readonly words: readonly string[];
  readonly prefixLast: boolean;
  readonly category: string | undefined;
  readonly filters: ReadonlyMap<string, readonly string[]>;
  readonly price: ProductQuery['price'];
}

const byField = (filters: readonly ActiveFilter[]): ReadonlyMap<string, readonly string[]> => {
  const grouped = new Map<string, string[]>();
  for (const { field, value } of filters)
    grouped.set(field, [...(grouped.get(field) ?? []), value]);
  return grouped;
};

const compareValues = (a: string | number | undefined, b: string | number | undefined): number => {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const [x, y] = [String(a), String(b)];
  return x < y ? -1 : x > y ? 1 : 0;
};

/** Text sorts ignore case ('A to Z'), as the API's title sort does. */
const sortValue = (doc: SearchDocument, field: string): string | number | undefined => {
  const value = (doc as Readonly<Record<string, unknown>>)[field];
  if (typeof value === 'string') return value.toLowerCase();
  return typeof value === 'number' ? value : undefined;
};

/** Solr's `field asc, other desc` as comparators; missing values sort last either way. */
export const sortComparator = (
  sort: string,
): ((a: SearchDocument, b: SearchDocument) => number) | null => {
  const keys = sort
    .split(',')
    .map((part) => part.trim().split(/\s+/))
    .filter((p): p is [string, string] => p.length === 2)
    .map(([field, dir]) => ({ field, sign: dir.toLowerCase() === 'desc' ? -1 : 1 }));
  if (keys.length === 0) return null;
  return (a, b) => {
    for (const { field, sign } of keys) {
      const va = sortValue(a, field);
      const vb = sortValue(b, field);
      if (va === undefined || vb === undefined) {
        const c = compareValues(va, vb);
        if (c !== 0) return c;
        continue;
      }
      const c = compareValues(va, vb) * sign;
      if (c !== 0) return c;
    }
    return 0;
  };
};

/**
 * The featured order (no sort chosen): products still sold before discontinued ones, in stock
 * before out of stock, then best sellers — as the API orders them.
 */
export const featuredRank = (doc: SearchDocument): number =>
  ((doc.discontinued_b === true ? 0 : 2) + (doc.inStock_b === true ? 1 : 0)) * 10_000_000 +
  Math.min(Math.max(0, Math.floor(doc.unitsSold_i ?? 0)), 9_999_999);

/** The last tie-breaker, so every order is total and pages never overlap. */
const bySku = (a: SearchDocument, b: SearchDocument): number =>
  a.sku_s < b.sku_s ? -1 : a.sku_s > b.sku_s ? 1 : 0;

export class SearchEngine {
  private readonly indexed: readonly IndexedDocument[];
  /** Every word the catalogue knows, with how many documents use it. */
  private readonly vocabulary: ReadonlyMap<string, number>;
  private readonly gap: number;

  constructor(documents: readonly SearchDocument[], options: EngineOptions = {}) {
    this.indexed = documents.map(indexDocument);
    const vocabulary = new Map<string, number>();
    for (const d of this.indexed) {
      for (const w of d.words.keys()) vocabulary.set(w, (vocabulary.get(w) ?? 0) + 1);
    }
    this.vocabulary = vocabulary;
    this.gap = options.priceGap ?? PRICE_GAP;
  }

  get documents(): readonly SearchDocument[] {
    return this.indexed.map((d) => d.doc);
  }

  private score(d: IndexedDocument, c: Constraints): number | null {
    let score = 0;
    for (const [i, word] of c.words.entries()) {
      const prefix = c.prefixLast && i === c.words.length - 1;
      let best = d.words.get(word) ?? 0;
      if (prefix && best === 0) {
        for (const [w, weight] of d.words) if (w.startsWith(word)) best = Math.max(best, weight);
      }
      if (best === 0) return null;
      score += best;
    }
    return score;
  }

  private passes(d: IndexedDocument, c: Constraints, except: string | null): boolean {
    if (c.category !== undefined && except !== CATEGORY_FIELD) {
      const own = d.doc.category_s ?? categorySlug(d.doc.ProductLocalCategory_s ?? '');
      if (own !== c.category) return false;
    }
    if (c.price !== undefined && except !== PRICE_FIELD) {
      if (d.priceCents === null) return false;
      if (d.priceCents < c.price.fromCents || d.priceCents >= c.price.toCents) return false;
    }
    for (const [field, values] of c.filters) {
      if (field === except) continue;
      const own = fieldValues(d.doc, field);
      if (!values.some((v) => own.includes(v))) return false;
    }
    return true;
  }

  private constraints(query: ProductQuery, prefixLast: boolean): Constraints {
    const category = query.category?.trim();
    return {
      words: words(query.keyword ?? ''),
      prefixLast,
      category: category === undefined || category === '' ? undefined : category,
      filters: byField(query.filters),
      price: query.price,
    };
  }

  /** The documents matching the keywords, with their relevance. */
  private matching(
    c: Constraints,
  ): readonly { readonly d: IndexedDocument; readonly score: number }[] {
    return this.indexed.flatMap((d) => {
      const score = this.score(d, c);
      return score === null ? [] : [{ d, score }];
    });
  }

  /** The plp answer for a query, with the given facet fields counted. */
  plp(query: ProductQuery, facetFields: readonly string[], prefixLast = false): PlpAnswer {
    const c = this.constraints(query, prefixLast);
    const matched = this.matching(c);
    const hits = matched.filter(({ d }) => this.passes(d, c, null));
    const comparator = sortComparator(solrSort(query.sort) ?? '');
    const ordered = [...hits].sort(
      (a, b) =>
        (comparator === null
          ? b.score - a.score || featuredRank(b.d.doc) - featuredRank(a.d.doc)
          : comparator(a.d.doc, b.d.doc)) || bySku(a.d.doc, b.d.doc),
    );
    const start = clampStart(query.start);
    const rows = clampRows(query.rows);
    const keyword = query.keyword?.trim() ?? '';
    return {
      response: {
        numFound: hits.length,
        start,
        docs: ordered.slice(start, start + rows).map(({ d }) => d.doc),
      },
      facet_counts: {
        facet_fields: Object.fromEntries(
          facetFields.map((field) => [field, this.facetCounts(matched, c, field)]),
        ),
        facet_ranges: { [PRICE_FIELD]: this.priceFacet(matched, c) },
      },
      ...(keyword === '' ? {} : { spellcheck: this.spellcheck(keyword, hits.length) }),
    };
  }

  private facetCounts(
    matched: readonly { readonly d: IndexedDocument }[],
    c: Constraints,
    field: string,
  ): (string | number)[] {
    const counts = new Map<string, number>();
    for (const { d } of matched) {
      if (!this.passes(d, c, field)) continue;
      for (const value of new Set(fieldValues(d.doc, field))) {
        counts.set(value, (counts.get(value) ?? 0) + 1);
      }
    }
    return [...counts]
      .sort(([va, ca], [vb, cb]) => cb - ca || (va < vb ? -1 : va > vb ? 1 : 0))
      .flatMap(([value, count]) => [value, count]);
  }

  private priceFacet(matched: readonly { readonly d: IndexedDocument }[], c: Constraints) {
    const gapCents = amountToCents(this.gap);
    const buckets = new Map<number, number>();
    for (const { d } of matched) {
      if (d.priceCents === null || d.priceCents < 0 || !this.passes(d, c, PRICE_FIELD)) continue;
      const bucket = Math.floor(d.priceCents / gapCents);
      buckets.set(bucket, (buckets.get(bucket) ?? 0) + 1);
    }
    const last = buckets.size === 0 ? -1 : Math.max(...buckets.keys());
    return {
      counts: [...buckets]
        .sort(([a], [b]) => a - b)
        .flatMap(([bucket, count]) => [String((bucket * gapCents) / 100), count]),
      gap: this.gap,
      start: 0,
      end: ((last + 1) * gapCents) / 100,
    };
  }

  /** The closest known word to an unknown one, or null when none is near enough. */
  closestWord(word: string): string | null {
    let best: { word: string; distance: number; uses: number } | null = null;
    for (const [known, uses] of this.vocabulary) {
      if (known.length < 3 || /^\d+$/.test(known)) continue;
      const distance = editDistance(word, known, MAX_SUGGESTION_DISTANCE);
      if (distance > MAX_SUGGESTION_DISTANCE) continue;
      if (
        best === null ||
        distance < best.distance ||
        (distance === best.distance &&
          (uses > best.uses || (uses === best.uses && known < best.word)))
      ) {
        best = { word: known, distance, uses };
      }
    }
    return best?.word ?? null;
  }

  /**
   * Words the catalogue does not know are replaced by the closest known word; `collations` holds
   * the keywords with those words replaced, when any could be.
   */
  private spellcheck(keywords: string, numFound: number): Spellcheck {
    const text = keywords.trim().toLowerCase().replace(/\s+/g, ' ');
    const unknown = [...new Set(text.match(/[a-z0-9]+/g) ?? [])].filter(
      (w) => !this.vocabulary.has(fold(w)),
    );
    const corrections = new Map<string, string>();
    for (const word of unknown) {
      const closest = /^\d+$/.test(word) ? null : this.closestWord(fold(word));
      if (closest !== null && closest !== word) corrections.set(word, closest);
    }
    return {
      correctlySpelled: unknown.length === 0,
      collations:
        corrections.size === 0 ? [] : [text.replace(/[a-z0-9]+/g, (w) => corrections.get(w) ?? w)],
      suggestionExactMatch: numFound > 0,
    };
  }
}
