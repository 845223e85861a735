/**
 * A test double of the checkout API built on core's cart engine (updateCart, setShippingMethod,
 * the discount codes, quoteCart over PROMOTIONS): the cart is priced the way the server prices it,
 * and the submit makes the server's checks — the version, the total shown (totalCents) against the
 * cart priced now, the payment for that version and the amount it was authorised for — so a test
 * can drive checkout's use cases against it and change the cart, or a price, behind their back.
 */
import type { Cart, ShippingAddress } from '../../../core/cart/cart';
import { VersionConflictError } from '../../../core/cart/errors';
import {
  applyDiscountCode,
  createCartState,
  removeDiscountCode,
  setShippingMethod,
  updateCart,
} from '../../../core/cart/engine/engine';
import type {
  CartState,
  EngineAction,
  EngineResult,
  ItemFacts,
} from '../../../core/cart/engine/model';
import {
  FREE_SHIPPING_FROM_CENTS,
  quoteCart,
  type CartQuote,
} from '../../../core/cart/engine/pricing';
import { PROMOTIONS } from '../../../core/cart/engine/promotions';
import {
  CheckoutFieldsError,
  PaymentDeclinedError,
  TotalChangedError,
  type CheckoutAddress,
  type CheckoutGateway,
  type Order,
  type OrderSubmission,
  type PaymentAuthorization,
  type PaymentRequest,
  type PaypalToken,
  type ShippingMethodId,
  type ShippingQuote,
  type SplitCheck,
} from '../../../core/checkout/checkout';
import { PAYMENT_SUCCESS_CODE } from '../../../core/checkout/payment';
import { orderTotals, shipments } from '../../../core/checkout/shipments';
import { itemFacts } from '../cart/engine/item-facts';

const NOW = '2026-03-01T12:00:00.000Z';

export const APPROVING_CARD = '4111111111111111';

/** Plenty in stock, back-orderable: checkout's property never runs out. */
export const item = (sku: string, over: Partial<ItemFacts> = {}): ItemFacts =>
  itemFacts(sku, {
    categorySlug: 'sinks',
    categoryName: 'Sinks',
    availableQty: 999,
    backorderable: true,
    ...over,
  });

/** One placed order with what the submit said it was shown. */
export interface PlacedOrder {
  readonly order: Order;
  readonly submission: OrderSubmission;
}

export class EngineCheckoutGateway implements CheckoutGateway {
  state: CartState;
  private readonly catalogue = new Map<string, ItemFacts>();
  private readonly payments = new Map<number, { auth: PaymentAuthorization; amount: number }>();
  readonly placed: PlacedOrder[] = [];
  private ids = 0;

  constructor(items: readonly ItemFacts[]) {
    for (const i of items) this.catalogue.set(i.sku, i);
    this.state = createCartState({ id: 'cart-1', currency: 'USD', cartType: 'FG' });
  }

  private get env() {
    return {
      catalogue: this.catalogue,
      discounts: PROMOTIONS,
      now: NOW,
      newId: () => `line-${(this.ids += 1)}`,
      redemptions: new Map<string, number>(),
    };
  }

  quote(): CartQuote {
    return quoteCart(this.state, this.env);
  }

  /** The cart as GET /cart answers it now. */
  cart(): Cart {
    return this.quote().cart;
  }

  get ordered(): boolean {
    return this.placed.length > 0;
  }

  private take(result: EngineResult<CartState>): Cart {
    if (!result.ok) {
      if (result.error.kind === 'conflict') {
        throw new VersionConflictError('cart', result.error.currentVersion);
      }
      throw new CheckoutFieldsError(['cart'], result.error.kind);
    }
    this.state = result.value;
    return this.cart();
  }

  /** The cart page (or another tab): update actions on the current version. */
  update(actions: readonly EngineAction[]): Cart {
    return this.take(updateCart(this.state, this.state.version, actions, this.env));
  }

  applyCode(code: string): boolean {
    const r = applyDiscountCode(this.state, this.state.version, code, this.env);
    if (r.ok) this.state = r.value;
    return r.ok;
  }

  removeCode(id: string): boolean {
    const r = removeDiscountCode(this.state, this.state.version, id);
    if (r.ok) this.state = r.value;
    return r.ok;
  }

  /** A catalogue price changes: the cart's version stays, its total does not. */
  setPrice(sku: string, listCents: number): void {
    const facts = this.catalogue.get(sku);
    if (facts !== undefined) this.catalogue.set(sku, { ...facts, listCents });
  }

  private at(cartId: string, version: number): void {
    if (cartId !== this.state.id || this.ordered) throw new CheckoutFieldsError(['cartId'], 'gone');
    if (version !== this.state.version) {
      throw new VersionConflictError('cart', this.state.version);
    }
  }

  async shippingCost(
    cartId: string,
    version: number,
    address: CheckoutAddress,
  ): Promise<ShippingQuote> {
    this.at(cartId, version);
    const shipping: ShippingAddress = { ...address, email: address.email.toLowerCase() };
    const cart = this.update([{ action: 'setShippingAddress', address: shipping }]);
    const { methods } = this.quote();
    return {
      cart,
      methods,
      freeShippingThresholdCents: FREE_SHIPPING_FROM_CENTS,
      selectedMethodId: cart.shippingMethodId ?? 'standard',
    };
  }

  async assignShipping(cartId: string, version: number, methodId: ShippingMethodId): Promise<Cart> {
    this.at(cartId, version);
    return this.take(setShippingMethod(this.state, version, methodId, this.env));
  }

  async splitCheck(): Promise<SplitCheck> {
    const { cart, freightSkus } = this.quote();
    const groups = shipments(cart, freightSkus);
    return { split: groups.length > 1, shipments: groups };
  }

  async authorizePayment(
    cartId: string,
    version: number,
    payment: PaymentRequest,
  ): Promise<PaymentAuthorization> {
    this.at(cartId, version);
    if (payment.method !== 'card' || payment.card.number !== APPROVING_CARD) {
      throw new PaymentDeclinedError();
    }
    const auth: PaymentAuthorization = {
      paymentId: `PAY-${version}`,
      status: 'authorized',
      resultCode: PAYMENT_SUCCESS_CODE,
      method: 'card',
      brand: 'visa',
      last4: '1111',
    };
    this.payments.set(version, { auth, amount: orderTotals(this.cart()).total });
    return auth;
  }

  /** The server's submit: the same checks, in its order, and nothing written when one fails. */
  async submitOrder(submission: OrderSubmission, _key: string): Promise<Order> {
    this.at(submission.cartId, submission.version);
    const cart = this.cart();
    const total = orderTotals(cart).total;
    if (submission.totalCents !== total) throw new TotalChangedError(total, cart.version);
    const payment = this.payments.get(cart.version);
    if (payment === undefined) throw new CheckoutFieldsError(['payment'], 'payment is required');
    if (payment.amount !== total) throw new TotalChangedError(total, cart.version);
    const address = cart.shippingAddress;
    if (address === undefined) throw new CheckoutFieldsError(['address'], 'address is required');
    const order: Order = {
      orderNumber: `LV-${100_001 + this.placed.length}`,
      status: 'Open',
      orderType: 'WEB',
      createdAt: NOW,
      email: address.email,
      currency: cart.currency,
      shippingAddress: address,
      lineItems: cart.lineItems,
      totals: orderTotals(cart),
      payment: { method: 'card', brand: 'visa', last4: '1111' },
    };
    this.placed.push({ order, submission });
    return order;
  }

  async paypalToken(): Promise<PaypalToken> {
    throw new Error('not in this double');
  }
}
