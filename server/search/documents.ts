/**
 * The Solr-shaped search document of a product (docs/api.md), built from the catalogue records.
 * Pure: no database, no clock, no Node APIs — the offline demo builds its data with it too.
 *
 * Multi-valued fields with no values are left out, as Solr stores nothing for them; optional
 * single values (collection, sale price and offer, lead time) are left out when absent.
 */
import { customerFacingSku } from '../../core/shared/sku';
import type {
  Catalogue,
  CategoryRecord,
  FinishRecord,
  ProductRecord,
  VariantRecord,
} from '../seed/catalogue/model';
import { hashString } from '../seed/catalogue/prng';
import { REFERENCE_DATE } from '../seed/catalogue/reference';
import { attributeField, FIELD_ORDER } from './fields';

export type SearchDocument = Record<string, string | number | boolean | string[]>;

export interface DocumentOptions {
  /**
   * The day discontinued dates are judged against (ISO date): a variant whose date is on or before
   * it is discontinued. Defaults to the catalogue's reference date, so documents never depend on
   * the day they were built.
   */
  readonly asOf?: string;
}

/** Pipe-separated entries must not carry a pipe inside a field. */
const field = (text: string): string => text.replace(/\|/g, '/');

const dollars = (cents: number): number => Math.round(cents) / 100;

/**
 * The product's commerce id (`ctId_s`): a UUID-shaped id derived from the SKU, so it is the same
 * wherever the catalogue is built.
 */
export const commerceId = (sku: string): string => {
  const hex = [0, 1, 2, 3]
    .map((i) => hashString(`${i}:${sku}`).toString(16).padStart(8, '0'))
    .join('');
  const variant = ((parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `5${hex.slice(13, 16)}`,
    `${variant}${hex.slice(17, 20)}`,
    hex.slice(20, 32),
  ].join('-');
};

export const isVariantDiscontinued = (variant: VariantRecord, asOf: string): boolean =>
  variant.discontinuedAt !== null && variant.discontinuedAt <= asOf;

interface Lookups {
  readonly category: CategoryRecord;
  readonly collectionName: string | null;
  readonly finishes: ReadonlyMap<string, FinishRecord>;
}

const lookups = (product: ProductRecord, catalogue: Catalogue): Lookups => {
  const category = catalogue.categories.find((c) => c.slug === product.categorySlug);
  if (category === undefined) {
    throw new Error(`Product ${product.sku} has unknown category ${product.categorySlug}`);
  }
  const collection =
    product.collectionSlug === null
      ? undefined
      : catalogue.collections.find((c) => c.slug === product.collectionSlug);
  return {
    category,
    collectionName: collection?.name ?? null,
    finishes: new Map(catalogue.finishes.map((f) => [f.code, f])),
  };
};

const finishOf = (variant: VariantRecord, finishes: ReadonlyMap<string, FinishRecord>) =>
  finishes.get(variant.finishCode) ?? {
    code: variant.finishCode,
    name: variant.finishCode,
    hex: '#b4b9be',
    kind: 'color' as const,
  };

const unique = (values: readonly string[]): string[] => [...new Set(values)];

/** Puts the fields in document order (attributes last, by name) and drops empty lists. */
const ordered = (doc: SearchDocument): SearchDocument => {
  const out: SearchDocument = {};
  const put = (key: string) => {
    const value = doc[key];
    if (value === undefined || (Array.isArray(value) && value.length === 0)) return;
    out[key] = value;
  };
  FIELD_ORDER.forEach(put);
  Object.keys(doc)
    .filter((key) => !Object.hasOwn(out, key) && !FIELD_ORDER.includes(key))
    .sort()
    .forEach(put);
  return out;
};

const imageEntry = (
  product: ProductRecord,
  variant: VariantRecord,
  finishes: ReadonlyMap<string, FinishRecord>,
): string =>
  `${field(`${product.title}, ${finishOf(variant, finishes).name}`)}|${variant.imageUrl}`;

/** The document of a master product: one per product, `sku_s` the master SKU. */
export const toSearchDocument = (
  product: ProductRecord,
  catalogue: Catalogue,
  options: DocumentOptions = {},
): SearchDocument => {
  const asOf = options.asOf ?? REFERENCE_DATE;
  const { category, collectionName, finishes } = lookups(product, catalogue);
  const us = product.prices.find((p) => p.region === 'US');
  if (us === undefined) throw new Error(`Product ${product.sku} has no US price`);
  const onSale = us.saleCents !== null && us.saleCents < us.listCents;
  const live = product.variants.filter((v) => !isVariantDiscontinued(v, asOf));
  const doc: SearchDocument = {
    id: product.sku,
    sku_s: product.sku,
    masterSKU_s: product.sku,
    ctId_s: commerceId(product.sku),
    slug_s: product.slug,
    Product_Title_s: product.title,
    Product_Description_s: product.description,
    ProductLocalCategory_s: category.name,
    category_s: category.slug,
    department_s: category.department,
    brand_s: product.brand,
    productKind_s: product.kind,
    'variantList.sku_ss': product.variants.map((v) => v.sku),
    'SKU.Details_ss': product.variants.map((v) => `${v.sku}|${v.discontinuedAt ?? 'false'}`),
    'Color.SKU.Details_ss': product.variants.map((v) => {
      const finish = finishOf(v, finishes);
      return [
        v.sku,
        v.discontinuedAt ?? 'false',
        field(finish.name),
        field(finish.hex),
        field(finish.code),
        String(v.availableQty),
        v.imageUrl,
      ].join('|');
    }),
    finish_ss: unique(live.map((v) => finishOf(v, finishes).name)),
    finalPrice_d: dollars(onSale && us.saleCents !== null ? us.saleCents : us.listCents),
    onSale_b: onSale,
    'productImages.labelWithUrl_ss': product.variants.map((v) => imageEntry(product, v, finishes)),
    rating_d: product.rating,
    reviewCount_i: product.reviewCount,
    unitsSold_i: product.unitsSold,
    launchDate_dt: `${product.launchDate}T00:00:00Z`,
    inStock_b: product.variants.some((v) => v.availableQty > 0),
    availableQty_i: product.variants.reduce((sum, v) => sum + v.availableQty, 0),
    backorderable_b: product.backorderable,
    retailExclusive_b: product.retailExclusive,
    discontinued_b: product.variants.length > 0 && live.length === 0,
    freight_b: product.freight,
    noShipStates_ss: [...product.noShipStates],
    superSkuComponents_ss: [...product.superSkuComponents],
    requiredItems_ss: [...product.requiredItems],
    pairsWellWith_ss: [...product.pairsWellWith],
    fitsModels_ss: [...product.fitsModels],
    specs_ss: product.specs.map((s) => [s.group, s.label, s.value].map(field).join('|')),
    documents_ss: product.documents.map((d) => [d.kind, d.title, d.url].map(field).join('|')),
  };
  if (collectionName !== null) doc.collection_s = collectionName;
  for (const price of product.prices)
    doc[`priceList.${price.region}.price_d`] = dollars(price.listCents);
  if (onSale && us.saleCents !== null) doc.discountedPrice_d = dollars(us.saleCents);
  if (product.saleOffer !== null) doc.saleOffer_s = product.saleOffer;
  if (product.leadTimeDays !== null) doc.leadTimeDays_i = product.leadTimeDays;
  for (const [name, value] of Object.entries(product.attributes)) {
    if (/^[a-z][a-z0-9]{0,39}$/.test(name)) doc[attributeField(name)] = String(value);
  }
  return ordered(doc);
};

/**
 * The documents of `noCollapse=true`: one per variant, `id` and `sku_s` the variant SKU, its own
 * finish, stock and discontinued flag, its image first; everything else as the master's.
 */
export const toVariantDocuments = (
  product: ProductRecord,
  catalogue: Catalogue,
  options: DocumentOptions = {},
): SearchDocument[] => {
  const asOf = options.asOf ?? REFERENCE_DATE;
  const master = toSearchDocument(product, catalogue, options);
  const { finishes } = lookups(product, catalogue);
  return product.variants.map((v) => {
    const discontinued = isVariantDiscontinued(v, asOf);
    return ordered({
      ...master,
      id: v.sku,
      sku_s: v.sku,
      finish_ss: discontinued ? [] : [finishOf(v, finishes).name],
      'productImages.labelWithUrl_ss': [
        imageEntry(product, v, finishes),
        ...product.variants.filter((o) => o !== v).map((o) => imageEntry(product, o, finishes)),
      ],
      inStock_b: v.availableQty > 0,
      availableQty_i: v.availableQty,
      discontinued_b: discontinued,
    });
  });
};

export interface VariantOverrides {
  /** Fields whose value differs from (or is missing in) the master's document. */
  readonly doc: SearchDocument;
  /** Fields of the master's document the variant's lacks. */
  readonly dropKeys: string[];
}

/** What turns the master's document into a variant's: (master - dropKeys) + doc. */
export const variantOverrides = (
  master: SearchDocument,
  variant: SearchDocument,
): VariantOverrides => {
  const doc: SearchDocument = {};
  for (const [key, value] of Object.entries(variant)) {
    if (JSON.stringify(master[key]) !== JSON.stringify(value)) doc[key] = value;
  }
  return { doc, dropKeys: Object.keys(master).filter((key) => !Object.hasOwn(variant, key)) };
};

/**
 * The "featured" order (the default sort without keywords): sellable products before
 * discontinued ones, in-stock before out-of-stock, then best sellers. An integer, stable.
 */
export const featuredScore = (doc: SearchDocument): number => {
  const tier = (doc.discontinued_b === true ? 0 : 2) + (doc.inStock_b === true ? 1 : 0);
  const sold = typeof doc.unitsSold_i === 'number' ? doc.unitsSold_i : 0;
  return tier * 10_000_000 + Math.min(Math.max(0, Math.floor(sold)), 9_999_999);
};

const strings = (doc: SearchDocument, key: string): string[] => {
  const value = doc[key];
  return Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
};

const text = (doc: SearchDocument, key: string): string => {
  const value = doc[key];
  return typeof value === 'string' ? value : '';
};

/**
 * A SKU as words the text-search parser keeps together: 'K-4120-BL' → 'K 4120 BL' (the parser
 * would read '-4120' as a negative number). Keyword queries get the same treatment.
 */
export const skuWords = (sku: string): string => sku.replace(/-/g, ' ');

/** Every SKU of a document in both spellings (K-4120-BL and 4120-BL), space-delimited. */
export const skusText = (skus: readonly string[]): string =>
  ` ${unique(skus.flatMap((s) => [s.toUpperCase(), customerFacingSku(s.toUpperCase())])).join(' ')} `;

export interface SearchTexts {
  /** Weight A: title and SKUs. */
  readonly a: string;
  /** Weight B: category, department, brand, collection, finishes. */
  readonly b: string;
  /** Weight C: description, attribute values, spec values and the models a part fits. */
  readonly c: string;
}

export const searchTexts = (doc: SearchDocument): SearchTexts => {
  const skus = unique([text(doc, 'sku_s'), ...strings(doc, 'variantList.sku_ss')]);
  const finishNames = strings(doc, 'Color.SKU.Details_ss').map((e) => e.split('|')[2] ?? '');
  const attributes = Object.keys(doc)
    .filter((k) => k.startsWith('attr_'))
    .map((k) => text(doc, k));
  return {
    a: [text(doc, 'Product_Title_s'), ...skus.map(skuWords)].join(' '),
    b: [
      text(doc, 'ProductLocalCategory_s'),
      text(doc, 'department_s'),
      text(doc, 'brand_s'),
      text(doc, 'collection_s'),
      ...unique(finishNames),
    ].join(' '),
    c: [
      text(doc, 'Product_Description_s'),
      ...attributes,
      ...strings(doc, 'specs_ss').map((s) => s.split('|')[2] ?? ''),
      ...strings(doc, 'fitsModels_ss').map(skuWords),
    ].join(' '),
  };
};

/** The stock field of a `Color.SKU.Details_ss` entry (sku|discontinued|finish|hex|code|qty|image). */
const DETAILS_QTY = 5;

const detailsQty = (entry: string): number => Number(entry.split('|')[DETAILS_QTY] ?? 0);

/**
 * A master document with the stock of its variants now (`qty` by variant SKU; variants not in it
 * keep theirs): the same document toSearchDocument builds from the records with that stock.
 */
export const withStock = (
  doc: SearchDocument,
  qty: ReadonlyMap<string, number>,
): SearchDocument => {
  const details = strings(doc, 'Color.SKU.Details_ss').map((entry) => {
    const parts = entry.split('|');
    const now = qty.get(parts[0] ?? '');
    if (now === undefined) return entry;
    parts[DETAILS_QTY] = String(now);
    return parts.join('|');
  });
  const quantities = details.map(detailsQty);
  return {
    ...doc,
    'Color.SKU.Details_ss': details,
    inStock_b: quantities.some((n) => n > 0),
    availableQty_i: quantities.reduce((sum, n) => sum + n, 0),
  };
};

/** A variant's whole document from its master's and its stored overrides. */
export const variantDocument = (
  master: SearchDocument,
  overrides: VariantOverrides,
): SearchDocument => {
  const out: SearchDocument = { ...master };
  for (const key of overrides.dropKeys) delete out[key];
  return { ...out, ...overrides.doc };
};

/** A variant's document with the stock of `master` (already withStock): its own and the list. */
export const withVariantStock = (
  variant: SearchDocument,
  master: SearchDocument,
): SearchDocument => {
  const details = strings(master, 'Color.SKU.Details_ss');
  const own = details.find((entry) => entry.split('|')[0] === variant.sku_s);
  const qty = own === undefined ? 0 : detailsQty(own);
  return {
    ...variant,
    'Color.SKU.Details_ss': details,
    inStock_b: qty > 0,
    availableQty_i: qty,
  };
};
