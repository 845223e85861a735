import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMoney,
  amountToCents,
  centsToAmount,
  centsToDecimalString,
  formatMoney,
  money,
  multiplyMoney,
  sumMoney,
} from '../../../core/shared/money';

const cents = fc.integer({ min: -1_000_000_000, max: 1_000_000_000 });

describe('money in cents', () => {
  it('shows cents divided by 100 with exactly 2 decimals', () => {
    fc.assert(
      fc.property(cents, (c) => {
        const s = centsToDecimalString(c);
        expect(s).toMatch(/^-?\d+\.\d{2}$/);
        // The string, read back as integers, is the same number of cents.
        const [whole = '', frac = ''] = s.replace('-', '').split('.');
        expect((Number(whole) * 100 + Number(frac)) * (s.startsWith('-') ? -1 : 1)).toBe(c);
      }),
    );
  });

  it('round-trips through decimal amounts without losing a cent', () => {
    fc.assert(
      fc.property(cents, (c) => {
        expect(amountToCents(centsToAmount(c))).toBe(c);
      }),
    );
  });

  it('rounds decimal amounts half away from zero', () => {
    expect(amountToCents(249.99)).toBe(24999);
    expect(amountToCents(0.005)).toBe(1);
    expect(amountToCents(-0.005)).toBe(-1);
    expect(amountToCents(0.004)).toBe(0);
    expect(amountToCents(19.999)).toBe(2000);
  });

  it('adds like integers: commutative, associative, with zero as identity', () => {
    fc.assert(
      fc.property(cents, cents, cents, (a, b, c) => {
        const [ma, mb, mc] = [money(a), money(b), money(c)];
        expect(addMoney(ma, mb)).toEqual(addMoney(mb, ma));
        expect(addMoney(addMoney(ma, mb), mc)).toEqual(addMoney(ma, addMoney(mb, mc)));
        expect(addMoney(ma, money(0))).toEqual(ma);
      }),
    );
  });

  it('multiplies a unit price by a quantity as repeated addition', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 50 }),
        (c, q) => {
          const repeated = sumMoney(Array.from({ length: q }, () => money(c)));
          expect(multiplyMoney(money(c), q)).toEqual(repeated);
        },
      ),
    );
  });

  it('refuses amounts that are not whole cents and mixed currencies', () => {
    expect(() => money(1.5)).toThrow();
    expect(() => money(Number.NaN)).toThrow();
    expect(() => addMoney(money(1, 'USD'), money(1, 'GBP'))).toThrow();
  });

  it('formats with the currency symbol and thousands grouping', () => {
    expect(formatMoney(money(123456))).toBe('$1,234.56');
    expect(formatMoney(money(5))).toBe('$0.05');
    expect(formatMoney(money(-100000000))).toBe('\u2212$1,000,000.00');
    fc.assert(
      fc.property(cents, (c) => {
        const shown = formatMoney(money(c));
        // The shown minus is the typographic one (U+2212); the decimal string's is ASCII.
        expect(shown.replace(/[$,]/g, '').replace('\u2212', '-')).toBe(centsToDecimalString(c));
      }),
    );
  });
});
