/**
 * A test double of the cart API that behaves like the server on the points the use cases rely on:
 * every mutation checks the version (stale → VersionConflictError) and bumps it by one,
 * lines of the same SKU merge, discounts and totals are recomputed after each change. A test can
 * write to a cart as "another tab" at once, or arm a writer that slips in before the next writes.
 */
import type {
  AppliedDiscountCode,
  Cart,
  CartLineItem,
  LineItemDiscount,
  SharedCart,
} from '../../../core/cart/cart';
import {
  ApplicationStoppedByPreviousDiscountError,
  CartNotFoundError,
  VersionConflictError,
  DiscountCodeNonApplicableError,
  LineItemNotFoundError,
  MaxApplicationReachedError,
} from '../../../core/cart/errors';
import type {
  CartDraft,
  CartGateway,
  CartUpdateAction,
  SharedCartRef,
} from '../../../core/cart/ports';

/** Codes this fake server knows. SAVE10 and STACK5 cannot be combined. */
export const KNOWN_CODES = ['SAVE10', 'STACK5', 'FREESHIP'] as const;
const EXCLUSIVE: Readonly<Record<string, string>> = { SAVE10: 'STACK5', STACK5: 'SAVE10' };
const CODE_PERCENT: Readonly<Record<string, number>> = { SAVE10: 10, STACK5: 5 };

export const discountCodeId = (code: string): string => `dc-${code}`;

/** List price of a SKU in cents: deterministic, between $10.00 and $909.99. */
export const priceOf = (sku: string): number =>
  1000 + ([...sku].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) % 1_000_003, 7) % 90_000);

interface StoredLine {
  readonly id: string;
  readonly sku: string;
  quantity: number;
  readonly addedAt: string;
  readonly bundleParentId?: string;
}

interface StoredCart {
  readonly id: string;
  version: number;
  anonymousId?: string;
  cartType: string;
  readonly currency: string;
  readonly customerEmail?: string;
  lines: StoredLine[];
  codes: string[];
}

export class InMemoryCartGateway implements CartGateway {
  private readonly carts = new Map<string, StoredCart>();
  private readonly shared = new Map<string, SharedCart>();
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
    const cart = this.newCart('USD', options.cartType, undefined);
    if (options.anonymousId !== undefined) cart.anonymousId = options.anonymousId;
    for (const l of options.lines) this.addLine(cart, l.sku, l.quantity);
    return this.view(cart);
  }

  /** Another tab adds one unit of `sku` now, bumping the version. */
  writeAsOtherTab(cartId: string, sku: string): void {
    const cart = this.carts.get(cartId);
    if (cart === undefined) return;
    this.addLine(cart, sku, 1);
    this.bump(cart);
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
    return cart === undefined ? undefined : this.view(cart);
  }

  // --- the port ------------------------------------------------------------------------------

  async getActiveCarts(): Promise<readonly Cart[]> {
    return [...this.carts.values()]
      .filter((c) => c.anonymousId === undefined)
      .map((c) => this.view(c));
  }

  async getCart(cartId: string): Promise<Cart> {
    return this.view(this.find(cartId));
  }

  async createCart(draft: CartDraft): Promise<Cart> {
    this.drafts.push(draft);
    return this.view(this.newCart(draft.currency, this.cartType, draft.customerEmail));
  }

  async updateCart(
    cartId: string,
    version: number,
    actions: readonly CartUpdateAction[],
  ): Promise<Cart> {
    const cart = this.checkedForWrite(cartId, version);
    const lines = cart.lines.map((l) => ({ ...l }));
    const draft: StoredCart = { ...cart, lines };
    for (const action of actions) this.apply(draft, action);
    cart.lines = draft.lines;
    this.bump(cart);
    return this.view(cart);
  }

  async applyDiscount(cartId: string, version: number, code: string): Promise<Cart> {
    const cart = this.checkedForWrite(cartId, version);
    if (!(KNOWN_CODES as readonly string[]).includes(code)) {
      throw new DiscountCodeNonApplicableError(code);
    }
    if (cart.codes.includes(code)) throw new MaxApplicationReachedError(code);
    const blocker = EXCLUSIVE[code];
    if (blocker !== undefined && cart.codes.includes(blocker)) {
      throw new ApplicationStoppedByPreviousDiscountError(code);
    }
    cart.codes = [...cart.codes, code];
    this.bump(cart);
    return this.view(cart);
  }

  async removeDiscount(cartId: string, version: number, discountCodeId: string): Promise<Cart> {
    const cart = this.checkedForWrite(cartId, version);
    cart.codes = cart.codes.filter((c) => `dc-${c}` !== discountCodeId);
    this.bump(cart);
    return this.view(cart);
  }

  async deleteCart(cartId: string, version: number): Promise<Cart> {
    const cart = this.checkedForWrite(cartId, version);
    this.carts.delete(cartId);
    return this.view(cart);
  }

  async shareCart(cartId: string): Promise<SharedCartRef> {
    const cart = this.view(this.find(cartId));
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

  async mergeGuestCart(anonymousId: string): Promise<Cart> {
    const guest = [...this.carts.values()].find((c) => c.anonymousId === anonymousId);
    if (guest === undefined) throw new CartNotFoundError(anonymousId);
    const target = [...this.carts.values()].find(
      (c) => c.anonymousId === undefined && c.cartType === this.cartType,
    );
    if (target === undefined) {
      delete guest.anonymousId;
      guest.cartType = this.cartType;
      this.bump(guest);
      return this.view(guest);
    }
    for (const l of guest.lines) this.addLine(target, l.sku, l.quantity);
    target.codes = [...new Set([...target.codes, ...guest.codes])];
    this.carts.delete(guest.id);
    this.bump(target);
    return this.view(target);
  }

  // --- internals -----------------------------------------------------------------------------

  private find(cartId: string): StoredCart {
    const cart = this.carts.get(cartId);
    if (cart === undefined) throw new CartNotFoundError(cartId);
    return cart;
  }

  private checkedForWrite(cartId: string, version: number): StoredCart {
    const cart = this.find(cartId);
    if (this.armed !== null && this.armed.remaining > 0) {
      this.armed.remaining -= 1;
      this.interferences += 1;
      this.writeAsOtherTab(cartId, this.armed.sku);
    }
    if (cart.version !== version) {
      this.conflicts += 1;
      throw new VersionConflictError('cart', cart.version);
    }
    return cart;
  }

  private newCart(currency: string, cartType: string, email: string | undefined): StoredCart {
    const cart: StoredCart = {
      id: `cart-${this.nextId++}`,
      version: 1,
      cartType,
      currency,
      ...(email === undefined ? {} : { customerEmail: email }),
      lines: [],
      codes: [],
    };
    this.carts.set(cart.id, cart);
    this.versionHistory.set(cart.id, [1]);
    return cart;
  }

  private bump(cart: StoredCart): void {
    cart.version += 1;
    this.versionHistory.get(cart.id)?.push(cart.version);
  }

  private addLine(cart: StoredCart, sku: string, quantity: number, parent?: string): StoredLine {
    const existing = cart.lines.find((l) => l.sku === sku && l.bundleParentId === parent);
    if (existing !== undefined) {
      existing.quantity += quantity;
      return existing;
    }
    this.tick += 1;
    const line: StoredLine = {
      id: `li-${this.nextId++}`,
      sku,
      quantity,
      addedAt: new Date(Date.UTC(2025, 0, 1) + this.tick * 1000).toISOString(),
      ...(parent === undefined ? {} : { bundleParentId: parent }),
    };
    cart.lines.push(line);
    return line;
  }

  private apply(cart: StoredCart, action: CartUpdateAction): void {
    switch (action.action) {
      case 'addLineItem':
        this.addLine(cart, action.sku, action.quantity);
        return;
      case 'addbundle': {
        const parent = this.addLine(cart, action.sku, action.quantity);
        this.addLine(cart, `${action.sku}-PART`, action.quantity, parent.id);
        return;
      }
      case 'removeLineItem':
      case 'changeLineItemQuantity': {
        const line = cart.lines.find((l) => l.id === action.lineItemId);
        if (line === undefined) throw new LineItemNotFoundError(action.lineItemId);
        const next =
          action.action === 'changeLineItemQuantity'
            ? action.quantity
            : action.quantity === undefined
              ? 0
              : line.quantity - action.quantity;
        if (next <= 0) {
          cart.lines = cart.lines.filter((l) => l.id !== line.id && l.bundleParentId !== line.id);
        } else {
          line.quantity = next;
        }
        return;
      }
      case 'setShippingAddress':
      case 'recalculate':
        return;
    }
  }

  /** The cart as the API answers it, with discounts and totals computed. */
  private view(cart: StoredCart): Cart {
    let net = 0;
    const lineItems = cart.lines.map((l): CartLineItem => {
      const list = priceOf(l.sku);
      const discounts: LineItemDiscount[] = [];
      let afterProduct = list;
      if (l.sku.endsWith('-SALE')) {
        afterProduct = list - Math.floor(list / 5);
        discounts.push({
          id: 'sale-20',
          kind: 'sitewide',
          value: { type: 'relative', percent: 20 },
          amount: (list - afterProduct) * l.quantity,
        });
      }
      let unitNet = afterProduct;
      for (const code of cart.codes) {
        const percent = CODE_PERCENT[code];
        if (percent === undefined) continue;
        const cut = Math.floor((unitNet * percent) / 100);
        unitNet -= cut;
        discounts.push({
          id: `cd-${code}`,
          kind: 'cart',
          value: { type: 'relative', percent },
          code,
          amount: cut * l.quantity,
        });
      }
      net += unitNet * l.quantity;
      return {
        id: l.id,
        sku: l.sku,
        quantity: l.quantity,
        addedAt: l.addedAt,
        productSlug: { 'en-US': l.sku.toLowerCase() },
        name: { 'en-US': `Product ${l.sku}` },
        price:
          afterProduct === list ? { value: list } : { value: list, discountedValue: afterProduct },
        ...(unitNet === afterProduct ? {} : { discountedPrice: unitNet }),
        ...(l.bundleParentId === undefined ? {} : { bundleParentId: l.bundleParentId }),
        discounts,
        backorderable: false,
        noShipping: false,
        isService: false,
        isComboSku: false,
      };
    });
    const hasFreight = cart.lines.some((l) => l.sku.includes('TUB'));
    const shippingCost = cart.lines.length === 0 ? 0 : 995 + (hasFreight ? 4500 : 0);
    const discountCodes = cart.codes.map((code): AppliedDiscountCode => ({
      id: discountCodeId(code),
      code,
      target: code === 'FREESHIP' ? 'shipping' : 'lineItems',
      shippingDiscount: code === 'FREESHIP' ? shippingCost : 0,
    }));
    return {
      id: cart.id,
      version: cart.version,
      ...(cart.anonymousId === undefined ? {} : { anonymousId: cart.anonymousId }),
      cartType: cart.cartType,
      ...(cart.customerEmail === undefined ? {} : { customerEmail: cart.customerEmail }),
      currency: cart.currency,
      lineItems,
      totalTax: Math.round((net * 7) / 100),
      discountCodes,
      shippingCost,
      freightDiscount: hasFreight ? 1500 : 0,
    };
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
