/**
 * Spec §3 Product detail: product kinds regular part, retail exclusive, discontinued, regular
 * w/required items, super sku, regular finished goods.
 *
 * The spec names the kinds but not how facts combine. Our ladder, first match wins:
 * discontinued (it cannot be bought, whatever else is true) → retail exclusive (sold in stores,
 * not online) → super sku (a bundle of other SKUs) → regular part (a service part) → regular
 * w/required items → regular finished goods. The three "regular" kinds are what remains once
 * nothing special applies.
 */
import { isServiceParts } from './category';

export type ProductKind =
  | 'discontinued'
  | 'retail-exclusive'
  | 'super-sku'
  | 'regular-part'
  | 'regular-with-required-items'
  | 'regular-finished-goods';

export const PRODUCT_KIND_LABELS: Readonly<Record<ProductKind, string>> = {
  discontinued: 'discontinued',
  'retail-exclusive': 'retail exclusive',
  'super-sku': 'super sku',
  'regular-part': 'regular part',
  'regular-with-required-items': 'regular w/required items',
  'regular-finished-goods': 'regular finished goods',
};

export interface ProductFacts {
  readonly category: string;
  readonly discontinued: boolean;
  readonly retailExclusive: boolean;
  readonly superSku: boolean;
  /** SKUs that must be bought with this one (e.g. a valve for a shower trim). */
  readonly requiredItems: readonly string[];
}

export const productKind = (facts: ProductFacts): ProductKind => {
  if (facts.discontinued) return 'discontinued';
  if (facts.retailExclusive) return 'retail-exclusive';
  if (facts.superSku) return 'super-sku';
  if (isServiceParts(facts.category)) return 'regular-part';
  if (facts.requiredItems.length > 0) return 'regular-with-required-items';
  return 'regular-finished-goods';
};
