/**
 * A test double of the cart API that is the server's cart on the points the use cases rely on:
 * carts are core's cart states, changed only by core's cart engine (core/cart/engine) and priced by
 * core's pricing with core's PROMOTIONS — the same functions the server and the demo's fake cart
 * run — so every mutation checks the version (stale → VersionConflictError) and bumps it by
 * one, lines of the same SKU merge, and discounts, shipping and tax are the shop's. What is the
 * test's own is only storage: a synthetic catalogue that knows every SKU, and controls to write to
 * a cart as "another tab" at once, or to arm a writer that slips in before the next writes.
 *
 * The synthetic catalogue: a SKU's list price is priceOf(sku); a SKU ending in -SALE is on sale
 * at 80% of it; one containing TUB ships by freight; one ending in -COMBO is a super SKU whose part
 * is `${sku}-PART`. Every SKU has plenty in stock.
 */
import type { Cart, SharedCart } from '../../../core/cart/cart';
import {
  applyDiscountCode,
  createCartState,
  deleteCartState,
  mergeLines,
  removeDiscountCode,
  updateCart,
} from '../../../core/cart/engine/engine';
import {
  isShippingMethodId,
  type CartState,
  type EngineAction,
  type EngineEnv,
  type EngineResult,
  type ItemFacts,
} from '../../../core/cart/engine/model';
import { priceCart } from '../../../core/cart/engine/pricing';
import { PROMOTIONS } from '../../../core/cart/engine/promotions';
import { cartErrorOf } from '../../../core/cart/engine/refusals';
import { CartNotFoundError } from '../../../core/cart/errors';
import type {
  CartDraft,
  CartGateway,
  CartUpdateAction,
  SharedCartRef,
} from '../../../core/cart/ports';

/** The id core's PROMOTIONS give a code (what removeDiscount takes); '' for no such code. */
export const discountCodeId = (code: string): string =>
  PROMOTIONS.find((d) => d.code === code)?.id ?? '';

/** List price of a SKU in cents: deterministic, between $10.00 and $909.99. */
export const priceOf = (sku: string): number =>
  1000 + ([...sku].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) % 1_000_003, 7) % 90_000);

/** The synthetic catalogue's facts of any SKU (see the header). */
export const syntheticFacts = (sku: string): ItemFacts => {
  const list = priceOf(sku);
  return {
    sku,
    productSku: sku,
    finishCode: '',
    title: `Product ${sku}`,
    slug: sku.toLowerCase(),
    description: '',
    categorySlug: 'kitchen-faucets',
    categoryName: 'Kitchen Faucets',
    department: 'kitchen',
    brand: 'Lavabo',
    color: '',
    image: '',
    kind: 'finished-good',
    listCents: list,
    saleCents: sku.endsWith('-SALE') ? list - Math.floor(list / 5) : null,
    availableQty: 100_000,
    backorderable: false,
    leadTimeDays: null,
    freight: sku.includes('TUB'),
    noShipStates: [],
    superSkuComponents: sku.endsWith('-COMBO') ? [`${sku}-PART`] : [],
    requiredItems: [],
  };
};

/** A catalogue that knows every SKU, each made once on first sight. */
class SyntheticCatalogue extends Map<string, ItemFacts> {
  override get(sku: string): ItemFacts {
    let facts = super.get(sku);
    if (facts === undefined) {
      facts = syntheticFacts(sku);
      super.set(sku, facts);
    }
    return facts;
  }

  override has(): boolean {
    return true;
  }
}

const addAction = (sku: string, quantity: number): EngineAction => ({
  action: 'addLineItem',
  sku,
  quantity,
});

export class InMemoryCartGateway implements CartGateway {
  private readonly carts = new Map<string, CartState>();
  private readonly shared = new Map<string, SharedCart>();
  private readonly catalogue = new SyntheticCatalogue();
  private nextId = 1;
  private tick = 0;
  private armed: { remaining: number; sku: string } | null = null;
  /** Every version each cart has had, in order. */
  readonly versionHistory = new Map<string, number[]>();
  readonly drafts: CartDraft[] = [];
  /** Interfering writes that actually happened. */
  interferences = 0;
  /** Writes refused for a stale version. */
  conflicts = 0;

  constructor(private readonly cartType: string) {}

  // --- test controls -------------------------------------------------------------------------

  seedCart(options: {
    cartType: string;
    anonymousId?: string;
    lines: readonly { sku: string; quantity: number }[];
  }): Cart {
    let cart = this.newCart('USD', options.cartType, undefined, options.anonymousId);
    if (options.lines.length > 0) {
      const actions = options.lines.map((l) => addAction(l.sku, l.quantity));
      cart = this.save(this.unwrap(updateCart(cart, cart.version, actions, this.env())));
    }
    return this.price(cart);
  }

  /** Another tab adds one unit of `sku` now, bumping the version. */
  writeAsOtherTab(cartId: string, sku: string): void {
    const cart = this.carts.get(cartId);
    if (cart === undefined) return;
    this.save(this.unwrap(updateCart(cart, cart.version, [addAction(sku, 1)], this.env())));
  }

  /** Before each of the next `times` versioned writes, another tab adds one unit of `sku`. */
  interfereBeforeWrites(times: number, sku: string): void {
    this.armed = { remaining: times, sku };
  }

  disarm(): void {
    this.armed = null;
  }

  peek(cartId: string): Cart | undefined {
    const cart = this.carts.get(cartId);
    return cart === undefined ? undefined : this.price(cart);
  }

  // --- the port ------------------------------------------------------------------------------

  async getActiveCarts(): Promise<readonly Cart[]> {
    return [...this.carts.values()]
      .filter((c) => c.anonymousId === undefined)
      .map((c) => this.price(c));
  }

  async getCart(cartId: string): Promise<Cart> {
    return this.price(this.find(cartId));
  }

  async createCart(draft: CartDraft): Promise<Cart> {
    this.drafts.push(draft);
    return this.price(this.newCart(draft.currency, this.cartType, draft.customerEmail));
  }

  async updateCart(
    cartId: string,
    version: number,
    actions: readonly CartUpdateAction[],
  ): Promise<Cart> {
    const cart = this.beforeWrite(cartId);
    const engineActions = actions.map((a): EngineAction => {
      switch (a.action) {
        case 'addLineItem':
        case 'addbundle':
          return { action: a.action, sku: a.sku, quantity: a.quantity };
        case 'setShippingMethod':
          if (!isShippingMethodId(a.methodId)) throw new Error(`No method ${a.methodId}`);
          return { action: a.action, methodId: a.methodId };
        default:
          return a;
      }
    });
    return this.write(updateCart(cart, version, engineActions, this.env()));
  }

  async applyDiscount(cartId: string, version: number, code: string): Promise<Cart> {
    const cart = this.beforeWrite(cartId);
    return this.write(
      applyDiscountCode(cart, version, code, {
        ...this.env(),
        discounts: PROMOTIONS,
        redemptions: new Map(),
      }),
    );
  }

  async removeDiscount(cartId: string, version: number, discountCodeId: string): Promise<Cart> {
    const cart = this.beforeWrite(cartId);
    return this.write(removeDiscountCode(cart, version, discountCodeId));
  }

  async deleteCart(cartId: string, version: number): Promise<Cart> {
    const cart = this.beforeWrite(cartId);
    const deleted = this.unwrapWrite(deleteCartState(cart, version));
    this.carts.delete(cartId);
    this.versionHistory.get(cartId)?.push(deleted.version);
    return this.price(deleted);
  }

  async shareCart(cartId: string): Promise<SharedCartRef> {
    const cart = this.price(this.find(cartId));
    const sharedCartId = `shared-${this.nextId++}`;
    this.shared.set(sharedCartId, {
      id: sharedCartId,
      currency: cart.currency,
      lineItems: cart.lineItems,
    });
    return { sharedCartId };
  }

  async getSharedCart(sharedCartId: string): Promise<SharedCart> {
    const shared = this.shared.get(sharedCartId);
    if (shared === undefined) throw new CartNotFoundError(sharedCartId);
    return shared;
  }

  /**
   * The guest's cart into the customer's by core's mergeLines; with no customer cart the guest's
   * becomes the customer's (this double keeps one cart per guest).
   */
  async mergeGuestCart(anonymousId: string): Promise<Cart> {
    const guest = [...this.carts.values()].find((c) => c.anonymousId === anonymousId);
    if (guest === undefined) throw new CartNotFoundError(anonymousId);
    const target = [...this.carts.values()].find(
      (c) => c.anonymousId === undefined && c.cartType === this.cartType,
    );
    if (target === undefined) {
      const { anonymousId: _guest, ...rest } = guest;
      return this.price(
        this.save({ ...rest, cartType: this.cartType, version: guest.version + 1 }),
      );
    }
    this.carts.delete(guest.id);
    return this.price(this.save(mergeLines(target, guest.lines, this.env())));
  }

  // --- internals -----------------------------------------------------------------------------

  private env(): EngineEnv {
    this.tick += 1;
    return {
      catalogue: this.catalogue,
      discounts: PROMOTIONS,
      now: new Date(Date.UTC(2025, 0, 1) + this.tick * 1000).toISOString(),
      newId: () => `li-${this.nextId++}`,
    };
  }

  private price(cart: CartState): Cart {
    return priceCart(cart, {
      catalogue: this.catalogue,
      discounts: PROMOTIONS,
      now: new Date(Date.UTC(2025, 0, 1) + this.tick * 1000).toISOString(),
    });
  }

  private find(cartId: string): CartState {
    const cart = this.carts.get(cartId);
    if (cart === undefined) throw new CartNotFoundError(cartId);
    return cart;
  }

  /** The cart as a write finds it: an armed other tab writes first. */
  private beforeWrite(cartId: string): CartState {
    this.find(cartId);
    if (this.armed !== null && this.armed.remaining > 0) {
      this.armed.remaining -= 1;
      this.interferences += 1;
      this.writeAsOtherTab(cartId, this.armed.sku);
    }
    return this.find(cartId);
  }

  private unwrap<T>(result: EngineResult<T>): T {
    if (!result.ok) throw cartErrorOf(result.error);
    return result.value;
  }

  /** As unwrap, counting a stale version as a conflict. */
  private unwrapWrite<T>(result: EngineResult<T>): T {
    if (!result.ok && result.error.kind === 'conflict') this.conflicts += 1;
    return this.unwrap(result);
  }

  private write(result: EngineResult<CartState>): Cart {
    return this.price(this.save(this.unwrapWrite(result)));
  }

  private save(cart: CartState): CartState {
    this.carts.set(cart.id, cart);
    const versions = this.versionHistory.get(cart.id);
    if (versions === undefined) this.versionHistory.set(cart.id, [cart.version]);
    else if (versions.at(-1) !== cart.version) versions.push(cart.version);
    return cart;
  }

  private newCart(
    currency: string,
    cartType: string,
    email: string | undefined,
    anonymousId?: string,
  ): CartState {
    return this.save(
      createCartState({
        id: `cart-${this.nextId++}`,
        currency,
        cartType,
        ...(email === undefined ? {} : { customerEmail: email }),
        ...(anonymousId === undefined ? {} : { anonymousId }),
      }),
    );
  }
}

/** In-memory ActiveCartStore / AnonymousIdStore for tests. */
export class MemoryStore<T> {
  private value: T | null;
  constructor(initial: T | null = null) {
    this.value = initial;
  }
  load(): T | null {
    return this.value;
  }
  save(value: T): void {
    this.value = value;
  }
  clear(): void {
    this.value = null;
  }
}
