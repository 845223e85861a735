import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  childOrderNumber,
  isOrderNumber,
  isRandomOrderNumber,
  newOrderNumber,
  ORDER_NUMBER_ALPHABET,
  ORDER_NUMBER_RANDOM_LENGTH,
  orderNumberFromBytes,
} from '../../../core/orders/order-number';
import { normalizeOrderNumber } from '../../../core/validation/order-lookup';

const bytes = fc.uint8Array({
  minLength: ORDER_NUMBER_RANDOM_LENGTH,
  maxLength: ORDER_NUMBER_RANDOM_LENGTH,
});

describe('order numbers (issue 13: numbers that cannot be walked)', () => {
  it('are LV- and ten characters of the unambiguous alphabet, accepted by the lookup rule', () => {
    fc.assert(
      fc.property(bytes, fc.integer({ min: 1, max: 99 }), (random, position) => {
        const number = orderNumberFromBytes(random);
        expect(number).toMatch(/^LV-[0-9A-HJKMNP-TV-Z]{10}$/);
        expect([...number.slice(3)].every((c) => ORDER_NUMBER_ALPHABET.includes(c))).toBe(true);
        expect(isRandomOrderNumber(number)).toBe(true);
        expect(isOrderNumber(number)).toBe(true);
        // What a shopper types back, in any case and with spaces, finds the same number.
        expect(normalizeOrderNumber(` ${number.toLowerCase()} `)).toBe(number);
        const child = childOrderNumber(number, position);
        expect(child).toBe(`${number}-${position}`);
        expect(isOrderNumber(child)).toBe(true);
      }),
    );
  });

  it('leaves out I, L, O and U, so nothing read off a page is typed back wrong', () => {
    expect(ORDER_NUMBER_ALPHABET).toHaveLength(32);
    expect(new Set(ORDER_NUMBER_ALPHABET).size).toBe(32);
    expect(ORDER_NUMBER_ALPHABET).not.toMatch(/[ILOU]/);
  });

  it('gives 50 bits: different random bytes (low five bits) give different numbers', () => {
    fc.assert(
      fc.property(bytes, bytes, (a, b) => {
        const same = a.every((x, i) => (x & 31) === ((b[i] ?? 0) & 31));
        expect(orderNumberFromBytes(a) === orderNumberFromBytes(b)).toBe(same);
      }),
    );
  });

  it('uses every character equally often over all byte values', () => {
    const counts = new Map<string, number>();
    for (let byte = 0; byte < 256; byte += 1) {
      const c = orderNumberFromBytes(new Uint8Array(10).fill(byte)).charAt(3);
      counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    expect([...counts.values()]).toEqual(Array.from({ length: 32 }, () => 8));
  });

  it('asks the random source for exactly the bytes it needs, and refuses too few', () => {
    const asked: number[] = [];
    newOrderNumber((n) => {
      asked.push(n);
      return new Uint8Array(n);
    });
    expect(asked).toEqual([ORDER_NUMBER_RANDOM_LENGTH]);
    expect(() => orderNumberFromBytes(new Uint8Array(9))).toThrow(RangeError);
    expect(() => childOrderNumber('LV-0000000000', 0)).toThrow(RangeError);
    expect(() => childOrderNumber('LV-0000000000', 100)).toThrow(RangeError);
  });
});
