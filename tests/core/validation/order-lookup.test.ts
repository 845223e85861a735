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
const orderNumber = fc.oneof(
  fc.stringMatching(/^LV-[0-9A-HJKMNP-TV-Z]{10}(-[1-9])?$/),
  fc.stringMatching(/^LV-[0-9]{6,9}(-[1-9])?$/),
);

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
    const typo = prepareOrderLookup({ email: 'a@b.co', orderNumber: 'LV-7KM3Q9XW2O' });
    expect(typo).toEqual({
      ok: false,
      error: [{ field: 'orderNumber', valid: false, message: 'Please enter a valid order number' }],
    });
  });
});

describe('isOrderNumber (the one rule the form and the server apply)', () => {
  /** The rule written out once more, independently: random base32 or the old sequential digits. */
  const rule = (v: string) => /^LV-([0-9A-HJKMNP-TV-Z]{10}|[0-9]{1,9})(-[1-9][0-9]?)?$/.test(v);

  it('takes exactly the shop’s shapes, in any case and spacing the form is given', () => {
    const unit = fc.constantFrom(
      'L',
      'V',
      '-',
      'A',
      'Z',
      'I',
      'O',
      'U',
      '0',
      '1',
      '9',
      '_',
      ' ',
      'é',
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit, maxLength: 20 }),
          fc.string({ unit, maxLength: 14 }).map((t) => `LV-${t}`),
          orderNumber,
        ),
        (value) => {
          expect(isOrderNumber(value)).toBe(rule(value));
          // The form checks the same rule after trimming and upper-casing.
          expect(validateOrderNumber(` ${value.toLowerCase()} `).valid).toBe(
            rule(value.trim().toUpperCase()),
          );
        },
      ),
    );
  });

  it('accepts the shop’s numbers, old and new, and their children', () => {
    expect(isOrderNumber('LV-7KM3Q9XW2D')).toBe(true);
    expect(isOrderNumber('LV-7KM3Q9XW2D-2')).toBe(true);
    expect(isOrderNumber('LV-100001')).toBe(true);
    expect(isOrderNumber('LV-100001-2')).toBe(true);
    // Letters left out of the alphabet, a wrong length, a child 0 or past 99, another prefix.
    expect(isOrderNumber('LV-7KM3Q9XW2O')).toBe(false);
    expect(isOrderNumber('LV-7KM3Q9XW2')).toBe(false);
    expect(isOrderNumber('LV-7KM3Q9XW2DD')).toBe(false);
    expect(isOrderNumber('LV-7KM3Q9XW2D-0')).toBe(false);
    expect(isOrderNumber('LV-7KM3Q9XW2D-100')).toBe(false);
    expect(isOrderNumber('LV_100001')).toBe(false);
    expect(isOrderNumber('XX-100001')).toBe(false);
    expect(isOrderNumber('L'.repeat(ORDER_NUMBER_MAX_LENGTH))).toBe(false);
  });
});
