/**
 * Use case: add the product page's selection to the cart (spec §4 Add to cart, Cart lifecycle).
 * Out-of-stock items are left out and back-orderable ones go in with quantity 1; with no active
 * cart one is created first (currency from configuration, tax mode Platform, the signed-in
 * shopper's e-mail lower-cased). A stored cart that no longer exists is replaced by a new one.
 * The page's stock can be older than the server's: items the server refuses as out of stock are
 * left out too, and the rest is added (a shared cart's "Add all", any add of several items).
 */
import { err, ok, type Result } from '../shared/result';
import {
  buildLineItemRequests,
  type AddToCartSelection,
  type LeftOutReason,
  type LineItemRequest,
} from './add-to-cart-selection';
import { cartRef, type ActiveCartRef, type Cart } from './cart';
import {
  CartNotFoundError,
  InvalidQuantityError,
  isCartError,
  OutOfStockError,
  type CartError,
} from './errors';
import type {
  ActiveCartStore,
  CartConfiguration,
  CartDraft,
  CartGateway,
  ShopperSession,
} from './ports';
import { withConflictRetry } from './with-conflict-retry';

/** What went into the cart: the cart, the requests it took and the SKUs refused as out of stock. */
interface Added {
  readonly cart: Cart;
  readonly requests: readonly LineItemRequest[];
  readonly refused: readonly string[];
}

export interface AddToCartOutcome {
  readonly cart: Cart;
  readonly added: readonly LineItemRequest[];
  readonly leftOut: readonly { readonly sku: string; readonly reason: LeftOutReason }[];
}

/** Spec §7 POST /cart/create body. */
export const cartDraft = (currency: string, signedInEmail: string | null): CartDraft => {
  const email = signedInEmail?.trim().toLowerCase() ?? '';
  return email === ''
    ? { currency, taxMode: 'Platform' }
    : { currency, taxMode: 'Platform', customerEmail: email };
};

export class AddToCart {
  private creating: Promise<Cart> | null = null;

  constructor(
    private readonly gateway: CartGateway,
    private readonly store: ActiveCartStore,
    private readonly config: CartConfiguration,
    private readonly session: ShopperSession,
  ) {}

  async execute(
    selections: readonly AddToCartSelection[],
  ): Promise<Result<AddToCartOutcome, CartError>> {
    const plan = buildLineItemRequests(selections, {
      byBrand: this.config.salesChannels,
      ...(this.config.defaultSalesChannel === undefined
        ? {}
        : { defaultChannel: this.config.defaultSalesChannel }),
    });
    if (plan.requests.length === 0) {
      const outOfStock = plan.leftOut.filter((l) => l.reason === 'outOfStock').map((l) => l.sku);
      return err(
        outOfStock.length > 0
          ? new OutOfStockError(outOfStock)
          : new InvalidQuantityError(selections[0]?.quantity ?? 0),
      );
    }
    try {
      const stored = this.store.load();
      let added: Added;
      try {
        added = await this.addInStock(stored ?? cartRef(await this.createCart()), plan.requests);
      } catch (e) {
        // The stored cart is gone (deleted, or turned into an order): start a new one.
        if (!(e instanceof CartNotFoundError) || stored === null) throw e;
        added = await this.addInStock(cartRef(await this.createCart()), plan.requests);
      }
      this.store.save(cartRef(added.cart));
      return ok({
        cart: added.cart,
        added: added.requests,
        leftOut: [
          ...plan.leftOut,
          ...added.refused.map((sku) => ({ sku, reason: 'outOfStock' as const })),
        ],
      });
    } catch (e) {
      if (isCartError(e)) return err(e);
      throw e;
    }
  }

  /**
   * Adds the requests; when the server refuses some as out of stock, adds the others without them
   * (each answer names at least one more, so this ends). Nothing left to add: the refusal stands.
   */
  private async addInStock(
    target: ActiveCartRef,
    requests: readonly LineItemRequest[],
  ): Promise<Added> {
    let remaining = requests;
    const refused: string[] = [];
    for (;;) {
      try {
        return { cart: await this.add(target, remaining), requests: remaining, refused };
      } catch (e) {
        if (!(e instanceof OutOfStockError)) throw e;
        const rest = remaining.filter((r) => !e.skus.includes(r.sku));
        if (rest.length === 0 || rest.length === remaining.length) {
          throw refused.length === 0 ? e : new OutOfStockError([...refused, ...e.skus]);
        }
        refused.push(...remaining.filter((r) => e.skus.includes(r.sku)).map((r) => r.sku));
        remaining = rest;
      }
    }
  }

  private add(target: ActiveCartRef, actions: readonly LineItemRequest[]): Promise<Cart> {
    return withConflictRetry(this.gateway, target, ({ cartId, version }) =>
      this.gateway.updateCart(cartId, version, actions),
    );
  }

  /** Concurrent first adds share one new cart; it becomes the active cart even if the add fails. */
  private createCart(): Promise<Cart> {
    this.creating ??= this.gateway
      .createCart(cartDraft(this.config.currency, this.session.signedInEmail()))
      .then((cart) => {
        this.store.save(cartRef(cart));
        return cart;
      })
      .finally(() => {
        this.creating = null;
      });
    return this.creating;
  }
}
