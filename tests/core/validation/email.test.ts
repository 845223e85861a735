import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EMAIL_MAX_LENGTH,
  isEmail,
  normalizeEmail,
  validateEmail,
} from '../../../core/validation/email';

const alnum = /^[A-Za-z0-9]{1,10}$/;
const localSegment = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_%+-]{0,8}$/);
const local = fc
  .array(localSegment, { minLength: 1, maxLength: 4 })
  .map((segments) => segments.join('.'))
  .filter((l) => l.length <= 64);
const label = fc.oneof(
  fc.stringMatching(alnum),
  fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9-]{0,8}[A-Za-z0-9]$/),
);
const suffix = fc.stringMatching(/^[A-Za-z]{2,6}$/);
const domain = fc
  .tuple(fc.array(label, { minLength: 1, maxLength: 3 }), suffix)
  .map(([labels, s]) => [...labels, s].join('.'));
const email = fc.tuple(local, domain).map(([l, d]) => `${l}@${d}`);

const DISALLOWED = [...'!#$&\'*/=?^`{|}~"(),:;<>[\\] '];

describe('e-mail (spec §5)', () => {
  it('accepts addresses of letters, digits and . _ % + - with a domain and a suffix', () => {
    fc.assert(
      fc.property(email, (e) => {
        expect(isEmail(e)).toBe(true);
        expect(validateEmail(`  ${e} `).valid).toBe(true);
      }),
    );
  });

  it('refuses a leading dot, hyphen or underscore', () => {
    fc.assert(
      fc.property(email, fc.constantFrom('.', '-', '_'), (e, lead) => {
        expect(isEmail(`${lead}${e}`)).toBe(false);
      }),
    );
  });

  it('refuses a domain without a suffix, or with a suffix that is not letters', () => {
    fc.assert(
      fc.property(local, label, fc.stringMatching(/^[0-9]{1,4}$/), (l, d, n) => {
        expect(isEmail(`${l}@${d}`)).toBe(false);
        expect(isEmail(`${l}@${d}.${n}`)).toBe(false);
        expect(isEmail(`${l}@${d}.`)).toBe(false);
      }),
    );
  });

  it('refuses the disallowed special characters anywhere in the address', () => {
    fc.assert(
      fc.property(email, fc.constantFrom(...DISALLOWED), fc.nat(), (e, ch, at) => {
        const i = at % (e.length + 1);
        expect(isEmail(e.slice(0, i) + ch + e.slice(i))).toBe(false);
      }),
    );
  });

  it('refuses a missing @, two dots in a row and a dot before the @', () => {
    fc.assert(
      fc.property(local, domain, (l, d) => {
        expect(isEmail(`${l}${d}`)).toBe(false);
        expect(isEmail(`${l}..x@${d}`)).toBe(false);
        expect(isEmail(`${l}.@${d}`)).toBe(false);
      }),
    );
  });

  it(`refuses anything longer than ${EMAIL_MAX_LENGTH} characters with the length message`, () => {
    fc.assert(
      fc.property(email, fc.integer({ min: 1, max: 60 }), (e, extra) => {
        const long = `${'a'.repeat(60)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(extra)}${e.replace(/@/g, '')}.com`;
        if (long.length <= EMAIL_MAX_LENGTH) return;
        const result = validateEmail(long);
        expect(result.valid).toBe(false);
        expect(result.message).toBe('Email must be at most 254 characters');
      }),
    );
  });

  it('says the field is required when empty', () => {
    expect(validateEmail('   ')).toEqual({
      field: 'email',
      valid: false,
      message: 'This field is required',
    });
  });

  it('normalises by trimming and lower-casing, idempotently', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const n = normalizeEmail(s);
        expect(n).toBe(s.trim().toLowerCase());
        expect(normalizeEmail(n)).toBe(n);
      }),
    );
  });
});
