/**
 * Spec §5: the product-page SKU from the URL (`?skuid=`) is used only if it is in the variant
 * list. Otherwise the page shows the first variant that is not discontinued, or the master SKU
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

export interface PdpSkuInput {
  readonly requested: string | undefined;
  readonly variants: readonly { readonly sku: string; readonly discontinued: boolean }[];
  readonly masterSku: string;
}

export const selectPdpSku = ({ requested, variants, masterSku }: PdpSkuInput): string => {
  const wanted = requested?.trim().toUpperCase();
  if (wanted !== undefined && wanted !== '') {
    const match = variants.find((v) => v.sku.toUpperCase() === wanted);
    if (match !== undefined) return match.sku;
  }
  return variants.find((v) => !v.discontinued)?.sku ?? masterSku;
};
