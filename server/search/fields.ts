/**
 * The search document's fields (docs/api.md) as a whitelist: what each holds and, for the hot
 * ones, the typed column of search_documents that filters and sorts use. Only names found here
 * (or `attr_{name}_s`) ever reach SQL, and only as parameters or as the constant column names
 * written below.
 */

export type FieldType = 'string' | 'strings' | 'number' | 'date' | 'boolean';

export interface FieldSpec {
  readonly type: FieldType;
  /**
   * A typed column of search_documents holding the same value (a constant SQL name): numbers and
   * dates filter, sort and facet on it; a single text value is matched on it with `=`.
   */
  readonly column?: string;
  /** A column of search_documents to sort on instead (e.g. the lower-cased title). */
  readonly sortColumn?: string;
}

/** In document order: the order fields are written in answers. */
export const SEARCH_FIELDS: Readonly<Record<string, FieldSpec>> = {
  id: { type: 'string' },
  sku_s: { type: 'string' },
  masterSKU_s: { type: 'string' },
  ctId_s: { type: 'string' },
  slug_s: { type: 'string' },
  Product_Title_s: { type: 'string', sortColumn: 'title_sort' },
  Product_Description_s: { type: 'string' },
  ProductLocalCategory_s: { type: 'string' },
  category_s: { type: 'string', column: 'category' },
  department_s: { type: 'string' },
  brand_s: { type: 'string' },
  collection_s: { type: 'string' },
  productKind_s: { type: 'string' },
  'variantList.sku_ss': { type: 'strings' },
  'SKU.Details_ss': { type: 'strings' },
  'Color.SKU.Details_ss': { type: 'strings' },
  finish_ss: { type: 'strings' },
  'priceList.US.price_d': { type: 'number' },
  'priceList.CA.price_d': { type: 'number' },
  finalPrice_d: { type: 'number', column: 'final_price' },
  discountedPrice_d: { type: 'number' },
  onSale_b: { type: 'boolean' },
  saleOffer_s: { type: 'string' },
  'productImages.labelWithUrl_ss': { type: 'strings' },
  rating_d: { type: 'number', column: 'rating' },
  reviewCount_i: { type: 'number' },
  unitsSold_i: { type: 'number', column: 'units_sold' },
  launchDate_dt: { type: 'date', column: 'launch_date' },
  inStock_b: { type: 'boolean' },
  availableQty_i: { type: 'number' },
  backorderable_b: { type: 'boolean' },
  leadTimeDays_i: { type: 'number' },
  retailExclusive_b: { type: 'boolean' },
  discontinued_b: { type: 'boolean' },
  freight_b: { type: 'boolean' },
  noShipStates_ss: { type: 'strings' },
  superSkuComponents_ss: { type: 'strings' },
  requiredItems_ss: { type: 'strings' },
  pairsWellWith_ss: { type: 'strings' },
  fitsModels_ss: { type: 'strings' },
  specs_ss: { type: 'strings' },
  documents_ss: { type: 'strings' },
};

export const FIELD_ORDER: readonly string[] = Object.keys(SEARCH_FIELDS);

/** `attr_mount_s`: a facetable attribute; the name part is lower-case letters and digits. */
export const ATTRIBUTE_FIELD = /^attr_([a-z][a-z0-9]{0,39})_s$/;

export const attributeField = (name: string): string => `attr_${name}_s`;

/** The relevance score: sortable and listable in `fl`, not a document field. */
export const SCORE_FIELD = 'score';

/**
 * `language`: the full-catalog call filters on `language:en` (spec §7). The catalogue is English
 * only, so it is a filter every document passes for `en` and none for another language.
 */
export const LANGUAGE_FIELD = 'language';
export const CATALOGUE_LANGUAGE = 'en';

export const fieldSpec = (name: string): FieldSpec | null => {
  if (Object.hasOwn(SEARCH_FIELDS, name)) return SEARCH_FIELDS[name] ?? null;
  return ATTRIBUTE_FIELD.test(name) ? { type: 'string' } : null;
};

export const isSortable = (spec: FieldSpec): boolean => spec.type !== 'strings';

export const isRangeable = (spec: FieldSpec): boolean =>
  spec.type === 'number' || spec.type === 'date';
