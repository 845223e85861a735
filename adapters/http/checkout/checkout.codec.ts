/**
 * io-ts codecs of the checkout wire (docs/api.md, Checkout; issue 6 wire contract). Money is in
 * integer cents; an order's lines are cart lines, decoded with the cart's line codec.
 */
import * as t from 'io-ts';
import type {
  PaymentAuthorization,
  PaypalToken,
  ShippingQuote,
  SplitCheck,
} from '../../../core/checkout/checkout';
import type { Order } from '../../../core/orders/order';
import { CartCodec, CartLineItemCodec } from '../cart/cart.codec';

const CentsCodec = new t.Type<number, number, unknown>(
  'Cents',
  (u): u is number => typeof u === 'number' && Number.isSafeInteger(u),
  (u, c) => (typeof u === 'number' && Number.isSafeInteger(u) ? t.success(u) : t.failure(u, c)),
  t.identity,
);

const literals = <A extends string>(values: readonly [A, A, ...A[]]) =>
  t.union(values.map((v) => t.literal(v)) as unknown as [t.LiteralC<A>, t.LiteralC<A>]);

const MethodIdCodec = literals(['standard', 'expedited', 'freight']);
const PaymentMethodCodec = literals(['card', 'paypal', 'finance']);

export const ShippingQuoteCodec: t.Type<ShippingQuote, unknown, unknown> = t.intersection([
  t.type({
    cart: CartCodec,
    methods: t.array(
      t.type({ id: MethodIdCodec, label: t.string, cents: CentsCodec, estimatedDays: t.number }),
    ),
    freeShippingThresholdCents: CentsCodec,
  }),
  t.partial({ selectedMethodId: MethodIdCodec }),
]) as unknown as t.Type<ShippingQuote, unknown, unknown>;

export const SplitCheckCodec: t.Type<SplitCheck, unknown, unknown> = t.type({
  split: t.boolean,
  shipments: t.array(
    t.type({
      source: literals(['warehouse', 'drop-ship', 'service']),
      lineItemIds: t.array(t.string),
    }),
  ),
}) as unknown as t.Type<SplitCheck, unknown, unknown>;

/** Drops null optional fields, as the cart codec does. */
const withoutNulls = (u: unknown): unknown =>
  typeof u === 'object' && u !== null && !Array.isArray(u)
    ? Object.fromEntries(Object.entries(u).filter(([, v]) => v !== null))
    : u;

const PaymentAuthorizationWire = t.intersection([
  t.type({
    paymentId: t.string,
    status: t.literal('authorized'),
    resultCode: t.union([t.number, t.string]),
    method: PaymentMethodCodec,
  }),
  t.partial({ brand: t.string, last4: t.string }),
]);

export const PaymentAuthorizationCodec = new t.Type<PaymentAuthorization, unknown, unknown>(
  'PaymentAuthorization',
  (_u): _u is PaymentAuthorization => false,
  (u, c) => {
    const r = PaymentAuthorizationWire.validate(withoutNulls(u), c);
    if (r._tag === 'Left') return r;
    const code = Number(r.right.resultCode);
    return Number.isFinite(code) ? t.success({ ...r.right, resultCode: code }) : t.failure(u, c);
  },
  t.identity,
);

export const PaypalTokenCodec: t.Type<PaypalToken, unknown, unknown> = t.type({
  token: t.string,
  approvalUrl: t.string,
});

const AddressCodec = t.intersection([
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

const OrderWire = t.intersection([
  t.type({
    orderNumber: t.string,
    status: literals(['Open', 'Confirmed', 'Shipped', 'Completed', 'Cancelled']),
    orderType: literals(['WEB', 'ISC']),
    createdAt: t.string,
    email: t.string,
    shippingAddress: AddressCodec,
    lineItems: t.array(CartLineItemCodec),
    totals: t.type({
      subtotal: CentsCodec,
      discount: CentsCodec,
      shipping: CentsCodec,
      tax: CentsCodec,
      total: CentsCodec,
    }),
    payment: t.intersection([
      t.type({ method: PaymentMethodCodec }),
      t.partial({ brand: t.string, last4: t.string }),
    ]),
  }),
  t.partial({
    parentOrderNumber: t.string,
    childOrders: t.array(t.string),
    CSRAssociateId: t.string,
    currency: t.string,
  }),
]);

export const OrderCodec = new t.Type<Order, unknown, unknown>(
  'Order',
  (_u): _u is Order => false,
  (u, c) => {
    const prepared =
      typeof u === 'object' && u !== null
        ? {
            ...(withoutNulls(u) as Record<string, unknown>),
            shippingAddress: withoutNulls((u as Record<string, unknown>).shippingAddress),
            payment: withoutNulls((u as Record<string, unknown>).payment),
          }
        : u;
    return OrderWire.validate(prepared, c) as t.Validation<Order>;
  },
  t.identity,
);

/** The finance application's answer: 201 {urls:{application_url}}. */
export const FinanceApplicationAnswerCodec = t.type({
  urls: t.type({ application_url: t.string }),
});
