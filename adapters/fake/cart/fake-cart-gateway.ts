/**
 * The cart API in the tab for the offline demo (npm run demo) and UI tests: the server's cart
 * (server/cart/cart-service.ts) with the tab's Storage in place of PostgreSQL. This file keeps only
 * what a database keeps — the carts' states, who owns each one (the guest id of the current token,
 * or "the customer" once signed in), ids, the clock, shared snapshots and each owner's redemptions
 * of once-per-shopper codes. Every mutation is core's cart engine (core/cart/engine/engine.ts) and
 * every answer is core's pricing (quoteCart with core's PROMOTIONS), over the demo catalogue's facts
 * in the cart's currency (./catalogue-facts.ts), so the demo prices, discounts, ships and taxes to
 * the cent as the shop does (tests/adapters/cart/pricing-parity.test.ts runs both side by side).
 *
 * Failures are thrown as the HTTP adapter throws the server's answers (http-cart-gateway.ts
 * toCartError): a stale version is VersionConflictError with the current version, an owner's
 * missing cart CartNotFoundError, OutOfStock, LineItemNotFound and the three discount code errors
 * their core errors; a request the server answers 400 InvalidField (a bad quantity, a SKU not in the
 * catalogue, a method the cart is not offered, a code not applied) is the same core FieldsError.
 */
import type { TokenStore } from '../../../core/auth/ports';
import type { Cart, LineItemShipping, SharedCart } from '../../../core/cart/cart';
import {
  applyDiscountCode,
  createCartState,
  deleteCartState,
  mergeLines,
  removeDiscountCode,
  updateCart,
} from '../../../core/cart/engine/engine';
import {
  CURRENCY_REGIONS,
  isShippingMethodId,
  MAX_ACTIONS,
  MAX_LINE_QUANTITY,
  type CartState,
  type CatalogueFacts,
  type EngineAction,
  type EngineEnv,
  type EngineResult,
} from '../../../core/cart/engine/model';
import { quoteCart, type CartQuote } from '../../../core/cart/engine/pricing';
import { PROMOTIONS } from '../../../core/cart/engine/promotions';
import { priceSharedCart, sharedCartLines } from '../../../core/cart/engine/shared-cart';
import { cartErrorOf } from '../../../core/cart/engine/refusals';
import { CartNotFoundError } from '../../../core/cart/errors';
import type {
  CartDraft,
  CartGateway,
  CartUpdateAction,
  SharedCartRef,
} from '../../../core/cart/ports';
import type { Clock } from '../../../core/shared/clock';
import { normalizeEmail } from '../../../core/validation/email';
import { FieldsError, INVALID_FIELD } from '../../../core/shared/errors';

export const FAKE_CART_STORAGE_KEY = 'lavabo.demo.carts';

/** The catalogue facts the cart is priced from, in a currency (one map for every currency, too). */
export type FakeCatalogue = CatalogueFacts | ((currency: string) => CatalogueFacts);

interface State {
  counter: number;
  /** Least recently changed first. */
  carts: CartState[];
  shared: SharedCart[];
  /** Owner → discount id → how often they applied it (codes with maxPerOwner only). */
  redemptions: Record<string, Record<string, number>>;
}

/** The server's 400 InvalidField answer to a bad request, as the HTTP adapter hands it on. */
const invalidField = (field: string, message: string, text = `${field} ${message}`): FieldsError =>
  new FieldsError([{ field, code: INVALID_FIELD, message }], text);

const unwrap = <T>(result: EngineResult<T>): T => {
  if (!result.ok) throw cartErrorOf(result.error);
  return result.value;
};

const SKU = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

const wholeNumber = (value: number, field: string, min: number): number => {
  if (!Number.isSafeInteger(value) || value < min || value > MAX_LINE_QUANTITY) {
    throw invalidField(field, `must be a whole number from ${min} to ${MAX_LINE_QUANTITY}`);
  }
  return value;
};

/** The line's shipping as the server keeps it (server/cart/parse.ts parseShipping). */
const shippingOf = (s: LineItemShipping | undefined): LineItemShipping | undefined =>
  s === undefined
    ? undefined
    : {
        salesChannel: s.salesChannel,
        ...(s.roomInfo === undefined ? {} : { roomInfo: s.roomInfo }),
        ...(s.customQuantity === undefined ? {} : { customQuantity: s.customQuantity }),
        ...(s.overage === undefined ? {} : { overage: s.overage }),
      };

/** The request checks of the server's route (server/cart/parse.ts), then the engine's action. */
const engineAction = (action: CartUpdateAction, field: string): EngineAction => {
  switch (action.action) {
    case 'addLineItem':
    case 'addbundle': {
      if (!SKU.test(action.sku)) {
        throw invalidField(`${field}.sku`, `${JSON.stringify(action.sku)} is not a SKU`);
      }
      const shipping = shippingOf(action.lineItemShipping);
      return {
        action: action.action,
        sku: action.sku,
        quantity: wholeNumber(action.quantity, `${field}.quantity`, 1),
        ...(shipping === undefined ? {} : { lineItemShipping: shipping }),
      };
    }
    case 'removeLineItem':
      return {
        action: 'removeLineItem',
        lineItemId: action.lineItemId,
        ...(action.quantity === undefined
          ? {}
          : { quantity: wholeNumber(action.quantity, `${field}.quantity`, 1) }),
      };
    case 'changeLineItemQuantity':
      return {
        action: 'changeLineItemQuantity',
        lineItemId: action.lineItemId,
        quantity: wholeNumber(action.quantity, `${field}.quantity`, 0),
      };
    case 'setShippingAddress':
      return { action: 'setShippingAddress', address: action.address };
    case 'setShippingMethod':
      if (!isShippingMethodId(action.methodId)) {
        throw invalidField(`${field}.methodId`, 'must be one of standard, expedited, freight');
      }
      return { action: 'setShippingMethod', methodId: action.methodId };
    case 'recalculate':
      return { action: 'recalculate', updateProductData: action.updateProductData };
  }
};

/** A cart priced with the methods it may ship by (what the fake checkout quotes and splits by). */
export interface CartQuotes {
  quote(cartId: string): Promise<CartQuote>;
}

export class FakeCartGateway implements CartGateway, CartQuotes {
  private state: State;
  private readonly catalogueIn: (currency: string) => CatalogueFacts;

  constructor(
    catalogue: FakeCatalogue,
    private readonly tokens: Pick<TokenStore, 'load'>,
    private readonly clock: Clock,
    private readonly cartType: string,
    private readonly storage: Storage | null = null,
  ) {
    this.catalogueIn = typeof catalogue === 'function' ? catalogue : () => catalogue;
    this.state = this.read() ?? { counter: 0, carts: [], shared: [], redemptions: {} };
  }

  // --- the port ------------------------------------------------------------------------------

  async getActiveCarts(): Promise<readonly Cart[]> {
    // Most recently changed first, as the server orders them.
    return this.state.carts
      .filter((c) => this.owns(c))
      .reverse()
      .map((c) => this.price(c));
  }

  async getCart(cartId: string): Promise<Cart> {
    return this.price(this.find(cartId));
  }

  /** The cart priced with the shipping methods it is offered (the fake checkout's view). */
  async quote(cartId: string): Promise<CartQuote> {
    return this.quoteOf(this.find(cartId));
  }

  async createCart(draft: CartDraft): Promise<Cart> {
    if (CURRENCY_REGIONS[draft.currency] === undefined) {
      throw invalidField('currency', `must be one of ${Object.keys(CURRENCY_REGIONS).join(', ')}`);
    }
    const guest = this.guestId();
    const state = createCartState({
      id: this.nextId('cart'),
      currency: draft.currency,
      cartType: this.cartType,
      ...(guest === null ? {} : { anonymousId: guest }),
      ...(draft.customerEmail === undefined
        ? {}
        : { customerEmail: normalizeEmail(draft.customerEmail) }),
    });
    this.state.carts.push(state);
    this.write();
    return this.price(state);
  }

  async updateCart(
    cartId: string,
    version: number,
    actions: readonly CartUpdateAction[],
  ): Promise<Cart> {
    const current = this.find(cartId);
    if (actions.length === 0) throw invalidField('actions', 'must not be empty');
    if (actions.length > MAX_ACTIONS) {
      throw invalidField('actions', `must hold at most ${MAX_ACTIONS} actions`);
    }
    const engineActions = actions.map((a, i) => engineAction(a, `actions[${i}]`));
    const next = unwrap(updateCart(current, version, engineActions, this.env(current)));
    return this.commit(current, next);
  }

  async applyDiscount(cartId: string, version: number, code: string): Promise<Cart> {
    const current = this.find(cartId);
    const owner = this.ownerKey();
    const wanted = code.trim().toUpperCase();
    const limited = PROMOTIONS.find((d) => d.code === wanted && d.maxPerOwner !== null);
    const used = this.state.redemptions[owner] ?? {};
    const next = unwrap(
      applyDiscountCode(current, version, code, {
        ...this.env(current),
        redemptions: new Map(Object.entries(used)),
      }),
    );
    if (limited !== undefined) {
      this.state.redemptions[owner] = { ...used, [limited.id]: (used[limited.id] ?? 0) + 1 };
    }
    return this.commit(current, next);
  }

  async removeDiscount(cartId: string, version: number, discountCodeId: string): Promise<Cart> {
    const current = this.find(cartId);
    return this.commit(current, unwrap(removeDiscountCode(current, version, discountCodeId)));
  }

  async deleteCart(cartId: string, version: number): Promise<Cart> {
    const current = this.find(cartId);
    const deleted = unwrap(deleteCartState(current, version));
    this.state.carts = this.state.carts.filter((c) => c.id !== cartId);
    this.write();
    return this.price(deleted);
  }

  async shareCart(cartId: string): Promise<SharedCartRef> {
    const cart = this.price(this.find(cartId));
    const shared: SharedCart = {
      id: this.nextId('shared'),
      currency: cart.currency,
      lineItems: cart.lineItems,
    };
    this.state.shared.push(shared);
    this.write();
    return { sharedCartId: shared.id };
  }

  /** The server's GET: the snapshot's lines priced for the reader, in their currency, no codes. */
  async getSharedCart(sharedCartId: string, currency?: string): Promise<SharedCart> {
    if (currency !== undefined && CURRENCY_REGIONS[currency] === undefined) {
      throw invalidField(
        'querystring.currency',
        `must be one of ${Object.keys(CURRENCY_REGIONS).join(', ')}`,
      );
    }
    const shared = this.state.shared.find((s) => s.id === sharedCartId);
    if (shared === undefined) throw new CartNotFoundError(sharedCartId);
    const readerCurrency = currency ?? shared.currency;
    return priceSharedCart(
      { id: shared.id, lines: sharedCartLines(shared.lineItems) },
      readerCurrency,
      { catalogue: this.catalogueIn(readerCurrency), discounts: PROMOTIONS, now: this.now() },
    );
  }

  /**
   * The server's merge (CartService.merge): the guest's carts in the customer cart's currency come
   * over by core's mergeLines into the customer's newest cart (made when there is none) and are
   * gone after; the customer cart is answered as it is when the guest has none.
   */
  async mergeGuestCart(anonymousId: string): Promise<Cart> {
    if (this.guestId() !== null) throw new CartNotFoundError(anonymousId);
    const guests = this.state.carts.filter((c) => c.anonymousId === anonymousId);
    let target = this.state.carts
      .filter((c) => c.anonymousId === undefined && c.cartType === this.cartType)
      .at(-1);
    if (target === undefined) {
      target = createCartState({
        id: this.nextId('cart'),
        currency: guests[0]?.currency ?? 'USD',
        cartType: this.cartType,
      });
      this.state.carts.push(target);
    }
    const into = target;
    const movable = guests.filter((g) => g.currency === into.currency);
    if (movable.length === 0) {
      this.write();
      return this.price(into);
    }
    let next = mergeLines(
      into,
      movable.flatMap((g) => g.lines),
      this.env(into),
    );
    const address = movable.find((g) => g.shippingAddress !== undefined)?.shippingAddress;
    if (next.shippingAddress === undefined && address !== undefined) {
      next = { ...next, shippingAddress: address };
    }
    this.state.carts = this.state.carts.filter((c) => !movable.includes(c));
    return this.commit(into, next);
  }

  // --- ownership, storage and the engine's environment ----------------------------------------

  /** The guest id of the current token; null once signed in. */
  private guestId(): string | null {
    const tokens = this.tokens.load();
    if (tokens !== null && !tokens.anonymous) return null;
    return tokens?.anonymousId ?? 'guest';
  }

  /** Whose redemptions a code counts against (the server's owner key). */
  private ownerKey(): string {
    const guest = this.guestId();
    return guest === null ? 'customer' : `guest:${guest}`;
  }

  private owns(cart: CartState): boolean {
    const guest = this.guestId();
    return guest === null ? cart.anonymousId === undefined : cart.anonymousId === guest;
  }

  private find(cartId: string): CartState {
    const cart = this.state.carts.find((c) => c.id === cartId);
    if (cart === undefined || !this.owns(cart)) throw new CartNotFoundError(cartId);
    return cart;
  }

  private now(): string {
    return new Date(this.clock.now()).toISOString();
  }

  private env(cart: CartState): EngineEnv {
    return {
      catalogue: this.catalogueIn(cart.currency),
      discounts: PROMOTIONS,
      now: this.now(),
      newId: () => this.nextId('line'),
    };
  }

  /** Replaces `previous` by `next`, now the most recently changed cart. */
  private commit(previous: CartState, next: CartState): Cart {
    this.state.carts = [...this.state.carts.filter((c) => c.id !== previous.id), next];
    this.write();
    return this.price(next);
  }

  private quoteOf(cart: CartState): CartQuote {
    return quoteCart(cart, {
      catalogue: this.catalogueIn(cart.currency),
      discounts: PROMOTIONS,
      now: this.now(),
    });
  }

  private price(cart: CartState): Cart {
    return this.quoteOf(cart).cart;
  }

  private nextId(prefix: string): string {
    this.state.counter += 1;
    return `${prefix}-${this.clock.now().toString(36)}-${this.state.counter}`;
  }

  /** The stored carts; a store from before the engine (no discountCodeIds) starts afresh. */
  private read(): State | null {
    if (this.storage === null) return null;
    try {
      const raw = this.storage.getItem(FAKE_CART_STORAGE_KEY);
      if (raw === null) return null;
      const parsed = JSON.parse(raw) as Partial<State>;
      if (!Array.isArray(parsed.carts) || !Array.isArray(parsed.shared)) return null;
      const carts = parsed.carts.filter(
        (c: Partial<CartState>) =>
          Array.isArray(c.lines) && Array.isArray(c.discountCodeIds) && typeof c.id === 'string',
      );
      return {
        counter: typeof parsed.counter === 'number' ? parsed.counter : 0,
        carts,
        shared: parsed.shared,
        redemptions:
          typeof parsed.redemptions === 'object' && parsed.redemptions !== null
            ? parsed.redemptions
            : {},
      };
    } catch {
      return null;
    }
  }

  private write(): void {
    if (this.storage === null) return;
    try {
      this.storage.setItem(FAKE_CART_STORAGE_KEY, JSON.stringify(this.state));
    } catch {
      // A full storage only loses the demo cart on reload.
    }
  }
}
