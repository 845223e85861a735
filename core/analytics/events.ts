/**
 * What the storefront tells the tag manager (spec §3 page analytics names, §5 "Unsafe characters
 * are stripped from analytics names"): a page view named after the page's title, and the cart's
 * contents in the e-commerce shape tag managers read (GA4's `items`). Every name passes through
 * `stripForAnalytics` (core/validation/text.ts), so only safe text reaches the data layer.
 */
import { localized, type Cart, type CartLineItem } from '../cart/cart';
import { unitPrices } from '../cart/derive-line-items';
import { centsToAmount } from '../shared/money';
import { stripForAnalytics } from '../validation/text';
import type { DataLayerEvent } from './ports';

export const PAGE_VIEW_EVENT = 'page_view';
export const CART_UPDATED_EVENT = 'cart_updated';
export const PAGE_INTERACTIVE_EVENT = 'page_interactive';
export const SCRIPT_FAILED_EVENT = 'third_party_script_failed';

/** Tag managers merge pushes: an e-commerce event is preceded by this, so no old items linger. */
export const CLEAR_ECOMMERCE: DataLayerEvent = { ecommerce: null };

/** The shop's name as page titles end with it ("Kitchen — Lavabo"). */
export const SITE_NAME = 'Lavabo';

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A page's analytics name: its title without the shop's name at the end (" — Lavabo",
 * " | Lavabo", " - Lavabo"), made safe; the path's words when the title leaves nothing.
 */
export const pageName = (title: string, path: string, siteName: string = SITE_NAME): string => {
  const suffix = new RegExp(`\\s*[—–|-]\\s*${escapeRegExp(siteName)}\\s*$`, 'u');
  const named = stripForAnalytics(title.replace(suffix, ''));
  if (named !== '') return named;
  const words = stripForAnalytics(path.split('/').filter(Boolean).join(' ').replace(/-/g, ' '));
  return words === '' ? 'Home' : words;
};

export interface PageViewEvent extends DataLayerEvent {
  readonly event: typeof PAGE_VIEW_EVENT;
  readonly page_name: string;
  /** The path only: a query may carry what the shopper typed. */
  readonly page_path: string;
}

export const pageViewEvent = (title: string, path: string): PageViewEvent => {
  const pathOnly = path.split(/[?#]/)[0] ?? '';
  return {
    event: PAGE_VIEW_EVENT,
    page_name: pageName(title, pathOnly),
    page_path: pathOnly === '' ? '/' : pathOnly,
  };
};

/** One cart line as tag managers read it (GA4 `items`): prices in currency units, per unit. */
export interface AnalyticsItem {
  readonly item_id: string;
  readonly item_name: string;
  readonly price: number;
  readonly quantity: number;
  readonly item_brand?: string;
  readonly item_category?: string;
  readonly item_variant?: string;
}

export interface CartUpdatedEvent extends DataLayerEvent {
  readonly event: typeof CART_UPDATED_EVENT;
  readonly ecommerce: {
    readonly currency: string;
    /** What the items cost together, after discounts, in currency units. */
    readonly value: number;
    readonly items: readonly AnalyticsItem[];
  };
}

const optionalName = <K extends string>(key: K, text: string | undefined) => {
  const safe = text === undefined ? '' : stripForAnalytics(text);
  return (safe === '' ? {} : { [key]: safe }) as Partial<Record<K, string>>;
};

/** A line the shopper chose; the parts of a bundle ride on their parent (spec §4 cart count). */
const countsAsItem = (line: CartLineItem): boolean =>
  line.bundleParentId === undefined && Number.isSafeInteger(line.quantity) && line.quantity > 0;

export const analyticsItem = (line: CartLineItem): AnalyticsItem => ({
  item_id: line.sku,
  item_name: stripForAnalytics(localized(line.name)) || line.sku,
  price: centsToAmount(unitPrices(line).net),
  quantity: line.quantity,
  ...optionalName('item_brand', line.brand),
  ...optionalName('item_category', line.category),
  ...optionalName('item_variant', line.color),
});

/** The cart's contents after a change; no cart (deleted, never made) is an empty one. */
export const cartUpdatedEvent = (cart: Cart | null, currency = 'USD'): CartUpdatedEvent => {
  const lines = (cart?.lineItems ?? []).filter(countsAsItem);
  const cents = lines.reduce((sum, line) => sum + unitPrices(line).net * line.quantity, 0);
  return {
    event: CART_UPDATED_EVENT,
    ecommerce: {
      currency: cart?.currency ?? currency,
      value: centsToAmount(cents),
      items: lines.map(analyticsItem),
    },
  };
};

/**
 * What counts as a change of the cart for tracking: which SKUs, how many of each, at what unit
 * price. The same contents read again (another tab, a reload) are no change.
 */
export const cartSignature = (cart: Cart | null): string =>
  (cart?.lineItems ?? [])
    .filter(countsAsItem)
    .map((line) => `${line.sku}×${line.quantity}@${unitPrices(line).net}`)
    .sort()
    .join('|');
