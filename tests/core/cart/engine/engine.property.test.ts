/**
 * Properties of the pure cart engine over random catalogues and random action sequences: the
 * money of a priced cart always adds up from its lines, versions strictly increase, a refused
 * request (or a stale version) changes nothing, stock is never exceeded by an add, and the cart
 * ships by freight exactly when it holds a freight item, whatever method was chosen.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Cart } from '../../../../core/cart/cart';
import { summarizeCart } from '../../../../core/cart/summary';
import {
  applyDiscountCode,
  createCartState,
  mergeLines,
  removeDiscountCode,
  updateCart,
} from '../../../../core/cart/engine/engine';
import type {
  CartState,
  CatalogueFacts,
  DiscountDefinition,
  EngineAction,
  EngineEnv,
  ItemFacts,
} from '../../../../core/cart/engine/model';
import { cartTotals, priceCart } from '../../../../core/cart/engine/pricing';
import { itemFacts } from './item-facts';

const NOW = '2026-01-01T00:00:00.000Z';

const DISCOUNTS: readonly DiscountDefinition[] = [
  {
    id: 'auto',
    code: null,
    name: 'auto',
    target: 'lineItems',
    valueType: 'relative',
    value: 15,
    department: 'parts',
    minSubtotalCents: 0,
    stopOthers: false,
    maxPerOwner: null,
    validFrom: null,
    validUntil: null,
    sortOrder: 1,
  },
  {
    id: 'pct',
    code: 'PCT',
    name: 'pct',
    target: 'lineItems',
    valueType: 'relative',
    value: 10,
    department: null,
    minSubtotalCents: 0,
    stopOthers: false,
    maxPerOwner: null,
    validFrom: null,
    validUntil: null,
    sortOrder: 2,
  },
  {
    id: 'abs',
    code: 'ABS',
    name: 'abs',
    target: 'lineItems',
    valueType: 'absolute',
    value: 2000,
    department: null,
    minSubtotalCents: 5000,
    stopOthers: false,
    maxPerOwner: null,
    validFrom: null,
    validUntil: null,
    sortOrder: 3,
  },
  {
    id: 'ship',
    code: 'SHIP',
    name: 'ship',
    target: 'shipping',
    valueType: 'relative',
    value: 100,
    department: null,
    minSubtotalCents: 0,
    stopOthers: false,
    maxPerOwner: null,
    validFrom: null,
    validUntil: null,
    sortOrder: 4,
  },
  {
    id: 'stop',
    code: 'STOP',
    name: 'stop',
    target: 'lineItems',
    valueType: 'relative',
    value: 25,
    department: null,
    minSubtotalCents: 0,
    stopOthers: true,
    maxPerOwner: null,
    validFrom: null,
    validUntil: null,
    sortOrder: 5,
  },
  {
    id: 'once',
    code: 'ONCE',
    name: 'once',
    target: 'lineItems',
    valueType: 'absolute',
    value: 500,
    department: 'kitchen',
    minSubtotalCents: 0,
    stopOthers: false,
    maxPerOwner: 1,
    validFrom: null,
    validUntil: null,
    sortOrder: 6,
  },
];
const CODES = ['PCT', 'ABS', 'SHIP', 'STOP', 'ONCE', 'NOPE'];

/** A variant `${sku}-WH` of master `sku`, 10 in stock. */
const item = (sku: string, over: Partial<ItemFacts>): ItemFacts =>
  itemFacts(`${sku}-WH`, {
    productSku: sku,
    title: sku,
    slug: sku.toLowerCase(),
    image: `/images/${sku}.svg`,
    availableQty: 10,
    ...over,
  });

const priceArb = fc.integer({ min: 0, max: 500_000 });
const itemArb = (sku: string, over: Partial<ItemFacts> = {}) =>
  fc
    .record({
      listCents: priceArb,
      saleFraction: fc.option(fc.integer({ min: 1, max: 99 }), { nil: null }),
      availableQty: fc.integer({ min: 0, max: 30 }),
      backorderable: fc.boolean(),
      freight: fc.boolean(),
      department: fc.constantFrom('bathroom', 'kitchen', 'parts'),
    })
    .map(({ saleFraction, ...r }) =>
      item(sku, {
        ...r,
        saleCents: saleFraction === null ? null : Math.floor((r.listCents * saleFraction) / 100),
        leadTimeDays: r.backorderable ? 21 : null,
        ...over,
      }),
    );

/** A catalogue of plain items, a service, a bundle with two parts and an item requiring another. */
const catalogueArb = fc
  .tuple(
    itemArb('K-1'),
    itemArb('K-2'),
    itemArb('K-3'),
    itemArb('K-4', {
      kind: 'install-service',
      categorySlug: 'install-services',
      categoryName: 'Install Services',
    }),
    itemArb('K-5', { superSkuComponents: ['K-6', 'K-7'] }),
    itemArb('K-6'),
    itemArb('K-7'),
    itemArb('K-8', { requiredItems: ['K-1'] }),
  )
  .map((items) => {
    const facts = new Map<string, ItemFacts>();
    for (const i of items) {
      facts.set(i.sku, i);
      facts.set(i.productSku, i);
    }
    return facts as CatalogueFacts;
  });

const SKUS = ['K-1-WH', 'K-2', 'K-3-WH', 'K-4-WH', 'K-5-WH', 'K-8-WH', 'K-9-WH'];

type Step =
  | { readonly kind: 'update'; readonly actions: readonly EngineAction[]; readonly stale: boolean }
  | { readonly kind: 'apply'; readonly code: string }
  | { readonly kind: 'remove'; readonly pick: number };

const actionArb: fc.Arbitrary<EngineAction> = fc.oneof(
  fc.record({
    action: fc.constantFrom('addLineItem' as const, 'addbundle' as const),
    sku: fc.constantFrom(...SKUS),
    quantity: fc.integer({ min: 1, max: 12 }),
    lineItemShipping: fc.record({
      salesChannel: fc.constant('KOUS'),
      roomInfo: fc.constantFrom('Bath', 'Kitchen'),
    }),
  }),
  fc.record({
    action: fc.constant('removeLineItem' as const),
    lineItemId: fc.constantFrom('line-1', 'line-2', 'line-3', 'line-9'),
  }),
  fc.record({
    action: fc.constant('changeLineItemQuantity' as const),
    lineItemId: fc.constantFrom('line-1', 'line-2', 'line-3', 'line-9'),
    quantity: fc.integer({ min: 0, max: 12 }),
  }),
  fc.record({
    action: fc.constant('setShippingAddress' as const),
    address: fc.option(
      fc.record({
        firstName: fc.constant('A'),
        lastName: fc.constant('B'),
        email: fc.constant('a@b.test'),
        mobile: fc.constant('555'),
        state: fc.constantFrom('CA', 'OR', 'NY', 'ZZ'),
      }),
      { nil: null },
    ),
  }),
  fc.record({
    action: fc.constant('setShippingMethod' as const),
    methodId: fc.constantFrom('standard' as const, 'expedited' as const, 'freight' as const),
  }),
  fc.constant({ action: 'recalculate' as const, updateProductData: true }),
);

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('update' as const),
      actions: fc.array(actionArb, { minLength: 1, maxLength: 4 }),
      stale: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('apply' as const), code: fc.constantFrom(...CODES) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('remove' as const), pick: fc.nat(3) }) },
);

/** Ids line-1, line-2, … in order of creation, so actions can name lines that may exist. */
const envFor = (catalogue: CatalogueFacts): EngineEnv => {
  let n = 0;
  return { catalogue, discounts: DISCOUNTS, now: NOW, newId: () => `line-${++n}` };
};

const checkMoney = (cart: Cart): void => {
  for (const line of cart.lineItems) {
    const net = line.discountedPrice ?? line.price.discountedValue ?? line.price.value;
    const taken = line.discounts.reduce((sum, d) => sum + d.amount, 0);
    expect(taken).toBe((line.price.value - net) * line.quantity);
    expect(net).toBeGreaterThanOrEqual(0);
    expect(Number.isSafeInteger(net)).toBe(true);
  }
  const totals = cartTotals(cart);
  const summary = summarizeCart(cart);
  expect(summary.cents.subtotal).toBe(totals.subtotal);
  expect(summary.cents.subtotalWithDiscount).toBe(totals.net);
  expect(summary.cents.estimatedTotal).toBe(totals.total);
  expect(totals.shippingDiscounts).toBeLessThanOrEqual(totals.shipping);
  expect(totals.total).toBeGreaterThanOrEqual(0);
};

const stockHolds = (state: CartState, catalogue: CatalogueFacts, before: CartState): void => {
  // Every SKU whose held quantity went up is within stock unless exempt.
  const held = (s: CartState, sku: string) =>
    s.lines.filter((l) => l.sku === sku).reduce((n, l) => n + l.quantity, 0);
  for (const sku of new Set(state.lines.map((l) => l.sku))) {
    const f = catalogue.get(sku);
    if (f === undefined || f.backorderable || f.kind !== 'finished-good') continue;
    if (held(state, sku) > held(before, sku))
      expect(held(state, sku)).toBeLessThanOrEqual(f.availableQty);
  }
};

describe('cart engine properties', () => {
  it('random action sequences: totals add up, versions strictly increase, refusals change nothing', () => {
    fc.assert(
      fc.property(
        catalogueArb,
        fc.array(stepArb, { minLength: 1, maxLength: 25 }),
        (catalogue, steps) => {
          const env = envFor(catalogue);
          const pricing = { catalogue, discounts: DISCOUNTS, now: NOW };
          let state = createCartState({ id: 'cart', currency: 'USD', cartType: 'FG' });
          const redemptions = new Map<string, number>();
          for (const step of steps) {
            const before = state;
            const snapshot = JSON.stringify(before);
            let result;
            if (step.kind === 'update') {
              const version = step.stale ? state.version - 1 : state.version;
              result = updateCart(state, version, step.actions, env);
              if (step.stale) {
                expect(result).toEqual({
                  ok: false,
                  error: { kind: 'conflict', currentVersion: state.version },
                });
              }
            } else if (step.kind === 'apply') {
              result = applyDiscountCode(state, state.version, step.code, {
                ...env,
                discounts: DISCOUNTS,
                redemptions,
              });
              if (result.ok && step.code === 'ONCE') redemptions.set('once', 1);
            } else {
              const id = state.discountCodeIds[step.pick] ?? 'none';
              result = removeDiscountCode(state, state.version, id);
            }
            // Refused or not, the state it was given is untouched (nothing is written in place).
            expect(JSON.stringify(before)).toBe(snapshot);
            if (result.ok) {
              expect(result.value.version).toBe(before.version + 1);
              stockHolds(result.value, catalogue, before);
              state = result.value;
            }
            const priced = priceCart(state, pricing);
            checkMoney(priced);
            // The cart never ships by a method its lines cannot: freight goods ship by freight.
            const freight = state.lines.some((l) => {
              const f = catalogue.get(l.sku);
              return f?.freight === true && f.kind !== 'install-service';
            });
            expect(priced.shippingMethodId === 'freight').toBe(freight);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a stale version never writes, whatever the request', () => {
    fc.assert(
      fc.property(
        catalogueArb,
        fc.array(actionArb, { minLength: 1, maxLength: 5 }),
        fc.integer({ min: -5, max: 50 }).filter((v) => v !== 1),
        fc.constantFrom(...CODES),
        (catalogue, actions, stale, code) => {
          const state = createCartState({ id: 'cart', currency: 'USD', cartType: 'FG' });
          const env = envFor(catalogue);
          const conflict = { ok: false, error: { kind: 'conflict', currentVersion: 1 } };
          expect(updateCart(state, stale, actions, env)).toEqual(conflict);
          expect(
            applyDiscountCode(state, stale, code, {
              ...env,
              discounts: DISCOUNTS,
              redemptions: new Map(),
            }),
          ).toEqual(conflict);
          expect(removeDiscountCode(state, stale, 'pct')).toEqual(conflict);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('merge keeps every guest unit (up to the line cap) and bumps the version once', () => {
    fc.assert(
      fc.property(
        catalogueArb,
        fc.array(
          fc.record({
            sku: fc.constantFrom('K-1-WH', 'K-2-WH', 'K-3-WH'),
            quantity: fc.integer({ min: 1, max: 9 }),
          }),
          { maxLength: 6 },
        ),
        fc.array(
          fc.record({
            sku: fc.constantFrom('K-1-WH', 'K-2-WH', 'K-3-WH'),
            quantity: fc.integer({ min: 1, max: 9 }),
          }),
          { maxLength: 6 },
        ),
        (catalogue, mine, theirs) => {
          const env = envFor(catalogue);
          const lines = (xs: typeof mine, prefix: string) =>
            xs.map((x, i) => ({
              id: `${prefix}-${i}`,
              sku: x.sku,
              quantity: x.quantity,
              addedAt: NOW,
            }));
          const target = {
            ...createCartState({ id: 'c', currency: 'USD', cartType: 'FG' }),
            lines: lines(mine, 'm'),
          };
          const merged = mergeLines(target, lines(theirs, 'g'), env);
          expect(merged.version).toBe(target.version + 1);
          for (const sku of ['K-1-WH', 'K-2-WH', 'K-3-WH']) {
            const want = [...mine, ...theirs]
              .filter((x) => x.sku === sku)
              .reduce((n, x) => n + x.quantity, 0);
            const got = merged.lines
              .filter((l) => l.sku === sku)
              .reduce((n, l) => n + l.quantity, 0);
            expect(got).toBe(want);
          }
          checkMoney(priceCart(merged, { catalogue, discounts: DISCOUNTS, now: NOW }));
        },
      ),
      { numRuns: 200 },
    );
  });
});
