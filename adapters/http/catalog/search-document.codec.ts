/**
 * io-ts codecs of the Solr-shaped catalogue answers (docs/api.md): search documents, the plp answer
 * with facets and spellcheck, typeahead, pdp, reviews, inventory and stock. Documents need only
 * `sku_s`, `slug_s` and `Product_Title_s`; every other field is optional and unknown fields pass
 * through, so the feed can grow without breaking the storefront.
 */
import * as t from 'io-ts';

const strings = t.array(t.string);

const DocumentBase = t.intersection([
  t.type({ sku_s: t.string, slug_s: t.string, Product_Title_s: t.string }),
  t.partial({
    id: t.string,
    ctId_s: t.string,
    masterSKU_s: t.string,
    Product_Description_s: t.string,
    ProductLocalCategory_s: t.string,
    category_s: t.string,
    department_s: t.string,
    brand_s: t.string,
    collection_s: t.string,
    productKind_s: t.string,
    'variantList.sku_ss': strings,
    'variantList.sku_s': t.string,
    'SKU.Details_ss': strings,
    'Color.SKU.Details_ss': strings,
    'Color.SKU.Details_s': t.string,
    finish_ss: strings,
    'priceList.US.price_d': t.number,
    'priceList.CA.price_d': t.number,
    finalPrice_d: t.number,
    discountedPrice_d: t.number,
    onSale_b: t.boolean,
    saleOffer_s: t.string,
    'productImages.labelWithUrl_ss': strings,
    rating_d: t.number,
    reviewCount_i: t.number,
    unitsSold_i: t.number,
    launchDate_dt: t.string,
    inStock_b: t.boolean,
    availableQty_i: t.number,
    backorderable_b: t.boolean,
    leadTimeDays_i: t.number,
    retailExclusive_b: t.boolean,
    discontinued_b: t.boolean,
    freight_b: t.boolean,
    noShipStates_ss: strings,
    superSkuComponents_ss: strings,
    requiredItems_ss: strings,
    pairsWellWith_ss: strings,
    fitsModels_ss: strings,
    specs_ss: strings,
    documents_ss: strings,
  }),
]);

/** Facetable attributes: `attr_mount_s: 'undermount'`. */
export type AttributeFields = { readonly [field: `attr_${string}_s`]: string };

export type SearchDocument = t.TypeOf<typeof DocumentBase> & AttributeFields;

export const ATTRIBUTE_FIELD = /^attr_(.+)_s$/;

/** The attribute name of an `attr_{name}_s` field, or null for any other field. */
export const attributeName = (field: string): string | null =>
  ATTRIBUTE_FIELD.exec(field)?.[1] ?? null;

const attributeValue = (value: unknown): string | null => {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  return null;
};

/**
 * A search document: the typed fields checked, `attr_*_s` fields kept as strings (a number or
 * boolean attribute is read as its text; anything else is left out rather than failing the page).
 */
export const SearchDocumentCodec = new t.Type<SearchDocument, SearchDocument, unknown>(
  'SearchDocument',
  (u): u is SearchDocument => DocumentBase.is(u),
  (u, context) => {
    const base = DocumentBase.validate(u, context);
    if (base._tag === 'Left') return base;
    const doc: Record<string, unknown> = { ...(u as Record<string, unknown>) };
    for (const [key, value] of Object.entries(doc)) {
      if (attributeName(key) === null) continue;
      const text = attributeValue(value);
      if (text === null) delete doc[key];
      else doc[key] = text;
    }
    return t.success(doc as SearchDocument);
  },
  t.identity,
);

const DocsPage = t.intersection([
  t.type({ numFound: t.number, docs: t.array(SearchDocumentCodec) }),
  t.partial({ start: t.number }),
]);

/** A number, or a number as Solr sometimes writes it ("100.0"). */
const NumberLike = t.union([t.number, t.string]);

export const RangeFacetCodec = t.type({
  counts: t.union([t.array(t.union([t.string, t.number])), t.record(t.string, t.number)]),
  gap: NumberLike,
  start: NumberLike,
  end: NumberLike,
});
export type RangeFacet = t.TypeOf<typeof RangeFacetCodec>;

export const FacetCountsCodec = t.partial({
  /** Solr's flat lists: ["Matte Black", 41, "Polished Chrome", 39]. */
  facet_fields: t.record(t.string, t.array(t.union([t.string, t.number]))),
  facet_ranges: t.record(t.string, RangeFacetCodec),
});
export type FacetCounts = t.TypeOf<typeof FacetCountsCodec>;

export const SpellcheckCodec = t.partial({
  correctlySpelled: t.boolean,
  /** Corrected queries; Solr may also send objects here, which are ignored. */
  collations: t.array(t.unknown),
  suggestionExactMatch: t.boolean,
});
export type Spellcheck = t.TypeOf<typeof SpellcheckCodec>;

export const PlpAnswerCodec = t.intersection([
  t.type({ response: DocsPage }),
  t.partial({ facet_counts: FacetCountsCodec, spellcheck: SpellcheckCodec }),
]);
export type PlpAnswer = t.TypeOf<typeof PlpAnswerCodec>;

export const TypeaheadAnswerCodec = t.type({ suggestions: strings, response: DocsPage });
export type TypeaheadAnswer = t.TypeOf<typeof TypeaheadAnswerCodec>;

export const TopSearchesAnswerCodec = t.type({ terms: strings });

export const PdpAnswerCodec = t.intersection([
  t.type({ response: DocsPage }),
  t.partial({ fusion: t.partial({ fusionQueryId: t.string }) }),
]);
export type PdpAnswer = t.TypeOf<typeof PdpAnswerCodec>;

export const ReviewCodec = t.type({
  id: t.string,
  author: t.string,
  rating: t.number,
  title: t.string,
  body: t.string,
  createdAt: t.string,
  verifiedPurchase: t.boolean,
});

export const ReviewsAnswerCodec = t.type({
  total: t.number,
  averageRating: t.number,
  reviews: t.array(ReviewCodec),
});

export const InventoryAnswerCodec = t.type({
  results: t.array(
    t.intersection([
      t.type({ sku: t.string, availableQuantity: t.number }),
      t.partial({ backorderable: t.boolean, leadTimeDays: t.union([t.number, t.null]) }),
    ]),
  ),
});

export const StockAnswerCodec = t.type({ sku: t.string, availableQuantity: t.number });
