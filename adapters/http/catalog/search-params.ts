/**
 * A ProductQuery as the Solr-shaped parameters of `GET /search/plp` (docs/api.md): keywords in
 * `q`; one `fq` per filtered field with its values OR'ed (`field:("a" OR "b")`), fields AND'ed;
 * the category and the price range as their own `fq`; the sort option's Solr sort; which facets to
 * count. The offline fakes read the same facet-field choice, so both answer with the same facets.
 */
import { priceRangeFq, PRICE_FIELD } from '../../../core/catalog/price-facets';
import type { ProductQuery } from '../../../core/catalog/product';
import { SUMMARY_FIELDS } from '../../../core/catalog/search-document';
import { solrSort } from '../../../core/catalog/sort-options';

export const CATEGORY_FIELD = 'category_s';
export const SKU_FIELD = 'sku_s';
/** Facets every list and search page counts. */
export const BASE_FACET_FIELDS: readonly string[] = ['finish_ss', 'brand_s', 'collection_s'];
/** Dollars per price bucket of the range facet (docs/api.md default). */
export const PRICE_GAP = 100;
/** docs/api.md: rows is 0–100. */
export const MAX_ROWS = 100;

/**
 * The attributes worth faceting per category (CATALOGUE.md's taxonomy; the server's catalogue
 * names the same ones — tests/adapters/catalog keeps the two in step).
 */
export const CATEGORY_FACET_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  toilets: ['type', 'shape', 'height', 'flush', 'gpf', 'pieces', 'roughin'],
  'bathroom-sinks': ['mount', 'material', 'holes', 'width'],
  'bathroom-faucets': ['mount', 'handles', 'gpm'],
  showers: ['type', 'gpm', 'sprays'],
  bathtubs: ['install', 'length', 'material', 'whirlpool'],
  vanities: ['width', 'sinks', 'material'],
  'mirrors-cabinets': ['type', 'lighted', 'width'],
  'bathroom-accessories': ['type'],
  'kitchen-sinks': ['mount', 'bowls', 'material', 'gauge'],
  'kitchen-faucets': ['type', 'gpm', 'handles'],
  'kitchen-accessories': ['type'],
  'service-parts': ['type'],
  'design-services': ['type'],
  'install-services': ['type'],
};

/** Fields a tile needs (`fl`); the server's typeahead answers these by default too. */
export { SUMMARY_FIELDS };

const trimmed = (text: string | undefined): string => text?.trim() ?? '';

/** The category a query is about: its own, else the one category chosen in the category facet. */
export const queryCategory = (query: ProductQuery): string | undefined => {
  const own = trimmed(query.category);
  if (own !== '') return own;
  const chosen = [
    ...new Set(query.filters.filter((f) => f.field === CATEGORY_FIELD).map((f) => f.value)),
  ];
  return chosen.length === 1 ? chosen[0] : undefined;
};

/**
 * The facets to count: the category (keyword searches only — a list page is one category), finish,
 * brand and collection, then the attributes configured for the query's category.
 */
export const facetFieldsFor = (
  query: ProductQuery,
  attributesByCategory: Readonly<Record<string, readonly string[]>> = CATEGORY_FACET_ATTRIBUTES,
): readonly string[] => {
  const category = queryCategory(query);
  const attributes = category === undefined ? [] : (attributesByCategory[category] ?? []);
  return [
    ...(trimmed(query.keyword) === '' ? [] : [CATEGORY_FIELD]),
    ...BASE_FACET_FIELDS,
    ...attributes.map((name) => `attr_${name}_s`),
  ];
};

/** A value as a Solr phrase: quoted, with `\` and `"` escaped. */
export const quoteValue = (value: string): string => `"${value.replace(/[\\"]/g, '\\$&')}"`;

/** `field:("a" OR "b")`. */
export const anyOf = (field: string, values: readonly string[]): string =>
  `${field}:(${values.map(quoteValue).join(' OR ')})`;

const SIMPLE_VALUE = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/** The filter queries of a ProductQuery: one per field, then the category and the price. */
export const filterQueries = (query: ProductQuery): readonly string[] => {
  const byField = new Map<string, string[]>();
  for (const { field, value } of query.filters) {
    const values = byField.get(field) ?? [];
    if (!values.includes(value)) values.push(value);
    byField.set(field, values);
  }
  const fq = [...byField].map(([field, values]) => anyOf(field, values));
  const category = trimmed(query.category);
  if (category !== '') {
    fq.push(`${CATEGORY_FIELD}:${SIMPLE_VALUE.test(category) ? category : quoteValue(category)}`);
  }
  if (query.price !== undefined) {
    fq.push(priceRangeFq(query.price.fromCents, query.price.toCents));
  }
  return fq;
};

export const clampRows = (rows: number): number =>
  Number.isFinite(rows) ? Math.min(MAX_ROWS, Math.max(0, Math.floor(rows))) : 0;

export const clampStart = (start: number): number =>
  Number.isFinite(start) ? Math.max(0, Math.floor(start)) : 0;

export type PlpParams = Readonly<Record<string, string | number | readonly string[] | undefined>>;

export const plpParams = (query: ProductQuery, facetFields: readonly string[]): PlpParams => {
  const keyword = trimmed(query.keyword);
  return {
    ...(keyword === '' ? {} : { q: keyword }),
    fq: filterQueries(query),
    fl: SUMMARY_FIELDS.join(','),
    sort: solrSort(query.sort),
    start: clampStart(query.start),
    rows: clampRows(query.rows),
    'facet.field': facetFields,
    'facet.range': PRICE_FIELD,
    'facet.range.gap': PRICE_GAP,
  };
};
