/**
 * An order as the orders API returns it (docs/api.md "Orders", issue 6 wire contract). Amounts are
 * integer cents; line items are the cart's line items as they were when the order was placed.
 */
import type { CartLineItem, ShippingAddress } from '../cart/cart';
import type { Cents } from '../shared/money';

/** Spec §3 order constants plus the states an order passes through (Open → Confirmed → Shipped → Completed). */
export const ORDER_STATUSES = ['Open', 'Confirmed', 'Shipped', 'Completed', 'Cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** WEB for shoppers; ISC for orders a sales associate entered (spec §6). */
export type OrderType = 'WEB' | 'ISC';

export type OrderPaymentMethod = 'card' | 'paypal' | 'finance';

export interface OrderTotals {
  readonly subtotal: Cents;
  readonly discount: Cents;
  readonly shipping: Cents;
  readonly tax: Cents;
  readonly total: Cents;
}

export interface OrderPayment {
  readonly method: OrderPaymentMethod;
  readonly brand?: string;
  readonly last4?: string;
}

export interface Order {
  /** e.g. LV-7KM3Q9XW2D (core/orders/order-number.ts); older orders LV-100001. */
  readonly orderNumber: string;
  /** Set on a child order of a split order. */
  readonly parentOrderNumber?: string;
  /** Set on a parent order that was split: its children's order numbers. */
  readonly childOrders?: readonly string[];
  readonly status: OrderStatus;
  readonly orderType: OrderType;
  readonly CSRAssociateId?: string;
  /** ISO 8601 instant. */
  readonly createdAt: string;
  readonly email: string;
  readonly shippingAddress: ShippingAddress;
  readonly lineItems: readonly CartLineItem[];
  readonly totals: OrderTotals;
  /** The currency of every amount (the cart's, e.g. 'USD'); absent on orders that predate it. */
  readonly currency?: string;
  readonly payment: OrderPayment;
}

/** Which of the customer's orders a history tab shows (GET /orders?state=open|past). */
export type OrderState = 'open' | 'past';
export const ORDER_STATES: readonly OrderState[] = ['open', 'past'];

/** Completed and Cancelled orders are past; every other status is still open. */
export const orderStateOf = (status: OrderStatus): OrderState =>
  status === 'Completed' || status === 'Cancelled' ? 'past' : 'open';

/** Units on the order, bundle children not counted (as the cart counts them). */
export const orderItemCount = (order: Pick<Order, 'lineItems'>): number =>
  order.lineItems
    .filter((line) => line.bundleParentId === undefined)
    .reduce((sum, line) => sum + line.quantity, 0);
