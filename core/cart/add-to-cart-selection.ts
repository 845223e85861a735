/**
 * Spec §3 Add-to-cart selection and §4 Add to cart: out-of-stock items are left out;
 * back-orderable items are added with quantity 1.
 */
import { DEFAULT_SALES_CHANNEL } from '../shared/channel';
import { amountToCents, type Cents } from '../shared/money';
import type { LineItemShipping } from './cart';
import type { AddLineItemAction } from './ports';

export interface ColorData {
  /** The variant SKU. */
  readonly id: string;
  readonly isOutOfStock: boolean;
}

export interface PriceData {
  /** The variant SKU. */
  readonly id: string;
  /** Decimal list price, as search documents carry it. */
  readonly price: number;
  readonly discountedPrice?: number;
}

/** What the product page hands to add to cart (spec §3), plus the shopper's quantity and room. */
export interface AddToCartSelection {
  readonly skuid: string;
  readonly brandName: string;
  /** The item is back-orderable. */
  readonly backorder: boolean;
  readonly colorsData: readonly ColorData[];
  readonly priceData: readonly PriceData[];
  /** Requested quantity; 1 when absent. */
  readonly quantity?: number;
  readonly roomInfo?: string;
  readonly customQuantity?: number;
  readonly overage?: number;
  /** A super SKU, added as a bundle (spec §3 action addbundle). */
  readonly isSuperSku?: boolean;
}

/** One line to add: an addLineItem (or addbundle) action. */
export type LineItemRequest = AddLineItemAction;

export type LeftOutReason = 'outOfStock' | 'invalidQuantity';

export interface AddToCartPlan {
  readonly requests: readonly LineItemRequest[];
  readonly leftOut: readonly { readonly sku: string; readonly reason: LeftOutReason }[];
  /** What the requested lines should cost at the prices the page showed (for the toast/analytics). */
  readonly expectedValue: Cents;
}

/** Sales channel per brand (configuration salesChannelConfig.map); the default channel otherwise. */
export interface SalesChannels {
  readonly byBrand: Readonly<Record<string, string>>;
  readonly defaultChannel?: string;
}

export const salesChannelFor = (brandName: string, channels: SalesChannels): string => {
  const exact = channels.byBrand[brandName];
  if (exact !== undefined) return exact;
  const wanted = brandName.trim().toLowerCase();
  const key = Object.keys(channels.byBrand).find((k) => k.trim().toLowerCase() === wanted);
  return (
    (key === undefined ? undefined : channels.byBrand[key]) ??
    channels.defaultChannel ??
    DEFAULT_SALES_CHANNEL
  );
};

/** The variant is out of stock when its colorsData entry says so; no entry means in stock. */
export const isSelectionOutOfStock = (selection: AddToCartSelection): boolean =>
  selection.colorsData.some((c) => c.id === selection.skuid && c.isOutOfStock);

/** The unit price the page showed, in cents: the discounted price when it is a real reduction. */
export const selectionUnitPrice = (selection: AddToCartSelection): Cents => {
  const entry = selection.priceData.find((p) => p.id === selection.skuid);
  if (entry === undefined || !Number.isFinite(entry.price) || entry.price < 0) return 0;
  const list = amountToCents(entry.price);
  const d = entry.discountedPrice;
  if (d === undefined || !Number.isFinite(d) || d <= 0) return list;
  return Math.min(list, amountToCents(d));
};

const isWholePositive = (n: number): boolean => Number.isSafeInteger(n) && n >= 1;

export const buildLineItemRequests = (
  selections: readonly AddToCartSelection[],
  channels: SalesChannels,
): AddToCartPlan => {
  const requests: LineItemRequest[] = [];
  const leftOut: { sku: string; reason: LeftOutReason }[] = [];
  let expectedValue = 0;
  for (const s of selections) {
    const requested = s.quantity ?? 1;
    if (!isWholePositive(requested)) {
      leftOut.push({ sku: s.skuid, reason: 'invalidQuantity' });
      continue;
    }
    if (!s.backorder && isSelectionOutOfStock(s)) {
      leftOut.push({ sku: s.skuid, reason: 'outOfStock' });
      continue;
    }
    const quantity = s.backorder ? 1 : requested;
    const lineItemShipping: LineItemShipping = {
      salesChannel: salesChannelFor(s.brandName, channels),
      ...(s.roomInfo === undefined ? {} : { roomInfo: s.roomInfo }),
      ...(s.customQuantity === undefined ? {} : { customQuantity: s.customQuantity }),
      ...(s.overage === undefined ? {} : { overage: s.overage }),
    };
    requests.push({
      action: s.isSuperSku === true ? 'addbundle' : 'addLineItem',
      sku: s.skuid,
      quantity,
      lineItemShipping,
      ...(s.backorder ? { isBackOrderable: true } : {}),
    });
    expectedValue += selectionUnitPrice(s) * quantity;
  }
  return { requests, leftOut, expectedValue };
};
