/**
 * Checkout's address form (core/checkout/checkout-form.ts validateAddress) and the server's checker
 * (server/http/address-input.ts, checkout mode) judge an address alike: the form never sends one
 * the server refuses, and never holds back one the server would take. Properties over near-valid
 * addresses, so both verdicts come up for every field.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMPTY_ADDRESS_FORM, validateAddress } from '../../../core/checkout/checkout-form';
import { readShippingAddress } from '../../../server/http/address-input';
import { FieldProblems } from '../../../server/http/input';

const GOOD = {
  ...EMPTY_ADDRESS_FORM,
  firstName: 'Ada',
  lastName: "O'Neil-Smith",
  email: 'ada@example.test',
  mobile: '(212) 555-0100',
  streetName: '1 Analytical Way #2',
  city: 'Austin',
  state: 'TX',
  postalCode: '73301',
  country: 'US',
};
type Key = keyof typeof GOOD;
const KEYS = Object.keys(GOOD) as Key[];

/** Per field, values some rule refuses and some it takes. */
const candidates: Readonly<Record<Key, readonly string[]>> = {
  firstName: ['Zoë', 'J. R.', 'Ann<', 'A'.repeat(50), 'A'.repeat(51), ' Bo ', ''],
  lastName: ['Nguyễn', 'Smith & Co', 'Lee', '   '],
  email: ['A@B.TEST', 'a@b', '.a@b.test', 'a b@c.test', 'x@y.co', ''],
  mobile: ['+1 555 010 2000', '555.010.2000', '5550102000', '555', '(555) 010-2000', ''],
  streetName: ['12 Main St.', 'a{b}', '1/2 Rue #3', 'S'.repeat(101), ''],
  addressLine2: ['Apt 4', 'Suite <9>', ''],
  city: ['Québec', 'Tab\there', 'N'.repeat(101), ''],
  state: ['tx', 'ON', 'ZZ', 'Texas', 'QC', ''],
  postalCode: ['73301-1234', 'k1a0b1', 'K1A 0B1', 'D1A 0B1', '7330', '12345', ''],
  country: ['US', 'ca', 'CA', 'GB', 'USA', ''],
};

const addressArb = fc.record(
  Object.fromEntries(
    KEYS.map((k) => [k, fc.oneof(fc.constant(GOOD[k]), fc.constantFrom(...candidates[k]))]),
  ) as Record<Key, fc.Arbitrary<string>>,
);

const serverRefuses = (form: Record<Key, string>): string[] => {
  const problems = new FieldProblems();
  // The checkout view sends the optional second line only when it holds something.
  const { addressLine2, ...rest } = form;
  const sent = addressLine2.trim() === '' ? rest : form;
  readShippingAddress(sent, 'address', problems, 'checkout');
  return [...new Set(problems.list.map((p) => p.field.replace('address.', '')))].sort();
};

const formRefuses = (form: Record<Key, string>): string[] => {
  const checked = validateAddress(form);
  return checked.ok ? [] : [...new Set(checked.error.map((f) => f.field))].sort();
};

describe('checkout address: the form and the server agree', () => {
  it('on every field of near-valid addresses', () => {
    fc.assert(
      fc.property(addressArb, (form) => {
        expect(formRefuses(form)).toEqual(serverRefuses(form));
      }),
      { numRuns: 500 },
    );
  });

  it('takes the good address on both sides, and the form sends what the server keeps', () => {
    expect(formRefuses(GOOD)).toEqual([]);
    expect(serverRefuses(GOOD)).toEqual([]);
  });

  it('refuses a name the spec’s safe-text rule refuses, on both sides', () => {
    const form = { ...GOOD, firstName: 'J. R.' };
    expect(formRefuses(form)).toEqual(['firstName']);
    expect(serverRefuses(form)).toEqual(['firstName']);
  });
});
