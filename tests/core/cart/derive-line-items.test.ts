import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CartLineItem } from '../../../core/cart/cart';
import {
  cartCount,
  deriveLineItem,
  deriveLineItems,
  totalQuantity,
  unitPrices,
} from '../../../core/cart/derive-line-items';
import { isOutOfStock } from '../../../core/cart/out-of-stock';
import { customerFacingSku } from '../../../core/shared/sku';
import { cartArb, linesArb } from './arbitraries';

const hasAtMostTwoDecimals = (amount: number, cents: number): void => {
  expect(Math.round(amount * 100)).toBe(cents);
  expect(amount.toFixed(2)).toBe((cents / 100).toFixed(2));
};

describe('derived line items (spec §3, §4 Cart display)', () => {
  it('prices each line in cents: total = unit × quantity, discounted ≤ total, none negative', () => {
    fc.assert(
      fc.property(linesArb(), (lines) => {
        for (const [i, d] of deriveLineItems({ lineItems: lines }).entries()) {
          const line = lines.find((l) => l.id === d.id);
          expect(line, `line ${i}`).toBeDefined();
          if (line === undefined) return;
          expect(d.unitPriceCents).toBe(line.price.value);
          expect(d.totalPriceCents).toBe(line.price.value * line.quantity);
          expect(d.discountPriceCents).toBe(unitPrices(line).net * line.quantity);
          expect(d.discountPriceCents).toBeLessThanOrEqual(d.totalPriceCents);
          expect(d.discountPriceCents).toBeGreaterThanOrEqual(0);
          hasAtMostTwoDecimals(d.unitPrice, d.unitPriceCents);
          hasAtMostTwoDecimals(d.totalPrice, d.totalPriceCents);
          hasAtMostTwoDecimals(d.discountPrice, d.discountPriceCents);
        }
      }),
    );
  });

  it('lists discounts with their type, percent or absolute amount, and code', () => {
    fc.assert(
      fc.property(linesArb(), (lines) => {
        for (const d of deriveLineItems({ lineItems: lines })) {
          const line = lines.find((l) => l.id === d.id);
          expect(d.discountsList.map((e) => e.type)).toEqual(line?.discounts.map((x) => x.kind));
          d.discountsList.forEach((entry, i) => {
            const source = line?.discounts[i];
            expect(entry.code).toBe(source?.code);
            if (source?.value.type === 'relative') {
              expect(entry.percent).toBe(source.value.percent);
              expect(entry.absolute).toBeUndefined();
            } else {
              expect(entry.percent).toBeUndefined();
              expect(Math.round((entry.absolute ?? NaN) * 100)).toBe(
                source?.value.type === 'absolute' ? source.value.cents : NaN,
              );
            }
          });
          // What the discounts took off adds up to the difference the prices show.
          const taken = d.discountsList.reduce((s, e) => s + Math.round(e.amount * 100), 0);
          expect(taken).toBe(d.totalPriceCents - d.discountPriceCents);
        }
      }),
    );
  });

  it('sorts newest added first, keeping server order among equal instants', () => {
    fc.assert(
      fc.property(linesArb(), (lines) => {
        const shown = deriveLineItems({ lineItems: lines });
        expect(shown.map((d) => d.id).sort()).toEqual(lines.map((l) => l.id).sort());
        for (let i = 1; i < shown.length; i++) {
          const prev = shown[i - 1];
          const cur = shown[i];
          if (prev === undefined || cur === undefined) continue;
          const a = Date.parse(prev.addedAt);
          const b = Date.parse(cur.addedAt);
          expect(a).toBeGreaterThanOrEqual(b);
          if (a === b) {
            const ia = lines.findIndex((l) => l.id === prev.id);
            const ib = lines.findIndex((l) => l.id === cur.id);
            expect(ia).toBeLessThan(ib);
          }
        }
      }),
    );
  });

  it('counts toward total quantity only items without a bundle parent', () => {
    fc.assert(
      fc.property(linesArb(), (lines) => {
        const expected = lines
          .filter((l) => l.bundleParentId === undefined)
          .reduce((s, l) => s + l.quantity, 0);
        expect(totalQuantity(lines)).toBe(expected);
        expect(totalQuantity(deriveLineItems({ lineItems: lines }))).toBe(expected);
        expect(cartCount({ lineItems: lines })).toBe(expected);
      }),
    );
  });

  it('adding a bundle child never changes the count; adding a top-level line adds its quantity', () => {
    fc.assert(
      fc.property(linesArb({ maxLength: 6 }), fc.integer({ min: 1, max: 9 }), (lines, q) => {
        const base = cartCount({ lineItems: lines });
        const extra = (parent?: string): CartLineItem => ({
          ...(lines[0] ?? fcLine),
          id: 'extra',
          quantity: q,
          ...(parent === undefined ? {} : { bundleParentId: parent }),
        });
        const top = extra();
        const { bundleParentId: _drop, ...topLevel } = top;
        expect(cartCount({ lineItems: [...lines, extra('line-0')] })).toBe(base);
        expect(cartCount({ lineItems: [...lines, topLevel] })).toBe(base + q);
      }),
    );
  });

  it('shows the SKU without the K- prefix', () => {
    fc.assert(
      fc.property(linesArb(), (lines) => {
        for (const d of deriveLineItems({ lineItems: lines })) {
          expect(d.customerFacingSKU).toBe(customerFacingSku(d.sku));
          expect(d.sku.startsWith('K-') ? `K-${d.customerFacingSKU}` : d.customerFacingSKU).toBe(
            d.sku,
          );
        }
      }),
    );
  });

  it('marks out of stock by the out-of-stock rule and carries the display fields', () => {
    fc.assert(
      fc.property(linesArb(), (lines) => {
        for (const line of lines) {
          const d = deriveLineItem(line);
          expect(d.outOfStock).toBe(
            isOutOfStock({
              availableQty: line.availableQty,
              requestedQty: line.quantity,
              backorderable: line.backorderable,
              isService: line.isService,
              category: line.category,
            }),
          );
          expect(d.backOrder).toBe(line.backorderable);
          expect(d.noShipping).toBe(line.noShipping);
          expect(d.isComboSku).toBe(line.isComboSku);
          expect(d.superSku).toBe(line.isComboSku);
          expect(d.room).toBe(line.lineItemShipping?.roomInfo);
          expect(d.slug).toBe(line.productSlug['en-US']);
          expect(d.availableQty).toBe(line.availableQty);
          expect(d.addedAt).toBe(line.addedAt);
        }
      }),
    );
  });

  it('reads names in the asked locale, then the same language, then any', () => {
    fc.assert(
      fc.property(cartArb({ maxLines: 3 }), (cart) => {
        for (const d of deriveLineItems(cart, 'fr-CA')) expect(d.name).toMatch(/^Nom /);
        for (const d of deriveLineItems(cart, 'fr-FR')) expect(d.name).toMatch(/^Nom /);
        for (const d of deriveLineItems(cart, 'de-DE')) expect(d.name).toMatch(/^Name /);
      }),
    );
  });

  it('example: a sale line with a code discount on top', () => {
    const d = deriveLineItem({
      ...fcLine,
      sku: 'K-4120-BL',
      quantity: 3,
      price: { value: 24_999, discountedValue: 19_999 },
      discountedPrice: 17_999,
    });
    expect(d.customerFacingSKU).toBe('4120-BL');
    expect(d.unitPrice).toBe(249.99);
    expect(d.totalPrice).toBe(749.97);
    expect(d.discountPrice).toBe(539.97);
  });
});

const fcLine: CartLineItem = {
  id: 'line-x',
  sku: 'K-1',
  quantity: 1,
  addedAt: '2025-01-01T00:00:00.000Z',
  productSlug: { 'en-US': 'x' },
  name: { 'en-US': 'X' },
  price: { value: 100 },
  discounts: [],
  backorderable: false,
  noShipping: false,
  isService: false,
  isComboSku: false,
};
