import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  financeApplicantPhone,
  isPhone,
  PHONE_MIN_DIGITS,
  stripPhoneSeparators,
  validatePhone,
} from '../../../core/validation/phone';

const separator = fc.constantFrom('(', ')', ' ', '-');
/** Digits with separators sprinkled between them. */
const typed = (minDigits: number, maxDigits: number): fc.Arbitrary<string> =>
  fc
    .array(fc.tuple(fc.constantFrom(...'0123456789'), fc.array(separator, { maxLength: 2 })), {
      minLength: minDigits,
      maxLength: maxDigits,
    })
    .map((parts) => parts.map(([d, seps]) => d + seps.join('')).join(''));

describe('phone (spec §5: digits only, longer than 9, after removing ( ) space and hyphen)', () => {
  it('accepts 10 or more digits however they are separated', () => {
    fc.assert(
      fc.property(typed(PHONE_MIN_DIGITS, 20), (p) => {
        expect(isPhone(p)).toBe(true);
        expect(validatePhone(p).valid).toBe(true);
      }),
    );
  });

  it('refuses 9 digits or fewer', () => {
    fc.assert(
      fc.property(typed(1, 9), (p) => {
        expect(isPhone(p)).toBe(false);
      }),
    );
  });

  it('refuses any other character', () => {
    fc.assert(
      fc.property(
        typed(PHONE_MIN_DIGITS, 15),
        fc.string({ minLength: 1, maxLength: 1 }).filter((c) => !/[0-9() -]/.test(c)),
        fc.nat(),
        (p, ch, at) => {
          const i = at % (p.length + 1);
          expect(isPhone(p.slice(0, i) + ch + p.slice(i))).toBe(false);
        },
      ),
    );
  });

  it('agrees with its definition on any input', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const digits = s.replace(/[() -]/g, '');
        expect(isPhone(s)).toBe(/^\d{10,}$/.test(digits));
        expect(stripPhoneSeparators(s)).toBe(digits);
      }),
    );
  });

  it('gives the minimum in its message and says required when empty', () => {
    expect(validatePhone('12345').message).toBe(
      'Please enter a valid phone number of at least 10 digits',
    );
    expect(validatePhone(' ').message).toBe('This field is required');
  });

  it('sends the finance applicant phone with its spaces removed and nothing else changed', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const sent = financeApplicantPhone(s);
        expect(sent).not.toMatch(/\s/);
        expect(sent).toBe([...s].filter((c) => !/\s/.test(c)).join(''));
      }),
    );
    expect(financeApplicantPhone('(555) 123-4567')).toBe('(555)123-4567');
  });
});
