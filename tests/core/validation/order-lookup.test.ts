import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isOrderNumber,
  normalizeOrderLookup,
  ORDER_NUMBER_MAX_LENGTH,
  prepareOrderLookup,
  validateOrderNumber,
} from '../../../core/validation/order-lookup';

const ws = fc.stringMatching(/^[ \t\n]{0,3}$/);
const emailArb = fc
  .tuple(fc.stringMatching(/^[a-z0-9]{1,10}$/), fc.stringMatching(/^[a-z]{1,8}\.[a-z]{2,4}$/))
  .map(([l, d]) => `${l}@${d}`);
const orderNumber = fc.stringMatching(/^[A-Z0-9]{1,4}-?[A-Z0-9]{1,10}$/);

describe('order lookup (spec §5: e-mail trimmed and lower-cased, number trimmed and upper-cased)', () => {
  it('normalises any input, idempotently', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (email, number) => {
        const n = normalizeOrderLookup({ email, orderNumber: number });
        expect(n).toEqual({
          email: email.trim().toLowerCase(),
          orderNumber: number.trim().toUpperCase(),
        });
        expect(normalizeOrderLookup(n)).toEqual(n);
      }),
    );
  });

  it('accepts what a shopper types with stray spaces and any case', () => {
    fc.assert(
      fc.property(
        fc.mixedCase(emailArb),
        fc.mixedCase(orderNumber),
        ws,
        ws,
        (email, number, a, b) => {
          const result = prepareOrderLookup({
            email: `${a}${email}${b}`,
            orderNumber: `${b}${number}${a}`,
          });
          expect(result).toEqual({
            ok: true,
            value: { email: email.toLowerCase(), orderNumber: number.toUpperCase() },
          });
        },
      ),
    );
  });

  it('names each failing field', () => {
    const result = prepareOrderLookup({ email: 'not-an-email', orderNumber: '  ' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.map((f) => f.field)).toEqual(['email', 'orderNumber']);
    const bad = prepareOrderLookup({ email: 'a@b.co', orderNumber: 'LV 12<3' });
    expect(bad.ok).toBe(false);
  });
});

describe('isOrderNumber (the one rule the form and the server apply)', () => {
  it('takes 1–40 letters, digits and hyphens starting with a letter or digit, nothing else', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('A', 'Z', '0', '9', '-', '_', ' ', 'é'), maxLength: 45 }),
        (value) => {
          const rule = (v: string) => v.length <= 40 && /^[A-Z0-9][A-Z0-9-]*$/.test(v);
          expect(isOrderNumber(value)).toBe(rule(value));
          // The form checks the same rule after trimming and upper-casing.
          expect(validateOrderNumber(` ${value.toLowerCase()} `).valid).toBe(rule(value.trim()));
        },
      ),
    );
  });

  it('accepts the shop’s numbers and refuses one character over the limit', () => {
    expect(isOrderNumber('LV-100001')).toBe(true);
    expect(isOrderNumber('LV-100001-2')).toBe(true);
    expect(isOrderNumber('L'.repeat(ORDER_NUMBER_MAX_LENGTH))).toBe(true);
    expect(isOrderNumber('L'.repeat(ORDER_NUMBER_MAX_LENGTH + 1))).toBe(false);
    expect(isOrderNumber('LV_100001')).toBe(false);
    expect(isOrderNumber('-LV')).toBe(false);
  });
});
