/**
 * Core's profile-field rule (spec §3 Profile, §5): names required safe text of at most 50
 * characters, business fields safe text of at most 100 or blank (clears), the business zip code
 * a plausible postal code or blank — checked against a restatement of those sentences.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ProfileField } from '../../../core/account/profile';
import {
  BUSINESS_FIELD_MAX_LENGTH,
  checkProfileField,
  checkProfileFields,
  PROFILE_NAME_MAX_LENGTH,
} from '../../../core/account/profile-rules';
import { DEFAULT_VALIDATION_MESSAGES } from '../../../core/validation/messages';

const FIELDS: readonly ProfileField[] = [
  'firstName',
  'lastName',
  'companyName',
  'businessType',
  'businessSubtype',
  'businessZipCode',
];

// Mostly characters the rules care about, so both outcomes come up often.
const value = fc.oneof(
  fc.string({
    unit: fc.constantFrom('a', 'Z', 'é', '7', ' ', '-', ',', "'", '“', '<', '#', '.', '\t'),
    maxLength: 120,
  }),
  fc.string({ maxLength: 60 }),
  // Around the 12, 50 and 100 character limits, padded with spaces the rule trims.
  fc
    .tuple(
      fc.nat(2),
      fc.oneof(fc.integer({ min: 10, max: 14 }), fc.integer({ min: 45, max: 105 })),
      fc.constantFrom('a', 'é', '😀', '7'),
    )
    .map(([pad, n, unit]) => `${' '.repeat(pad)}${unit.repeat(n)}${' '.repeat(pad)}`),
);

/** The spec's sentences, restated independently of the implementation. */
const expected = (field: ProfileField, raw: string): string | null => {
  const v = raw.trim();
  const isName = field === 'firstName' || field === 'lastName';
  if (v === '') return isName ? null : '';
  if (field === 'businessZipCode') {
    const up = v.toUpperCase();
    return up.length <= 12 && /^[A-Z0-9][A-Z0-9 -]*$/.test(up) ? up : null;
  }
  if (!/^[\p{L}\p{M}0-9\-,'"‘’“” ]*$/u.test(v)) return null;
  return Array.from(v).length <= (isName ? 50 : 100) ? v : null;
};

describe('checkProfileField', () => {
  it('accepts exactly what the spec allows, tidied as stored', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FIELDS), value, (field, raw) => {
        const checked = checkProfileField(field, raw);
        const want = expected(field, raw);
        expect(checked.ok ? checked.value : null).toBe(want);
      }),
      { numRuns: 600 },
    );
  });

  it('is idempotent: a stored value checks to itself', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FIELDS), value, (field, raw) => {
        const first = checkProfileField(field, raw);
        if (first.ok) expect(checkProfileField(field, first.value)).toEqual(first);
      }),
    );
  });

  it('counts characters, not UTF-16 units, at the limits', () => {
    expect(checkProfileField('firstName', '𝐀'.repeat(PROFILE_NAME_MAX_LENGTH)).ok).toBe(true);
    expect(checkProfileField('firstName', 'a'.repeat(PROFILE_NAME_MAX_LENGTH + 1))).toEqual({
      ok: false,
      error: { kind: 'tooLong', max: PROFILE_NAME_MAX_LENGTH },
    });
    expect(checkProfileField('companyName', 'a'.repeat(BUSINESS_FIELD_MAX_LENGTH)).ok).toBe(true);
  });

  it('says why: required, safe text, postal code', () => {
    expect(checkProfileField('lastName', '  ')).toEqual({ ok: false, error: { kind: 'required' } });
    expect(checkProfileField('companyName', '  ')).toEqual({ ok: true, value: '' });
    expect(checkProfileField('businessType', 'A<b>')).toEqual({
      ok: false,
      error: { kind: 'safeText' },
    });
    expect(checkProfileField('businessZipCode', ' sw1a 1aa ')).toEqual({
      ok: true,
      value: 'SW1A 1AA',
    });
    expect(checkProfileField('businessZipCode', '606#06')).toEqual({
      ok: false,
      error: { kind: 'postalCode' },
    });
  });
});

describe('checkProfileFields', () => {
  it('words each refused field with the configured messages, and only those given', () => {
    const messages = { ...DEFAULT_VALIDATION_MESSAGES, required: 'Needed' };
    expect(
      checkProfileFields(
        { firstName: ' ', companyName: 'Ok Co', businessZipCode: '#' },
        { patterns: {}, messages },
      ),
    ).toEqual({ firstName: 'Needed', businessZipCode: DEFAULT_VALIDATION_MESSAGES.postalCode });
  });
});
