/**
 * Model-based commands for the cart use cases, one class per concept. The model is what the
 * shopper should see on the server after each step; the real system is the use cases over the
 * versioned in-memory gateway. After every command the server cart must equal the model (no update
 * lost, none applied twice) and every cart's versions must have risen one by one.
 */
import type fc from 'fast-check';
import { expect } from 'vitest';
import type { Cart } from '../../../core/cart/cart';
import { cartCount } from '../../../core/cart/derive-line-items';
import {
  ApplicationStoppedByPreviousDiscountError,
  CartNotFoundError,
  VersionConflictError,
  DiscountCodeNonApplicableError,
  MaxApplicationReachedError,
  NoActiveCartError,
} from '../../../core/cart/errors';
import { FREIGHT_CENTS } from '../../../core/cart/engine/pricing';
import { PROMOTIONS } from '../../../core/cart/engine/promotions';
import { summarizeCart } from '../../../core/cart/summary';
import { discountCodeId } from './in-memory-cart-gateway';
import { inStock, type CartSystem } from './support';

export interface CartModel {
  /** The shopper's live cart on the server, or null when there is none (never made, or deleted). */
  cart: { lines: Map<string, number>; codes: Set<string> } | null;
  /** A guest anonymousId is stored and its cart waits to be merged. */
  guestPending: boolean;
  readonly guestLines: ReadonlyMap<string, number>;
}

type CartCommand = fc.AsyncCommand<CartModel, CartSystem>;

export const OTHER_TAB_SKU = 'K-OTHER-TAB';

const add = (lines: Map<string, number>, sku: string, quantity: number): void => {
  lines.set(sku, (lines.get(sku) ?? 0) + quantity);
};

const ensureCart = (m: CartModel): NonNullable<CartModel['cart']> => {
  m.cart ??= { lines: new Map(), codes: new Set() };
  return m.cart;
};

const realCart = (r: CartSystem): Cart | undefined => {
  const ref = r.store.load();
  return ref === null ? undefined : r.gateway.peek(ref.cartId);
};

const linesOf = (cart: { lineItems: Cart['lineItems'] }): Map<string, number> =>
  new Map(cart.lineItems.map((l) => [l.sku, l.quantity]));

const sortedSkus = (m: CartModel): string[] => [...(m.cart?.lines.keys() ?? [])].sort();

const expectOk = <T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T => {
  if (!r.ok) throw new Error(`expected success, got ${String(r.error)}`);
  return r.value;
};

const expectErr = (
  r: { ok: true } | { ok: false; error: unknown },
  ...kinds: (abstract new (...args: never[]) => unknown)[]
): void => {
  expect(r.ok).toBe(false);
  if (!r.ok)
    expect(
      kinds.some((k) => r.error instanceof k),
      String(r.error),
    ).toBe(true);
};

/** The new cart's version is above the one before, when the same cart was changed. */
const expectNewerVersion = (before: Cart | undefined, after: Cart): void => {
  if (before !== undefined && before.id === after.id) {
    expect(after.version).toBeGreaterThan(before.version);
  }
};

/**
 * Runs one of our use cases and checks the client's side of "every mutation uses the current
 * version": starting from an up-to-date version it causes no conflict, and on success the store
 * holds the version the server answered with.
 */
const own = async <R>(r: CartSystem, run: () => Promise<R>): Promise<R> => {
  const ref = r.store.load();
  const live = ref === null ? undefined : r.gateway.peek(ref.cartId);
  const upToDate = live !== undefined && live.version === ref?.version;
  const conflictsBefore = r.gateway.conflicts;
  const result = await run();
  if (upToDate)
    expect(r.gateway.conflicts, 'conflict from an up-to-date version').toBe(conflictsBefore);
  return result;
};

const expectStored = (r: CartSystem, cart: Cart): void => {
  expect(r.store.load()).toEqual({ cartId: cart.id, version: cart.version });
};

export const expectInSync = (m: CartModel, r: CartSystem): void => {
  const cart = realCart(r);
  if (m.cart === null) {
    expect(cart).toBeUndefined();
  } else {
    expect(cart).toBeDefined();
    if (cart === undefined) return;
    expect(linesOf(cart)).toEqual(m.cart.lines);
    expect(new Set(cart.discountCodes.map((c) => c.code))).toEqual(m.cart.codes);
    const s = summarizeCart(cart).cents;
    expect(s.subtotal - s.totalPromotions + s.estimatedTax + s.estimatedShipping).toBe(
      s.estimatedTotal,
    );
    expect(s.estimatedTotal).toBeGreaterThanOrEqual(0);
  }
  for (const [cartId, versions] of r.gateway.versionHistory) {
    versions.forEach((v, i) => {
      if (i > 0)
        expect(v, `${cartId} versions ${versions.join(',')}`).toBe((versions[i - 1] ?? 0) + 1);
    });
  }
};

export class AddItemCommand implements CartCommand {
  constructor(
    readonly sku: string,
    readonly quantity: number,
  ) {}
  check = (): boolean => true;
  async run(m: CartModel, r: CartSystem): Promise<void> {
    const before = realCart(r);
    const result = expectOk(
      await own(r, () => r.addToCart.execute([inStock(this.sku, this.quantity)])),
    );
    expectStored(r, result.cart);
    add(ensureCart(m).lines, this.sku, this.quantity);
    expectNewerVersion(before, result.cart);
    expect(cartCount(result.cart)).toBe(
      [...(m.cart?.lines.values() ?? [])].reduce((a, b) => a + b, 0),
    );
    expectInSync(m, r);
  }
  toString = (): string => `add(${this.sku} × ${this.quantity})`;
}

export class ChangeQuantityCommand implements CartCommand {
  constructor(
    readonly pick: number,
    readonly quantity: number,
  ) {}
  check = (m: Readonly<CartModel>): boolean => (m.cart?.lines.size ?? 0) > 0;
  async run(m: CartModel, r: CartSystem): Promise<void> {
    const skus = sortedSkus(m);
    const sku = skus[this.pick % skus.length] ?? '';
    const before = realCart(r);
    const lineId = before?.lineItems.find((l) => l.sku === sku)?.id ?? 'missing';
    const cart = expectOk(await own(r, () => r.changeQuantity.execute(lineId, this.quantity)));
    expectStored(r, cart);
    if (this.quantity === 0) m.cart?.lines.delete(sku);
    else m.cart?.lines.set(sku, this.quantity);
    expectNewerVersion(before, cart);
    expectInSync(m, r);
  }
  toString = (): string => `changeQuantity(#${this.pick} → ${this.quantity})`;
}

export class RemoveLineCommand implements CartCommand {
  constructor(readonly pick: number) {}
  check = (m: Readonly<CartModel>): boolean => (m.cart?.lines.size ?? 0) > 0;
  async run(m: CartModel, r: CartSystem): Promise<void> {
    const skus = sortedSkus(m);
    const sku = skus[this.pick % skus.length] ?? '';
    const before = realCart(r);
    const lineId = before?.lineItems.find((l) => l.sku === sku)?.id ?? 'missing';
    const cart = expectOk(await own(r, () => r.removeLine.execute(lineId)));
    expectStored(r, cart);
    m.cart?.lines.delete(sku);
    expectNewerVersion(before, cart);
    expectInSync(m, r);
  }
  toString = (): string => `removeLine(#${this.pick})`;
}

const promotion = (code: string) => PROMOTIONS.find((d) => d.code === code);

/**
 * Whether a code would take something off `cart` now (else the server answers
 * DiscountCodeNonApplicable): a line code while there are lines, a shipping code while the cart
 * pays standard shipping (what it pays besides the freight charge, when it ships by freight).
 */
const takesSomething = (code: string, cart: Cart | undefined): boolean => {
  if (cart === undefined) return false;
  if (promotion(code)?.target !== 'shipping') return cart.lineItems.length > 0;
  if (cart.shippingMethodId === 'expedited') return false;
  const freight = cart.shippingMethodId === 'freight' ? FREIGHT_CENTS : 0;
  return cart.shippingCost - freight > 0;
};

export class ApplyCodeCommand implements CartCommand {
  constructor(readonly code: string) {}
  check = (): boolean => true;
  async run(m: CartModel, r: CartSystem): Promise<void> {
    const before = realCart(r);
    const result = await own(r, () => r.applyCode.execute(this.code));
    const applied = [...(m.cart?.codes ?? [])].map(promotion);
    if (m.cart === null) {
      expectErr(result, NoActiveCartError, CartNotFoundError);
    } else if (promotion(this.code) === undefined) {
      expectErr(result, DiscountCodeNonApplicableError);
    } else if (m.cart.codes.has(this.code)) {
      expectErr(result, MaxApplicationReachedError);
    } else if (
      applied.length > 0 &&
      (promotion(this.code)?.stopOthers === true || applied.some((d) => d?.stopOthers === true))
    ) {
      expectErr(result, ApplicationStoppedByPreviousDiscountError);
    } else if (!takesSomething(this.code, before)) {
      expectErr(result, DiscountCodeNonApplicableError);
    } else {
      const cart = expectOk(result);
      expectNewerVersion(before, cart);
      expectStored(r, cart);
      m.cart.codes.add(this.code);
    }
    expectInSync(m, r);
  }
  toString = (): string => `applyCode(${this.code})`;
}

export class RemoveCodeCommand implements CartCommand {
  constructor(readonly pick: number) {}
  check = (m: Readonly<CartModel>): boolean => (m.cart?.codes.size ?? 0) > 0;
  async run(m: CartModel, r: CartSystem): Promise<void> {
    const codes = [...(m.cart?.codes ?? [])].sort();
    const code = codes[this.pick % codes.length] ?? '';
    const before = realCart(r);
    const cart = expectOk(await own(r, () => r.removeCode.execute(discountCodeId(code))));
    expectNewerVersion(before, cart);
    expectStored(r, cart);
    m.cart?.codes.delete(code);
    expectInSync(m, r);
  }
  toString = (): string => `removeCode(#${this.pick})`;
}

export class DeleteCartCommand implements CartCommand {
  check = (): boolean => true;
  async run(m: CartModel, r: CartSystem): Promise<void> {
    const ref = r.store.load();
    const result = await own(r, () => r.deleteCart.execute());
    if (m.cart === null) {
      expectErr(result, NoActiveCartError, CartNotFoundError);
    } else {
      const cart = expectOk(result);
      expect(cart.id).toBe(ref?.cartId);
      expect(cart.lineItems).toEqual([]);
      expect(cartCount(cart)).toBe(0);
      expect(r.store.load()?.cartId).toBe(cart.id);
      m.cart = null;
    }
    expectInSync(m, r);
  }
  toString = (): string => 'deleteCart';
}

/** Another tab adds to the cart now: the client's stored version goes stale. */
export class OtherTabWriteCommand implements CartCommand {
  constructor(readonly sku: string) {}
  check = (m: Readonly<CartModel>): boolean => m.cart !== null;
  async run(m: CartModel, r: CartSystem): Promise<void> {
    const ref = r.store.load();
    if (ref !== null) r.gateway.writeAsOtherTab(ref.cartId, this.sku);
    add(ensureCart(m).lines, this.sku, 1);
    expectInSync(m, r);
  }
  toString = (): string => `otherTabAdds(${this.sku})`;
}

/**
 * Another tab writes between our read and our write, `times` times in a row. Once: our add is
 * re-applied on the re-read cart and both changes land. Twice: the retry conflicts too, so ours is
 * reported as ConcurrentModification and only the other tab's writes land.
 */
export class RacingAddCommand implements CartCommand {
  constructor(
    readonly times: 1 | 2,
    readonly sku: string,
  ) {}
  check = (): boolean => true;
  async run(m: CartModel, r: CartSystem): Promise<void> {
    const interferencesBefore = r.gateway.interferences;
    r.gateway.interfereBeforeWrites(this.times, OTHER_TAB_SKU);
    const result = await r.addToCart.execute([inStock(this.sku, 1)]);
    r.gateway.disarm();
    expect(r.gateway.interferences - interferencesBefore).toBe(this.times);
    const lines = ensureCart(m).lines;
    add(lines, OTHER_TAB_SKU, this.times);
    if (this.times === 1) {
      expectStored(r, expectOk(result).cart);
      add(lines, this.sku, 1);
    } else {
      expectErr(result, VersionConflictError);
    }
    expectInSync(m, r);
  }
  toString = (): string => `racingAdd(${this.sku}, other tab writes ${this.times}×)`;
}

export class PickActiveCartCommand implements CartCommand {
  check = (): boolean => true;
  async run(m: CartModel, r: CartSystem): Promise<void> {
    const cart = expectOk(await r.pickActiveCart.execute());
    if (m.cart === null) {
      expect(cart).toBeNull();
      expect(r.store.load()).toBeNull();
    } else {
      expect(cart === null ? null : linesOf(cart)).toEqual(m.cart.lines);
      if (cart !== null) expectStored(r, cart);
      // A customer's cart carries no anonymousId: fetching it clears the stored one.
      m.guestPending = false;
      expect(r.anonymousIds.load()).toBeNull();
    }
    expectInSync(m, r);
  }
  toString = (): string => 'pickActiveCart';
}

export class MergeGuestCartCommand implements CartCommand {
  check = (): boolean => true;
  async run(m: CartModel, r: CartSystem): Promise<void> {
    const cart = expectOk(await r.mergeGuestCart.execute());
    if (!m.guestPending) {
      expect(cart).toBeNull();
    } else {
      const lines = ensureCart(m).lines;
      for (const [sku, q] of m.guestLines) add(lines, sku, q);
      m.guestPending = false;
      expect(cart === null ? null : linesOf(cart)).toEqual(lines);
      if (cart !== null) expectStored(r, cart);
    }
    expect(r.anonymousIds.load()).toBeNull();
    expectInSync(m, r);
  }
  toString = (): string => 'mergeGuestCart';
}

export class ShareCartCommand implements CartCommand {
  check = (): boolean => true;
  async run(m: CartModel, r: CartSystem): Promise<void> {
    const result = await r.shareCart.execute();
    if (m.cart === null) {
      expectErr(result, NoActiveCartError, CartNotFoundError);
    } else {
      const link = expectOk(result);
      expect(linesOf(await r.gateway.getSharedCart(link.sharedCartId))).toEqual(m.cart.lines);
    }
    expectInSync(m, r);
  }
  toString = (): string => 'shareCart';
}
