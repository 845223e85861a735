/**
 * The shopper's cart for the whole app (spec §3 cart client state, §4 Add to cart and Cart
 * lifecycle): the active cart, its count for the header's cart link, adding with a toast
 * (5 s, spec §9) and an optional callback, the mini cart preview, and the cart page's mutations.
 * One instance per app, like compare. It follows the active-cart pointer: when something else
 * changes it (the guest-cart merge after sign-in, sign-out, another tab) the cart is re-read.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { AddToCartSelection } from '../../core/cart/add-to-cart-selection';
import type { AddToCartOutcome } from '../../core/cart/add-to-cart';
import { DEFAULT_LOCALE, localized, type ActiveCartRef, type Cart } from '../../core/cart/cart';
import type { CartUseCases } from '../../core/cart/cart-use-cases';
import {
  cartCount,
  deriveLineItems,
  type DerivedLineItem,
} from '../../core/cart/derive-line-items';
import { isCartError, OutOfStockError, type CartError } from '../../core/cart/errors';
import type { SharedCartLink } from '../../core/cart/share-cart';
import { summarizeCart, type CartSummary } from '../../core/cart/summary';
import type { CartStatus } from '../../core/shared/async-status';
import { err, type Result } from '../../core/shared/result';
import { browserTimers, ToasterStore, type Notify, type Timers } from '../shell/toaster';

export { TOAST_MS, type Timers } from '../shell/toaster';

/** Spec §8 visible toasts of the cart. */
export const FETCH_CART_FAILED = 'Failed to Fetch Cart';
export const CREATE_CART_FAILED = 'Failed to Create Cart';
export const REMOVE_FROM_CART_FAILED = 'Failed to Remove from Cart';
/** The toaster's `source` for the cart's toasts. */
export const CART_TOAST_SOURCE = 'cart';
/** The mini cart preview opens from the header on desktop widths (spec §2 breakpoints). */
export const DESKTOP_MIN_WIDTH = 1280;
/** Lines shown in the mini cart preview; the rest are counted. */
export const PREVIEW_LINES = 3;

/** A call that failed for a reason the cart rules do not name (network, server, bad answer). */
export class CartRequestFailed extends Error {
  readonly code = 'RequestFailed';
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'CartRequestFailed';
  }
}

export type CartFailure = CartError | CartRequestFailed;
export type CartResult<T> = Result<T, CartFailure>;

export interface CartToast {
  readonly id: number;
  readonly kind: 'added' | 'error';
  readonly message: string;
}

export interface AddToCartOptions {
  /** Show the toast (default true). */
  readonly toast?: boolean;
  /** Receives the outcome after a successful add (spec §4: an optional callback). */
  readonly onAdded?: (outcome: AddToCartOutcome) => void;
  /** What the shopper calls the item, for the messages; the cart's line name otherwise. */
  readonly itemName?: string;
}

/** Something that can say when the active cart pointer changes (the storage adapter can). */
export interface ActiveCartEvents {
  subscribe(listener: (ref: ActiveCartRef | null) => void): () => void;
}

export const cartLinkLabel = (count: number): string =>
  `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;

export class CartViewModel {
  cart: Cart | null = null;
  status: CartStatus = 'idle';
  /** The last add in flight: the add buttons show it. */
  adding = false;
  previewOpen = false;
  viewportWidth: number;

  private pending = 0;
  private loading: Promise<void> | null = null;
  /** How many carts our own changes have kept: a read that saw fewer answers with an older cart. */
  private kept = 0;

  constructor(
    private readonly useCases: CartUseCases,
    private readonly events: ActiveCartEvents | null = null,
    viewportWidth = DESKTOP_MIN_WIDTH,
    timers: Timers = browserTimers,
    /** The shell's toaster (ui/shell/toaster.ts); its own one when the cart stands alone. */
    private readonly toaster: Notify & Pick<ToasterStore, 'current'> = new ToasterStore(timers),
  ) {
    this.viewportWidth = viewportWidth;
    makeAutoObservable<
      CartViewModel,
      'useCases' | 'events' | 'toaster' | 'pending' | 'loading' | 'kept'
    >(this, {
      kept: false,
      loading: false,
      useCases: false,
      events: false,
      toaster: false,
      pending: false,
    });
  }

  /** Follows the active-cart pointer until the returned function is called. */
  connect(): () => void {
    const unsubscribe = this.events?.subscribe((ref) => this.onPointerChanged(ref));
    return () => {
      unsubscribe?.();
    };
  }

  // --- what the screens show ----------------------------------------------------------------

  /** Lines as shown: newest added first (spec §4 Cart display). */
  get lines(): readonly DerivedLineItem[] {
    return this.cart === null ? [] : deriveLineItems(this.cart, DEFAULT_LOCALE);
  }

  /** Lines a shopper acts on; bundle parts are listed under their parent. */
  get topLines(): readonly DerivedLineItem[] {
    return this.lines.filter((l) => l.bundleParentId === undefined);
  }

  partsOf(lineId: string): readonly DerivedLineItem[] {
    return this.lines.filter((l) => l.bundleParentId === lineId);
  }

  get count(): number {
    return this.cart === null ? 0 : cartCount(this.cart);
  }

  /** The header's cart link name: starts with "Cart" (ARCHITECTURE a11y names). */
  get linkLabel(): string {
    return cartLinkLabel(this.count);
  }

  get summary(): CartSummary | null {
    return this.cart === null ? null : summarizeCart(this.cart, this.lines);
  }

  get isEmpty(): boolean {
    return this.count === 0 && this.topLines.length === 0;
  }

  /** The first read has not answered yet. */
  get firstLoad(): boolean {
    return this.cart === null && (this.status === 'idle' || this.status === 'pending');
  }

  get isDesktop(): boolean {
    return this.viewportWidth >= DESKTOP_MIN_WIDTH;
  }

  get previewLines(): readonly DerivedLineItem[] {
    return this.topLines.slice(0, PREVIEW_LINES);
  }

  // --- reading ------------------------------------------------------------------------------

  /** Reads the shopper's active cart (spec §4: the one of the configured cartType). */
  load(): Promise<void> {
    // Callers that ask while a read is on its way share it.
    this.loading ??= this.read().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private async read(): Promise<void> {
    this.status = 'pending';
    const keptBefore = this.kept;
    const result = await this.run(() => this.useCases.pickActiveCart.execute());
    runInAction(() => {
      if (result.ok) {
        // A change of ours answered while this read was on its way: its cart is newer than what
        // the read saw, so the read must not put the older one back (an add would seem undone).
        if (this.kept === keptBefore) this.cart = result.value;
        this.status = 'succeeded';
      } else if (this.kept === keptBefore) {
        this.status = 'failed';
      }
    });
    if (!result.ok && this.kept === keptBefore) this.showToast('error', FETCH_CART_FAILED);
  }

  // --- mutations ----------------------------------------------------------------------------

  /**
   * Adds the selections (spec §4 Add to cart): out-of-stock items are left out, back-orderable ones
   * go in one at a time. On success the cart is kept, a toast says so, and `onAdded` hears it.
   */
  async add(
    selections: readonly AddToCartSelection[],
    options: AddToCartOptions = {},
  ): Promise<CartResult<AddToCartOutcome>> {
    this.adding = true;
    // No active cart yet: this add has to make one first (spec §4 Cart lifecycle).
    const creates = this.useCases.store.load() === null;
    const result = await this.run(() => this.useCases.addToCart.execute(selections));
    runInAction(() => {
      this.adding = false;
      if (result.ok) {
        this.keep(result.value.cart);
        this.status = 'succeeded';
      }
    });
    const showToast = options.toast ?? true;
    if (result.ok) {
      if (showToast) this.showToast('added', addedMessage(result.value, options.itemName));
      options.onAdded?.(result.value);
    } else if (showToast) {
      // The request failed and no cart came of it: the cart itself could not be made.
      const notCreated =
        creates && result.error instanceof CartRequestFailed && this.useCases.store.load() === null;
      this.showToast(
        'error',
        notCreated ? CREATE_CART_FAILED : addFailedMessage(result.error, options.itemName),
      );
    }
    return result;
  }

  changeQuantity(lineItemId: string, quantity: number): Promise<CartResult<Cart>> {
    return this.mutate(() => this.useCases.changeQuantity.execute(lineItemId, quantity));
  }

  /**
   * Removes a line; a failure is toasted. `announced`: the caller says the failure in its own live
   * region (the cart page), so the toast is shown but not announced again.
   */
  async removeLine(
    lineItemId: string,
    { announced = false }: { readonly announced?: boolean } = {},
  ): Promise<CartResult<Cart>> {
    const result = await this.mutate(() => this.useCases.removeLineItem.execute(lineItemId));
    if (!result.ok) this.showToast('error', REMOVE_FROM_CART_FAILED, { quiet: announced });
    return result;
  }

  applyDiscountCode(code: string): Promise<CartResult<Cart>> {
    return this.mutate(() => this.useCases.applyDiscountCode.execute(code));
  }

  removeDiscountCode(discountCodeId: string): Promise<CartResult<Cart>> {
    return this.mutate(() => this.useCases.removeDiscountCode.execute(discountCodeId));
  }

  emptyCart(): Promise<CartResult<Cart>> {
    return this.mutate(() => this.useCases.deleteCart.execute());
  }

  share(): Promise<CartResult<SharedCartLink>> {
    return this.run(() => this.useCases.shareCart.execute());
  }

  // --- toast and preview --------------------------------------------------------------------

  /** The cart's toast while it is the one the shell shows. */
  get toast(): CartToast | null {
    const t = this.toaster.current;
    if (t === null || t.source !== CART_TOAST_SOURCE) return null;
    return { id: t.id, kind: t.kind === 'error' ? 'error' : 'added', message: t.message };
  }

  /** Shows a cart toast on the shell's toaster (an added one offers "View cart"). */
  showToast(
    kind: CartToast['kind'],
    message: string,
    { quiet = false }: { readonly quiet?: boolean } = {},
  ): void {
    this.toaster.show({
      message,
      kind: kind === 'error' ? 'error' : 'success',
      source: CART_TOAST_SOURCE,
      ...(quiet ? { quiet } : {}),
      ...(kind === 'added' ? { action: { label: 'View cart', to: '/en/cart' } } : {}),
    });
  }

  dismissToast(): void {
    const t = this.toaster.current;
    if (t?.source === CART_TOAST_SOURCE) this.toaster.dismiss(t.id);
  }

  /** Spec §4 Preview cart: shows or hides by action; only on desktop widths. */
  openPreview(): void {
    if (this.isDesktop) this.previewOpen = true;
  }

  closePreview(): void {
    this.previewOpen = false;
  }

  setViewportWidth(width: number): void {
    this.viewportWidth = width;
    if (!this.isDesktop) this.previewOpen = false;
  }

  // --- internals ----------------------------------------------------------------------------

  private async mutate(call: () => Promise<Result<Cart, CartError>>): Promise<CartResult<Cart>> {
    const result = await this.run(call);
    runInAction(() => {
      if (result.ok) this.keep(result.value);
    });
    return result;
  }

  /** Runs a use case; a failure no cart rule names becomes CartRequestFailed. */
  private async run<T>(call: () => Promise<Result<T, CartError>>): Promise<CartResult<T>> {
    this.pending += 1;
    try {
      return await call();
    } catch (e) {
      return err(isCartError(e) ? e : new CartRequestFailed(e));
    } finally {
      this.pending -= 1;
    }
  }

  /** Keeps a cart the server answered, and its guest (spec §4: fetching a cart stores it). */
  private keep(cart: Cart): void {
    this.kept += 1;
    this.cart = cart;
    if (cart.anonymousId !== undefined && cart.anonymousId !== '') {
      this.useCases.anonymousIds.save(cart.anonymousId);
    }
  }

  /** The pointer changed: ignore our own writes; follow anyone else's. */
  private onPointerChanged(ref: ActiveCartRef | null): void {
    if (this.pending > 0) return;
    if (ref === null) {
      runInAction(() => {
        this.cart = null;
        this.previewOpen = false;
      });
      return;
    }
    const cart = this.cart;
    if (cart !== null && cart.id === ref.cartId && cart.version === ref.version) return;
    void this.load();
  }
}

const lineName = (cart: Cart, sku: string): string | undefined => {
  const line = cart.lineItems.find((l) => l.sku === sku && l.bundleParentId === undefined);
  return line === undefined ? undefined : localized(line.name, DEFAULT_LOCALE);
};

export const addedMessage = (outcome: AddToCartOutcome, itemName?: string): string => {
  const units = outcome.added.reduce((sum, a) => sum + a.quantity, 0);
  const first = outcome.added[0];
  const name =
    outcome.added.length === 1
      ? (itemName ?? (first === undefined ? undefined : lineName(outcome.cart, first.sku)))
      : undefined;
  const what =
    name !== undefined && name !== ''
      ? units > 1
        ? `${units} × ${name}`
        : name
      : `${units} ${units === 1 ? 'item' : 'items'}`;
  const skipped = outcome.leftOut.length;
  return skipped === 0
    ? `${what} added to your cart.`
    : `${what} added to your cart. ${skipped} out-of-stock ${skipped === 1 ? 'item was' : 'items were'} left out.`;
};

/** Spec §8 visible toast 'Failed to Add to cart', with the reason when there is one to give. */
export const addFailedMessage = (error: CartFailure, itemName?: string): string => {
  if (error instanceof OutOfStockError) {
    return `Failed to Add to cart: ${itemName ?? 'this item'} is out of stock.`;
  }
  return 'Failed to Add to cart';
};
