/**
 * Spec §5: the product-page SKU from the URL (`?skuid=`) is used only if it is in the variant
 * list. Otherwise the page opens on the product's default variant (below), or on the master SKU
 * when every variant is discontinued (or there are none).
 *
 * Reading: the URL's SKU is matched trimmed and case-insensitively (links are typed by hand and
 * lower-cased by some tools) and the variant's own spelling is returned. A discontinued variant
 * named in the URL is still shown: the spec's only condition is membership of the list.
 */
import { getParam, type QueryParams } from './query-params';

export const SKU_QUERY_PARAM = 'skuid';

export const requestedSku = (query: QueryParams | string): string | undefined =>
  getParam(query, SKU_QUERY_PARAM);

/** What the default-variant rule reads of a variant (a FinishOption has all of it). */
export interface VariantChoice {
  readonly sku: string;
  readonly discontinued: boolean;
  /** Cannot be bought now (no stock and not back-orderable); absent means it can. */
  readonly outOfStock?: boolean;
  /** Units on hand; null or absent when unknown (unknown stock is in stock). */
  readonly availableQty?: number | null;
}

const sellable = (v: VariantChoice): boolean => !v.discontinued && v.outOfStock !== true;
const onHand = (v: VariantChoice): boolean =>
  sellable(v) && (v.availableQty === undefined || v.availableQty === null || v.availableQty > 0);

/**
 * The variant a product opens on (the product page without `?skuid=`, the tile's picture and
 * stock line): the first, in the product's order, that is in stock; else the first that can be
 * bought (back-ordered); else the first not discontinued; undefined when every variant is
 * discontinued. Spec §5 reads "the first variant that is not discontinued"; opening on an
 * out-of-stock finish while another is on the shelf greets the shopper with a disabled button
 * (issue 12), so stock comes first and the spec's rule is the fallback.
 */
export const defaultVariant = <V extends VariantChoice>(variants: readonly V[]): V | undefined =>
  variants.find(onHand) ?? variants.find(sellable) ?? variants.find((v) => !v.discontinued);

export interface PdpSkuInput {
  readonly requested: string | undefined;
  readonly variants: readonly VariantChoice[];
  readonly masterSku: string;
}

export const selectPdpSku = ({ requested, variants, masterSku }: PdpSkuInput): string => {
  const wanted = requested?.trim().toUpperCase();
  if (wanted !== undefined && wanted !== '') {
    const match = variants.find((v) => v.sku.toUpperCase() === wanted);
    if (match !== undefined) return match.sku;
  }
  return defaultVariant(variants)?.sku ?? masterSku;
};
