/**
 * The cart engine: pure functions from a cart state, a request and the catalogue's facts to the
 * next state or a typed error (docs/api.md "Cart"). Every mutation is checked against the version
 * it was made for — a stale one is a `conflict` and changes nothing — and the next state has the
 * version + 1. A request's actions apply all together or not at all: the first failure is returned
 * and the state given is left as it was (states are immutable).
 *
 * - addLineItem adds a variant (a master SKU stands for its first variant); the same SKU for the
 *   same room adds to the existing line. A product with required items brings each one the cart
 *   lacks (its first variant, same quantity) as its own line.
 * - addbundle adds a super SKU line and its parts (in the same finish when the part has it) as
 *   lines whose bundleParentId is the super SKU line; their quantities follow the super SKU's.
 * - Stock: every SKU an action added to or raised must have the quantity the cart now holds of it
 *   in stock, unless it is back-orderable, a service or a design/install category (core's rule);
 *   otherwise `outOfStock` naming the SKUs.
 * - setShippingMethod chooses a method the cart is offered at that point (./pricing.ts
 *   offeredMethodIds), else `invalid` naming methodId. The choice stays when the cart changes;
 *   pricing falls back to the default while the cart cannot ship by it. Choosing expedited takes
 *   the shipping codes (FREESHIP) off the cart: they take off standard shipping only.
 */
import type { LineItemShipping, ShippingAddress } from '../cart';
import { isOutOfStock } from '../out-of-stock';
import {
  discountRefused,
  discountTiming,
  failure,
  isService,
  MAX_DISCOUNT_CODES,
  MAX_LINE_QUANTITY,
  MAX_LINES,
  success,
  type CartState,
  type CatalogueFacts,
  type DiscountRefusalReason,
  type EngineAction,
  type EngineEnv,
  type EngineResult,
  type ItemFacts,
  type ShippingMethodId,
  type StateLine,
} from './model';
import { codeEffect, offeredMethodIds, type CodeEffect } from './pricing';

export interface NewCart {
  readonly id: string;
  readonly currency: string;
  readonly cartType: string;
  readonly anonymousId?: string;
  readonly customerEmail?: string;
}

export const createCartState = (draft: NewCart): CartState => ({
  ...draft,
  version: 1,
  lines: [],
  discountCodeIds: [],
});

const checkVersion = (state: CartState, expected: number): EngineResult<CartState> =>
  state.version === expected
    ? success(state)
    : failure({ kind: 'conflict', currentVersion: state.version });

const sameRoom = (a: LineItemShipping | undefined, b: LineItemShipping | undefined): boolean =>
  (a?.roomInfo ?? '') === (b?.roomInfo ?? '');

/** The variant a part of a bundle is: the part in the super SKU's finish, else its first. */
const partFacts = (
  catalogue: CatalogueFacts,
  partMaster: string,
  finishCode: string,
): ItemFacts | undefined =>
  catalogue.get(`${partMaster}-${finishCode}`) ?? catalogue.get(partMaster);

interface Draft {
  lines: StateLine[];
  shippingAddress: ShippingAddress | undefined;
  shippingMethodId: ShippingMethodId | undefined;
  discountCodeIds: readonly string[];
  /** Variant SKUs whose quantity went up: checked against stock at the end. */
  readonly raised: Set<string>;
}

const withQuantity = (line: StateLine, quantity: number): StateLine => ({ ...line, quantity });

/** Adds `quantity` of a variant as a line (or to the line of the same SKU and room). */
const addLine = (
  draft: Draft,
  facts: ItemFacts,
  quantity: number,
  shipping: LineItemShipping | undefined,
  env: EngineEnv,
  extra: Pick<StateLine, 'bundle' | 'bundleParentId'> = {},
): StateLine => {
  const index = draft.lines.findIndex(
    (l) =>
      l.sku === facts.sku &&
      l.bundleParentId === extra.bundleParentId &&
      (l.bundle === true) === (extra.bundle === true) &&
      sameRoom(l.lineItemShipping, shipping),
  );
  draft.raised.add(facts.sku);
  const existing = draft.lines[index];
  if (existing !== undefined) {
    const merged = withQuantity(existing, existing.quantity + quantity);
    draft.lines[index] = merged;
    return merged;
  }
  const line: StateLine = {
    id: env.newId(),
    sku: facts.sku,
    quantity,
    addedAt: env.now,
    ...(shipping === undefined ? {} : { lineItemShipping: shipping }),
    ...(extra.bundleParentId === undefined ? {} : { bundleParentId: extra.bundleParentId }),
    ...(extra.bundle === true ? { bundle: true } : {}),
  };
  draft.lines.push(line);
  return line;
};

/** Sets a line's quantity; a bundle's parts follow it. 0 removes the line and its parts. */
const setQuantity = (draft: Draft, line: StateLine, quantity: number): void => {
  if (quantity <= 0) {
    draft.lines = draft.lines.filter((l) => l.id !== line.id && l.bundleParentId !== line.id);
    return;
  }
  if (quantity > line.quantity) draft.raised.add(line.sku);
  draft.lines = draft.lines.map((l) => {
    if (l.id === line.id) return withQuantity(l, quantity);
    if (l.bundleParentId === line.id) {
      if (quantity > l.quantity) draft.raised.add(l.sku);
      return withQuantity(l, quantity);
    }
    return l;
  });
};

type Step = EngineResult<null>;
const OK: Step = success(null);

const addItem = (
  draft: Draft,
  action: Extract<EngineAction, { action: 'addLineItem' | 'addbundle' }>,
  field: string,
  env: EngineEnv,
): Step => {
  const facts = env.catalogue.get(action.sku);
  if (facts === undefined)
    return failure({ kind: 'unknownSku', field: `${field}.sku`, sku: action.sku });
  const bundle = action.action === 'addbundle' && facts.superSkuComponents.length > 0;
  const parent = addLine(draft, facts, action.quantity, action.lineItemShipping, env, {
    ...(bundle ? { bundle: true } : {}),
  });
  if (bundle) {
    for (const part of facts.superSkuComponents) {
      const partItem = partFacts(env.catalogue, part, facts.finishCode);
      if (partItem === undefined) {
        return failure({ kind: 'unknownSku', field: `${field}.sku`, sku: part });
      }
      addLine(draft, partItem, action.quantity, action.lineItemShipping, env, {
        bundleParentId: parent.id,
      });
    }
    // Parts follow the super SKU line's quantity, also when it was merged into an earlier add.
    setQuantity(draft, parent, parent.quantity);
  }
  for (const required of facts.requiredItems) {
    const requiredFacts = env.catalogue.get(required);
    if (requiredFacts === undefined) continue;
    const present = draft.lines.some((l) => {
      const f = env.catalogue.get(l.sku);
      return f !== undefined && f.productSku === requiredFacts.productSku;
    });
    if (!present) addLine(draft, requiredFacts, action.quantity, action.lineItemShipping, env);
  }
  return OK;
};

const findLine = (draft: Draft, lineItemId: string, field: string): EngineResult<StateLine> => {
  const line = draft.lines.find((l) => l.id === lineItemId);
  if (line === undefined) {
    return failure({ kind: 'lineItemNotFound', field: `${field}.lineItemId`, lineItemId });
  }
  if (line.bundleParentId !== undefined) {
    return failure({
      kind: 'invalid',
      field: `${field}.lineItemId`,
      message: `${field}.lineItemId ${lineItemId} is part of a bundle: change the bundle's line instead`,
    });
  }
  return success(line);
};

/**
 * Shipping codes take off standard shipping only: choosing expedited takes them off the cart
 * rather than leaving a code that takes nothing (the shopper is told why, core/cart/dropped-codes.ts).
 */
const codesKeptFor = (
  methodId: ShippingMethodId,
  discountCodeIds: readonly string[],
  env: EngineEnv,
): readonly string[] =>
  methodId !== 'expedited'
    ? discountCodeIds
    : discountCodeIds.filter((id) => env.discounts.find((d) => d.id === id)?.target !== 'shipping');

/** OK when a cart of `lines` may ship by `methodId`; else `invalid` naming `field`. */
const offerMethod = (
  lines: readonly StateLine[],
  methodId: ShippingMethodId,
  field: string,
  env: EngineEnv,
): Step => {
  const offered = offeredMethodIds(lines, env.catalogue);
  if (offered.includes(methodId)) return OK;
  const message = `${field} is not offered for this cart (offered: ${offered.join(', ')})`;
  return failure({ kind: 'invalid', field, message });
};

const applyAction = (draft: Draft, action: EngineAction, field: string, env: EngineEnv): Step => {
  switch (action.action) {
    case 'addLineItem':
    case 'addbundle':
      return addItem(draft, action, field, env);
    case 'removeLineItem': {
      const found = findLine(draft, action.lineItemId, field);
      if (!found.ok) return found;
      const left = action.quantity === undefined ? 0 : found.value.quantity - action.quantity;
      setQuantity(draft, found.value, Math.max(0, left));
      return OK;
    }
    case 'changeLineItemQuantity': {
      const found = findLine(draft, action.lineItemId, field);
      if (!found.ok) return found;
      setQuantity(draft, found.value, action.quantity);
      return OK;
    }
    case 'setShippingAddress':
      draft.shippingAddress = action.address ?? undefined;
      return OK;
    case 'setShippingMethod': {
      const offered = offerMethod(draft.lines, action.methodId, `${field}.methodId`, env);
      if (!offered.ok) return offered;
      draft.shippingMethodId = action.methodId;
      draft.discountCodeIds = codesKeptFor(action.methodId, draft.discountCodeIds, env);
      return OK;
    }
    case 'recalculate':
      // Prices and stock are read from the catalogue whenever the cart is priced; nothing to do.
      return OK;
  }
};

/** Quantities and stock of the lines once every action applied. */
const checkResult = (draft: Draft, catalogue: CatalogueFacts): Step => {
  if (draft.lines.length > MAX_LINES) {
    return failure({
      kind: 'invalid',
      field: 'actions',
      message: `actions: a cart holds at most ${MAX_LINES} lines`,
    });
  }
  const tooMany = draft.lines.find((l) => l.quantity > MAX_LINE_QUANTITY);
  if (tooMany !== undefined) {
    return failure({
      kind: 'invalid',
      field: 'quantity',
      message: `quantity: a line holds at most ${MAX_LINE_QUANTITY} of ${tooMany.sku}`,
    });
  }
  const outOfStock: string[] = [];
  for (const sku of draft.raised) {
    const facts = catalogue.get(sku);
    if (facts === undefined) continue;
    const held = draft.lines.filter((l) => l.sku === sku).reduce((n, l) => n + l.quantity, 0);
    if (held === 0) continue;
    const short = isOutOfStock({
      availableQty: facts.availableQty,
      requestedQty: held,
      backorderable: facts.backorderable,
      isService: isService(facts),
      category: facts.categorySlug,
    });
    if (short) outOfStock.push(sku);
  }
  return outOfStock.length === 0 ? OK : failure({ kind: 'outOfStock', skus: outOfStock });
};

/** POST /cart/items: every action, in order, on the cart at `expectedVersion`. */
export const updateCart = (
  state: CartState,
  expectedVersion: number,
  actions: readonly EngineAction[],
  env: EngineEnv,
): EngineResult<CartState> => {
  const current = checkVersion(state, expectedVersion);
  if (!current.ok) return current;
  const draft: Draft = {
    lines: [...state.lines],
    shippingAddress: state.shippingAddress,
    shippingMethodId: state.shippingMethodId,
    discountCodeIds: state.discountCodeIds,
    raised: new Set(),
  };
  for (const [i, action] of actions.entries()) {
    const step = applyAction(draft, action, `actions[${i}]`, env);
    if (!step.ok) return step;
  }
  const checked = checkResult(draft, env.catalogue);
  if (!checked.ok) return checked;
  const { shippingAddress: _address, shippingMethodId: _method, ...rest } = state;
  return success({
    ...rest,
    version: state.version + 1,
    lines: draft.lines,
    ...(draft.shippingAddress === undefined ? {} : { shippingAddress: draft.shippingAddress }),
    ...(draft.shippingMethodId === undefined ? {} : { shippingMethodId: draft.shippingMethodId }),
    discountCodeIds: draft.discountCodeIds,
  });
};

/**
 * POST /api/checkout/v2/assign/shipmentfromcart: the setShippingMethod action alone, its error
 * naming `methodId` as that route's body does.
 */
export const setShippingMethod = (
  state: CartState,
  expectedVersion: number,
  methodId: ShippingMethodId,
  env: EngineEnv,
): EngineResult<CartState> => {
  const current = checkVersion(state, expectedVersion);
  if (!current.ok) return current;
  const offered = offerMethod(state.lines, methodId, 'methodId', env);
  if (!offered.ok) return offered;
  return success({
    ...state,
    version: state.version + 1,
    shippingMethodId: methodId,
    discountCodeIds: codesKeptFor(methodId, state.discountCodeIds, env),
  });
};

export interface DiscountEnv extends EngineEnv {
  /** How often this shopper applied each code with a limit, by discount id. */
  readonly redemptions: ReadonlyMap<string, number>;
}

/** The reason a code that takes nothing off this cart is refused with. */
const NOTHING_OFF: Readonly<Record<Exclude<CodeEffect, 'took'>, DiscountRefusalReason>> = {
  noEligibleItems: 'NoEligibleItems',
  minimumNotMet: 'MinimumNotMet',
  noShippingCharge: 'NoShippingCharge',
  expeditedShipping: 'ExpeditedShipping',
};

/**
 * POST /cart/discount {code}: adds a code, or says why not (core/cart/errors.ts
 * DISCOUNT_REFUSAL_CODES), checked in this order: a code the shop has (any casing, spaces around
 * ignored), running now, not on the cart already, not used up by this shopper, combinable with the
 * codes on the cart, room for one more, and taking something off this cart now.
 */
export const applyDiscountCode = (
  state: CartState,
  expectedVersion: number,
  code: string,
  env: DiscountEnv,
): EngineResult<CartState> => {
  const current = checkVersion(state, expectedVersion);
  if (!current.ok) return current;
  const wanted = code.trim().toUpperCase();
  const refuse = (reason: DiscountRefusalReason, minimumCents?: number) =>
    failure<CartState>(discountRefused(reason, wanted, minimumCents));
  const discount = env.discounts.find((d) => d.code !== null && d.code === wanted);
  if (discount === undefined) return refuse('UnknownCode');
  const timing = discountTiming(discount, env.now);
  if (timing === 'ended') return refuse('Ended');
  if (timing === 'notStarted') return refuse('NotStarted');
  if (state.discountCodeIds.includes(discount.id)) return refuse('AlreadyApplied');
  if (
    discount.maxPerOwner !== null &&
    (env.redemptions.get(discount.id) ?? 0) >= discount.maxPerOwner
  ) {
    return refuse('UsageLimitReached');
  }
  const byId = new Map(env.discounts.map((d) => [d.id, d] as const));
  const others = state.discountCodeIds.map((id) => byId.get(id)).filter((d) => d !== undefined);
  if (others.length > 0 && (discount.stopOthers || others.some((d) => d.stopOthers))) {
    return refuse('NotCombinable');
  }
  if (others.length >= MAX_DISCOUNT_CODES) return refuse('TooManyCodes');
  const next: CartState = {
    ...state,
    version: state.version + 1,
    discountCodeIds: [...state.discountCodeIds, discount.id],
  };
  // It must take something off this cart now, or it does not apply.
  const effect = codeEffect(next, env, discount.id);
  if (effect === 'took') return success(next);
  return refuse(
    NOTHING_OFF[effect],
    effect === 'minimumNotMet' ? discount.minSubtotalCents : undefined,
  );
};

/** POST /cart/discount {removeDiscountCodeId}. */
export const removeDiscountCode = (
  state: CartState,
  expectedVersion: number,
  discountCodeId: string,
): EngineResult<CartState> => {
  const current = checkVersion(state, expectedVersion);
  if (!current.ok) return current;
  if (!state.discountCodeIds.includes(discountCodeId)) {
    return failure({
      kind: 'invalid',
      field: 'removeDiscountCodeId',
      message: `removeDiscountCodeId ${discountCodeId} is not applied to this cart`,
    });
  }
  return success({
    ...state,
    version: state.version + 1,
    discountCodeIds: state.discountCodeIds.filter((id) => id !== discountCodeId),
  });
};

/** DELETE /cart/{id}: the cart as it is deleted (its version bumped). */
export const deleteCartState = (
  state: CartState,
  expectedVersion: number,
): EngineResult<CartState> => {
  const current = checkVersion(state, expectedVersion);
  if (!current.ok) return current;
  return success({ ...state, version: state.version + 1 });
};

/**
 * POST /cart/merge: the guest cart's lines into the customer's cart (one version step). Lines of
 * the same SKU and room add up (capped at MAX_LINE_QUANTITY); a bundle comes over with its parts.
 * Stock is not enforced here — a merge never fails — so a line over stock comes out flagged by its
 * availableQty, as any cart whose stock went down. Lines past MAX_LINES are left behind.
 */
export const mergeLines = (
  target: CartState,
  guestLines: readonly StateLine[],
  env: EngineEnv,
): CartState => {
  const draft: Draft = {
    lines: [...target.lines],
    shippingAddress: undefined,
    shippingMethodId: undefined,
    discountCodeIds: target.discountCodeIds,
    raised: new Set(),
  };
  const cap = (n: number) => Math.min(n, MAX_LINE_QUANTITY);
  for (const line of guestLines) {
    if (line.bundleParentId !== undefined) continue;
    const facts = env.catalogue.get(line.sku);
    if (facts === undefined) continue;
    const known = draft.lines.some(
      (l) =>
        l.sku === line.sku &&
        l.bundleParentId === undefined &&
        sameRoom(l.lineItemShipping, line.lineItemShipping),
    );
    if (!known && draft.lines.length >= MAX_LINES) continue;
    const parent = addLine(draft, facts, line.quantity, line.lineItemShipping, env, {
      ...(line.bundle === true ? { bundle: true } : {}),
    });
    if (line.bundle === true) {
      for (const part of guestLines.filter((l) => l.bundleParentId === line.id)) {
        const partItem = env.catalogue.get(part.sku);
        if (partItem === undefined) continue;
        addLine(draft, partItem, part.quantity, part.lineItemShipping, env, {
          bundleParentId: parent.id,
        });
      }
    }
    setQuantity(draft, parent, cap(parent.quantity));
  }
  return { ...target, version: target.version + 1, lines: draft.lines };
};
