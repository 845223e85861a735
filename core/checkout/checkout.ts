/**
 * Checkout in the domain's own terms (spec §4 Checkout, §7 checkout and payment calls): the shipping
 * address, shipping methods, the split check, payment requests and authorizations, the placed
 * order, the port the screens call, and the typed failures the use cases act on.
 */
import type { Cart, CartShippingMethodId } from '../cart/cart';
import type { Order } from '../orders/order';
import type { Cents } from '../shared/money';

export type CheckoutCountry = 'US' | 'CA';
export const CHECKOUT_COUNTRIES: readonly CheckoutCountry[] = ['US', 'CA'];

/** The shipping address as checkout sends it (all but addressLine2 required). */
export interface CheckoutAddress {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly mobile: string;
  readonly streetName: string;
  readonly addressLine2?: string;
  readonly city: string;
  readonly state: string;
  readonly postalCode: string;
  readonly country: CheckoutCountry;
}

/** A cart's shipping method (core/cart/cart.ts): checkout offers and assigns the same ids. */
export type ShippingMethodId = CartShippingMethodId;

export interface ShippingMethod {
  readonly id: ShippingMethodId;
  readonly label: string;
  readonly cents: Cents;
  readonly estimatedDays: number;
}

/** The answer to the shipping-cost call: the cart with its address and tax, and the methods. */
export interface ShippingQuote {
  readonly cart: Cart;
  readonly methods: readonly ShippingMethod[];
  readonly freeShippingThresholdCents: Cents;
  /** The method the cart ships by now: one assigned earlier (before a PayPal or finance visit). */
  readonly selectedMethodId?: ShippingMethodId;
}

export type ShipmentSource = 'warehouse' | 'drop-ship' | 'service';

export interface SplitCheck {
  readonly split: boolean;
  readonly shipments: readonly {
    readonly source: ShipmentSource;
    readonly lineItemIds: readonly string[];
  }[];
}

export interface CardDetails {
  readonly number: string;
  readonly expiryMonth: number;
  readonly expiryYear: number;
  readonly securityCode: string;
  readonly holderName: string;
}

export type PaymentMethod = 'card' | 'paypal' | 'finance';

export type PaymentRequest =
  | { readonly method: 'card'; readonly card: CardDetails }
  | { readonly method: 'paypal'; readonly paypalToken: string }
  | { readonly method: 'finance'; readonly applicationId: string };

export interface PaymentAuthorization {
  readonly paymentId: string;
  readonly status: 'authorized';
  readonly resultCode: number;
  readonly method: PaymentMethod;
  readonly brand?: string;
  readonly last4?: string;
}

export interface PaypalToken {
  readonly token: string;
  readonly approvalUrl: string;
}

export type { Order } from '../orders/order';

/**
 * What "Place order" sends: the cart version the shopper was shown and the total they were shown
 * for it, in cents. The server refuses (TotalChangedError) when the cart it would order prices to
 * anything else, so nobody is charged an amount they did not see.
 */
export interface OrderSubmission {
  readonly cartId: string;
  readonly version: number;
  readonly totalCents: Cents;
}

/**
 * Port: the checkout API. Failures are thrown as the errors below, or core/cart/errors.ts
 * VersionConflictError (stale version) and OutOfStockError (submit found no stock).
 */
export interface CheckoutGateway {
  /** POST /checkout/shipping-cost: sets the address, answers the methods. */
  shippingCost(cartId: string, version: number, address: CheckoutAddress): Promise<ShippingQuote>;
  /** POST /checkout/v2/assign/shipmentfromcart: the chosen method; the cart with its shipping. */
  assignShipping(cartId: string, version: number, methodId: ShippingMethodId): Promise<Cart>;
  /** POST /checkout/order-split-check. */
  splitCheck(cartId: string): Promise<SplitCheck>;
  /** POST /checkout/payment. Declined → PaymentDeclinedError; bad fields → CheckoutFieldsError. */
  authorizePayment(
    cartId: string,
    version: number,
    payment: PaymentRequest,
  ): Promise<PaymentAuthorization>;
  /**
   * POST /checkout/order/submit `{cartId, version, totalCents}` with an Idempotency-Key: the same
   * order however often sent. A cart that now prices to another total → TotalChangedError.
   */
  submitOrder(submission: OrderSubmission, idempotencyKey: string): Promise<Order>;
  /** GET /payment/paypal/getToken. */
  paypalToken(cartId: string): Promise<PaypalToken>;
}

export class PaymentDeclinedError extends Error {
  readonly code = 'PaymentDeclined';
  constructor() {
    super('The payment was declined');
    this.name = 'PaymentDeclinedError';
  }
}

/**
 * 409 TotalChanged: the cart no longer comes to the total the shopper was shown (a price or a
 * discount changed under it). Nothing was ordered; `totalCents` is what it comes to now.
 */
export class TotalChangedError extends Error {
  readonly code = 'TotalChanged';
  constructor(
    readonly totalCents: Cents,
    readonly currentVersion: number,
  ) {
    super(`The cart's total is now ${totalCents} cents (version ${currentVersion})`);
    this.name = 'TotalChangedError';
  }
}

/** The server refused some fields (400 naming them). */
export class CheckoutFieldsError extends Error {
  readonly code = 'InvalidFields';
  constructor(
    readonly fields: readonly string[],
    message: string,
  ) {
    super(message);
    this.name = 'CheckoutFieldsError';
  }
}

/** The address form as typed: every field a string. */
export interface AddressForm {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly mobile: string;
  readonly streetName: string;
  readonly addressLine2: string;
  readonly city: string;
  readonly state: string;
  readonly postalCode: string;
  readonly country: string;
}
