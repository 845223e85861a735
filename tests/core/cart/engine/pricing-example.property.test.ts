/**
 * The worked example of docs/rules.md "Writing a pricing property": properties of the shop's own
 * promotions and tax table, written against the `core/cart` barrel alone — no server, no browser.
 * Each property builds a small random catalogue and cart, prices it with core's engine, and states
 * what must hold for every such cart.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyDiscountCode,
  cartTotals,
  createCartState,
  PROMOTIONS,
  priceCart,
  TAX_RATES_BP,
  taxRateBp,
  updateCart,
  type CartState,
  type CatalogueFacts,
  type DiscountEnv,
  type ItemFacts,
} from '../../../../core/cart';
import { itemFacts } from './item-facts';

const NOW = '2026-11-26T12:00:00.000Z';

/** One catalogue item; every field a test does not care about has a plain default. */
const facts = (sku: string, over: Partial<ItemFacts> = {}): ItemFacts =>
  itemFacts(sku, { availableQty: 999, ...over });

interface Line {
  readonly listCents: number;
  /** Percent off the list price while on sale; null: not on sale. */
  readonly saleOff: number | null;
  readonly department: string;
  readonly quantity: number;
}

/** A random line: a price, maybe a sale below it, a department and a quantity. */
const lineArb: fc.Arbitrary<Line> = fc.record({
  listCents: fc.integer({ min: 1, max: 500_000 }),
  saleOff: fc.option(fc.integer({ min: 1, max: 99 }), { nil: null }),
  department: fc.constantFrom('bathroom', 'kitchen', 'parts'),
  quantity: fc.integer({ min: 1, max: 5 }),
});
const stateArb = fc.constantFrom(...Object.keys(TAX_RATES_BP), 'OH', 'VT');

/** A cart of those lines, shipping to `state`, through the engine's own actions. */
const cartOf = (lines: readonly Line[], state: string) => {
  const items = lines.map((l, i) =>
    facts(`K-${i}`, {
      listCents: l.listCents,
      saleCents: l.saleOff === null ? null : Math.floor((l.listCents * (100 - l.saleOff)) / 100),
      department: l.department,
    }),
  );
  const catalogue: CatalogueFacts = new Map(items.map((f) => [f.sku, f]));
  let n = 0;
  const env: DiscountEnv = {
    catalogue,
    now: NOW,
    newId: () => `line-${++n}`,
    discounts: PROMOTIONS,
    redemptions: new Map(),
  };
  const empty = createCartState({ id: 'cart-1', currency: 'USD', cartType: 'FG' });
  const added = updateCart(
    empty,
    1,
    [
      ...lines.map((l, i) => ({
        action: 'addLineItem' as const,
        sku: `K-${i}`,
        quantity: l.quantity,
      })),
      {
        action: 'setShippingAddress' as const,
        address: {
          firstName: 'Ada',
          lastName: 'Shopper',
          email: 'ada@example.com',
          mobile: '5555550100',
          country: 'US',
          state,
          postalCode: '90001',
        },
      },
    ],
    env,
  );
  if (!added.ok) throw new Error(`setup failed: ${JSON.stringify(added.error)}`);
  return { state: added.value, env };
};

const totalOf = (state: CartState, env: DiscountEnv) => cartTotals(priceCart(state, env));

describe('the shop’s pricing, as properties (core/cart only)', () => {
  it('tax is the shipping state’s rate on the lines after every discount, rounded half up once', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 6 }), stateArb, (lines, state) => {
        const { state: cart, env } = cartOf(lines, state);
        const t = totalOf(cart, env);
        const exact = (t.net * taxRateBp(state)) / 10_000;
        expect(Math.abs(t.tax - exact)).toBeLessThanOrEqual(0.5);
        expect(t.total).toBe(t.net + t.shipping - t.shippingDiscounts + t.tax);
      }),
    );
  });

  it('SAVE10 never raises what the shopper pays, and takes at most 10 % (+ half a cent a unit) off the goods', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 6 }), stateArb, (lines, state) => {
        const { state: cart, env } = cartOf(lines, state);
        const before = totalOf(cart, env);
        const applied = applyDiscountCode(cart, cart.version, 'save10', env);
        if (!applied.ok) {
          // Refused only when it would take nothing off (every unit already priced at 0 or 1 ¢).
          expect(applied.error).toMatchObject({ kind: 'discount' });
          return;
        }
        const after = totalOf(applied.value, env);
        const units = lines.reduce((n, l) => n + l.quantity, 0);
        expect(after.total).toBeLessThanOrEqual(before.total);
        expect(before.net - after.net).toBeLessThanOrEqual(Math.ceil(before.net / 10 + units / 2));
        expect(applied.value.version).toBe(cart.version + 1);
      }),
    );
  });
});
