/**
 * A cart's prices, discounts, shipping and tax (docs/api.md "Cart"), computed from its state and
 * the catalogue's facts — pure, in integer cents, so the same cart always prices the same.
 *
 * - Unit list price from the price list of the cart's currency; a sale price is a sitewide product
 *   discount (price.discountedValue). The parts of a bundle are priced 0: the super SKU line carries
 *   the bundle's price.
 * - Cart discounts then apply per unit, automatic ones first (by sort order), then the codes in the
 *   order they were applied, each on what the ones before left: a percent is rounded half up per
 *   unit; an amount is spread over the matching lines by value, in whole cents per unit, rounding
 *   down (so it may come to a few cents less than its face value, never more).
 * - Shipping, by the cart's method (shippingMethods): a cart with a freight item ships by freight
 *   only; otherwise by standard, or expedited when it holds goods. Standard (and the parcel part of
 *   freight) is STANDARD_SHIPPING_CENTS for parcel goods while the goods come to less than
 *   FREE_SHIPPING_FROM_CENTS; freight adds FREIGHT_CENTS, discounted in full (freightDiscount) from
 *   FREE_FREIGHT_FROM_CENTS. Expedited is EXPEDITED_CENTS, never free. Shipping codes come off the
 *   standard shipping only (none while the cart ships expedited). Services ship nothing. The method
 *   the shopper chose is used while it is offered, else the first one offered.
 * - Tax: the shipping state's rate (TAX_RATES_BP, in basis points; other states DEFAULT_TAX_BP) on
 *   the lines after all discounts, rounded half up once; 0 while there is no state.
 */
import {
  SHIPPING_METHOD_TERMS,
  type AppliedDiscountCode,
  type Cart,
  type CartLineItem,
  type DiscountValue,
  type LineItemDiscount,
} from '../cart';
import {
  isDiscountLive,
  isService,
  type CartState,
  type CatalogueFacts,
  type DiscountDefinition,
  type ItemFacts,
  type ShippingMethodId,
  type StateLine,
} from './model';

export const STANDARD_SHIPPING_CENTS = 1495;
export const FREE_SHIPPING_FROM_CENTS = 49_900;
export const FREIGHT_CENTS = 14_900;
export const FREE_FREIGHT_FROM_CENTS = 250_000;
export const EXPEDITED_CENTS = 2995;

/** A way the cart may ship, at what it costs this cart (before shipping discounts). */
export interface ShippingMethod {
  readonly id: ShippingMethodId;
  readonly label: string;
  readonly cents: number;
  readonly estimatedDays: number;
}

/** What a cart's lines need carried: parcel goods, freight items, or nothing (services only). */
interface Carriage {
  readonly goods: boolean;
  readonly freight: boolean;
}

/**
 * Lines that are not a known service are goods (one gone from the catalogue too, as its line shows
 * `isService: false`); freight goods are those the catalogue flags.
 */
const carriageOf = (lines: readonly StateLine[], catalogue: CatalogueFacts): Carriage => {
  let goods = false;
  let freight = false;
  for (const line of lines) {
    const facts = catalogue.get(line.sku);
    if (facts !== undefined && isService(facts)) continue;
    goods = true;
    if (facts?.freight === true) freight = true;
  }
  return { goods, freight };
};

const offeredIds = (c: Carriage): readonly ShippingMethodId[] =>
  c.freight ? ['freight'] : c.goods ? ['standard', 'expedited'] : ['standard'];

/** The methods a cart of these lines may ship by, the default first (the engine checks a choice). */
export const offeredMethodIds = (
  lines: readonly StateLine[],
  catalogue: CatalogueFacts,
): readonly ShippingMethodId[] => offeredIds(carriageOf(lines, catalogue));

/** The method in force: the chosen one while it is offered, else the default. */
export const effectiveMethodId = (
  offered: readonly ShippingMethodId[],
  chosen: ShippingMethodId | undefined,
): ShippingMethodId =>
  chosen !== undefined && offered.includes(chosen) ? chosen : (offered[0] ?? 'standard');

/** Sales tax by shipping state, in basis points (725 = 7.25%). */
export const TAX_RATES_BP: Readonly<Record<string, number>> = {
  AK: 0,
  AZ: 560,
  CA: 725,
  CO: 290,
  DE: 0,
  FL: 600,
  GA: 400,
  IL: 625,
  MA: 625,
  MT: 0,
  NH: 0,
  NJ: 663,
  NY: 400,
  OR: 0,
  PA: 600,
  TX: 625,
  WA: 650,
};
/** Any state not in TAX_RATES_BP. */
export const DEFAULT_TAX_BP = 500;

export const taxRateBp = (state: string | undefined): number => {
  const code = state?.trim().toUpperCase() ?? '';
  if (code === '') return 0;
  return TAX_RATES_BP[code] ?? DEFAULT_TAX_BP;
};

/** round(n × numerator / denominator), halves up, for non-negative integers. */
const roundHalfUp = (n: number, numerator: number, denominator: number): number =>
  Math.floor((n * numerator * 2 + denominator) / (denominator * 2));

const text = (value: string) => ({ 'en-US': value });

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

interface Working {
  readonly line: StateLine;
  readonly facts: ItemFacts | undefined;
  readonly child: boolean;
  readonly list: number;
  readonly afterProduct: number;
  unit: number;
  readonly discounts: LineItemDiscount[];
}

const discountValue = (d: DiscountDefinition): DiscountValue =>
  d.valueType === 'relative'
    ? { type: 'relative', percent: d.value }
    : { type: 'absolute', cents: d.value };

const working = (line: StateLine, catalogue: CatalogueFacts): Working => {
  const facts = catalogue.get(line.sku);
  const child = line.bundleParentId !== undefined;
  const list = child || facts === undefined ? 0 : facts.listCents;
  const sale = facts?.saleCents ?? null;
  const afterProduct = sale !== null && sale < list ? sale : list;
  const discounts: LineItemDiscount[] = [];
  if (afterProduct < list && facts !== undefined) {
    discounts.push({
      id: `sale-${facts.productSku}`,
      kind: 'sitewide',
      value: { type: 'absolute', cents: list - afterProduct },
      amount: (list - afterProduct) * line.quantity,
    });
  }
  return { line, facts, child, list, afterProduct, unit: afterProduct, discounts };
};

/**
 * What a code did to a cart: took money off, or why it took nothing — no line it matches (or
 * nothing left on them to take), the matching lines under its minimum, no standard shipping charge
 * to take off, or a cart that ships expedited (shipping codes take off standard shipping only).
 */
export type CodeEffect =
  'took' | 'noEligibleItems' | 'minimumNotMet' | 'noShippingCharge' | 'expeditedShipping';

/** Takes one line-item discount off the lines it matches, and says what it did. */
const applyLineDiscount = (d: DiscountDefinition, lines: Working[]): CodeEffect => {
  const matching = lines.filter(
    (w) =>
      !w.child &&
      w.unit > 0 &&
      w.facts !== undefined &&
      (d.department === null || w.facts.department === d.department),
  );
  const base = matching.reduce((sum, w) => sum + w.unit * w.line.quantity, 0);
  if (matching.length === 0) return 'noEligibleItems';
  if (base < d.minSubtotalCents) return 'minimumNotMet';
  const total = d.valueType === 'absolute' ? Math.min(d.value, base) : 0;
  let took = false;
  for (const w of matching) {
    const qty = w.line.quantity;
    const perUnit =
      d.valueType === 'relative'
        ? roundHalfUp(w.unit, d.value, 100)
        : Math.floor(Number((BigInt(total) * BigInt(w.unit * qty)) / BigInt(base)) / qty);
    const off = Math.min(perUnit, w.unit);
    if (off <= 0) continue;
    w.unit -= off;
    w.discounts.push({
      id: d.id,
      kind: 'cart',
      value: discountValue(d),
      ...(d.code === null ? {} : { code: d.code }),
      amount: off * qty,
    });
    took = true;
  }
  return took ? 'took' : 'noEligibleItems';
};

/**
 * The priced line. Built as one literal with its optional members assigned after (not spread):
 * spreading conditional pieces gives every line a new object layout, which V8 builds slowly and
 * the answer's serializer then reads slowly — the cart's answer is made of these on every change.
 */
const lineItem = (w: Working, noShipState: string | undefined): CartLineItem => {
  const { line, facts } = w;
  const item: Mutable<CartLineItem> = {
    id: line.id,
    sku: line.sku,
    quantity: line.quantity,
    addedAt: line.addedAt,
    productSlug: text(facts === undefined ? '' : facts.slug),
    name: text(facts === undefined ? line.sku : facts.title),
    price: { value: w.list },
    discounts: w.discounts,
    availableQty: 0,
    backorderable: false,
    noShipping: false,
    isService: false,
    isComboSku: line.bundle === true,
  };
  if (line.lineItemShipping !== undefined) item.lineItemShipping = line.lineItemShipping;
  if (line.bundleParentId !== undefined) item.bundleParentId = line.bundleParentId;
  // No longer in the catalogue: shown as it was chosen, unpriced and unavailable.
  if (facts === undefined) return item;
  const service = isService(facts);
  item.description = text(facts.description);
  if (w.afterProduct < w.list) item.price = { value: w.list, discountedValue: w.afterProduct };
  if (w.unit < w.afterProduct) item.discountedPrice = w.unit;
  item.availableQty = facts.availableQty;
  item.backorderable = facts.backorderable;
  if (facts.leadTimeDays !== null) item.leadTime = `${facts.leadTimeDays} days`;
  item.noShipping =
    !service && noShipState !== undefined && facts.noShipStates.includes(noShipState);
  item.isService = service;
  item.category = facts.categoryName;
  item.brand = facts.brand;
  item.color = facts.color;
  item.image = facts.image;
  item.isComboSku = line.bundle === true || facts.superSkuComponents.length > 0;
  return item;
};

export interface PricingEnv {
  readonly catalogue: CatalogueFacts;
  /** Every discount there is (automatic ones and codes), by id or in any order. */
  readonly discounts: readonly DiscountDefinition[];
  /** ISO 8601: discounts past their end stop taking money off. */
  readonly now: string;
}

/** A priced cart with what checkout shows of its shipping. */
export interface CartQuote {
  readonly cart: Cart;
  /** The methods the cart may ship by, the default first, at this cart's prices. */
  readonly methods: readonly ShippingMethod[];
  /** SKUs of the cart's lines the catalogue flags as freight (they ship from the maker). */
  readonly freightSkus: ReadonlySet<string>;
}

/** The cart priced, and what each live code on it did (by discount id). */
const priceState = (
  state: CartState,
  env: PricingEnv,
): { readonly quote: CartQuote; readonly effects: ReadonlyMap<string, CodeEffect> } => {
  const effects = new Map<string, CodeEffect>();
  const lines = state.lines.map((line) => working(line, env.catalogue));
  const byId = new Map(env.discounts.map((d) => [d.id, d] as const));
  const live = (d: DiscountDefinition | undefined): d is DiscountDefinition =>
    d !== undefined && isDiscountLive(d, env.now);

  const automatic = env.discounts
    .filter((d) => d.code === null && d.target === 'lineItems' && live(d))
    .sort((a, b) => a.sortOrder - b.sortOrder);
  for (const d of automatic) applyLineDiscount(d, lines);
  const codes = state.discountCodeIds.map((id) => byId.get(id)).filter(live);
  for (const d of codes) {
    if (d.target === 'lineItems') effects.set(d.id, applyLineDiscount(d, lines));
  }

  let goodsNet = 0;
  let parcel = false;
  let net = 0;
  for (const w of lines) {
    net += w.unit * w.line.quantity;
    if (w.facts === undefined || isService(w.facts)) continue;
    goodsNet += w.unit * w.line.quantity;
    if (!w.facts.freight) parcel = true;
  }
  const carriage = carriageOf(state.lines, env.catalogue);
  const offered = offeredIds(carriage);
  const methodId = effectiveMethodId(offered, state.shippingMethodId);
  const expedited = methodId === 'expedited';
  const standard = parcel && goodsNet < FREE_SHIPPING_FROM_CENTS ? STANDARD_SHIPPING_CENTS : 0;
  const freightCents = carriage.freight ? FREIGHT_CENTS : 0;
  const freightDiscount =
    carriage.freight && goodsNet >= FREE_FREIGHT_FROM_CENTS ? freightCents : 0;
  const costOf = (id: ShippingMethodId): number =>
    id === 'expedited' ? EXPEDITED_CENTS : standard + freightCents;
  const methods = offered.map((id): ShippingMethod => ({
    id,
    ...SHIPPING_METHOD_TERMS[id],
    cents: costOf(id),
  }));

  // Shipping codes take off standard shipping only: nothing while the cart ships expedited.
  let standardLeft = expedited ? 0 : standard;
  const discountCodes = state.discountCodeIds.flatMap((id): AppliedDiscountCode[] => {
    const d = byId.get(id);
    if (d === undefined || d.code === null) return [];
    if (d.target === 'lineItems') {
      return [{ id: d.id, code: d.code, target: 'lineItems' as const, shippingDiscount: 0 }];
    }
    const wanted = !live(d)
      ? 0
      : d.valueType === 'relative'
        ? roundHalfUp(standard, d.value, 100)
        : d.value;
    const cents = Math.min(wanted, standardLeft);
    standardLeft -= cents;
    if (live(d)) {
      effects.set(d.id, cents > 0 ? 'took' : expedited ? 'expeditedShipping' : 'noShippingCharge');
    }
    return [{ id: d.id, code: d.code, target: 'shipping' as const, shippingDiscount: cents }];
  });

  const state2 = state.shippingAddress?.state?.trim().toUpperCase();
  const noShipState = state2 === undefined || state2 === '' ? undefined : state2;
  const cart: Cart = {
    id: state.id,
    version: state.version,
    ...(state.anonymousId === undefined ? {} : { anonymousId: state.anonymousId }),
    cartType: state.cartType,
    ...(state.customerEmail === undefined ? {} : { customerEmail: state.customerEmail }),
    currency: state.currency,
    lineItems: lines.map((w) => lineItem(w, noShipState)),
    totalTax: roundHalfUp(net, taxRateBp(noShipState), 10_000),
    ...(state.shippingAddress === undefined ? {} : { shippingAddress: state.shippingAddress }),
    discountCodes,
    shippingCost: costOf(methodId),
    shippingMethodId: methodId,
    freightDiscount,
  };
  const freightSkus = new Set(
    lines.filter((w) => w.facts?.freight === true).map((w) => w.line.sku),
  );
  return { quote: { cart, methods, freightSkus }, effects };
};

/** The cart priced, with the shipping methods it is offered. */
export const quoteCart = (state: CartState, env: PricingEnv): CartQuote =>
  priceState(state, env).quote;

/**
 * What the code `discountId` on this cart does to it (the engine refuses a code that takes nothing
 * off, saying why); 'noEligibleItems' for a code not on the cart or not running.
 */
export const codeEffect = (state: CartState, env: PricingEnv, discountId: string): CodeEffect =>
  priceState(state, env).effects.get(discountId) ?? 'noEligibleItems';

/** The cart as the API answers it: state + catalogue facts + discounts → core's Cart. */
export const priceCart = (state: CartState, env: PricingEnv): Cart => quoteCart(state, env).cart;

export interface CartTotals {
  /** Σ list price × quantity. */
  readonly subtotal: number;
  /** Σ net unit price × quantity: after product and cart discounts. */
  readonly net: number;
  readonly shipping: number;
  /** Shipping codes and the freight discount. */
  readonly shippingDiscounts: number;
  readonly tax: number;
  readonly total: number;
}

/** Σ list price × quantity and Σ net unit price × quantity of priced lines (a cart's or a part's). */
export const linesTotals = (
  lines: readonly CartLineItem[],
): Pick<CartTotals, 'subtotal' | 'net'> => {
  let subtotal = 0;
  let net = 0;
  for (const line of lines) {
    const unit = line.discountedPrice ?? line.price.discountedValue ?? line.price.value;
    subtotal += line.price.value * line.quantity;
    net += unit * line.quantity;
  }
  return { subtotal, net };
};

/** The money of a priced cart, from its lines alone. */
export const cartTotals = (cart: Cart): CartTotals => {
  const { subtotal, net } = linesTotals(cart.lineItems);
  const shippingDiscounts =
    cart.discountCodes.reduce((sum, c) => sum + c.shippingDiscount, 0) + cart.freightDiscount;
  return {
    subtotal,
    net,
    shipping: cart.shippingCost,
    shippingDiscounts,
    tax: cart.totalTax,
    total: net + cart.shippingCost - shippingDiscounts + cart.totalTax,
  };
};
