import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isDepositPercentage,
  isPaymentAmountInRange,
  PAYMENT_AMOUNT_MAX_CENTS,
  PAYMENT_AMOUNT_MIN_CENTS,
  validateDepositPercentage,
  validatePaymentAmount,
} from '../../../core/validation/amounts';

describe('payment amount (spec §5, §9: min 350, max 15000)', () => {
  it('is in range exactly from $350.00 to $15,000.00 inclusive', () => {
    expect(PAYMENT_AMOUNT_MIN_CENTS).toBe(35_000);
    expect(PAYMENT_AMOUNT_MAX_CENTS).toBe(1_500_000);
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), (cents) => {
        const inRange = cents >= 35_000 && cents <= 1_500_000;
        expect(isPaymentAmountInRange(cents)).toBe(inRange);
        expect(validatePaymentAmount(cents).valid).toBe(inRange);
      }),
    );
  });

  it('says which bound was crossed, in dollars', () => {
    expect(validatePaymentAmount(34_999).message).toBe('The amount must be at least $350.00');
    expect(validatePaymentAmount(1_500_001).message).toBe('The amount must be at most $15,000.00');
    expect(validatePaymentAmount(35_000).valid).toBe(true);
    expect(validatePaymentAmount(1_500_000).valid).toBe(true);
  });

  it('refuses amounts that are not whole cents', () => {
    fc.assert(
      fc.property(fc.double({ min: 350, max: 15_000, noInteger: true }), (x) => {
        expect(isPaymentAmountInRange(x * 100 + 0.5)).toBe(false);
      }),
    );
    expect(isPaymentAmountInRange(Number.NaN)).toBe(false);
  });
});

describe('finance deposit (spec §5: a percentage)', () => {
  it('is a whole percentage from 0 to 100', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: -50, max: 150 }), fc.double()), (p) => {
        expect(isDepositPercentage(p)).toBe(Number.isInteger(p) && p >= 0 && p <= 100);
      }),
    );
  });

  it('is one of the configured steps when configuration gives them', () => {
    const steps = [0, 10, 20, 50];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), (p) => {
        expect(isDepositPercentage(p, steps)).toBe(steps.includes(p));
        expect(validateDepositPercentage(p, steps).valid).toBe(steps.includes(p));
      }),
    );
    expect(validateDepositPercentage(101).message).toBe(
      'The deposit must be a whole percentage from 0 to 100',
    );
  });
});
