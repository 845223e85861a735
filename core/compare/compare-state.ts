/**
 * Spec §4 Compare, as pure transitions over the persisted compare slice:
 * - adding replaces any entry with the same SKU;
 * - the category follows the last added product;
 * - clear-one resets the category when the list becomes empty; clear-all empties it;
 * - an enable flag is reset after each add;
 * - entries expire after the expiry period (spec §9: default 60 days).
 *
 * Readings we chose (docs/rules.md):
 * - a re-added SKU moves to the end (it is now the last added) and its expiry starts again;
 * - adding a new SKU when the list already holds the maximum for the viewport is refused with a
 *   typed `compare-full` error and changes nothing (not even the enable flag): the shopper removes
 *   one first, rather than losing a product they chose silently. Re-adding a SKU already compared
 *   is always allowed, as it does not grow the list (even when a narrower window has put the list
 *   over the maximum: resizing never drops products);
 * - expired entries are dropped before every transition, so they never count against the maximum;
 *   when that empties the list the category is reset, as with clear-one;
 * - an entry expires at the instant now reaches its expiry;
 * - clear-one and clear-all leave the enable flag as it was;
 * - a compare link (`/en/compare?compare=SKU1,SKU2`) names the comparison: opening it makes its
 *   products the compared ones, in the link's order (repeats once), each with a fresh expiry, the
 *   category following the last, the enable flag reset as by an add. Like a narrower window, a
 *   link may name more products than the viewport's maximum: none is dropped, further adds are
 *   refused until some go.
 */
import { DAY } from '../shared/clock';
import { err, ok, type Result } from '../shared/result';

export const COMPARE_EXPIRY_DAYS = 60;
export const COMPARE_EXPIRY_MS = COMPARE_EXPIRY_DAYS * DAY;

/**
 * The expiry period the configuration asks for (spec §3 `expireTime`, in milliseconds): a whole
 * positive number of milliseconds, at most 10 years; anything else (absent, 0, negative, not a
 * number) keeps the spec §9 default of 60 days rather than expiring entries at once or never.
 */
export const compareExpiryOf = (configuration: { readonly expireTime?: number }): number => {
  const configured = configuration.expireTime;
  return configured !== undefined &&
    Number.isFinite(configured) &&
    configured >= 1 &&
    configured <= 3650 * DAY
    ? Math.floor(configured)
    : COMPARE_EXPIRY_MS;
};

/** An expiry period, or where to read it when it is needed (configuration may load late). */
export type ExpirySource = number | (() => number);

export const expiryFrom = (source: ExpirySource): number =>
  typeof source === 'function' ? source() : source;

export interface ProductAttribute {
  readonly name: string;
  readonly value: string;
}

/** Spec §3 Compared product. */
export interface ComparedProduct {
  readonly compareSku: string;
  /** Epoch milliseconds at which the entry is dropped. */
  readonly expiry: number;
  readonly backorder: boolean;
  readonly category: string;
  readonly masterVariant: {
    readonly sku: string;
    readonly attributes: readonly ProductAttribute[];
  };
}

export type ProductToCompare = Omit<ComparedProduct, 'expiry'>;

export interface CompareState {
  /** In the order they were added, oldest first (the tray's column order). */
  readonly products: readonly ComparedProduct[];
  /** The category of the last added product; null when nothing is compared. */
  readonly category: string | null;
  /** Set when the shopper turns compare on for the next product; reset after each add. */
  readonly enabled: boolean;
}

export const EMPTY_COMPARE: CompareState = { products: [], category: null, enabled: false };

export interface CompareFull {
  readonly kind: 'compare-full';
  readonly max: number;
}

export const isEntryExpired = (product: ComparedProduct, now: number): boolean =>
  now >= product.expiry;

const withProducts = (state: CompareState, products: readonly ComparedProduct[]): CompareState =>
  products.length === 0
    ? { products, category: null, enabled: state.enabled }
    : { ...state, products };

/** Drops expired entries; the same state object when none had expired. */
export const dropExpired = (state: CompareState, now: number): CompareState => {
  const live = state.products.filter((p) => !isEntryExpired(p, now));
  return live.length === state.products.length && (live.length > 0 || state.category === null)
    ? state
    : withProducts(state, live);
};

export interface AddOptions {
  readonly now: number;
  /** Most products comparable at once (the tray's columns, see compareColumns). */
  readonly max: number;
  readonly expiryMs?: number;
}

export const isCompared = (state: CompareState, sku: string): boolean =>
  state.products.some((p) => p.compareSku === sku);

export const addToCompare = (
  state: CompareState,
  product: ProductToCompare,
  { now, max, expiryMs = COMPARE_EXPIRY_MS }: AddOptions,
): Result<CompareState, CompareFull> => {
  const live = dropExpired(state, now);
  const others = live.products.filter((p) => p.compareSku !== product.compareSku);
  const replacing = others.length < live.products.length;
  if (!replacing && others.length >= max) return err({ kind: 'compare-full', max });
  return ok({
    products: [...others, { ...product, expiry: now + expiryMs }],
    category: product.category,
    enabled: false,
  });
};

/** Opening a compare link: its products become the compared ones (see the readings above). */
export const compareFromLink = (
  state: CompareState,
  products: readonly ProductToCompare[],
  { now, expiryMs = COMPARE_EXPIRY_MS }: { readonly now: number; readonly expiryMs?: number },
): CompareState => {
  const unique = products.filter(
    (p, i) => products.findIndex((q) => q.compareSku === p.compareSku) === i,
  );
  const last = unique[unique.length - 1];
  if (last === undefined) return withProducts({ ...state, enabled: false }, []);
  return {
    products: unique.map((p) => ({ ...p, expiry: now + expiryMs })),
    category: last.category,
    enabled: false,
  };
};

/** Clear-one: removes the SKU; the category is reset when the list becomes empty. */
export const removeFromCompare = (state: CompareState, sku: string, now: number): CompareState => {
  const live = dropExpired(state, now);
  return withProducts(
    live,
    live.products.filter((p) => p.compareSku !== sku),
  );
};

/** Clear-all. */
export const clearCompare = (state: CompareState): CompareState => withProducts(state, []);

export const setCompareEnabled = (state: CompareState, enabled: boolean): CompareState =>
  state.enabled === enabled ? state : { ...state, enabled };

export const liveCompared = (state: CompareState, now: number): readonly ComparedProduct[] =>
  state.products.filter((p) => !isEntryExpired(p, now));
