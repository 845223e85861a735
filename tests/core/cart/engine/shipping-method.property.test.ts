/**
 * The cart's shipping method over random carts: pricing offers freight alone when a freight item is
 * in the cart, else standard (and expedited while there are goods); it charges the chosen method
 * while it is offered and the default otherwise, never a method the cart cannot ship by; standard
 * is priced exactly as a cart with no choice, expedited at its flat price without shipping codes.
 * The engine's setShippingMethod accepts only an offered method, versioned like every update.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyDiscountCode,
  setShippingMethod,
  updateCart,
} from '../../../../core/cart/engine/engine';
import {
  SHIPPING_METHOD_IDS,
  type CartState,
  type CatalogueFacts,
  type DiscountDefinition,
  type EngineEnv,
  type ItemFacts,
  type ShippingMethodId,
  type StateLine,
} from '../../../../core/cart/engine/model';
import {
  cartTotals,
  EXPEDITED_CENTS,
  FREE_SHIPPING_FROM_CENTS,
  quoteCart,
} from '../../../../core/cart/engine/pricing';
import { itemFacts } from './item-facts';

const NOW = '2026-01-01T00:00:00.000Z';

const FREESHIP: DiscountDefinition = {
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
  sortOrder: 1,
};

const item = (sku: string, over: Partial<ItemFacts>): ItemFacts => itemFacts(sku, over);

const SKUS = ['S-1', 'S-2', 'S-3', 'S-4'] as const;

/** Four SKUs, each goods or a service, freight or not, at any price. */
const catalogueArb: fc.Arbitrary<CatalogueFacts> = fc
  .tuple(
    ...SKUS.map((sku) =>
      fc
        .record({
          listCents: fc.integer({ min: 0, max: 300_000 }),
          service: fc.boolean(),
          freight: fc.boolean(),
        })
        .map(({ listCents, service, freight }) =>
          item(sku, {
            listCents,
            freight,
            ...(service ? { kind: 'install-service' as const } : {}),
          }),
        ),
    ),
  )
  .map((items) => new Map(items.map((i) => [i.sku, i] as const)));

/** Lines of the catalogue's SKUs, and sometimes one the catalogue no longer has. */
const linesArb: fc.Arbitrary<StateLine[]> = fc
  .uniqueArray(fc.constantFrom(...SKUS, 'GONE-1'), { maxLength: 5 })
  .chain((skus) =>
    fc
      .tuple(...skus.map(() => fc.integer({ min: 1, max: 5 })))
      .map((qs) =>
        skus.map((sku, i) => ({ id: `line-${i}`, sku, quantity: qs[i] ?? 1, addedAt: NOW })),
      ),
  );

const chosenArb = fc.option(fc.constantFrom(...SHIPPING_METHOD_IDS), { nil: undefined });

const stateOf = (
  lines: readonly StateLine[],
  chosen: ShippingMethodId | undefined,
  codes: readonly string[],
): CartState => ({
  id: 'cart',
  version: 4,
  currency: 'USD',
  cartType: 'FG',
  lines,
  ...(chosen === undefined ? {} : { shippingMethodId: chosen }),
  discountCodeIds: codes,
});

const envFor = (catalogue: CatalogueFacts): EngineEnv => ({
  catalogue,
  discounts: [FREESHIP],
  now: NOW,
  newId: () => 'line-new',
});

/** What the cart's lines ship as, from the facts alone (the rule stated independently). */
const expectedOffer = (
  lines: readonly StateLine[],
  catalogue: CatalogueFacts,
): readonly ShippingMethodId[] => {
  const goods = lines.filter((l) => catalogue.get(l.sku)?.kind !== 'install-service');
  if (goods.some((l) => catalogue.get(l.sku)?.freight === true)) return ['freight'];
  return goods.length > 0 ? ['standard', 'expedited'] : ['standard'];
};

describe('pricing by the cart’s shipping method', () => {
  it('offers what the lines can ship by and charges the chosen method, else the default', () => {
    fc.assert(
      fc.property(
        catalogueArb,
        linesArb,
        chosenArb,
        fc.boolean(),
        (catalogue, lines, chosen, code) => {
          const env = { catalogue, discounts: [FREESHIP], now: NOW };
          const quote = quoteCart(stateOf(lines, chosen, code ? ['ship'] : []), env);
          const offered = expectedOffer(lines, catalogue);
          expect(quote.methods.map((m) => m.id)).toEqual(offered);
          const inForce =
            chosen !== undefined && offered.includes(chosen) ? chosen : (offered[0] ?? '');
          expect(quote.cart.shippingMethodId).toBe(inForce);
          expect(quote.cart.shippingCost).toBe(quote.methods.find((m) => m.id === inForce)?.cents);
          // Choosing changes shipping only: the lines and the tax are the same whatever the method.
          const unchosen = quoteCart(stateOf(lines, undefined, code ? ['ship'] : []), env).cart;
          expect(quote.cart.lineItems).toEqual(unchosen.lineItems);
          expect(quote.cart.totalTax).toBe(unchosen.totalTax);
          const totals = cartTotals(quote.cart);
          expect(totals.shippingDiscounts).toBeLessThanOrEqual(totals.shipping);
          if (inForce === 'expedited') {
            expect(quote.cart.shippingCost).toBe(EXPEDITED_CENTS);
            expect(quote.cart.discountCodes.every((c) => c.shippingDiscount === 0)).toBe(true);
            expect(quote.cart.freightDiscount).toBe(0);
          } else {
            // Standard and freight are priced exactly as a cart that chose nothing.
            expect(quote.cart).toEqual(unchosen);
          }
          expect([...quote.freightSkus].sort()).toEqual(
            lines
              .filter((l) => catalogue.get(l.sku)?.freight === true)
              .map((l) => l.sku)
              .sort(),
          );
        },
      ),
      { numRuns: 400 },
    );
  });

  it('keeps standard free from the threshold and takes shipping codes off it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200_000 }), fc.boolean(), (listCents, code) => {
        const catalogue = new Map([['P-1', item('P-1', { listCents })]]);
        const env = { catalogue, discounts: [FREESHIP], now: NOW };
        const lines = [{ id: 'l', sku: 'P-1', quantity: 1, addedAt: NOW }];
        const standard = quoteCart(stateOf(lines, 'standard', code ? ['ship'] : []), env).cart;
        const cents = listCents < FREE_SHIPPING_FROM_CENTS ? 1495 : 0;
        expect(standard.shippingCost).toBe(cents);
        expect(cartTotals(standard).shippingDiscounts).toBe(code ? cents : 0);
        const expedited = quoteCart(stateOf(lines, 'expedited', code ? ['ship'] : []), env).cart;
        expect(cartTotals(expedited).shipping - cartTotals(expedited).shippingDiscounts).toBe(
          EXPEDITED_CENTS,
        );
      }),
    );
  });
});

describe('the setShippingMethod update', () => {
  it('takes an offered method (version + 1) and refuses any other, naming the field', () => {
    fc.assert(
      fc.property(
        catalogueArb,
        linesArb,
        fc.constantFrom(...SHIPPING_METHOD_IDS),
        fc.boolean(),
        (catalogue, lines, methodId, asAction) => {
          const state = stateOf(lines, undefined, []);
          const env = envFor(catalogue);
          const result = asAction
            ? updateCart(state, state.version, [{ action: 'setShippingMethod', methodId }], env)
            : setShippingMethod(state, state.version, methodId, env);
          const offered = expectedOffer(lines, catalogue).includes(methodId);
          if (offered) {
            expect(result.ok && result.value.shippingMethodId).toBe(methodId);
            expect(result.ok && result.value.version).toBe(state.version + 1);
          } else {
            expect(result.ok).toBe(false);
            expect(!result.ok && result.error.kind === 'invalid' && result.error.field).toBe(
              asAction ? 'actions[0].methodId' : 'methodId',
            );
          }
          // A stale version is a conflict whatever the method.
          expect(setShippingMethod(state, state.version - 1, methodId, env)).toEqual({
            ok: false,
            error: { kind: 'conflict', currentVersion: state.version },
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps the choice through later updates; pricing falls back while it does not apply', () => {
    const catalogue = new Map([
      ['P-1', item('P-1', {})],
      ['F-1', item('F-1', { freight: true })],
    ]);
    const env = envFor(catalogue);
    const pricing = { catalogue, discounts: [], now: NOW };
    const base = stateOf([{ id: 'p', sku: 'P-1', quantity: 1, addedAt: NOW }], undefined, []);
    const chosen = updateCart(
      base,
      base.version,
      [{ action: 'setShippingMethod', methodId: 'expedited' }],
      env,
    );
    if (!chosen.ok) throw new Error('expedited is offered for parcel goods');
    const withFreight = updateCart(
      chosen.value,
      chosen.value.version,
      [{ action: 'addLineItem', sku: 'F-1', quantity: 1 }],
      env,
    );
    if (!withFreight.ok) throw new Error('adding freight succeeds');
    expect(withFreight.value.shippingMethodId).toBe('expedited');
    expect(quoteCart(withFreight.value, pricing).cart.shippingMethodId).toBe('freight');
    const back = updateCart(
      withFreight.value,
      withFreight.value.version,
      [{ action: 'removeLineItem', lineItemId: 'line-new' }],
      env,
    );
    if (!back.ok) throw new Error('removing the freight line succeeds');
    expect(quoteCart(back.value, pricing).cart).toMatchObject({
      shippingMethodId: 'expedited',
      shippingCost: EXPEDITED_CENTS,
    });
  });

  it('refuses a shipping code while the cart ships expedited: it would take nothing off', () => {
    const catalogue = new Map([['P-1', item('P-1', {})]]);
    const env = { ...envFor(catalogue), discounts: [FREESHIP], redemptions: new Map() };
    const lines = [{ id: 'p', sku: 'P-1', quantity: 1, addedAt: NOW }];
    const standard = stateOf(lines, 'standard', []);
    expect(applyDiscountCode(standard, standard.version, 'ship', env).ok).toBe(true);
    const expedited = stateOf(lines, 'expedited', []);
    expect(applyDiscountCode(expedited, expedited.version, 'ship', env)).toEqual({
      ok: false,
      error: {
        kind: 'discount',
        code: 'DiscountCodeNonApplicable',
        reason: 'ExpeditedShipping',
        discountCode: 'SHIP',
      },
    });
  });
});
