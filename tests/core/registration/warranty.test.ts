/**
 * Warranty status (core/registration/warranty.ts) and the purchase-date rule, as properties over
 * every purchase date, term and day: a term covers exactly the days from the purchase up to the
 * day before its anniversary, coverage never comes back once over, lifetime never ends, and a
 * product with no purchase date has no known status.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { purchaseDateProblem } from '../../../core/registration/registration-rules';
import {
  dayOf,
  isoOfDay,
  warrantyEndsOn,
  warrantyOf,
  warrantyYearsOf,
} from '../../../core/registration/warranty';

const FIRST = dayOf('1950-01-01') ?? 0;
const LAST = dayOf('2099-12-31') ?? 0;
const isoDay = fc.integer({ min: FIRST, max: LAST }).map(isoOfDay);
const years = fc.integer({ min: 1, max: 30 });
const termWords = years.chain((n) =>
  fc
    .constantFrom(
      `Limited ${n} years`,
      `${n} year`,
      `${n}-year limited`,
      `Limited ${n} Years on parts`,
    )
    .map((text) => ({ n, text })),
);

describe('warranty terms from the product’s words', () => {
  it('reads N years from the words, and lifetime as no end', () => {
    fc.assert(
      fc.property(termWords, ({ n, text }) => {
        expect(warrantyYearsOf(text)).toBe(n);
      }),
    );
    expect(warrantyYearsOf('Limited lifetime')).toBeNull();
    expect(warrantyYearsOf('Limited lifetime on vitreous china, 1 year on parts')).toBeNull();
    expect(warrantyYearsOf('Workmanship guarantee')).toBeNull();
  });
});

describe('warranty status (property)', () => {
  it('covers the purchase day through the day before the anniversary, then never again', () => {
    fc.assert(
      fc.property(
        isoDay,
        termWords,
        fc.integer({ min: -400, max: 40 * 366 }),
        (bought, term, offset) => {
          const ends = warrantyEndsOn(bought, term.n);
          expect(ends).not.toBeNull();
          const end = dayOf(ends ?? '') ?? 0;
          const start = dayOf(bought) ?? 0;
          // N years are 365N to 366N days, less the last.
          expect(end - start).toBeGreaterThanOrEqual(365 * term.n - 1);
          expect(end - start).toBeLessThanOrEqual(366 * term.n);
          const today = isoOfDay(start + offset);
          const w = warrantyOf(term.text, bought, today);
          expect(w.years).toBe(term.n);
          expect(w.endsOn).toBe(ends);
          expect(w.status).toBe(start + offset <= end ? 'active' : 'expired');
        },
      ),
    );
  });

  it('is monotone: once expired, every later day is expired', () => {
    fc.assert(
      fc.property(isoDay, termWords, fc.nat(20_000), fc.nat(5_000), (bought, term, a, more) => {
        const start = dayOf(bought) ?? 0;
        const earlier = warrantyOf(term.text, bought, isoOfDay(start + a)).status;
        const later = warrantyOf(term.text, bought, isoOfDay(start + a + more)).status;
        if (earlier === 'expired') expect(later).toBe('expired');
      }),
    );
  });

  it('a lifetime warranty is lifetime whatever the dates; no purchase date is unknown', () => {
    fc.assert(
      fc.property(fc.option(isoDay, { nil: null }), isoDay, termWords, (bought, today, term) => {
        expect(warrantyOf('Limited lifetime', bought, today)).toMatchObject({
          status: 'lifetime',
          endsOn: null,
        });
        expect(warrantyOf(term.text, null, today).status).toBe('unknown');
      }),
    );
  });

  it('ends a 29 February purchase on 28 February of a year without one', () => {
    expect(warrantyEndsOn('2024-02-29', 1)).toBe('2025-02-28');
    expect(warrantyEndsOn('2024-02-29', 4)).toBe('2028-02-28');
    expect(warrantyEndsOn('2025-03-15', 5)).toBe('2030-03-14');
  });
});

describe('purchase date (property)', () => {
  it('accepts today and any real day before it from 1950, refuses any later day', () => {
    fc.assert(
      fc.property(isoDay, isoDay, (date, today) => {
        const problem = purchaseDateProblem(date, today);
        if (date > today) expect(problem).toBe('The purchase date cannot be in the future.');
        else expect(problem).toBeNull();
      }),
    );
    expect(purchaseDateProblem('2025-02-29', '2026-01-01')).toBe(
      'Enter the purchase date as YYYY-MM-DD.',
    );
    expect(purchaseDateProblem('1949-12-31', '2026-01-01')).toBe(
      'The purchase date must be in 1950 or later.',
    );
    expect(purchaseDateProblem('', '2026-01-01')).toBe('Enter the purchase date.');
  });
});
