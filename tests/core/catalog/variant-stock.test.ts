/**
 * One reading of a variant's stock: a stated quantity is whole units, never below 0; a missing,
 * empty or non-numeric one is unknown, never 0; a SKU's first colour detail decides.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSkuDetails } from '../../../core/catalog/sku-details';
import {
  COLOUR_DETAIL_QTY_FIELD,
  parseStockQuantity,
  variantStock,
} from '../../../core/catalog/variant-stock';

describe('parseStockQuantity', () => {
  it('reads any stated count as whole units, at least 0, however it is padded', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.constantFrom('', ' ', '  '),
        (n, pad) => {
          const text = `${pad}${n.toFixed(2)}${pad}`;
          expect(parseStockQuantity(text)).toBe(Math.max(0, Math.floor(Number(n.toFixed(2)))));
        },
      ),
    );
    expect(parseStockQuantity('12')).toBe(12);
    expect(parseStockQuantity('0')).toBe(0);
    expect(parseStockQuantity('-3')).toBe(0);
    expect(parseStockQuantity('2.9')).toBe(2);
  });

  it('is unknown, never 0, when the text states no number', () => {
    for (const text of [undefined, '', '   ', 'abc', 'NaN', 'Infinity', '1e3', '0x10', '3 units']) {
      expect(parseStockQuantity(text)).toBeUndefined();
    }
    fc.assert(
      fc.property(fc.string(), (text) => {
        const units = parseStockQuantity(text);
        expect(units === undefined || (Number.isSafeInteger(units) && units >= 0)).toBe(true);
        if (!/\d/.test(text)) expect(units).toBeUndefined();
      }),
    );
  });
});

describe('variantStock', () => {
  it('maps each SKU to its first colour detail’s quantity, unknown kept as undefined', () => {
    const entry = (sku: string, qty: string) =>
      [sku, 'false', 'Black', '#000000', 'BL', qty, '/x.svg'].join('|');
    const { details } = parseSkuDetails([
      entry('K-1-BL', '4'),
      entry('K-1-CP', ''),
      entry('K-1-BL', '9'),
      entry('K-1-BN', 'lots'),
    ]);
    expect(details[0]?.extra[COLOUR_DETAIL_QTY_FIELD]).toBe('4');
    expect([...variantStock(details)]).toEqual([
      ['K-1-BL', 4],
      ['K-1-CP', undefined],
      ['K-1-BN', undefined],
    ]);
  });
});
