/**
 * The cart page's own state (spec §4 Cart display, §8 Cart messages): quantity changes with the
 * "Quantity has been reset" message when one cannot be made — saying why and to what — removal with "{item} has been removed
 * from your cart.", promo code entry and its errors, and the share link. The cart itself lives in
 * the app-wide CartViewModel.
 */
import { makeAutoObservable, observable, runInAction } from 'mobx';
import {
  ApplicationStoppedByPreviousDiscountError,
  DiscountCodeNonApplicableError,
  MaxApplicationReachedError,
  NoActiveCartError,
  OutOfStockError,
} from '../../core/cart/errors';
import type { DerivedLineItem } from '../../core/cart/derive-line-items';
import { lineQuantityRefusal, type QuantityRefusal } from '../../core/cart/line-quantity';
import type { PromoCode } from '../../core/cart/summary';
import type { CartFailure, CartViewModel } from './cart-view-model';

export { maxLineQuantity } from '../../core/cart/line-quantity';

/** Spec §8's words, which every reset message starts with. */
export const QUANTITY_RESET_MESSAGE = 'Quantity has been reset';

/** Why the quantity went back, and to what (spec §8 "Quantity has been reset", said in full). */
export const quantityResetMessage = (
  line: Pick<DerivedLineItem, 'name' | 'quantity'>,
  refusal: QuantityRefusal | null,
): string => {
  const now = `${QUANTITY_RESET_MESSAGE} to ${line.quantity}`;
  switch (refusal?.reason) {
    case 'stock':
      return refusal.available === 0
        ? `${now}: ${line.name} is out of stock.`
        : `${now}: only ${refusal.available} of ${line.name} in stock.`;
    case 'lineMaximum':
      return `${now}: a cart line holds at most ${refusal.maximum}.`;
    case 'notWhole':
      return `${now}: enter a whole number, or 0 to remove ${line.name}.`;
    case undefined:
      return `${now}: ${line.name} couldn’t be changed just now. Please try again.`;
  }
};

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

  /**
   * The shopper asked for `quantity` units of a line: 0 removes it; one that cannot be had resets
   * it, saying why.
   */
  async setQuantity(line: DerivedLineItem, quantity: number): Promise<void> {
    const refusal = lineQuantityRefusal(line, quantity);
    if (refusal !== null) {
      this.reset(line, refusal);
      return;
    }
    if (quantity === line.quantity || this.isBusy(line.id)) return;
    if (quantity === 0) return this.remove(line);
    this.busyLines.add(line.id);
    this.message = null;
    const result = await this.cart.changeQuantity(line.id, quantity);
    if (!result.ok && result.error instanceof OutOfStockError) {
      // Stock went down since the cart was read: read it again, so the page says what is left.
      await this.cart.load();
    }
    runInAction(() => {
      this.busyLines.delete(line.id);
      if (result.ok) {
        this.message = `${line.name}: quantity ${quantity}.`;
        return;
      }
      const fresh = this.lines.find((l) => l.id === line.id) ?? line;
      this.reset(fresh, lineQuantityRefusal(fresh, quantity));
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

  private reset(line: DerivedLineItem, refusal: QuantityRefusal | null): void {
    this.resetCount += 1;
    this.message = quantityResetMessage(line, refusal);
  }
}
