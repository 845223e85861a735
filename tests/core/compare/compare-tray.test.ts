import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMPTY_COMPARE, addToCompare } from '../../../core/compare/compare-state';
import {
  compareColumns,
  compareQuery,
  compareSkusFromQuery,
  isCompareTrayOpen,
  maxComparable,
} from '../../../core/compare/compare-tray';
import { DAY } from '../../../core/shared/clock';

describe('compare columns (spec §2, §9)', () => {
  it('are 7 from 1330 px, 5 from 812 px, else 3', () => {
    fc.assert(
      fc.property(fc.double({ min: -10, max: 5000, noNaN: true }), (w) => {
        const expected = w >= 1330 ? 7 : w >= 812 ? 5 : 3;
        expect(compareColumns(w)).toBe(expected);
        expect(maxComparable(w)).toBe(expected);
      }),
    );
    expect([811, 812, 1329, 1330].map(compareColumns)).toEqual([3, 5, 5, 7]);
    expect(compareColumns(Number.NaN)).toBe(3);
  });

  it('never shrink as the window widens', () => {
    fc.assert(
      fc.property(fc.nat(4000), fc.nat(4000), (a, b) => {
        expect(compareColumns(Math.min(a, b))).toBeLessThanOrEqual(compareColumns(Math.max(a, b)));
      }),
    );
  });
});

describe('compare tray (spec §4)', () => {
  const added = addToCompare(
    EMPTY_COMPARE,
    {
      compareSku: 'K-1',
      category: 'Toilets',
      backorder: false,
      masterVariant: { sku: 'K-1', attributes: [] },
    },
    { now: 0, max: 3 },
  );
  const one = added.ok ? added.value : EMPTY_COMPARE;

  it('is open when a compare query parameter exists or unexpired products exist', () => {
    const query = fc.constantFrom(
      '',
      '?compare',
      '?compare=',
      '?compare=K-1,K-2',
      '?keyword=sink',
      '?tab=compare',
    );
    fc.assert(
      fc.property(query, fc.boolean(), fc.nat(120 * DAY), (q, withProduct, now) => {
        const s = withProduct ? one : EMPTY_COMPARE;
        const live = withProduct && now < 60 * DAY;
        expect(isCompareTrayOpen(q, s, now)).toBe(q.startsWith('?compare') || live);
      }),
    );
  });

  it('reads and writes the compared SKUs of the compare page', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.stringMatching(/^K-[0-9A-Z-]{1,6}$/), { maxLength: 5 }),
        (skus) => {
          expect(compareSkusFromQuery(`?${compareQuery(skus)}`)).toEqual(skus);
        },
      ),
    );
    expect(compareQuery(['K-1', 'K-2'])).toBe('compare=K-1,K-2');
    expect(compareSkusFromQuery('?compare= K-1 ,,K-1,K-2')).toEqual(['K-1', 'K-2']);
  });
});
