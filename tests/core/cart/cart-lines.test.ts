/**
 * Issue 12 items 3 and 7 as rules: what a cart line says one unit costs agrees with its total; a
 * quantity that cannot be had is refused with the reason (stock or the per-line maximum); and a
 * shared cart is priced for its reader, never with the sharer's codes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyDiscountCode,
  createCartState,
  deriveLineItem,
  deriveLineItems,
  lineQuantityRefusal,
  linesTotals,
  MAX_CART_LINE_QUANTITY,
  MAX_LINE_QUANTITY,
  maxLineQuantity,
  PROMOTIONS,
  priceCart,
  priceSharedCart,
  sharedCartLines,
  summarizeCart,
  updateCart,
  type CatalogueFacts,
  type DiscountEnv,
} from '../../../core/cart';
import { linesArb } from './arbitraries';
import { itemFacts } from './engine/item-facts';

const NOW = '2026-11-26T12:00:00.000Z';

describe('a line’s unit price (issue 12 item 7)', () => {
  it('is the line total divided by the quantity, for every line', () => {
    fc.assert(
      fc.property(linesArb(), (lines) => {
        for (const d of deriveLineItems({ lineItems: lines })) {
          if (d.quantity === 0) continue;
          expect(d.discountUnitPriceCents * d.quantity).toBe(d.discountPriceCents);
          expect(d.discountUnitPriceCents).toBeLessThanOrEqual(d.unitPriceCents);
          expect(Math.round(d.discountUnitPrice * 100)).toBe(d.discountUnitPriceCents);
        }
      }),
    );
  });

  it('of a sale line is the sale price, below the list price', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 500_000 }),
        fc.integer({ min: 1, max: 99 }),
        fc.integer({ min: 1, max: 20 }),
        (list, percentOff, quantity) => {
          const sale = Math.floor((list * (100 - percentOff)) / 100);
          fc.pre(sale < list);
          const facts = itemFacts('K-1', { listCents: list, saleCents: sale });
          const env = {
            catalogue: new Map([['K-1', facts]]),
            now: NOW,
            newId: () => 'line-1',
            discounts: PROMOTIONS,
          };
          const cart = updateCart(
            createCartState({ id: 'c', currency: 'USD', cartType: 'FG' }),
            1,
            [{ action: 'addLineItem', sku: 'K-1', quantity }],
            env,
          );
          if (!cart.ok) throw new Error(JSON.stringify(cart.error));
          const [line] = priceCart(cart.value, env).lineItems;
          if (line === undefined) throw new Error('no line');
          const d = deriveLineItem(line);
          expect(d.unitPriceCents).toBe(list);
          expect(d.discountUnitPriceCents).toBe(sale);
          expect(d.discountPriceCents).toBe(sale * quantity);
          expect(d.discountPriceCents / d.quantity).toBe(d.discountUnitPriceCents);
        },
      ),
    );
  });
});

describe('the summary names the shop’s promotion (issue 12 item 7)', () => {
  it('an automatic promotion carries its name from PROMOTIONS', () => {
    const part = itemFacts('K-PART', { listCents: 500, department: 'parts' });
    const env = {
      catalogue: new Map([['K-PART', part]]),
      now: NOW,
      newId: () => 'l1',
      discounts: PROMOTIONS,
    };
    const added = updateCart(
      createCartState({ id: 'c', currency: 'USD', cartType: 'FG' }),
      1,
      [{ action: 'addLineItem', sku: 'K-PART', quantity: 1 }],
      env,
    );
    if (!added.ok) throw new Error(JSON.stringify(added.error));
    const summary = summarizeCart(priceCart(added.value, env));
    const parts = PROMOTIONS.find((p) => p.code === null && p.department === 'parts');
    expect(summary.promoCodes).toEqual([
      expect.objectContaining({ type: 'no-code', name: parts?.name, discountCents: 75 }),
    ]);
  });
});

const quantityLineArb = fc.record({
  quantity: fc.integer({ min: 1, max: 50 }),
  availableQty: fc.option(fc.integer({ min: 0, max: 2000 }), { nil: undefined }),
  backOrder: fc.boolean(),
  isService: fc.boolean(),
  category: fc.constantFrom(undefined, 'Toilets', 'Design Services'),
});

describe('a refused quantity says why (issue 12 item 7)', () => {
  it('a line at 2 with 12 in stock refuses 999 for stock, and 1000 for the line maximum', () => {
    const line = {
      quantity: 2,
      availableQty: 12,
      backOrder: false,
      isService: false,
      category: 'Toilets',
    };
    expect(lineQuantityRefusal(line, 999)).toEqual({ reason: 'stock', available: 12 });
    expect(lineQuantityRefusal(line, 12)).toBeNull();
    expect(lineQuantityRefusal({ ...line, backOrder: true }, 999)).toBeNull();
    expect(lineQuantityRefusal({ ...line, backOrder: true }, 1000)).toEqual({
      reason: 'lineMaximum',
      maximum: MAX_LINE_QUANTITY,
    });
    expect(lineQuantityRefusal(line, 2.5)).toEqual({ reason: 'notWhole' });
    expect(lineQuantityRefusal(line, -1)).toEqual({ reason: 'notWhole' });
  });

  it('maxLineQuantity is the most the rule accepts, and every refusal names its limit', () => {
    fc.assert(
      fc.property(
        quantityLineArb,
        fc.integer({ min: -5, max: MAX_CART_LINE_QUANTITY + 5 }),
        (line, requested) => {
          const max = maxLineQuantity(line);
          expect(max).toBeGreaterThanOrEqual(line.quantity);
          expect(max).toBeLessThanOrEqual(MAX_CART_LINE_QUANTITY);
          expect(lineQuantityRefusal(line, max)).toBeNull();
          const refusal = lineQuantityRefusal(line, requested);
          if (requested < 0) expect(refusal).toEqual({ reason: 'notWhole' });
          else if (requested <= max) expect(refusal).toBeNull();
          else if (requested > MAX_CART_LINE_QUANTITY) {
            expect(refusal).toEqual({ reason: 'lineMaximum', maximum: MAX_CART_LINE_QUANTITY });
          } else {
            // Refused below the line maximum: only stock can be why, and it says how many.
            expect(refusal).toEqual({ reason: 'stock', available: line.availableQty });
            expect(line.availableQty).toBeLessThan(requested);
          }
        },
      ),
    );
  });
});

describe('a shared cart is priced for its reader (issue 12 item 3)', () => {
  const catalogueIn = (currency: string): CatalogueFacts => {
    const scale = currency === 'CAD' ? 1.35 : 1;
    return new Map(
      [
        itemFacts('K-TOILET', { listCents: 75_000 }),
        itemFacts('K-FAUCET', { listCents: 42_000, saleCents: 35_500, department: 'kitchen' }),
        itemFacts('K-PART', { listCents: 500, department: 'parts' }),
      ].map((f) => {
        const priced = {
          ...f,
          listCents: Math.round(f.listCents * scale),
          saleCents: f.saleCents === null ? null : Math.round(f.saleCents * scale),
        };
        return [f.sku, priced] as const;
      }),
    );
  };
  const skus = ['K-TOILET', 'K-FAUCET', 'K-PART'] as const;
  const choiceArb = fc.uniqueArray(
    fc.record({ sku: fc.constantFrom(...skus), quantity: fc.integer({ min: 1, max: 5 }) }),
    { minLength: 1, maxLength: 3, selector: (c) => c.sku },
  );
  const codeArb = fc.constantFrom('VIP25', 'SAVE10', 'KITCHEN15', 'WELCOME20');

  const cartWith = (
    choices: readonly { sku: string; quantity: number }[],
    currency: string,
    idPrefix: string,
  ) => {
    let n = 0;
    const env: DiscountEnv = {
      catalogue: catalogueIn(currency),
      now: NOW,
      newId: () => `${idPrefix}-${++n}`,
      discounts: PROMOTIONS,
      redemptions: new Map(),
    };
    const added = updateCart(
      createCartState({ id: idPrefix, currency, cartType: 'FG' }),
      1,
      choices.map((c) => ({ action: 'addLineItem' as const, sku: c.sku, quantity: c.quantity })),
      env,
    );
    if (!added.ok) throw new Error(JSON.stringify(added.error));
    return { state: added.value, env };
  };

  it('carries none of the sharer’s codes and costs what the reader’s own cart then costs', () => {
    fc.assert(
      fc.property(
        choiceArb,
        codeArb,
        fc.constantFrom('USD', 'CAD'),
        fc.constantFrom('USD', 'CAD'),
        (choices, code, sharerCurrency, readerCurrency) => {
          const sharer = cartWith(choices, sharerCurrency, 'sharer');
          const coded = applyDiscountCode(sharer.state, sharer.state.version, code, sharer.env);
          const sharerCart = priceCart(coded.ok ? coded.value : sharer.state, sharer.env);

          const shared = priceSharedCart(
            { id: 'shared-1', lines: sharedCartLines(sharerCart.lineItems) },
            readerCurrency,
            { catalogue: catalogueIn(readerCurrency), discounts: PROMOTIONS, now: NOW },
          );
          expect(shared.currency).toBe(readerCurrency);
          for (const line of shared.lineItems) {
            expect(line.discounts.filter((d) => d.code !== undefined)).toEqual([]);
          }
          const reader = cartWith(choices, readerCurrency, 'reader');
          expect(linesTotals(shared.lineItems)).toEqual(
            linesTotals(priceCart(reader.state, reader.env).lineItems),
          );
        },
      ),
    );
  });

  it('VIP25’s $562.50 toilet is $750.00 to the reader, as in the reader’s cart', () => {
    const sharer = cartWith([{ sku: 'K-TOILET', quantity: 1 }], 'USD', 'sharer');
    const coded = applyDiscountCode(sharer.state, sharer.state.version, 'VIP25', sharer.env);
    if (!coded.ok) throw new Error(JSON.stringify(coded.error));
    const sharerCart = priceCart(coded.value, sharer.env);
    expect(deriveLineItems(sharerCart)[0]?.discountPriceCents).toBe(56_250);
    const shared = priceSharedCart(
      { id: 's', lines: sharedCartLines(sharerCart.lineItems) },
      'USD',
      { catalogue: catalogueIn('USD'), discounts: PROMOTIONS, now: NOW },
    );
    expect(deriveLineItems(shared)[0]?.discountPriceCents).toBe(75_000);
  });

  it('keeps only the choices, and a line with parts stays a bundle', () => {
    const lines = sharedCartLines([
      { id: 'p', sku: 'K-COMBO', quantity: 2, addedAt: NOW },
      { id: 'c', sku: 'K-BOWL', quantity: 2, addedAt: NOW, bundleParentId: 'p' },
    ]);
    expect(lines).toEqual([
      { id: 'p', sku: 'K-COMBO', quantity: 2, addedAt: NOW, bundle: true },
      { id: 'c', sku: 'K-BOWL', quantity: 2, addedAt: NOW, bundleParentId: 'p' },
    ]);
  });
});
