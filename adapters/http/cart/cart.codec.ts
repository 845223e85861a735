/**
 * io-ts codecs of the cart wire (docs/api.md, Cart): a cart's JSON is core/cart/cart.ts `Cart`,
 * money in integer cents. The mapper fills what the wire may leave out (flags default to false,
 * lists to empty, amounts to 0), reads the spec's `qty` when `quantity` is absent, drops `null`
 * optional fields, and maps a shared cart's lowercase `lineitems` to `lineItems`.
 */
import * as t from 'io-ts';
import type {
  AppliedDiscountCode,
  Cart,
  CartLineItem,
  LineItemDiscount,
  SharedCart,
} from '../../../core/cart/cart';
import type { SharedCartRef } from '../../../core/cart/ports';

const LocalizedTextCodec = t.record(t.string, t.string);

/** Whole cents: an integer that JavaScript holds exactly. */
const CentsCodec = new t.Type<number, number, unknown>(
  'Cents',
  (u): u is number => typeof u === 'number' && Number.isSafeInteger(u),
  (u, c) => (typeof u === 'number' && Number.isSafeInteger(u) ? t.success(u) : t.failure(u, c)),
  t.identity,
);

const LineItemShippingCodec = t.intersection([
  t.type({ salesChannel: t.string }),
  t.partial({ roomInfo: t.string, customQuantity: t.number, overage: t.number }),
]);

const DiscountValueCodec = t.union([
  t.type({ type: t.literal('relative'), percent: t.number }),
  t.type({ type: t.literal('absolute'), cents: CentsCodec }),
]);

const LineItemDiscountCodec = t.intersection([
  t.type({
    id: t.string,
    kind: t.union([t.literal('sitewide'), t.literal('cart')]),
    value: DiscountValueCodec,
    amount: CentsCodec,
  }),
  t.partial({ code: t.string }),
]);

const LineItemWireCodec = t.intersection([
  t.type({
    id: t.string,
    sku: t.string,
    quantity: t.number,
    addedAt: t.string,
    productSlug: LocalizedTextCodec,
    name: LocalizedTextCodec,
    price: t.intersection([
      t.type({ value: CentsCodec }),
      t.partial({ discountedValue: CentsCodec }),
    ]),
  }),
  t.partial({
    description: LocalizedTextCodec,
    discountedPrice: CentsCodec,
    lineItemShipping: LineItemShippingCodec,
    bundleParentId: t.string,
    discounts: t.array(LineItemDiscountCodec),
    availableQty: t.number,
    backorderable: t.boolean,
    leadTime: t.string,
    noShipping: t.boolean,
    isService: t.boolean,
    category: t.string,
    brand: t.string,
    color: t.string,
    image: t.string,
    isComboSku: t.boolean,
    businessUnitName: t.string,
  }),
]);
type LineItemWire = t.TypeOf<typeof LineItemWireCodec>;

const ShippingAddressCodec = t.intersection([
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

const AppliedDiscountCodeCodec = t.intersection([
  t.type({
    id: t.string,
    code: t.string,
    target: t.union([t.literal('lineItems'), t.literal('shipping')]),
  }),
  t.partial({ shippingDiscount: CentsCodec }),
]);

/** core/cart/cart.ts CartShippingMethodId: the method the cart's shippingCost is for. */
const ShippingMethodIdCodec = t.keyof({ standard: null, expedited: null, freight: null });

const CartWireCodec = t.intersection([
  t.type({ id: t.string, version: t.number, currency: t.string, lineItems: t.array(t.unknown) }),
  t.partial({
    anonymousId: t.string,
    cartType: t.string,
    customerEmail: t.string,
    totalTax: CentsCodec,
    shippingAddress: ShippingAddressCodec,
    discountCodes: t.array(AppliedDiscountCodeCodec),
    shippingCost: CentsCodec,
    shippingMethodId: ShippingMethodIdCodec,
    freightDiscount: CentsCodec,
  }),
]);

/** JSON has no undefined: an optional field the server sends as null means "absent". */
const withoutNulls = (u: unknown): unknown => {
  if (Array.isArray(u)) return u.map(withoutNulls);
  if (typeof u !== 'object' || u === null) return u;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(u)) {
    if (value !== null) out[key] = withoutNulls(value);
  }
  return out;
};

/** The spec's server lines may say `qty` instead of `quantity`. */
const withQuantity = (u: unknown): unknown => {
  if (typeof u !== 'object' || u === null || Array.isArray(u)) return u;
  const line = u as Record<string, unknown>;
  return line.quantity === undefined && line.qty !== undefined
    ? { ...line, quantity: line.qty }
    : line;
};

/** The object without its undefined fields (exactOptionalPropertyTypes: absent, not undefined). */
const definedOnly = <T>(o: { readonly [K in keyof T]: T[K] | undefined }): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

const toDiscount = (d: t.TypeOf<typeof LineItemDiscountCodec>): LineItemDiscount =>
  definedOnly<LineItemDiscount>({
    id: d.id,
    kind: d.kind,
    value: d.value,
    amount: d.amount,
    code: d.code,
  });

const toLineItem = (w: LineItemWire): CartLineItem =>
  definedOnly<CartLineItem>({
    id: w.id,
    sku: w.sku,
    quantity: w.quantity,
    addedAt: w.addedAt,
    productSlug: w.productSlug,
    name: w.name,
    description: w.description,
    price: definedOnly<CartLineItem['price']>({
      value: w.price.value,
      discountedValue: w.price.discountedValue,
    }),
    discountedPrice: w.discountedPrice,
    lineItemShipping: w.lineItemShipping,
    bundleParentId: w.bundleParentId,
    discounts: (w.discounts ?? []).map(toDiscount),
    availableQty: w.availableQty,
    backorderable: w.backorderable ?? false,
    leadTime: w.leadTime,
    noShipping: w.noShipping ?? false,
    isService: w.isService ?? false,
    category: w.category,
    brand: w.brand,
    color: w.color,
    image: w.image,
    isComboSku: w.isComboSku ?? false,
    businessUnitName: w.businessUnitName,
  });

/** A codec that validates `prepare(u)` with `inner` and maps the result. */
const mapped = <I, A>(
  name: string,
  inner: t.Type<I, unknown, unknown>,
  prepare: (u: unknown) => unknown,
  map: (i: I, context: t.Context) => t.Validation<A>,
): t.Type<A, unknown, unknown> =>
  new t.Type<A, unknown, unknown>(
    name,
    (_u): _u is A => false,
    (u, context) => {
      const result = inner.validate(prepare(u), context);
      return result._tag === 'Left' ? result : map(result.right, context);
    },
    (a) => a,
  );

export const CartLineItemCodec: t.Type<CartLineItem, unknown, unknown> = mapped(
  'CartLineItem',
  LineItemWireCodec,
  (u) => withQuantity(withoutNulls(u)),
  (w) => t.success(toLineItem(w)),
);

const decodeLines = (
  lines: readonly unknown[],
  context: t.Context,
  key: string,
): t.Validation<CartLineItem[]> =>
  t
    .array(CartLineItemCodec)
    .validate(lines, [...context, { key, type: t.array(t.unknown), actual: lines }]);

const toCodes = (codes: readonly t.TypeOf<typeof AppliedDiscountCodeCodec>[] | undefined) =>
  (codes ?? []).map((c): AppliedDiscountCode => ({
    id: c.id,
    code: c.code,
    target: c.target,
    shippingDiscount: c.shippingDiscount ?? 0,
  }));

export const CartCodec: t.Type<Cart, unknown, unknown> = mapped(
  'Cart',
  CartWireCodec,
  withoutNulls,
  (w, context) => {
    const lines = decodeLines(w.lineItems, context, 'lineItems');
    if (lines._tag === 'Left') return lines;
    return t.success(
      definedOnly<Cart>({
        id: w.id,
        version: w.version,
        anonymousId: w.anonymousId,
        cartType: w.cartType,
        customerEmail: w.customerEmail,
        currency: w.currency,
        lineItems: lines.right,
        totalTax: w.totalTax ?? 0,
        shippingAddress: w.shippingAddress,
        discountCodes: toCodes(w.discountCodes),
        shippingCost: w.shippingCost ?? 0,
        shippingMethodId: w.shippingMethodId,
        freightDiscount: w.freightDiscount ?? 0,
      }),
    );
  },
);

export const CartListCodec = t.array(CartCodec);

/** GET /cart/sharedcart/{id}: lowercase `lineitems` on the wire (spec §3); `lineItems` accepted. */
export const SharedCartCodec: t.Type<SharedCart, unknown, unknown> = mapped(
  'SharedCart',
  t.intersection([
    t.type({ id: t.string, currency: t.string }),
    t.partial({ lineitems: t.array(t.unknown), lineItems: t.array(t.unknown) }),
  ]),
  withoutNulls,
  (w, context) => {
    const raw = w.lineitems ?? w.lineItems;
    if (raw === undefined)
      return t.failure(w, [
        ...context,
        { key: 'lineitems', type: t.array(t.unknown), actual: undefined },
      ]);
    const lines = decodeLines(raw, context, w.lineitems === undefined ? 'lineItems' : 'lineitems');
    if (lines._tag === 'Left') return lines;
    return t.success({ id: w.id, currency: w.currency, lineItems: lines.right });
  },
);

export const SharedCartRefCodec: t.Type<SharedCartRef, unknown, unknown> = t.type({
  sharedCartId: t.string,
});

/** POST /cart/merge answers `{data: {FGCart: Cart}}` (spec §7). */
export const MergeAnswerCodec = t.type({ data: t.type({ FGCart: CartCodec }) });
