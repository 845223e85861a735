/**
 * A search document as a row of search_documents / search_variant_documents: the document plus
 * the typed columns filters and sorts use and the texts the weighted tsvector is built from.
 */
import { featuredScore, searchTexts, skusText, type SearchDocument } from './documents';

export interface SearchRow {
  readonly sku: string;
  readonly slug: string;
  readonly ct_id: string;
  readonly category: string;
  readonly doc: SearchDocument;
  readonly title: string;
  readonly title_sort: string;
  readonly final_price: number;
  readonly units_sold: number;
  readonly launch_date: string;
  readonly rating: number;
  readonly featured_score: number;
  readonly skus_text: string;
  readonly text_a: string;
  readonly text_b: string;
  readonly text_c: string;
}

const str = (doc: SearchDocument, key: string): string => {
  const v = doc[key];
  if (typeof v !== 'string') throw new Error(`Search document ${String(doc.id)} lacks ${key}`);
  return v;
};

const num = (doc: SearchDocument, key: string): number => {
  const v = doc[key];
  if (typeof v !== 'number') throw new Error(`Search document ${String(doc.id)} lacks ${key}`);
  return v;
};

/** The lower-cased title: A to Z ignores case. */
export const titleSortKey = (title: string): string => title.toLowerCase();

/**
 * `ownSkus`: the SKUs skuSearch matches the row by — the master and its variants for a master
 * document, the variant alone for a variant document.
 */
export const searchRow = (doc: SearchDocument, ownSkus: readonly string[]): SearchRow => {
  const texts = searchTexts(doc);
  const title = str(doc, 'Product_Title_s');
  return {
    sku: str(doc, 'sku_s'),
    slug: str(doc, 'slug_s'),
    ct_id: str(doc, 'ctId_s'),
    category: str(doc, 'category_s'),
    doc,
    title,
    title_sort: titleSortKey(title),
    final_price: num(doc, 'finalPrice_d'),
    units_sold: num(doc, 'unitsSold_i'),
    launch_date: str(doc, 'launchDate_dt'),
    rating: num(doc, 'rating_d'),
    featured_score: featuredScore(doc),
    skus_text: skusText(ownSkus),
    text_a: texts.a,
    text_b: texts.b,
    text_c: texts.c,
  };
};
