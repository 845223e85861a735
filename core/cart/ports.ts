/**
 * Ports of the cart area: the cart API of spec §7 (Cart), where the client keeps its active cart,
 * the guest's anonymousId, the cart configuration and who is signed in.
 */
import type {
  ActiveCartRef,
  Cart,
  CartShippingMethodId,
  LineItemShipping,
  ShippingAddress,
  SharedCart,
} from './cart';

export {
  ApplicationStoppedByPreviousDiscountError,
  CartNotFoundError,
  VersionConflictError,
  DiscountCodeNonApplicableError,
  InvalidQuantityError,
  LineItemNotFoundError,
  MaxApplicationReachedError,
  NoActiveCartError,
  OutOfStockError,
  isCartError,
  isDiscountCodeError,
  type CartError,
  type DiscountCodeError,
} from './errors';

/** Spec §7 POST /cart/create: tax mode is always Platform; the e-mail only when signed in. */
export interface CartDraft {
  readonly currency: string;
  readonly taxMode: 'Platform';
  readonly customerEmail?: string;
}

/**
 * Adds a line (addLineItem), or a super SKU (addbundle) whose parts the server adds as lines with
 * this line as their bundle parent.
 */
export interface AddLineItemAction {
  readonly action: 'addLineItem' | 'addbundle';
  readonly sku: string;
  readonly quantity: number;
  readonly lineItemShipping: LineItemShipping;
  readonly isBackOrderable?: boolean;
}

/** Cart update actions (commercetools style: sent with the cart version, each bumps it). */
export type CartUpdateAction =
  | AddLineItemAction
  | {
      readonly action: 'removeLineItem';
      readonly lineItemId: string;
      /** Units to take off; the whole line when absent. */
      readonly quantity?: number;
    }
  | {
      readonly action: 'changeLineItemQuantity';
      readonly lineItemId: string;
      readonly quantity: number;
    }
  | { readonly action: 'setShippingAddress'; readonly address: ShippingAddress }
  /** Chooses how the cart ships; one the cart is not offered is refused (400 on the server). */
  | { readonly action: 'setShippingMethod'; readonly methodId: CartShippingMethodId }
  | { readonly action: 'recalculate'; readonly updateProductData: boolean };

export type CartUpdateActionName = CartUpdateAction['action'];

export interface SharedCartRef {
  readonly sharedCartId: string;
}

/**
 * Port: the cart API. Every mutation takes the version it was computed against and resolves to
 * the new cart. Failures are thrown as the typed errors of ./errors:
 * VersionConflictError on 409, CartNotFoundError, OutOfStockError, LineItemNotFoundError
 * and the three discount code errors.
 */
export interface CartGateway {
  /** GET /cart/active?expand=calculation: the shopper's active carts (any cartType). */
  getActiveCarts(): Promise<readonly Cart[]>;
  getCart(cartId: string): Promise<Cart>;
  createCart(draft: CartDraft): Promise<Cart>;
  updateCart(cartId: string, version: number, actions: readonly CartUpdateAction[]): Promise<Cart>;
  applyDiscount(cartId: string, version: number, code: string): Promise<Cart>;
  removeDiscount(cartId: string, version: number, discountCodeId: string): Promise<Cart>;
  /** DELETE /cart/{id}?cart-versionId={version}; resolves to the cart as it was deleted. */
  deleteCart(cartId: string, version: number): Promise<Cart>;
  shareCart(cartId: string): Promise<SharedCartRef>;
  /**
   * GET /cart/sharedcart/{id}?currency=: the shared lines priced for the reader — list and sale
   * prices in `currency` (the reader's; the snapshot's when absent) and the shop's automatic
   * promotions, never the sharer's codes.
   */
  getSharedCart(sharedCartId: string, currency?: string): Promise<SharedCart>;
  /** POST /cart/merge: merge the guest cart of anonymousId into the signed-in shopper's cart. */
  mergeGuestCart(anonymousId: string): Promise<Cart>;
}

/** Port: the client's active cart pointer (spec §3 activeCart {cartId, version}). */
export interface ActiveCartStore {
  load(): ActiveCartRef | null;
  save(ref: ActiveCartRef): void;
  clear(): void;
}

/** Port: the guest's anonymousId, whose cart is merged on sign-in. */
export interface AnonymousIdStore {
  load(): string | null;
  save(anonymousId: string): void;
  clear(): void;
}

/** Port: cart settings from remote configuration (may be getters over the configuration store). */
export interface CartConfiguration {
  /** Currency for new carts (spec §9 default USD). */
  readonly currency: string;
  /** The cartType this storefront uses among the shopper's active carts. */
  readonly cartType: string;
  /** salesChannelConfig.map: brand name → sales channel. */
  readonly salesChannels: Readonly<Record<string, string>>;
  readonly defaultSalesChannel?: string;
}

/** Port: who is shopping. */
export interface ShopperSession {
  /** The signed-in customer's e-mail (subject claim) as given; null for guests. */
  signedInEmail(): string | null;
  /** Whether a customer is signed in (a guest, or a device with no session yet, is not). */
  signedIn(): boolean;
}
