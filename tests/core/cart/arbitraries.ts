/** Generators of server carts for the cart properties. */
import fc from 'fast-check';
import type {
  AppliedDiscountCode,
  Cart,
  CartLineItem,
  LineItemDiscount,
} from '../../../core/cart/cart';

export const skuArb = fc
  .tuple(fc.boolean(), fc.stringMatching(/^[A-Z0-9][A-Z0-9-]{0,12}$/))
  .map(([internal, body]) => (internal ? `K-${body}` : body));

export const CATEGORIES = [
  'Kitchen Faucets',
  'toilets',
  'Design Services',
  'install-services',
  'INSTALL_SERVICES',
  'Service Parts',
] as const;

export const LINE_CODES = ['SAVE10', 'SPRING', 'TRADE15'] as const;

const isoInstant = fc
  .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
  .map((d) => d.toISOString());

/** A few instants only, so that ties in addedAt happen often. */
const fewInstants = fc.constantFrom(
  '2025-01-01T00:00:00.000Z',
  '2025-01-02T00:00:00.000Z',
  '2025-01-03T10:00:00.000Z',
);

interface LineSpec {
  sku: string;
  quantity: number;
  list: number;
  salePercent: number | null;
  cartCuts: { percent: number; code: string | null }[];
  addedAt: string;
  bundleChild: boolean;
  availableQty: number | undefined;
  backorderable: boolean;
  isService: boolean;
  noShipping: boolean;
  isComboSku: boolean;
  category: string | undefined;
  roomInfo: string | undefined;
}

const lineSpec = (instants: fc.Arbitrary<string>): fc.Arbitrary<LineSpec> =>
  fc.record({
    sku: skuArb,
    quantity: fc.integer({ min: 1, max: 20 }),
    list: fc.integer({ min: 0, max: 500_000 }),
    salePercent: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
    cartCuts: fc.array(
      fc.record({
        percent: fc.integer({ min: 0, max: 60 }),
        code: fc.option(fc.constantFrom(...LINE_CODES), { nil: null }),
      }),
      { maxLength: 2 },
    ),
    addedAt: instants,
    bundleChild: fc.boolean(),
    availableQty: fc.option(fc.integer({ min: 0, max: 30 }), { nil: undefined }),
    backorderable: fc.boolean(),
    isService: fc.boolean(),
    noShipping: fc.boolean(),
    isComboSku: fc.boolean(),
    category: fc.option(fc.constantFrom(...CATEGORIES), { nil: undefined }),
    roomInfo: fc.option(fc.constantFrom('Kitchen', 'Main bath'), { nil: undefined }),
  });

/** A server line whose prices and discount amounts agree, as a real server's do. */
const toLine = (s: LineSpec, index: number, parentId: string | undefined): CartLineItem => {
  const discounts: LineItemDiscount[] = [];
  let afterProduct = s.list;
  if (s.salePercent !== null) {
    const cut = Math.floor((s.list * s.salePercent) / 100);
    afterProduct = s.list - cut;
    discounts.push({
      id: `sale-${s.salePercent}`,
      kind: 'sitewide',
      value: { type: 'relative', percent: s.salePercent },
      amount: cut * s.quantity,
    });
  }
  let net = afterProduct;
  s.cartCuts.forEach((c, i) => {
    const cut = Math.floor((net * c.percent) / 100);
    net -= cut;
    discounts.push({
      id: c.code === null ? `auto-${i}` : `cd-${c.code}`,
      kind: 'cart',
      value:
        i % 2 === 0 ? { type: 'relative', percent: c.percent } : { type: 'absolute', cents: cut },
      ...(c.code === null ? {} : { code: c.code }),
      amount: cut * s.quantity,
    });
  });
  return {
    id: `line-${index}`,
    sku: s.sku,
    quantity: s.quantity,
    addedAt: s.addedAt,
    productSlug: { 'en-US': `slug-${index}` },
    name: { 'en-US': `Name ${index}`, 'fr-CA': `Nom ${index}` },
    price:
      s.salePercent === null ? { value: s.list } : { value: s.list, discountedValue: afterProduct },
    ...(s.cartCuts.length === 0 ? {} : { discountedPrice: net }),
    ...(s.roomInfo === undefined
      ? {}
      : { lineItemShipping: { salesChannel: 'KOUS', roomInfo: s.roomInfo } }),
    ...(parentId === undefined ? {} : { bundleParentId: parentId }),
    discounts,
    ...(s.availableQty === undefined ? {} : { availableQty: s.availableQty }),
    backorderable: s.backorderable,
    noShipping: s.noShipping,
    isService: s.isService,
    ...(s.category === undefined ? {} : { category: s.category }),
    isComboSku: s.isComboSku,
  };
};

export const linesArb = (
  options: { maxLength?: number; instants?: fc.Arbitrary<string> } = {},
): fc.Arbitrary<CartLineItem[]> =>
  fc
    .array(lineSpec(options.instants ?? fc.oneof(isoInstant, fewInstants)), {
      maxLength: options.maxLength ?? 12,
    })
    .map((specs) =>
      specs.map((s, i) =>
        // A bundle child points at an earlier line; the first line is never a child.
        toLine(s, i, s.bundleChild && i > 0 ? `line-${i - 1}` : undefined),
      ),
    );

/** A consistent cart: line discount amounts match prices; applied codes match line codes. */
export const cartArb = (options: { maxLines?: number } = {}): fc.Arbitrary<Cart> =>
  fc
    .record({
      lines: linesArb({ maxLength: options.maxLines ?? 12 }),
      version: fc.integer({ min: 1, max: 1000 }),
      totalTax: fc.integer({ min: 0, max: 100_000 }),
      shippingCost: fc.integer({ min: 0, max: 20_000 }),
      freightDiscount: fc.integer({ min: 0, max: 25_000 }),
      shippingCodes: fc.array(fc.integer({ min: 0, max: 25_000 }), { maxLength: 2 }),
      unusedCode: fc.boolean(),
      currency: fc.constantFrom('USD', 'CAD', 'GBP'),
    })
    .map((r): Cart => {
      const used = new Set(r.lines.flatMap((l) => l.discounts.flatMap((d) => d.code ?? [])));
      if (r.unusedCode) used.add('NOTHING-MATCHES');
      const lineCodes: AppliedDiscountCode[] = [...used].map((code) => ({
        id: `dc-${code}`,
        code,
        target: 'lineItems',
        shippingDiscount: 0,
      }));
      const shippingCodes: AppliedDiscountCode[] = r.shippingCodes.map((cents, i) => ({
        id: `dc-SHIP${i}`,
        code: `SHIP${i}`,
        target: 'shipping',
        shippingDiscount: cents,
      }));
      return {
        id: 'cart-1',
        version: r.version,
        cartType: 'storefront',
        currency: r.currency,
        lineItems: r.lines,
        totalTax: r.totalTax,
        discountCodes: [...lineCodes, ...shippingCodes],
        shippingCost: r.shippingCost,
        freightDiscount: r.freightDiscount,
      };
    });

/** A cart whose numbers need not agree (odd wire data): negative, inflated, missing values. */
export const wildCartArb: fc.Arbitrary<Cart> = fc
  .record({
    base: cartArb({ maxLines: 8 }),
    prices: fc.array(
      fc.record({
        value: fc.integer({ min: -1000, max: 500_000 }),
        discountedValue: fc.option(fc.integer({ min: -1000, max: 600_000 }), { nil: undefined }),
        discountedPrice: fc.option(fc.integer({ min: -1000, max: 600_000 }), { nil: undefined }),
        quantity: fc.integer({ min: -3, max: 20 }),
      }),
      { minLength: 8, maxLength: 8 },
    ),
    totalTax: fc.integer({ min: -5000, max: 100_000 }),
    shippingCost: fc.integer({ min: -5000, max: 20_000 }),
    freightDiscount: fc.integer({ min: -5000, max: 25_000 }),
  })
  .map(({ base, prices, totalTax, shippingCost, freightDiscount }) => ({
    ...base,
    totalTax,
    shippingCost,
    freightDiscount,
    lineItems: base.lineItems.map((l, i) => {
      const p = prices[i % prices.length];
      if (p === undefined) return l;
      const { discountedPrice: _ignored, ...rest } = l;
      return {
        ...rest,
        quantity: p.quantity,
        price:
          p.discountedValue === undefined
            ? { value: p.value }
            : { value: p.value, discountedValue: p.discountedValue },
        ...(p.discountedPrice === undefined ? {} : { discountedPrice: p.discountedPrice }),
      };
    }),
  }));
