import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addressLines,
  addressOneLine,
  type PostalAddress,
} from '../../../core/shared/postal-address';

/** Parts as shoppers type them: often blank, sometimes padded, never containing a comma. */
const part = fc.oneof(
  fc.constant(''),
  fc.constant('   '),
  fc
    .string({ minLength: 1, maxLength: 12 })
    .filter((s) => !s.includes(',') && s.trim() !== '')
    .map((s) => ` ${s} `),
);
const optionalPart = fc.option(part, { nil: undefined });

const address: fc.Arbitrary<PostalAddress> = fc.record({
  firstName: optionalPart,
  lastName: optionalPart,
  streetName: optionalPart,
  addressLine2: optionalPart,
  addressLine3: optionalPart,
  county: optionalPart,
  city: optionalPart,
  state: optionalPart,
  postalCode: optionalPart,
  mobile: optionalPart,
});

const nonBlank = (s: string | undefined): s is string => s !== undefined && s.trim() !== '';

describe('addressLines', () => {
  it('reads as an envelope does: name, street, "City, ST 10001", country, mobile', () => {
    expect(
      addressLines(
        {
          firstName: 'Harriet',
          lastName: 'Holm',
          streetName: '1 Main St',
          addressLine2: 'Apt 4',
          city: 'New York',
          state: 'NY',
          postalCode: '10001',
          mobile: '2125550100',
        },
        { country: 'United States', mobile: true },
      ),
    ).toEqual([
      'Harriet Holm',
      '1 Main St',
      'Apt 4',
      'New York, NY 10001',
      'United States',
      'Mobile 2125550100',
    ]);
  });

  it('never has an empty or padded line, nor a dangling comma', () => {
    fc.assert(
      fc.property(address, fc.boolean(), (a, mobile) => {
        for (const line of addressLines(a, { mobile })) {
          expect(line).not.toBe('');
          expect(line).toBe(line.trim());
          expect(line.startsWith(',')).toBe(false);
          expect(line.endsWith(',')).toBe(false);
          expect(line).not.toMatch(/,\s*,/);
        }
      }),
    );
  });

  it('keeps every part that is not blank, trimmed, and in envelope order', () => {
    fc.assert(
      fc.property(address, (a) => {
        const text = addressOneLine(a);
        const parts = [
          a.firstName,
          a.lastName,
          a.streetName,
          a.addressLine2,
          a.addressLine3,
          a.county,
          a.city,
          a.state,
          a.postalCode,
        ]
          .filter(nonBlank)
          .map((p) => p.trim());
        let from = 0;
        for (const p of parts) {
          const at = text.indexOf(p, from);
          expect(at).toBeGreaterThanOrEqual(0);
          from = at + p.length;
        }
      }),
    );
  });

  it('is empty exactly when every part is blank', () => {
    fc.assert(
      fc.property(address, (a) => {
        const blank = Object.values(a).every((v) => !nonBlank(v));
        expect(addressLines(a, { mobile: true }).length === 0).toBe(blank);
      }),
    );
  });

  it('leaves out the name, the country and the mobile unless asked', () => {
    fc.assert(
      fc.property(address, part, (a, country) => {
        const full = addressLines(a);
        const withoutName = addressLines(a, { name: false });
        const hasName = nonBlank(a.firstName) || nonBlank(a.lastName);
        expect(withoutName.length).toBe(full.length - (hasName ? 1 : 0));
        expect(full.some((l) => l.startsWith('Mobile '))).toBe(false);
        const withCountry = addressLines(a, { country });
        expect(withCountry.length).toBe(full.length + (nonBlank(country) ? 1 : 0));
      }),
    );
  });

  it('joins the lines with commas on one line', () => {
    fc.assert(
      fc.property(address, (a) => {
        expect(addressOneLine(a)).toBe(addressLines(a).join(', '));
      }),
    );
  });
});
