/**
 * The cart API in the tab for the offline demo (npm run demo) and UI tests: the server's
 * semantics on a small scale. Prices, sale prices and stock come from the seeded catalogue, never
 * from the request; every mutation checks the version (stale → VersionConflictError) and
 * bumps it; all actions of one request apply, or none. Carts belong to the guest id of the current
 * token, or to "the customer" once signed in; merge moves a guest cart into the customer's.
 *
 * Demo codes, a subset of the server's (docs/api.md): SAVE10 (10% off), VIP25 (25% off, not
 * combinable with any other code), FREESHIP (free standard shipping; non-applicable without any).
 * A code applied twice is MaxApplicationReached.
 *
 * Shipping methods as the server's pricing has them (the demo has no freight items): standard, and
 * expedited while the cart holds goods; setShippingMethod keeps the choice on the cart, and a
 * choice the cart can no longer ship by (only services left) prices as standard.
 */
import type { TokenStore } from '../../../core/auth/ports';
import type {
  Cart,
  CartLineItem,
  CartShippingMethodId,
  LineItemDiscount,
  LineItemShipping,
  ShippingAddress,
  SharedCart,
} from '../../../core/cart/cart';
import {
  ApplicationStoppedByPreviousDiscountError,
  CartNotFoundError,
  VersionConflictError,
  DiscountCodeNonApplicableError,
  InvalidQuantityError,
  LineItemNotFoundError,
  MaxApplicationReachedError,
  OutOfStockError,
} from '../../../core/cart/errors';
import type {
  CartDraft,
  CartGateway,
  CartUpdateAction,
  SharedCartRef,
} from '../../../core/cart/ports';
import type { Clock } from '../../../core/shared/clock';
import type { ItemFacts } from './catalogue-facts';

export const FAKE_CART_STORAGE_KEY = 'lavabo.demo.carts';
/** Flat shipping for goods under the free-shipping threshold, in cents. */
export const FAKE_SHIPPING_CENTS = 1495;
export const FAKE_FREE_SHIPPING_FROM_CENTS = 49_900;
/** Expedited shipping, never free: the server's EXPEDITED_CENTS (server/cart/pricing.ts). */
export const FAKE_EXPEDITED_CENTS = 2995;
/** Sales tax once a shipping state is known. */
export const FAKE_TAX_PERCENT = 7;

interface CodeRule {
  readonly percent: number;
  readonly target: 'lineItems' | 'shipping';
  /** Not combinable with any other code, in either order. */
  readonly exclusive?: boolean;
}

export const FAKE_DISCOUNT_CODES: Readonly<Record<string, CodeRule>> = {
  SAVE10: { percent: 10, target: 'lineItems' },
  VIP25: { percent: 25, target: 'lineItems', exclusive: true },
  FREESHIP: { percent: 100, target: 'shipping' },
};

interface StoredLine {
  id: string;
  sku: string;
  quantity: number;
  addedAt: string;
  shipping: LineItemShipping;
  bundleParentId?: string;
}

interface StoredCart {
  id: string;
  version: number;
  /** The guest who owns it; absent for the customer's carts. */
  anonymousId?: string;
  customerEmail?: string;
  currency: string;
  lines: StoredLine[];
  codes: string[];
  address?: ShippingAddress;
  /** The method chosen; absent: standard. */
  shippingMethodId?: CartShippingMethodId;
}

interface State {
  counter: number;
  carts: StoredCart[];
  shared: SharedCart[];
}

const percentOf = (cents: number, percent: number): number => Math.round((cents * percent) / 100);

const netOf = (l: CartLineItem): number =>
  (l.discountedPrice ?? l.price.discountedValue ?? l.price.value) * l.quantity;

/** The lines that ship: goods, counted once per bundle. */
const goodsOf = (lineItems: readonly CartLineItem[]): CartLineItem[] =>
  lineItems.filter((l) => !l.isService && l.bundleParentId === undefined);

/** Standard shipping for these priced lines: flat under the threshold, free from it, 0 for services. */
export const fakeStandardShippingCents = (lineItems: readonly CartLineItem[]): number => {
  const goods = goodsOf(lineItems);
  const net = goods.reduce((sum, l) => sum + netOf(l), 0);
  return goods.length === 0 || net >= FAKE_FREE_SHIPPING_FROM_CENTS ? 0 : FAKE_SHIPPING_CENTS;
};

/** The methods these lines may ship by, the default first: expedited only for goods. */
export const fakeOfferedMethodIds = (
  lineItems: readonly CartLineItem[],
): readonly CartShippingMethodId[] =>
  goodsOf(lineItems).length > 0 ? ['standard', 'expedited'] : ['standard'];

export class FakeCartGateway implements CartGateway {
  private state: State;

  constructor(
    private readonly facts: ReadonlyMap<string, ItemFacts>,
    private readonly tokens: Pick<TokenStore, 'load'>,
    private readonly clock: Clock,
    private readonly cartType: string,
    private readonly storage: Storage | null = null,
  ) {
    this.state = this.read() ?? { counter: 0, carts: [], shared: [] };
  }

  // --- the port ------------------------------------------------------------------------------

  async getActiveCarts(): Promise<readonly Cart[]> {
    return this.state.carts.filter((c) => this.owns(c)).map((c) => this.view(c));
  }

  async getCart(cartId: string): Promise<Cart> {
    return this.view(this.find(cartId));
  }

  async createCart(draft: CartDraft): Promise<Cart> {
    const guest = this.guestId();
    const cart: StoredCart = {
      id: this.nextId('cart'),
      version: 1,
      ...(guest === null ? {} : { anonymousId: guest }),
      ...(draft.customerEmail === undefined ? {} : { customerEmail: draft.customerEmail }),
      currency: draft.currency,
      lines: [],
      codes: [],
    };
    this.state.carts.push(cart);
    this.write();
    return this.view(cart);
  }

  async updateCart(
    cartId: string,
    version: number,
    actions: readonly CartUpdateAction[],
  ): Promise<Cart> {
    const cart = this.checked(cartId, version);
    const draft: StoredCart = { ...cart, lines: cart.lines.map((l) => ({ ...l })) };
    for (const action of actions) this.apply(draft, action);
    return this.commit(cart, draft);
  }

  async applyDiscount(cartId: string, version: number, code: string): Promise<Cart> {
    const cart = this.checked(cartId, version);
    const wanted = code.trim().toUpperCase();
    const rule = FAKE_DISCOUNT_CODES[wanted];
    if (rule === undefined) throw new DiscountCodeNonApplicableError(code);
    if (cart.codes.includes(wanted)) throw new MaxApplicationReachedError(code);
    const others = cart.codes.filter((c) => c !== wanted);
    if (
      others.length > 0 &&
      (rule.exclusive === true || others.some((c) => FAKE_DISCOUNT_CODES[c]?.exclusive === true))
    ) {
      throw new ApplicationStoppedByPreviousDiscountError(code);
    }
    const next = { ...cart, codes: [...cart.codes, wanted] };
    // A shipping code must take something off standard shipping now (none while expedited).
    const taken = this.view(next).discountCodes.find((c) => c.code === wanted)?.shippingDiscount;
    if (rule.target === 'shipping' && (taken ?? 0) === 0) {
      throw new DiscountCodeNonApplicableError(code);
    }
    return this.commit(cart, next);
  }

  async removeDiscount(cartId: string, version: number, discountCodeId: string): Promise<Cart> {
    const cart = this.checked(cartId, version);
    return this.commit(cart, {
      ...cart,
      codes: cart.codes.filter((c) => this.codeId(c) !== discountCodeId),
    });
  }

  async deleteCart(cartId: string, version: number): Promise<Cart> {
    const cart = this.checked(cartId, version);
    const deleted = this.view({ ...cart, version: cart.version + 1 });
    this.state.carts = this.state.carts.filter((c) => c.id !== cartId);
    this.write();
    return deleted;
  }

  async shareCart(cartId: string): Promise<SharedCartRef> {
    const cart = this.view(this.find(cartId));
    const shared: SharedCart = {
      id: this.nextId('shared'),
      currency: cart.currency,
      lineItems: cart.lineItems,
    };
    this.state.shared.push(shared);
    this.write();
    return { sharedCartId: shared.id };
  }

  async getSharedCart(sharedCartId: string): Promise<SharedCart> {
    const shared = this.state.shared.find((s) => s.id === sharedCartId);
    if (shared === undefined) throw new CartNotFoundError(sharedCartId);
    return shared;
  }

  async mergeGuestCart(anonymousId: string): Promise<Cart> {
    if (this.guestId() !== null) throw new CartNotFoundError(anonymousId);
    const guest = this.state.carts.find((c) => c.anonymousId === anonymousId);
    let target = this.state.carts.find((c) => c.anonymousId === undefined);
    if (target === undefined) {
      target = { id: this.nextId('cart'), version: 1, currency: 'USD', lines: [], codes: [] };
      this.state.carts.push(target);
    }
    if (guest !== undefined) {
      const draft: StoredCart = { ...target, lines: target.lines.map((l) => ({ ...l })) };
      for (const line of guest.lines.filter((l) => l.bundleParentId === undefined)) {
        const bundle = guest.lines.some((l) => l.bundleParentId === line.id);
        try {
          this.addLine(draft, line.sku, line.quantity, line.shipping, bundle);
        } catch {
          // A line that no longer fits (stock ran out) stays behind rather than failing sign-in.
        }
      }
      draft.codes = [...new Set([...target.codes, ...guest.codes])];
      this.state.carts = this.state.carts.filter((c) => c.id !== guest.id);
      return this.commit(target, draft);
    }
    this.write();
    return this.view(target);
  }

  // --- ownership and persistence -------------------------------------------------------------

  /** The guest id of the current token; null once signed in. */
  private guestId(): string | null {
    const tokens = this.tokens.load();
    if (tokens !== null && !tokens.anonymous) return null;
    return tokens?.anonymousId ?? 'guest';
  }

  private owns(cart: StoredCart): boolean {
    const guest = this.guestId();
    return guest === null ? cart.anonymousId === undefined : cart.anonymousId === guest;
  }

  private find(cartId: string): StoredCart {
    const cart = this.state.carts.find((c) => c.id === cartId);
    if (cart === undefined || !this.owns(cart)) throw new CartNotFoundError(cartId);
    return cart;
  }

  private checked(cartId: string, version: number): StoredCart {
    const cart = this.find(cartId);
    if (cart.version !== version) throw new VersionConflictError('cart', cart.version);
    return cart;
  }

  private commit(cart: StoredCart, next: StoredCart): Cart {
    Object.assign(cart, next, { version: cart.version + 1 });
    this.write();
    return this.view(cart);
  }

  private nextId(prefix: string): string {
    this.state.counter += 1;
    return `${prefix}-${this.clock.now().toString(36)}-${this.state.counter}`;
  }

  private codeId(code: string): string {
    return `dc-${code}`;
  }

  private read(): State | null {
    if (this.storage === null) return null;
    try {
      const raw = this.storage.getItem(FAKE_CART_STORAGE_KEY);
      if (raw === null) return null;
      const parsed = JSON.parse(raw) as Partial<State>;
      if (!Array.isArray(parsed.carts) || !Array.isArray(parsed.shared)) return null;
      return {
        counter: typeof parsed.counter === 'number' ? parsed.counter : 0,
        carts: parsed.carts,
        shared: parsed.shared,
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

  // --- actions -------------------------------------------------------------------------------

  private apply(cart: StoredCart, action: CartUpdateAction): void {
    switch (action.action) {
      case 'addLineItem':
      case 'addbundle':
        this.addLine(
          cart,
          action.sku,
          action.quantity,
          action.lineItemShipping,
          action.action === 'addbundle',
        );
        return;
      case 'removeLineItem': {
        const line = this.line(cart, action.lineItemId);
        const left = action.quantity === undefined ? 0 : line.quantity - action.quantity;
        this.setQuantity(cart, line, Math.max(0, left));
        return;
      }
      case 'changeLineItemQuantity':
        this.setQuantity(cart, this.line(cart, action.lineItemId), action.quantity);
        return;
      case 'setShippingAddress':
        cart.address = action.address;
        return;
      case 'setShippingMethod': {
        const offered = fakeOfferedMethodIds(this.view(cart).lineItems);
        if (!offered.includes(action.methodId)) {
          throw new Error(
            `methodId ${action.methodId} is not offered for this cart (offered: ${offered.join(', ')})`,
          );
        }
        cart.shippingMethodId = action.methodId;
        return;
      }
      case 'recalculate':
        return;
    }
  }

  private line(cart: StoredCart, lineItemId: string): StoredLine {
    const line = cart.lines.find((l) => l.id === lineItemId);
    if (line === undefined) throw new LineItemNotFoundError(lineItemId);
    return line;
  }

  private factsOf(sku: string): ItemFacts {
    const facts = this.facts.get(sku.trim().toUpperCase());
    if (facts === undefined) throw new Error(`Unknown sku ${sku}`);
    return facts;
  }

  private checkStock(facts: ItemFacts, quantity: number): void {
    if (facts.unavailable) throw new OutOfStockError([facts.sku]);
    if (facts.backorderable || facts.isService) return;
    if (facts.availableQty !== undefined && quantity > facts.availableQty) {
      throw new OutOfStockError([facts.sku]);
    }
  }

  private addLine(
    cart: StoredCart,
    sku: string,
    quantity: number,
    shipping: LineItemShipping,
    bundle: boolean,
  ): StoredLine {
    if (!Number.isSafeInteger(quantity) || quantity < 1) throw new InvalidQuantityError(quantity);
    const facts = this.factsOf(sku);
    const existing = cart.lines.find((l) => l.sku === facts.sku && l.bundleParentId === undefined);
    const total = (existing?.quantity ?? 0) + quantity;
    this.checkStock(facts, total);
    if (existing !== undefined) {
      this.setQuantity(cart, existing, total);
      return existing;
    }
    const line: StoredLine = {
      id: this.nextId('line'),
      sku: facts.sku,
      quantity,
      addedAt: new Date(this.clock.now() + cart.lines.length).toISOString(),
      shipping,
    };
    cart.lines.push(line);
    if (bundle) {
      for (const component of facts.components) {
        if (!this.facts.has(component)) continue;
        cart.lines.push({
          id: this.nextId('line'),
          sku: component,
          quantity,
          addedAt: line.addedAt,
          shipping,
          bundleParentId: line.id,
        });
      }
    }
    return line;
  }

  private setQuantity(cart: StoredCart, line: StoredLine, quantity: number): void {
    if (!Number.isSafeInteger(quantity) || quantity < 0) throw new InvalidQuantityError(quantity);
    if (quantity === 0) {
      cart.lines = cart.lines.filter((l) => l.id !== line.id && l.bundleParentId !== line.id);
      return;
    }
    if (quantity > line.quantity) this.checkStock(this.factsOf(line.sku), quantity);
    line.quantity = quantity;
    for (const child of cart.lines.filter((l) => l.bundleParentId === line.id)) {
      child.quantity = quantity;
    }
  }

  // --- the cart as the server would answer it -------------------------------------------------

  private unitAfterSale(facts: ItemFacts): number {
    return facts.saleCents !== null && facts.saleCents < facts.listCents
      ? facts.saleCents
      : facts.listCents;
  }

  private viewLine(cart: StoredCart, line: StoredLine): CartLineItem | null {
    const facts = this.facts.get(line.sku);
    if (facts === undefined) return null;
    // Bundle parts are priced in their parent: they cost nothing on their own.
    const child = line.bundleParentId !== undefined;
    const list = child ? 0 : facts.listCents;
    const afterSale = child ? 0 : this.unitAfterSale(facts);
    const discounts: LineItemDiscount[] = [];
    if (afterSale < list) {
      discounts.push({
        id: 'sitewide-sale',
        kind: 'sitewide',
        value: { type: 'relative', percent: Math.round(((list - afterSale) / list) * 100) },
        amount: (list - afterSale) * line.quantity,
      });
    }
    let net = afterSale;
    for (const code of cart.codes) {
      const rule = FAKE_DISCOUNT_CODES[code];
      if (rule === undefined || rule.target !== 'lineItems' || net === 0) continue;
      const off = percentOf(net, rule.percent);
      net -= off;
      discounts.push({
        id: this.codeId(code),
        kind: 'cart',
        value: { type: 'relative', percent: rule.percent },
        code,
        amount: off * line.quantity,
      });
    }
    const state = cart.address?.state?.trim().toUpperCase();
    return {
      id: line.id,
      sku: line.sku,
      quantity: line.quantity,
      addedAt: line.addedAt,
      productSlug: { 'en-US': facts.slug },
      name: { 'en-US': facts.name },
      price: afterSale < list ? { value: list, discountedValue: afterSale } : { value: list },
      ...(net < afterSale ? { discountedPrice: net } : {}),
      lineItemShipping: line.shipping,
      ...(child ? { bundleParentId: line.bundleParentId } : {}),
      discounts,
      ...(facts.availableQty === undefined ? {} : { availableQty: facts.availableQty }),
      backorderable: facts.backorderable,
      ...(facts.leadTimeDays === null ? {} : { leadTime: `${facts.leadTimeDays} days` }),
      noShipping:
        state !== undefined && facts.noShipStates.some((s) => s.trim().toUpperCase() === state),
      isService: facts.isService,
      category: facts.category,
      brand: facts.brand,
      ...(facts.color === undefined ? {} : { color: facts.color }),
      ...(facts.image === undefined ? {} : { image: facts.image }),
      isComboSku: facts.components.length > 0 && !child,
    };
  }

  private view(cart: StoredCart): Cart {
    const lineItems = cart.lines.flatMap((l) => {
      const line = this.viewLine(cart, l);
      return line === null ? [] : [line];
    });
    const standard = fakeStandardShippingCents(lineItems);
    const chosen = cart.shippingMethodId;
    const methodId =
      chosen !== undefined && fakeOfferedMethodIds(lineItems).includes(chosen)
        ? chosen
        : 'standard';
    const shippingCost = methodId === 'expedited' ? FAKE_EXPEDITED_CENTS : standard;
    const taxable = lineItems.reduce((sum, l) => sum + netOf(l), 0);
    return {
      id: cart.id,
      version: cart.version,
      ...(cart.anonymousId === undefined ? {} : { anonymousId: cart.anonymousId }),
      cartType: this.cartType,
      ...(cart.customerEmail === undefined ? {} : { customerEmail: cart.customerEmail }),
      currency: cart.currency,
      lineItems,
      totalTax: cart.address?.state === undefined ? 0 : percentOf(taxable, FAKE_TAX_PERCENT),
      ...(cart.address === undefined ? {} : { shippingAddress: cart.address }),
      discountCodes: cart.codes.flatMap((code) => {
        const rule = FAKE_DISCOUNT_CODES[code];
        if (rule === undefined) return [];
        return [
          {
            id: this.codeId(code),
            code,
            target: rule.target,
            shippingDiscount: rule.target === 'shipping' && methodId === 'standard' ? standard : 0,
          },
        ];
      }),
      shippingCost,
      shippingMethodId: methodId,
      freightDiscount: 0,
    };
  }
}
