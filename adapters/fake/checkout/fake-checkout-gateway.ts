/**
 * The checkout, payment and finance sandboxes in the tab, for the offline demo and UI tests. It
 * follows the server's rules (issue 6 wire contract): the card sandbox is core's, the server's own
 * (core/checkout/card-sandbox.ts: 4111 1111 1111 1111 approves with 870, 4000 0000 0000 0002
 * declines; Luhn, the configuration's card types, expiry within 16 years, the brand's CVV length),
 * PayPal tokens and finance applications that approve at once, a payment per cart version, and a
 * submit that answers the same order for the same cart however often it is sent. The shipping
 * method is the cart's (setShippingMethod on the fake cart, priced by it as the server's pricing
 * does): expedited is offered only while the cart holds goods, and shipping codes never come off it.
 */
import { SHIPPING_METHOD_TERMS, type Cart } from '../../../core/cart/cart';
import { VersionConflictError, CartNotFoundError } from '../../../core/cart/errors';
import type { CartGateway } from '../../../core/cart/ports';
import { summarizeCart } from '../../../core/cart/summary';
import { acceptedCardBrands, type CardBrand } from '../../../core/checkout/card';
import { judgeSandboxCard, type SandboxCardAnswer } from '../../../core/checkout/card-sandbox';
import {
  CheckoutFieldsError,
  PaymentDeclinedError,
  type CardDetails,
  type CheckoutAddress,
  type CheckoutGateway,
  type PaymentAuthorization,
  type PaymentRequest,
  type PaypalToken,
  type ShippingMethod,
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
import {
  FAKE_EXPEDITED_CENTS,
  FAKE_FREE_SHIPPING_FROM_CENTS,
  fakeOfferedMethodIds,
  fakeStandardShippingCents,
} from '../cart/fake-cart-gateway';

export { FAKE_EXPEDITED_CENTS } from '../cart/fake-cart-gateway';

/**
 * The methods the cart may ship by at its prices: standard is what the fake cart charges for it
 * (free from FAKE_FREE_SHIPPING_FROM_CENTS), so the demo shows one shipping price from cart to
 * checkout; expedited only while the cart holds goods.
 */
const methodsFor = (cart: Cart): readonly ShippingMethod[] =>
  fakeOfferedMethodIds(cart.lineItems).map((id) => ({
    id,
    ...SHIPPING_METHOD_TERMS[id],
    cents: id === 'expedited' ? FAKE_EXPEDITED_CENTS : fakeStandardShippingCents(cart.lineItems),
  }));

export class FakeCheckoutGateway implements CheckoutGateway, FinanceGateway {
  private readonly payments = new Map<string, PaymentAuthorization>();
  private readonly orders = new Map<string, Order>();
  private readonly orderByCart = new Map<string, string>();
  private readonly paypalTokens = new Set<string>();
  private readonly financeApplications = new Set<string>();
  private readonly acceptedBrands: readonly CardBrand[];
  private counter = 0;
  private nextOrderNumber = 100_001;

  constructor(
    private readonly carts: CartGateway,
    private readonly clock: Clock,
    /** Where the sandboxes send the shopper back, e.g. window.location.origin. */
    private readonly origin: string,
    /** Told of each order once it is placed (the demo's order history records it). */
    private readonly onPlaced: (order: Order) => void = () => undefined,
    /** The configuration's card types (spec §3): only their brands are taken, as on the server. */
    cardTypes: readonly string[] = DEFAULT_CONFIGURATION.lists.cardTypes,
  ) {
    this.acceptedBrands = acceptedCardBrands(cardTypes);
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
    const cart = await this.carts.updateCart(cartId, version, [
      { action: 'setShippingAddress', address },
    ]);
    return {
      cart,
      methods: methodsFor(cart),
      freeShippingThresholdCents: FAKE_FREE_SHIPPING_FROM_CENTS,
      selectedMethodId: cart.shippingMethodId ?? 'standard',
    };
  }

  /** The cart's setShippingMethod; one it is not offered names methodId, as the server's 400. */
  async assignShipping(cartId: string, version: number, methodId: ShippingMethodId): Promise<Cart> {
    const current = await this.cartAt(cartId, version);
    const offered = methodsFor(current).map((m) => m.id);
    if (!offered.includes(methodId)) {
      throw new CheckoutFieldsError(
        ['methodId'],
        `methodId is not offered for this cart (offered: ${offered.join(', ')})`,
      );
    }
    return this.carts.updateCart(cartId, version, [{ action: 'setShippingMethod', methodId }]);
  }

  async splitCheck(cartId: string): Promise<SplitCheck> {
    const cart = await this.carts.getCart(cartId);
    const goods = cart.lineItems.filter((l) => !l.isService).map((l) => l.id);
    const services = cart.lineItems.filter((l) => l.isService).map((l) => l.id);
    const shipments = [
      ...(goods.length > 0 ? [{ source: 'warehouse' as const, lineItemIds: goods }] : []),
      ...(services.length > 0 ? [{ source: 'service' as const, lineItemIds: services }] : []),
    ];
    return { split: shipments.length > 1, shipments };
  }

  async authorizePayment(
    cartId: string,
    version: number,
    payment: PaymentRequest,
  ): Promise<PaymentAuthorization> {
    await this.cartAt(cartId, version);
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

  async submitOrder(cartId: string, version: number, _idempotencyKey: string): Promise<Order> {
    const existing = this.orderByCart.get(cartId);
    const placed = existing === undefined ? undefined : this.orders.get(existing);
    if (placed !== undefined) return placed;
    const cart = await this.cartAt(cartId, version);
    const auth = this.payments.get(`${cartId}@${version}`);
    if (auth === undefined) {
      throw new CheckoutFieldsError(['payment'], 'payment is required before submitting the order');
    }
    const address = cart.shippingAddress;
    if (address === undefined) {
      throw new CheckoutFieldsError(['shippingAddress'], 'shippingAddress is required');
    }
    const summary = summarizeCart(cart).cents;
    const order: Order = {
      orderNumber: `LV-${this.nextOrderNumber++}`,
      status: 'Open',
      orderType: 'WEB',
      createdAt: new Date(this.clock.now()).toISOString(),
      email: address.email,
      currency: cart.currency,
      shippingAddress: address,
      lineItems: cart.lineItems,
      totals: {
        subtotal: summary.subtotal,
        discount: summary.totalPromotions,
        shipping: summary.estimatedShipping,
        tax: summary.estimatedTax,
        total: summary.estimatedTotal,
      },
      payment: {
        method: auth.method,
        ...(auth.brand === undefined ? {} : { brand: auth.brand }),
        ...(auth.last4 === undefined ? {} : { last4: auth.last4 }),
      },
    };
    this.orders.set(order.orderNumber, order);
    this.orderByCart.set(cartId, order.orderNumber);
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
    return {
      status: FINANCE_APPLICATION_CREATED,
      applicationUrl: `${this.origin}/en/checkout?paydiv=success&application=${application}`,
    };
  }
}
