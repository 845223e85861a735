import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPaymentApproved, PAYMENT_SUCCESS_CODE } from '../../../core/checkout/payment';

describe('payment result (spec §9: success code 870)', () => {
  it('approves 870 as a number or a string, and nothing else', () => {
    expect(PAYMENT_SUCCESS_CODE).toBe(870);
    expect(isPaymentApproved(870)).toBe(true);
    expect(isPaymentApproved(' 870 ')).toBe(true);
    expect(isPaymentApproved(null)).toBe(false);
    expect(isPaymentApproved(undefined)).toBe(false);
    fc.assert(
      fc.property(
        fc
          .oneof(fc.integer(), fc.double(), fc.string())
          .filter((c) => c !== 870 && String(c).trim() !== '870'),
        (code) => {
          expect(isPaymentApproved(code)).toBe(false);
        },
      ),
    );
  });
});
