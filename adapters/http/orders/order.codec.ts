/**
 * io-ts codecs of the orders wire (docs/api.md "Orders"): an order's JSON is core/orders/order.ts
 * `Order`, money in integer cents, line items the cart's line items (decoded with the cart codec,
 * which fills the flags the wire may leave out). Optional fields sent as `null` are dropped.
 */
import * as t from 'io-ts';
import type { ShippingAddress } from '../../../core/cart/cart';
import {
  ORDER_STATUSES,
  type Order,
  type OrderPayment,
  type OrderStatus,
} from '../../../core/orders/order';
import { CartLineItemCodec } from '../cart/cart.codec';

const CentsCodec = new t.Type<number, number, unknown>(
  'Cents',
  (u): u is number => typeof u === 'number' && Number.isSafeInteger(u),
  (u, c) => (typeof u === 'number' && Number.isSafeInteger(u) ? t.success(u) : t.failure(u, c)),
  t.identity,
);

const StatusCodec = new t.Type<OrderStatus, OrderStatus, unknown>(
  'OrderStatus',
  (u): u is OrderStatus =>
    typeof u === 'string' && (ORDER_STATUSES as readonly string[]).includes(u),
  (u, c) =>
    typeof u === 'string' && (ORDER_STATUSES as readonly string[]).includes(u)
      ? t.success(u as OrderStatus)
      : t.failure(u, c),
  t.identity,
);

const ShippingAddressCodec: t.Type<ShippingAddress, unknown, unknown> = t.intersection([
  t.type({ firstName: t.string, lastName: t.string, email: t.string, mobile: t.string }),
  t.partial({
    streetName: t.string,
    addressLine2: t.string,
    city: t.string,
    state: t.string,
    postalCode: t.string,
    country: t.string,
  }),
]);

const PaymentCodec: t.Type<OrderPayment, unknown, unknown> = t.intersection([
  t.type({ method: t.keyof({ card: null, paypal: null, finance: null }) }),
  t.partial({ brand: t.string, last4: t.string }),
]);

const OrderWireCodec = t.intersection([
  t.type({
    orderNumber: t.string,
    status: StatusCodec,
    orderType: t.keyof({ WEB: null, ISC: null }),
    createdAt: t.string,
    email: t.string,
    shippingAddress: ShippingAddressCodec,
    lineItems: t.readonlyArray(CartLineItemCodec),
    totals: t.type({
      subtotal: CentsCodec,
      discount: CentsCodec,
      shipping: CentsCodec,
      tax: CentsCodec,
      total: CentsCodec,
    }),
    payment: PaymentCodec,
  }),
  t.partial({
    parentOrderNumber: t.string,
    childOrders: t.readonlyArray(t.string),
    CSRAssociateId: t.string,
    currency: t.string,
  }),
]);

const withoutNulls = (u: unknown): unknown => {
  if (typeof u !== 'object' || u === null || Array.isArray(u)) return u;
  const strip = (o: object) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null));
  const top = strip(u) as Record<string, unknown>;
  for (const key of ['shippingAddress', 'payment']) {
    const inner = top[key];
    if (typeof inner === 'object' && inner !== null && !Array.isArray(inner))
      top[key] = strip(inner);
  }
  return top;
};

export const OrderCodec: t.Type<Order, unknown, unknown> = new t.Type<Order, unknown, unknown>(
  'Order',
  (_u): _u is Order => false,
  (u, c) => OrderWireCodec.validate(withoutNulls(u), c) as t.Validation<Order>,
  (a) => a,
);

/** `{results: [Order]}`, the shape of every orders list answer. */
export const OrderResultsCodec = t.type({ results: t.readonlyArray(OrderCodec) });
