import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchesFieldPattern, validateFieldPattern } from '../../../core/validation/field-patterns';
import { resolveValidationMessages } from '../../../core/validation/messages';

const map = {
  zipCode: '^\\d{5}$',
  companyName: '^[A-Za-z ]{2,40}$',
  broken: '([',
};

describe('configured pattern map keyed by field (spec §3, §5)', () => {
  it('tests a field against its configured pattern', () => {
    fc.assert(
      fc.property(fc.constantFrom('zipCode', 'companyName'), fc.string(), (field, value) => {
        expect(matchesFieldPattern(field, value, map)).toBe(new RegExp(map[field]).test(value));
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^\d{5}$/), (zip) => {
        expect(validateFieldPattern('zipCode', zip, map).valid).toBe(true);
      }),
    );
  });

  it('leaves fields without a pattern, or with one that does not compile, unconstrained', () => {
    fc.assert(
      fc.property(
        fc.string().filter((f) => !Object.hasOwn(map, f) || f === 'broken'),
        fc.string(),
        (field, value) => {
          expect(validateFieldPattern(field, value, map).valid).toBe(true);
        },
      ),
    );
    // Inherited names are not configuration.
    expect(validateFieldPattern('toString', 'x', {}).valid).toBe(true);
  });

  it('uses the per-field message when configured, the general one otherwise', () => {
    const messages = resolveValidationMessages({ fieldPatterns: { zipCode: 'Five digits' } });
    expect(validateFieldPattern('zipCode', 'abc', map, messages).message).toBe('Five digits');
    expect(validateFieldPattern('companyName', '1', map, messages).message).toBe(
      'Please enter a valid value',
    );
  });
});
