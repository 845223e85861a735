/**
 * Checkout over the cart tables (docs/api.md "Checkout"): the shipping address and method, the
 * split check, payment, and the submit that turns a paid cart into an order. The address and the
 * shipping method are cart updates (one versioned transaction each); the cart's own pricing says
 * what shipping costs, so checkout charges exactly what the cart shows.
 *
 * Submit is one transaction: the cart row is locked (FOR UPDATE), so submits of one cart run one
 * after the other and every one after the first finds the cart ordered and answers its order; the
 * locked cart is priced again in that transaction (core's orderTotals), and an order is made only
 * when the version and that total are the ones the shopper was shown (`totalCents`) and the
 * payment was authorised for — else 409 TotalChanged or ConcurrentModification, nothing written
 * (docs/rules.md "What is shown is what is charged"); the
 * variants ordered are locked in SKU order, checked and decremented, so two carts racing for the
 * last unit make one order and one OutOfStock (409, nothing written); the order, its child orders,
 * the ordered cart, the captured payment and the confirmation e-mail commit together or not at all.
 */
import { randomUUID } from 'node:crypto';
import { isAssociate, personaFromClaims } from '../../core/account/persona';
import type { Cart, CartLineItem } from '../../core/cart/cart';
import { isOutOfStock } from '../../core/cart/out-of-stock';
import { PAYMENT_SUCCESS_CODE } from '../../core/checkout';
import { ownerKey, type Owner } from '../auth/owner';
import type { AccessClaims } from '../auth/tokens';
import { CartService, engineError } from '../cart/cart-service';
import { catalogueVersionOf } from '../catalog/catalogue-version';
import {
  FREE_SHIPPING_FROM_CENTS,
  linesTotals,
  type ShippingMethod,
} from '../../core/cart/engine/pricing';
import type { Database, Queryable } from '../db/database';
import { ApiError } from '../http/errors';
import { sendOrderConfirmation } from '../orders/confirmation';
import {
  normalizeLookupEmail,
  type Order,
  type OrderPayment,
  type OrderTotals,
  type PaymentMethod,
} from '../orders/model';
import {
  placeOrderUnderFreshNumber,
  secureOrderNumber,
  type OrderNumberSource,
} from '../orders/order-number';
import { orderByIdempotencyKey, orderOfCart } from '../orders/order-repository';
import { childOrderNumber } from '../../core/orders/order-number';
import {
  verifyFinanceApplication,
  verifyPaypalToken,
  type PaymentApproval,
} from '../payment/verify';
import { authoriseCard } from './card-sandbox';
import {
  FieldProblems,
  parseCheckoutAddress,
  type AssignShipmentRequest,
  type PaymentRequest,
  type ShippingCostRequest,
  type SubmitRequest,
} from './parse';
import { orderTotals, shipments, type Shipment } from '../../core/checkout/shipments';

export interface ShippingCostAnswer {
  readonly cart: Cart;
  readonly methods: readonly ShippingMethod[];
  readonly freeShippingThresholdCents: number;
  /** The method the cart ships by now (the chosen one, else the first offered). */
  readonly selectedMethodId: ShippingMethod['id'];
}

export interface SplitCheckAnswer {
  readonly split: boolean;
  readonly shipments: readonly Shipment[];
}

export interface PaymentAnswer {
  readonly paymentId: string;
  readonly status: 'authorized';
  readonly resultCode: number;
  readonly method: PaymentMethod;
  readonly brand?: string;
  readonly last4?: string;
}

export interface SubmitAnswer {
  readonly order: Order;
  /** false: the cart had been ordered already and this is that order. */
  readonly created: boolean;
}

/** Who is submitting: the owner, and their verified claims (for sales associates). */
export interface Submitter {
  readonly owner: Owner;
  readonly claims: AccessClaims | null;
}

/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';

const conflict = (currentVersion: number): ApiError =>
  engineError({ kind: 'conflict', currentVersion });

/** A submit for a version that is no longer the cart's: what the cart is at, and its total now. */
const staleSubmit = (currentVersion: number, totalCents: number): ApiError =>
  new ApiError(
    409,
    `The cart was changed elsewhere (current version ${currentVersion}, total ${totalCents} cents)`,
    [{ code: 'ConcurrentModification', currentVersion, totalCents }],
  );

/** The cart prices to another total than the one shown (or paid for): nothing is ordered. */
const totalChanged = (currentVersion: number, totalCents: number, field: string): ApiError =>
  new ApiError(
    409,
    `${field}: the cart's total is now ${totalCents} cents; show it to the shopper and submit again`,
    [{ code: 'TotalChanged', field, totalCents, currentVersion }],
  );

const invalid = (field: string, message: string): ApiError =>
  new ApiError(400, `${field} ${message}`, [{ code: 'InvalidField', field, message }]);

/**
 * A PayPal or finance approval is usable only as given: 400 naming the field when there is none,
 * and a 409 `PaymentCartChanged` naming it when the cart's goods changed after the approval.
 */
const approval = (field: string, provider: string, answer: PaymentApproval): void => {
  if (answer === 'approved') return;
  if (answer === 'cart-changed') {
    throw new ApiError(
      409,
      `${field}: the cart changed after the ${provider} approval; approve the payment again`,
      [{ code: 'PaymentCartChanged', field }],
    );
  }
  throw invalid(field, `is not an approved ${provider} payment for this cart`);
};

interface PaymentRow {
  readonly id: string;
  readonly method: PaymentMethod;
  readonly brand: string | null;
  readonly last4: string | null;
  readonly amount_cents: number;
}

interface StockRow {
  readonly sku: string;
  readonly available_qty: number;
  readonly backorderable: boolean;
  readonly kind: string;
  readonly category_slug: string;
}

const isServiceKind = (kind: string): boolean =>
  kind === 'design-service' || kind === 'install-service';

/**
 * An address an order can ship to and be found by: the cart's address passes the same checks the
 * shipping-cost call makes (a cart update may have set a partial or loose one).
 */
const hasFullAddress = (cart: Cart): boolean => {
  const problems = new FieldProblems();
  parseCheckoutAddress(cart.shippingAddress, problems);
  return problems.empty;
};

/** Splits `total` over `weights` in proportion, in whole cents, the remainder on the last. */
const apportion = (total: number, weights: readonly number[]): number[] => {
  const sum = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((w) => (sum === 0 ? 0 : Math.floor((total * w) / sum)));
  const rest = total - shares.reduce((a, b) => a + b, 0);
  if (shares.length > 0) shares[shares.length - 1] = (shares[shares.length - 1] ?? 0) + rest;
  return shares;
};

/**
 * The totals of each child order: its lines' subtotal and discount; the shipping on the first
 * shipment of goods; tax in proportion to net, so the children add up to the parent exactly.
 */
export const childTotals = (
  parent: OrderTotals,
  groups: readonly {
    readonly source: Shipment['source'];
    readonly lines: readonly CartLineItem[];
  }[],
): OrderTotals[] => {
  const sums = groups.map((g) => linesTotals(g.lines));
  const taxes = apportion(
    parent.tax,
    sums.map((s) => s.net),
  );
  const shippingAt = Math.max(
    0,
    groups.findIndex((g) => g.source !== 'service'),
  );
  return groups.map((_, i) => {
    const s = sums[i] ?? { subtotal: 0, net: 0 };
    const shipping = i === shippingAt ? parent.shipping : 0;
    const tax = taxes[i] ?? 0;
    return {
      subtotal: s.subtotal,
      discount: s.subtotal - s.net,
      shipping,
      tax,
      total: s.net + shipping + tax,
    };
  });
};

export class CheckoutService {
  private readonly carts: CartService;

  constructor(
    private readonly db: Database,
    /** Where new order numbers come from: the CSPRNG, unless a test gives its own. */
    private readonly orderNumbers: OrderNumberSource = secureOrderNumber,
  ) {
    this.carts = new CartService(db);
  }

  /** Sets the cart's shipping address (version + 1) and answers the methods it may ship by. */
  async shippingCost(owner: Owner, request: ShippingCostRequest): Promise<ShippingCostAnswer> {
    const { cart, methods } = await this.carts.updateQuote(owner, request.cartId, request.version, [
      { action: 'setShippingAddress', address: request.address },
    ]);
    return {
      cart,
      methods,
      freeShippingThresholdCents: FREE_SHIPPING_FROM_CENTS,
      selectedMethodId: cart.shippingMethodId ?? methods[0]?.id ?? 'standard',
    };
  }

  /**
   * Chooses the shipping method: the cart's setShippingMethod update (version + 1); a method the
   * cart is not offered is a 400 naming methodId, a stale version a 409.
   */
  async assignShipment(owner: Owner, request: AssignShipmentRequest): Promise<Cart> {
    return this.carts.setShippingMethod(owner, request.cartId, request.version, request.methodId);
  }

  async splitCheck(owner: Owner, cartId: string): Promise<SplitCheckAnswer> {
    const { cart, freightSkus } = await this.carts.quote(owner, cartId);
    const groups = shipments(cart, freightSkus);
    return { split: groups.length > 1, shipments: groups };
  }

  /** The owner's cart as it would be ordered: the cart itself, shipped by its method. */
  async checkoutCart(owner: Owner, cartId: string): Promise<Cart> {
    return this.carts.cart(owner, cartId);
  }

  /** Authorises a payment for this version of the cart; declined → 402, nothing recorded. */
  async pay(owner: Owner, request: PaymentRequest, now: Date = new Date()): Promise<PaymentAnswer> {
    const cart = await this.carts.cart(owner, request.cartId);
    if (cart.version !== request.version) throw conflict(cart.version);
    if (cart.lineItems.length === 0) {
      throw new ApiError(400, 'cartId: the cart is empty', [
        { code: 'EmptyCart', field: 'cartId' },
      ]);
    }
    const amount = orderTotals(cart).total;
    let brand: string | null = null;
    let last4: string | null = null;
    switch (request.method) {
      case 'card': {
        const auth = authoriseCard(request.card, now.getTime());
        if (!auth.approved) {
          throw new ApiError(402, 'The card was declined', [
            { code: 'PaymentDeclined', resultCode: auth.resultCode },
          ]);
        }
        brand = auth.brand;
        last4 = auth.last4;
        break;
      }
      case 'paypal':
        approval(
          'paypalToken',
          'PayPal',
          await verifyPaypalToken(this.db, request.paypalToken, ownerKey(owner), cart),
        );
        break;
      case 'finance':
        approval(
          'applicationId',
          'finance',
          await verifyFinanceApplication(this.db, request.applicationId, ownerKey(owner), cart),
        );
        break;
    }
    const paymentId = randomUUID();
    await this.db.query(
      `INSERT INTO payments (id, cart_id, cart_version, method, brand, last4, status, amount_cents, result_code)
       VALUES ($1, $2, $3, $4, $5, $6, 'authorized', $7, $8)`,
      [
        paymentId,
        cart.id,
        cart.version,
        request.method,
        brand,
        last4,
        amount,
        PAYMENT_SUCCESS_CODE,
      ],
    );
    return {
      paymentId,
      status: 'authorized',
      resultCode: PAYMENT_SUCCESS_CODE,
      method: request.method,
      ...(brand === null ? {} : { brand }),
      ...(last4 === null ? {} : { last4 }),
    };
  }

  /** The order of this cart: made now (created) or found (the cart was ordered already). */
  async submit(
    who: Submitter,
    request: SubmitRequest,
    idempotencyKey: string | undefined,
  ): Promise<SubmitAnswer> {
    const key = ownerKey(who.owner);
    if (idempotencyKey !== undefined) {
      const byKey = await orderByIdempotencyKey(this.db, key, idempotencyKey);
      if (byKey !== undefined) {
        if (byKey.cartId !== request.cartId) {
          throw new ApiError(422, 'Idempotency-Key was used for another cart', [
            { code: 'IdempotencyKeyReused', field: 'Idempotency-Key' },
          ]);
        }
        return { order: byKey.order, created: false };
      }
    }
    const ordered = await orderOfCart(this.db, key, request.cartId);
    if (ordered !== undefined) return { order: ordered, created: false };

    let cart: Cart;
    try {
      ({ cart } = await this.carts.quote(who.owner, request.cartId));
    } catch (error) {
      // Ordered by a submit running alongside this one.
      const raced = await orderOfCart(this.db, key, request.cartId);
      if (raced !== undefined) return { order: raced, created: false };
      throw error;
    }
    if (cart.version !== request.version) {
      throw staleSubmit(cart.version, orderTotals(cart).total);
    }
    if (cart.lineItems.length === 0) {
      throw new ApiError(400, 'cartId: the cart is empty', [
        { code: 'EmptyCart', field: 'cartId' },
      ]);
    }
    if (!hasFullAddress(cart)) {
      throw new ApiError(
        400,
        'address is required: send it with POST /api/checkout/shipping-cost first',
        [{ code: 'InvalidField', field: 'address' }],
      );
    }
    try {
      return await this.place(who, request, idempotencyKey);
    } catch (error) {
      // A unique key taken by a submit running alongside (same Idempotency-Key on two carts).
      if ((error as { code?: unknown }).code !== UNIQUE_VIOLATION) throw error;
      const raced = await orderOfCart(this.db, key, request.cartId);
      if (raced !== undefined) return { order: raced, created: false };
      throw new ApiError(422, 'Idempotency-Key was used for another cart', [
        { code: 'IdempotencyKeyReused', field: 'Idempotency-Key' },
      ]);
    }
  }

  /**
   * The transaction of a submit: the cart is locked and priced again, checked against what the
   * shopper was shown and paid for, and everything is written together, or nothing.
   */
  private async place(
    who: Submitter,
    request: SubmitRequest,
    idempotencyKey: string | undefined,
  ): Promise<SubmitAnswer> {
    const key = ownerKey(who.owner);
    try {
      return await this.placeInTransaction(who, request, idempotencyKey, key);
    } finally {
      // Committed or not, the catalogue's readers read stock again: an order that took units is
      // never answered before the product pages stop showing them (a needless bump only costs a
      // read).
      catalogueVersionOf(this.db).bump('stock');
    }
  }

  private placeInTransaction(
    who: Submitter,
    request: SubmitRequest,
    idempotencyKey: string | undefined,
    key: string,
  ): Promise<SubmitAnswer> {
    return this.db.transaction(async (tx) => {
      const locked = await tx.query<{ status: string; version: number }>(
        'SELECT status, version FROM carts WHERE id = $1 AND owner_key = $2 FOR UPDATE',
        [request.cartId, key],
      );
      const row = locked.rows[0];
      if (row?.status === 'ordered') {
        const order = await orderOfCart(tx, key, request.cartId);
        if (order !== undefined) return { order, created: false };
      }
      if (row === undefined || row.status !== 'active') {
        throw new ApiError(404, `No cart ${request.cartId}`);
      }
      // Priced now, in this transaction, from the locked row: what an order would charge.
      const { cart, freightSkus: freight } = await this.carts.quote(who.owner, request.cartId, tx);
      const total = orderTotals(cart).total;
      if (cart.version !== request.version) throw staleSubmit(cart.version, total);
      if (request.totalCents !== undefined && request.totalCents !== total) {
        throw totalChanged(cart.version, total, 'totalCents');
      }
      if (!hasFullAddress(cart)) {
        throw new ApiError(
          400,
          'address is required: send it with POST /api/checkout/shipping-cost first',
          [{ code: 'InvalidField', field: 'address' }],
        );
      }

      const payments = await tx.query<PaymentRow>(
        `SELECT id, method, brand, last4, amount_cents FROM payments
         WHERE cart_id = $1 AND cart_version = $2 AND status = 'authorized'
         ORDER BY created_at DESC LIMIT 1`,
        [cart.id, cart.version],
      );
      const payment = payments.rows[0];
      if (payment === undefined) {
        throw new ApiError(402, 'No authorised payment for this version of the cart', [
          { code: 'PaymentRequired', field: 'version' },
        ]);
      }
      // Never capture an amount other than the one authorised (a price changed after paying).
      if (Number(payment.amount_cents) !== total) {
        throw totalChanged(cart.version, total, 'payment');
      }

      await this.takeStock(tx, cart.lineItems);

      const createdAt = new Date().toISOString();
      const associate =
        who.owner.kind === 'customer' &&
        who.claims?.isAuth === true &&
        isAssociate(personaFromClaims(who.claims.persona));
      const address = cart.shippingAddress;
      if (address === undefined) throw new Error('unreachable: checked above');
      const email = normalizeLookupEmail(address.email);
      const orderPayment: OrderPayment = {
        method: payment.method,
        ...(payment.brand === null ? {} : { brand: payment.brand }),
        ...(payment.last4 === null ? {} : { last4: payment.last4 }),
      };
      const totals = orderTotals(cart);
      const groups = shipments(cart, freight);
      const byId = new Map(cart.lineItems.map((l) => [l.id, l] as const));
      const parts =
        groups.length > 1
          ? groups.map((g) => ({
              source: g.source,
              lines: g.lineItemIds.flatMap((id) => {
                const line = byId.get(id);
                return line === undefined ? [] : [line];
              }),
            }))
          : [];
      const base = {
        status: 'Open' as const,
        orderType: associate ? ('ISC' as const) : ('WEB' as const),
        ...(associate ? { CSRAssociateId: who.owner.id } : {}),
        createdAt,
        email,
        currency: cart.currency,
        shippingAddress: { ...address, email },
        payment: orderPayment,
      };
      const insert = (o: Order, cartId: string | null, idem: string | null, drawn: boolean) =>
        tx.query(
          `INSERT INTO orders (order_number, parent_order_number, owner_key, email, status,
             order_type, csr_associate_id, cart_id, idempotency_key, doc, created_at)
           VALUES ($1, $2, $3, $4, 'Open', $5, $6, $7, $8, $9, $10)
           ${drawn ? 'ON CONFLICT (order_number) DO NOTHING' : ''}`,
          [
            o.orderNumber,
            o.parentOrderNumber ?? null,
            key,
            email,
            o.orderType,
            o.CSRAssociateId ?? null,
            cartId,
            idem,
            JSON.stringify(o),
            createdAt,
          ],
        );
      // A random number (core/orders/order-number.ts); one already taken inserts nothing and
      // another is drawn. Any other unique key (the cart, the Idempotency-Key) still throws.
      const order = await placeOrderUnderFreshNumber(this.orderNumbers, async (orderNumber) => {
        const candidate: Order = {
          ...base,
          orderNumber,
          ...(parts.length === 0
            ? {}
            : { childOrders: parts.map((_, i) => childOrderNumber(orderNumber, i + 1)) }),
          lineItems: cart.lineItems,
          totals,
        };
        const inserted = await insert(candidate, cart.id, idempotencyKey ?? null, true);
        return inserted.rowCount === 1 ? candidate : undefined;
      });
      const orderNumber = order.orderNumber;
      const split = childTotals(totals, parts);
      for (const [i, part] of parts.entries()) {
        await insert(
          {
            ...base,
            orderNumber: childOrderNumber(orderNumber, i + 1),
            parentOrderNumber: orderNumber,
            lineItems: part.lines,
            totals: split[i] ?? totals,
          },
          null,
          null,
          false,
        );
      }
      await tx.query(
        `UPDATE carts SET status = 'ordered', version = version + 1, updated_at = now()
         WHERE id = $1`,
        [cart.id],
      );
      await tx.query("UPDATE payments SET status = 'captured', order_number = $2 WHERE id = $1", [
        payment.id,
        orderNumber,
      ]);
      await sendOrderConfirmation(tx, order, new Date(createdAt));
      const stored = await orderOfCart(tx, key, cart.id);
      return { order: stored ?? order, created: true };
    });
  }

  /** Locks the variants in SKU order, refuses (409 OutOfStock) when any ran out, decrements. */
  private async takeStock(tx: Queryable, lines: readonly CartLineItem[]): Promise<void> {
    const wanted = new Map<string, number>();
    for (const l of lines) wanted.set(l.sku, (wanted.get(l.sku) ?? 0) + l.quantity);
    const skus = [...wanted.keys()].sort();
    if (skus.length === 0) return;
    const rows = await tx.query<StockRow>(
      `SELECT v.sku, v.available_qty, p.backorderable, p.kind, p.category_slug
       FROM product_variants v JOIN products p ON p.sku = v.product_sku
       WHERE v.sku = ANY($1::text[]) ORDER BY v.sku FOR UPDATE OF v`,
      [skus],
    );
    const found = new Map(rows.rows.map((r) => [r.sku, r] as const));
    const short = skus.filter((sku) => {
      const r = found.get(sku);
      if (r === undefined) return true;
      return isOutOfStock({
        availableQty: Number(r.available_qty),
        requestedQty: wanted.get(sku) ?? 0,
        backorderable: r.backorderable,
        isService: isServiceKind(r.kind),
        category: r.category_slug,
      });
    });
    if (short.length > 0) {
      throw new ApiError(409, `Out of stock: ${short.join(', ')}`, [
        { code: 'OutOfStock', skus: short },
      ]);
    }
    for (const sku of skus) {
      const r = found.get(sku);
      if (r === undefined || isServiceKind(r.kind)) continue;
      await tx.query(
        'UPDATE product_variants SET available_qty = GREATEST(available_qty - $2, 0) WHERE sku = $1',
        [sku, wanted.get(sku) ?? 0],
      );
    }
  }
}
