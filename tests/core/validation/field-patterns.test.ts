import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSavedAddress } from '../../../core/account/address-book';
import { checkProfileField, checkProfileFields } from '../../../core/account/profile-rules';
import {
  checkFieldPattern,
  fieldRulesOf,
  matchesFieldPattern,
  validateFieldPattern,
} from '../../../core/validation/field-patterns';
import {
  DEFAULT_VALIDATION_MESSAGES,
  resolveValidationMessages,
} from '../../../core/validation/messages';

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

describe('configured field rules (spec §3 pattern map, §5 condition messages)', () => {
  const letter = '[A-Za-z]';

  it('checkFieldPattern: blank passes; otherwise the trimmed value decides, with the configured text', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 12 }),
        fc.string({ minLength: 1, maxLength: 30 }),
        (value, text) => {
          const rules = fieldRulesOf({
            patterns: { city: letter },
            validationMessages: { fieldPatterns: { city: text } },
          });
          const result = checkFieldPattern('city', value, rules);
          const expected = value.trim() === '' || /[A-Za-z]/.test(value.trim());
          expect(result.valid).toBe(expected);
          expect(result.message).toBe(expected ? null : text);
          // A field the map does not name is never constrained by it.
          expect(checkFieldPattern('street', value, rules).valid).toBe(true);
        },
      ),
    );
  });

  it('falls back to the generic configured message when the field has no text of its own', () => {
    const rules = fieldRulesOf({
      patterns: { city: letter },
      validationMessages: { fieldPattern: 'Not like that' },
    });
    expect(checkFieldPattern('city', '123', rules).message).toBe('Not like that');
    expect(fieldRulesOf({}).patterns).toEqual({});
  });

  it('checkSavedAddress applies the map after its own rules, in form order, and a match-all map changes nothing', () => {
    const base = {
      firstName: 'Robin',
      lastName: 'Tester',
      streetName: '1 Main Street',
      state: 'NY',
      postalCode: '10001',
      country: 'US',
    };
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9 .'-]{1,20}$/), (city) => {
        const plain = checkSavedAddress({ ...base, city });
        expect(
          checkSavedAddress({ ...base, city }, DEFAULT_VALIDATION_MESSAGES, { city: '' }),
        ).toEqual(plain);
        const configured = checkSavedAddress(
          { ...base, city },
          { ...DEFAULT_VALIDATION_MESSAGES, fieldPatterns: { city: 'City must contain a letter' } },
          { city: letter },
        );
        const cityFailure = configured.ok
          ? undefined
          : configured.error.find((f) => f.field === 'city');
        if (plain.ok && !/[A-Za-z]/.test(city.trim())) {
          expect(cityFailure?.message).toBe('City must contain a letter');
        } else if (plain.ok) {
          expect(configured.ok).toBe(true);
        }
      }),
    );
  });

  it('checkProfileField refuses by the configured pattern with its message', () => {
    const rules = fieldRulesOf({
      patterns: { firstName: letter },
      validationMessages: { fieldPatterns: { firstName: 'First name must contain a letter' } },
    });
    expect(checkProfileField('firstName', "'--'", rules)).toEqual({
      ok: false,
      error: { kind: 'pattern', message: 'First name must contain a letter' },
    });
    expect(checkProfileField('firstName', ' Jo ', rules)).toEqual({ ok: true, value: 'Jo' });
    expect(checkProfileFields({ firstName: '--' }, rules)).toEqual({
      firstName: 'First name must contain a letter',
    });
  });
});
