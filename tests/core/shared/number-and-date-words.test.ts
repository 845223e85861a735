import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatLongDate,
  formatMoney,
  groupThousands,
  money,
} from '../../../core/shared';

describe('formatCount', () => {
  it('writes every whole count as en-US does', () => {
    fc.assert(
      fc.property(fc.maxSafeNat(), (n) => {
        expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
      }),
    );
  });

  it('groups by thousands from the right', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(groupThousands('100000')).toBe('100,000');
  });

  it('leaves what is not a count as it is', () => {
    expect(formatCount(-1200)).toBe('-1200');
    expect(formatCount(1.5)).toBe('1.5');
  });

  it('is how money groups its dollars', () => {
    expect(formatMoney(money(123456789))).toBe('$1,234,567.89');
  });
});

describe('formatLongDate', () => {
  const intl = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

  it('writes every day from 1000 to 9999 as en-US does in UTC', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1000, 0, 1), max: Date.UTC(9999, 11, 31, 23, 59, 59) }),
        (at) => {
          expect(formatLongDate(at)).toBe(intl.format(at));
        },
      ),
    );
  });

  it('is empty for a time that is not one', () => {
    expect(formatLongDate(Number.NaN)).toBe('');
    expect(formatLongDate(Date.UTC(2026, 4, 1, 23, 30))).toBe('May 1, 2026');
  });
});
