/**
 * The cart page's own state (spec §4 Cart display, §8 Cart messages): quantity changes with the
 * "Quantity has been reset" message when one cannot be made — saying why and to what — removal with
 * "{item} has been removed from your cart.", promo code entry with its one message (success or why
 * a code was refused), and the share link. The cart itself lives in
 * the app-wide CartViewModel.
 */
import { makeAutoObservable, observable, runInAction } from 'mobx';
import { MAX_DISCOUNT_CODES } from '../../core/cart/engine/model';
import { cartTotals } from '../../core/cart/engine/pricing';
import {
  ApplicationStoppedByPreviousDiscountError,
  DiscountCodeNonApplicableError,
  isDiscountCodeError,
  MaxApplicationReachedError,
  NoActiveCartError,
  OutOfStockError,
} from '../../core/cart/errors';
import { DEFAULT_CURRENCY, formatMoney, money } from '../../core/shared/money';
import type { DerivedLineItem } from '../../core/cart/derive-line-items';
import { lineQuantityRefusal, type QuantityRefusal } from '../../core/cart/line-quantity';
import type { PromoCode } from '../../core/cart/summary';
import { REMOVE_FROM_CART_FAILED, type CartFailure, type CartViewModel } from './cart-view-model';

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

export const REMOVE_FAILED_MESSAGE = REMOVE_FROM_CART_FAILED;
export const EMPTY_CODE_MESSAGE = 'Enter a promo code.';

export const removedMessage = (item: string): string => `${item} has been removed from your cart.`;
export const EMPTIED_MESSAGE = 'Your cart is now empty.';

/**
 * Spec §8 discount code errors, in words a shopper can act on: one message per refusal reason
 * (core/cart/errors.ts DISCOUNT_REFUSAL_CODES), the code named as the shop spells it. An answer
 * without a reason (an older server) gets what its code alone can say.
 */
export const promoErrorMessage = (
  error: CartFailure,
  typed: string,
  currency: string,
  /** The cart pays for shipping all the same (freight): it is not "already free". */
  paysShipping = false,
): string => {
  if (error instanceof NoActiveCartError) return 'Add something to your cart to use a promo code.';
  if (!isDiscountCodeError(error)) return 'Something went wrong. Please try again...';
  const shown = error.discountCode === '' ? typed.trim().toUpperCase() : error.discountCode;
  switch (error.reason) {
    case 'UnknownCode':
      return `We don’t recognise the promo code ${shown}. Check it and try again.`;
    case 'Ended':
      return `The offer for ${shown} has ended, so it can no longer be used.`;
    case 'NotStarted':
      return `The offer for ${shown} hasn’t started yet. Try it again once it has.`;
    case 'AlreadyApplied':
      return `${shown} is already applied to your cart.`;
    case 'UsageLimitReached':
      return `You’ve already used ${shown} as many times as it allows.`;
    case 'TooManyCodes':
      return `Your cart already has ${MAX_DISCOUNT_CODES} promo codes, the most it can take. Remove one to use ${shown}.`;
    case 'NotCombinable':
      return `${shown} can’t be combined with a promo code already applied to your cart.`;
    case 'NoEligibleItems':
      return `None of the items in your cart qualify for ${shown}.`;
    case 'MinimumNotMet':
      return error instanceof DiscountCodeNonApplicableError && error.minimumCents !== undefined
        ? `${shown} needs qualifying items worth ${formatMoney(money(error.minimumCents, currency))} or more in your cart.`
        : `Your cart doesn’t reach the minimum spend for ${shown} yet.`;
    case 'NoShippingCharge':
      return paysShipping
        ? `${shown} takes off standard shipping only, and your order has no standard shipping charge.`
        : `Your order already ships free, so ${shown} has nothing to take off.`;
    case 'ExpeditedShipping':
      return `${shown} takes off standard shipping only, and your order ships expedited. Choose standard shipping at checkout to use it.`;
    case null:
      break;
  }
  if (error instanceof ApplicationStoppedByPreviousDiscountError) {
    return `${shown} can’t be combined with a promo code already applied to your cart.`;
  }
  if (error instanceof MaxApplicationReachedError) return `${shown} can’t be used again.`;
  return `${shown} can’t be used on your cart.`;
};

/** What the promo code part says: the outcome of the last apply or remove, or a refusal. */
export interface PromoStatus {
  readonly kind: 'done' | 'error';
  readonly text: string;
}

export type ShareStatus = 'idle' | 'pending' | 'succeeded' | 'failed';

export class CartPageViewModel {
  /** The last thing that happened, announced politely. */
  message: string | null = null;
  promoCode = '';
  /**
   * The promo code part's one message (one live region): each apply or remove replaces the last,
   * so a refusal never stands next to an earlier success.
   */
  promoStatus: PromoStatus | null = null;
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
    // The page's own live region says how it went (below): the toast is not heard twice.
    const result = await this.cart.removeLine(line.id, { announced: true });
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

  /** The refusal on screen, for the field's aria-invalid; null when the last word was not one. */
  get promoError(): string | null {
    return this.promoStatus?.kind === 'error' ? this.promoStatus.text : null;
  }

  setPromoCode(code: string): void {
    this.promoCode = code;
    // Typing again answers a refusal; a success may stay until the next apply.
    if (this.promoStatus?.kind === 'error') this.promoStatus = null;
  }

  async applyPromoCode(): Promise<void> {
    const code = this.promoCode.trim();
    if (code === '') {
      this.promoStatus = { kind: 'error', text: EMPTY_CODE_MESSAGE };
      return;
    }
    if (this.applyingCode) return;
    this.applyingCode = true;
    // Emptied while the code is checked, so the same answer twice is announced twice.
    this.promoStatus = null;
    const result = await this.cart.applyDiscountCode(code);
    runInAction(() => {
      this.applyingCode = false;
      if (result.ok) {
        this.promoStatus = { kind: 'done', text: `Promo code ${code.toUpperCase()} applied.` };
        this.promoCode = '';
      } else {
        const cart = this.cart.cart;
        const paysShipping =
          cart !== null && cartTotals(cart).shipping - cartTotals(cart).shippingDiscounts > 0;
        this.promoStatus = {
          kind: 'error',
          text: promoErrorMessage(
            result.error,
            code,
            cart?.currency ?? DEFAULT_CURRENCY,
            paysShipping,
          ),
        };
      }
    });
  }

  async removePromoCode(promo: PromoCode): Promise<void> {
    const result = await this.cart.removeDiscountCode(promo.id);
    runInAction(() => {
      this.promoStatus = result.ok
        ? { kind: 'done', text: `Promo code ${promo.code ?? ''} removed.` }
        : { kind: 'error', text: 'Something went wrong. Please try again...' };
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
