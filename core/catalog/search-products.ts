/**
 * Use case: the product list and search pages ask for one page of products (spec §7 search/plp).
 * The query is tidied before it leaves: keyword trimmed, filters trimmed and each once, a price
 * range only when it is a real range, start and rows whole numbers. Content-managed product lists
 * (core/content/page-model.ts) speak Solr's `field:value` filters and sort strings;
 * `productListQuery` reads them into the same query.
 */
import type { CancelSignal } from '../shared/cancel';
import type { CatalogSearch } from './ports';
import { defaultVariant } from './pdp-sku';
import type { ActiveFilter, ProductQuery, ProductSearchResult, ProductSummary } from './product';
import { DEFAULT_SORT, SORT_OPTIONS, parseSortKey, type SortKey } from './sort-options';

/** The category field of the search documents (docs/api.md). */
export const CATEGORY_FILTER_FIELD = 'category_s';

/** A field name as Solr spells one: letters, digits, `_` and `.`. */
const FIELD = /^[A-Za-z_][A-Za-z0-9_.]*$/;

const uniqueFilters = (filters: readonly ActiveFilter[]): readonly ActiveFilter[] => {
  const seen = new Set<string>();
  const out: ActiveFilter[] = [];
  for (const f of filters) {
    const field = f.field.trim();
    const value = f.value.trim();
    if (!FIELD.test(field) || value === '') continue;
    const key = `${field}\u0000${value}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ field, value });
  }
  return out;
};

const wholeAtLeast = (n: number, min: number): number =>
  Number.isFinite(n) ? Math.max(min, Math.floor(n)) : min;

/** The query as it is sent: see the file comment. */
export const tidyQuery = (query: ProductQuery): ProductQuery => {
  const keyword = query.keyword?.trim() ?? '';
  const category = query.category?.trim() ?? '';
  const price = query.price;
  const validPrice =
    price !== undefined &&
    Number.isSafeInteger(price.fromCents) &&
    Number.isSafeInteger(price.toCents) &&
    price.fromCents >= 0 &&
    price.toCents > price.fromCents;
  return {
    ...(keyword === '' ? {} : { keyword }),
    ...(category === '' ? {} : { category }),
    filters: uniqueFilters(query.filters),
    ...(validPrice ? { price: { fromCents: price.fromCents, toCents: price.toCents } } : {}),
    sort: query.sort,
    start: wholeAtLeast(query.start, 0),
    rows: wholeAtLeast(query.rows, 0),
  };
};

/**
 * Solr's phrase `"stainless steel"` → `stainless steel`, backslash escapes removed; null when the
 * text is not exactly one phrase (an unclosed quote, text after the closing quote).
 */
const readPhrase = (text: string): string | null => {
  let out = '';
  for (let i = 1; i < text.length; i += 1) {
    const ch = text.charAt(i);
    if (ch === '\\') {
      if (i + 1 >= text.length) return null;
      out += text.charAt(i + 1);
      i += 1;
    } else if (ch === '"') {
      return i === text.length - 1 ? out : null;
    } else {
      out += ch;
    }
  }
  return null;
};

/**
 * The one value of a filter, read as the search server reads it (docs/api.md): a phrase, or plain
 * text with backslash escapes removed. Null for the forms that are not one value: ranges
 * (`[a TO b}`), value lists (`(a OR b)`) and `*` (any value).
 */
const filterValue = (text: string): string | null => {
  const v = text.trim();
  if (v.startsWith('"')) return readPhrase(v);
  if (v === '*' || /^[[{(]/.test(v)) return null;
  return v.replace(/\\([\s\S])/g, '$1');
};

/**
 * `attr_mount_s:farmhouse` → {field, value}; null for anything that is not one field and one
 * value that is not blank (negations, ranges, value lists, local params, malformed quotes).
 */
export const parseFilterQuery = (fq: string): ActiveFilter | null => {
  const at = fq.indexOf(':');
  if (at <= 0) return null;
  const field = fq.slice(0, at).trim();
  const value = filterValue(fq.slice(at + 1));
  if (!FIELD.test(field) || value === null || value.trim() === '') return null;
  return { field, value };
};

/** A sort key, or the Solr sort string of one (`finalPrice_d asc` → price-asc); else featured. */
export const sortKeyOfSolrSort = (sort: string): SortKey => {
  const key = parseSortKey(sort);
  if (key !== undefined) return key;
  const wanted = sort.trim().replace(/\s+/g, ' ').toLowerCase();
  return SORT_OPTIONS.find((o) => o.solrSort?.toLowerCase() === wanted)?.key ?? DEFAULT_SORT;
};

export interface ProductListSource {
  readonly filters: readonly string[];
  readonly sort: string;
  readonly rows: number;
}

/**
 * The query of a content-managed product list: `category_s:…` becomes the category (the first
 * one), other `field:value` filters stay filters, anything else (ranges, negations) is left out.
 */
export const productListQuery = (list: ProductListSource): ProductQuery => {
  const parsed = list.filters.map(parseFilterQuery).filter((f): f is ActiveFilter => f !== null);
  const category = parsed.find((f) => f.field === CATEGORY_FILTER_FIELD)?.value;
  const filters = parsed.filter((f) => f.field !== CATEGORY_FILTER_FIELD);
  return tidyQuery({
    ...(category === undefined ? {} : { category }),
    filters,
    sort: sortKeyOfSolrSort(list.sort),
    start: 0,
    rows: list.rows,
  });
};

/** The category a content product list is about, when it names one. */
export const productListCategory = (list: ProductListSource): string | undefined =>
  productListQuery(list).category;

/** The finish field of the search documents (docs/api.md): values are finish names. */
export const FINISH_FILTER_FIELD = 'finish_ss';

/**
 * A tile in a list narrowed to finishes ("Matte Black favorites", the Finish facet) pictures one
 * of those finishes — the one the product page would open on among them (defaultVariant), else
 * the first of them — not the product's default finish, which may be another colour. Unchanged
 * when no finish is chosen, the product has none of them, or that finish has no picture.
 */
export const showChosenFinish = (
  product: ProductSummary,
  finishNames: readonly string[],
): ProductSummary => {
  if (finishNames.length === 0) return product;
  const wanted = new Set(finishNames.map((n) => n.trim().toLowerCase()));
  const matching = product.finishes.filter((f) => wanted.has(f.name.toLowerCase()));
  const shown = defaultVariant(matching) ?? matching[0];
  if (shown === undefined || shown.imageUrl === '' || shown.imageUrl === product.image.url) {
    return product;
  }
  return { ...product, image: { label: `${product.title}, ${shown.name}`, url: shown.imageUrl } };
};

export class SearchProducts {
  constructor(private readonly search: CatalogSearch) {}

  async execute(query: ProductQuery, signal?: CancelSignal): Promise<ProductSearchResult> {
    const tidy = tidyQuery(query);
    const result = await this.search.search(tidy, signal);
    const finishes = tidy.filters
      .filter((f) => f.field === FINISH_FILTER_FIELD)
      .map((f) => f.value);
    if (finishes.length === 0) return result;
    return { ...result, products: result.products.map((p) => showChosenFinish(p, finishes)) };
  }
}
