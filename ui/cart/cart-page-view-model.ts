/**
 * The cart page's own state (spec §4 Cart display, §8 Cart messages): quantity changes with the
 * "Quantity has been reset" message when one cannot be made, removal with "{item} has been removed
 * from your cart.", promo code entry and its errors, and the share link. The cart itself lives in
 * the app-wide CartViewModel.
 */
import { makeAutoObservable, observable, runInAction } from 'mobx';
import {
  ApplicationStoppedByPreviousDiscountError,
  DiscountCodeNonApplicableError,
  MaxApplicationReachedError,
  NoActiveCartError,
} from '../../core/cart/errors';
import type { DerivedLineItem } from '../../core/cart/derive-line-items';
import type { PromoCode } from '../../core/cart/summary';
import type { CartFailure, CartViewModel } from './cart-view-model';
import { MAX_ADD_QUANTITY } from './product-selection';

export const QUANTITY_RESET_MESSAGE = 'Quantity has been reset';
export const REMOVE_FAILED_MESSAGE = 'Failed to Remove from Cart';
export const EMPTY_CODE_MESSAGE = 'Enter a promo code.';

export const removedMessage = (item: string): string => `${item} has been removed from your cart.`;
export const EMPTIED_MESSAGE = 'Your cart is now empty.';

/** Spec §8 discount code errors, in words a shopper can act on. */
export const promoErrorMessage = (error: CartFailure, code: string): string => {
  const shown = code.trim().toUpperCase();
  if (error instanceof ApplicationStoppedByPreviousDiscountError) {
    return `${shown} can’t be combined with a promotion already applied to your cart.`;
  }
  if (error instanceof MaxApplicationReachedError) {
    return `${shown} has already been used the maximum number of times.`;
  }
  if (error instanceof DiscountCodeNonApplicableError) {
    return `${shown} isn’t a valid promo code for the items in your cart.`;
  }
  if (error instanceof NoActiveCartError) return 'Add something to your cart to use a promo code.';
  return 'Something went wrong. Please try again...';
};

/** The most a line's stepper may ask for: stock for goods that cannot be back-ordered. */
export const maxLineQuantity = (line: DerivedLineItem): number =>
  !line.backOrder && line.availableQty !== undefined && line.availableQty >= line.quantity
    ? Math.min(MAX_ADD_QUANTITY, line.availableQty)
    : MAX_ADD_QUANTITY;

export type ShareStatus = 'idle' | 'pending' | 'succeeded' | 'failed';

export class CartPageViewModel {
  /** The last thing that happened, announced politely. */
  message: string | null = null;
  promoCode = '';
  promoError: string | null = null;
  applyingCode = false;
  /** Lines with a change in flight. */
  readonly busyLines = observable.set<string>();
  /** Bumped on each reset, so quantity fields show the cart's quantity again. */
  resetCount = 0;
  /** "Empty cart" was pressed: the shopper is asked to confirm before every line goes. */
  confirmingEmpty = false;
  emptying = false;
  shareStatus: ShareStatus = 'idle';
  shareUrl: string | null = null;
  copied = false;

  constructor(
    readonly cart: CartViewModel,
    private readonly origin: string,
  ) {
    makeAutoObservable<CartPageViewModel, 'origin'>(this, { cart: false, origin: false });
  }

  get lines(): readonly DerivedLineItem[] {
    return this.cart.topLines;
  }

  isBusy(lineId: string): boolean {
    return this.busyLines.has(lineId);
  }

  /** The shopper asked for `quantity` units of a line: 0 removes it; nonsense resets it. */
  async setQuantity(line: DerivedLineItem, quantity: number): Promise<void> {
    if (!Number.isSafeInteger(quantity) || quantity < 0 || quantity > maxLineQuantity(line)) {
      this.reset();
      return;
    }
    if (quantity === line.quantity || this.isBusy(line.id)) return;
    if (quantity === 0) return this.remove(line);
    this.busyLines.add(line.id);
    this.message = null;
    const result = await this.cart.changeQuantity(line.id, quantity);
    runInAction(() => {
      this.busyLines.delete(line.id);
      if (result.ok) this.message = `${line.name}: quantity ${quantity}.`;
      else this.reset();
    });
  }

  increment(line: DerivedLineItem): Promise<void> {
    return this.setQuantity(line, line.quantity + 1);
  }

  decrement(line: DerivedLineItem): Promise<void> {
    return this.setQuantity(line, line.quantity - 1);
  }

  async remove(line: DerivedLineItem): Promise<void> {
    // One change per line at a time: a second press while the first is on its way does nothing.
    if (this.isBusy(line.id)) return;
    this.busyLines.add(line.id);
    this.message = null;
    const result = await this.cart.removeLine(line.id);
    runInAction(() => {
      this.busyLines.delete(line.id);
      this.message = result.ok ? removedMessage(line.name) : REMOVE_FAILED_MESSAGE;
    });
  }

  askToEmpty(): void {
    this.confirmingEmpty = true;
    this.message = null;
  }

  cancelEmpty(): void {
    this.confirmingEmpty = false;
  }

  /** Removes every line at once (the cart is deleted; the next add starts a new one). */
  async empty(): Promise<void> {
    if (this.emptying) return;
    this.emptying = true;
    const result = await this.cart.emptyCart();
    runInAction(() => {
      this.emptying = false;
      this.confirmingEmpty = false;
      this.message = result.ok ? EMPTIED_MESSAGE : REMOVE_FAILED_MESSAGE;
    });
  }

  setPromoCode(code: string): void {
    this.promoCode = code;
    this.promoError = null;
  }

  async applyPromoCode(): Promise<void> {
    const code = this.promoCode.trim();
    if (code === '') {
      this.promoError = EMPTY_CODE_MESSAGE;
      return;
    }
    this.applyingCode = true;
    this.promoError = null;
    const result = await this.cart.applyDiscountCode(code);
    runInAction(() => {
      this.applyingCode = false;
      if (result.ok) {
        this.message = `Promo code ${code.toUpperCase()} applied.`;
        this.promoCode = '';
      } else {
        this.promoError = promoErrorMessage(result.error, code);
      }
    });
  }

  async removePromoCode(promo: PromoCode): Promise<void> {
    const result = await this.cart.removeDiscountCode(promo.id);
    runInAction(() => {
      this.message = result.ok
        ? `Promo code ${promo.code ?? ''} removed.`
        : 'Something went wrong. Please try again...';
    });
  }

  /** Shares the cart by link (spec §7 POST /cart/sharedcart). */
  async share(): Promise<void> {
    this.shareStatus = 'pending';
    this.copied = false;
    const result = await this.cart.share();
    runInAction(() => {
      if (result.ok) {
        this.shareUrl = `${this.origin}${result.value.path}`;
        this.shareStatus = 'succeeded';
      } else {
        this.shareStatus = 'failed';
      }
    });
  }

  async copyShareLink(clipboard: Pick<Clipboard, 'writeText'> | undefined): Promise<void> {
    const url = this.shareUrl;
    if (url === null || clipboard === undefined) return;
    try {
      await clipboard.writeText(url);
      runInAction(() => {
        this.copied = true;
        this.message = 'Link copied.';
      });
    } catch {
      runInAction(() => {
        this.message = 'Copy the link from the field.';
      });
    }
  }

  private reset(): void {
    this.resetCount += 1;
    this.message = QUANTITY_RESET_MESSAGE;
  }
}
