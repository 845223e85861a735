/**
 * The checkout, payment and finance sandboxes in the tab, for the offline demo and UI tests. It
 * follows the server's rules (issue 6 wire contract): the card sandbox is core's, the server's own
 * (core/checkout/card-sandbox.ts: 4111 1111 1111 1111 approves with 870, 4000 0000 0000 0002
 * declines; Luhn, the configuration's card types, expiry within 16 years, the brand's CVV length),
 * PayPal tokens and finance applications that approve at once, a payment per cart version, and a
 * submit that answers the same order for the same cart however often it is sent. Shipping is the
 * cart's: the methods, their prices and the free-shipping threshold are core's pricing (the fake
 * cart's quote, quoteCart), the split check is core's shipments, and the order's totals are core's
 * orderTotals — the functions the server charges by. Orders are numbered as the server numbers
 * them (core's newOrderNumber: `LV-` and ten random characters, from the browser's CSPRNG).
 * Orders, payments and sandbox approvals are kept in the tab's Storage when one is given, so a confirmation page still
 * reads its order after a reload (and a sandbox's return, a page load, still finds its approval).
 */
import type { Cart } from '../../../core/cart/cart';
import { newOrderNumber, type RandomBytes } from '../../../core/orders/order-number';
import { FREE_SHIPPING_FROM_CENTS } from '../../../core/cart/engine/pricing';
import { CartNotFoundError, VersionConflictError } from '../../../core/cart/errors';
import type { CartGateway } from '../../../core/cart/ports';
import { acceptedCardBrands, type CardBrand } from '../../../core/checkout/card';
import { judgeSandboxCard, type SandboxCardAnswer } from '../../../core/checkout/card-sandbox';
import {
  CheckoutFieldsError,
  PaymentDeclinedError,
  TotalChangedError,
  type CardDetails,
  type CheckoutAddress,
  type CheckoutGateway,
  type OrderSubmission,
  type PaymentAuthorization,
  type PaymentRequest,
  type PaypalToken,
  type ShippingMethodId,
  type ShippingQuote,
  type SplitCheck,
} from '../../../core/checkout/checkout';
import {
  FINANCE_APPLICATION_CREATED,
  isFinanceEligible,
  type FinanceApplicationRequest,
} from '../../../core/checkout/finance';
import { PAYMENT_SUCCESS_CODE } from '../../../core/checkout/payment';
import { DEFAULT_CONFIGURATION } from '../../../core/content/default-configuration';
import type { FinanceApplicationResponse, FinanceGateway } from '../../../core/checkout/ports';
import type { Order } from '../../../core/orders/order';
import type { Clock } from '../../../core/shared/clock';
import { normalizeEmail } from '../../../core/validation/email';
import { orderTotals, shipments } from '../../../core/checkout/shipments';
import type { CartQuotes } from '../cart/fake-cart-gateway';

export const FAKE_CHECKOUT_STORAGE_KEY = 'lavabo.demo.checkout';

/** What a reload keeps: payments, sandbox approvals, the orders placed. */
interface StoredCheckout {
  readonly payments: [string, PaymentAuthorization][];
  readonly paypalTokens: string[];
  readonly financeApplications: string[];
  readonly orders: [string, Order][];
  readonly orderByCart: [string, string][];
  readonly counter: number;
}

/** The server's 400 EmptyCart: nothing to pay for or to order. */
const refuseEmpty = (cart: Cart): Cart => {
  if (cart.lineItems.length === 0) {
    throw new CheckoutFieldsError(['cartId'], 'cartId: the cart is empty');
  }
  return cart;
};

export class FakeCheckoutGateway implements CheckoutGateway, FinanceGateway {
  private readonly payments = new Map<string, PaymentAuthorization>();
  private readonly orders = new Map<string, Order>();
  private readonly orderByCart = new Map<string, string>();
  private readonly paypalTokens = new Set<string>();
  private readonly financeApplications = new Set<string>();
  private readonly acceptedBrands: readonly CardBrand[];
  private counter = 0;

  constructor(
    private readonly carts: CartGateway & CartQuotes,
    private readonly clock: Clock,
    /** Where the sandboxes send the shopper back, e.g. window.location.origin. */
    private readonly origin: string,
    /** Told of each order once it is placed (the demo's order history records it). */
    private readonly onPlaced: (order: Order) => void = () => undefined,
    /** The configuration's card types (spec §3): only their brands are taken, as on the server. */
    cardTypes: readonly string[] = DEFAULT_CONFIGURATION.lists.cardTypes,
    /** The tab's Storage (the fake cart's): orders and payments outlive a reload. */
    private readonly storage: Storage | null = null,
    /** Random bytes for order numbers: the browser's CSPRNG, as the server uses Node's. */
    private readonly random: RandomBytes = (n) => crypto.getRandomValues(new Uint8Array(n)),
  ) {
    this.acceptedBrands = acceptedCardBrands(cardTypes);
    this.restore();
  }

  /** A number no order in the tab has, drawn as the server draws them. */
  private freshOrderNumber(): string {
    for (let draw = 0; draw < 5; draw += 1) {
      const number = newOrderNumber(this.random);
      if (!this.orders.has(number)) return number;
    }
    throw new Error('No free order number in 5 draws: the random source repeats itself');
  }

  private restore(): void {
    try {
      const raw = this.storage?.getItem(FAKE_CHECKOUT_STORAGE_KEY) ?? null;
      if (raw === null) return;
      const saved = JSON.parse(raw) as Partial<StoredCheckout>;
      for (const [k, v] of saved.payments ?? []) this.payments.set(k, v);
      for (const token of saved.paypalTokens ?? []) this.paypalTokens.add(token);
      for (const id of saved.financeApplications ?? []) this.financeApplications.add(id);
      for (const [k, v] of saved.orders ?? []) this.orders.set(k, v);
      for (const [k, v] of saved.orderByCart ?? []) this.orderByCart.set(k, v);
      this.counter = saved.counter ?? this.counter;
    } catch {
      // An unreadable store starts the demo's checkout afresh.
    }
  }

  private persist(): void {
    const saved: StoredCheckout = {
      payments: [...this.payments],
      paypalTokens: [...this.paypalTokens],
      financeApplications: [...this.financeApplications],
      orders: [...this.orders],
      orderByCart: [...this.orderByCart],
      counter: this.counter,
    };
    try {
      this.storage?.setItem(FAKE_CHECKOUT_STORAGE_KEY, JSON.stringify(saved));
    } catch {
      // A full storage only loses the demo's orders on reload.
    }
  }

  private async cartAt(cartId: string, version: number): Promise<Cart> {
    const cart = await this.carts.getCart(cartId);
    if (cart.version !== version) throw new VersionConflictError('cart', cart.version);
    return cart;
  }

  async shippingCost(
    cartId: string,
    version: number,
    address: CheckoutAddress,
  ): Promise<ShippingQuote> {
    await this.cartAt(cartId, version);
    const updated = await this.carts.updateCart(cartId, version, [
      { action: 'setShippingAddress', address },
    ]);
    const { cart, methods } = await this.carts.quote(updated.id);
    return {
      cart,
      methods,
      freeShippingThresholdCents: FREE_SHIPPING_FROM_CENTS,
      selectedMethodId: cart.shippingMethodId ?? methods[0]?.id ?? 'standard',
    };
  }

  /** The cart's setShippingMethod; one it is not offered names methodId, as the server's 400. */
  async assignShipping(cartId: string, version: number, methodId: ShippingMethodId): Promise<Cart> {
    // One pricing of the cart answers both the version check and the methods offered.
    const { cart, methods } = await this.carts.quote(cartId);
    if (cart.version !== version) throw new VersionConflictError('cart', cart.version);
    const offered = methods.map((m) => m.id);
    if (!offered.includes(methodId)) {
      throw new CheckoutFieldsError(
        ['methodId'],
        `methodId is not offered for this cart (offered: ${offered.join(', ')})`,
      );
    }
    return this.carts.updateCart(cartId, version, [{ action: 'setShippingMethod', methodId }]);
  }

  async splitCheck(cartId: string): Promise<SplitCheck> {
    const { cart, freightSkus } = await this.carts.quote(cartId);
    const groups = shipments(cart, freightSkus);
    return { split: groups.length > 1, shipments: groups };
  }

  async authorizePayment(
    cartId: string,
    version: number,
    payment: PaymentRequest,
  ): Promise<PaymentAuthorization> {
    refuseEmpty(await this.cartAt(cartId, version));
    const paymentId = `PAY-${(this.counter += 1)}`;
    let auth: PaymentAuthorization;
    if (payment.method === 'card') {
      const answer = this.judgeCard(payment.card);
      if (answer.kind === 'declined') throw new PaymentDeclinedError();
      auth = {
        paymentId,
        status: 'authorized',
        resultCode: answer.resultCode,
        method: 'card',
        brand: answer.brand,
        last4: answer.last4,
      };
    } else if (payment.method === 'paypal') {
      if (!this.paypalTokens.has(payment.paypalToken)) {
        throw new CheckoutFieldsError(['paypalToken'], 'paypalToken is not approved');
      }
      auth = {
        paymentId,
        status: 'authorized',
        resultCode: PAYMENT_SUCCESS_CODE,
        method: 'paypal',
      };
    } else {
      if (!this.financeApplications.has(payment.applicationId)) {
        throw new CheckoutFieldsError(['applicationId'], 'applicationId is not approved');
      }
      auth = {
        paymentId,
        status: 'authorized',
        resultCode: PAYMENT_SUCCESS_CODE,
        method: 'finance',
      };
    }
    this.payments.set(`${cartId}@${version}`, auth);
    this.persist();
    return auth;
  }

  /**
   * The server's checks, in its order: the holder's name must be there (its request parsing), then
   * core's card sandbox for the brands the configuration accepts. Bad fields throw as the server's
   * 400 does, naming each one.
   */
  private judgeCard(card: CardDetails): Exclude<SandboxCardAnswer, { kind: 'invalid' }> {
    if (card.holderName.trim() === '') {
      throw new CheckoutFieldsError(['card.holderName'], 'card.holderName is required');
    }
    const answer = judgeSandboxCard(
      { ...card, number: card.number.trim(), securityCode: card.securityCode.trim() },
      this.clock.now(),
      this.acceptedBrands,
    );
    if (answer.kind !== 'invalid') return answer;
    throw new CheckoutFieldsError(
      answer.problems.map((p) => p.field),
      answer.problems.map((p) => `${p.field}: ${p.message}`).join('; '),
    );
  }

  async submitOrder(
    { cartId, version, totalCents }: OrderSubmission,
    _idempotencyKey: string,
  ): Promise<Order> {
    const existing = this.orderByCart.get(cartId);
    const placed = existing === undefined ? undefined : this.orders.get(existing);
    if (placed !== undefined) return placed;
    const cart = refuseEmpty(await this.cartAt(cartId, version));
    const auth = this.payments.get(`${cartId}@${version}`);
    if (auth === undefined) {
      throw new CheckoutFieldsError(['payment'], 'payment is required before submitting the order');
    }
    const address = cart.shippingAddress;
    if (address === undefined) {
      throw new CheckoutFieldsError(['shippingAddress'], 'shippingAddress is required');
    }
    const totals = orderTotals(cart);
    // The server's check: only the total the shopper was shown for this version is charged.
    if (totals.total !== totalCents) throw new TotalChangedError(totals.total, cart.version);
    const order: Order = {
      orderNumber: this.freshOrderNumber(),
      status: 'Open',
      orderType: 'WEB',
      createdAt: new Date(this.clock.now()).toISOString(),
      email: normalizeEmail(address.email),
      currency: cart.currency,
      shippingAddress: address,
      lineItems: cart.lineItems,
      totals,
      payment: {
        method: auth.method,
        ...(auth.brand === undefined ? {} : { brand: auth.brand }),
        ...(auth.last4 === undefined ? {} : { last4: auth.last4 }),
      },
    };
    this.orders.set(order.orderNumber, order);
    this.orderByCart.set(cartId, order.orderNumber);
    this.persist();
    this.onPlaced(order);
    // The ordered cart is done with: the shopper starts again with an empty one.
    await this.carts.deleteCart(cartId, version).catch((error: unknown) => {
      if (!(error instanceof CartNotFoundError)) throw error;
    });
    return order;
  }

  async paypalToken(cartId: string): Promise<PaypalToken> {
    await this.carts.getCart(cartId);
    const token = `EC-${(this.counter += 1)}`;
    this.paypalTokens.add(token);
    this.persist();
    return {
      token,
      approvalUrl: `/en/checkout?paypal=approved&token=${encodeURIComponent(token)}`,
    };
  }

  async createApplication(request: FinanceApplicationRequest): Promise<FinanceApplicationResponse> {
    const total = request.order_items.reduce((sum, i) => sum + i.price * i.quantity, 0);
    if (!isFinanceEligible(total)) return { status: 400 };
    const application = `FA-${(this.counter += 1)}`;
    this.financeApplications.add(application);
    this.persist();
    return {
      status: FINANCE_APPLICATION_CREATED,
      applicationUrl: `${this.origin}/en/checkout?paydiv=success&application=${application}`,
    };
  }
}
