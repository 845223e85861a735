/**
 * The server's one address checker (server/http/address-input.ts): a cart's, checkout's and a
 * saved address's values are judged by the same core rules; the routes differ only in what must be
 * present. Properties over near-valid addresses, so both verdicts come up for every field.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkActionAddress } from '../../../core/account/address-book';
import { isEmail } from '../../../core/validation/email';
import { isPhone } from '../../../core/validation/phone';
import { readShippingAddress } from '../../../server/http/address-input';
import { FieldProblems } from '../../../server/http/input';
import { parseUpdate } from '../../../server/cart/parse';
import { parseAddressUpdate } from '../../../server/customer/parse';
import { parseShippingCost } from '../../../server/checkout/parse';

const GOOD = {
  firstName: 'Ada',
  lastName: "O'Neil-Smith",
  email: 'ada@example.test',
  mobile: '(212) 555-0100',
  streetName: '1 Analytical Way #2',
  city: 'Austin',
  state: 'TX',
  postalCode: '73301',
  country: 'US',
} as const;
type Key = keyof typeof GOOD;
const KEYS = Object.keys(GOOD) as Key[];

/** Per field, values some rule refuses and some it takes. */
const candidates: Readonly<Record<Key, readonly string[]>> = {
  firstName: ['Zoë', 'J. R.', 'Ann<', 'A'.repeat(51), ' Bo '],
  lastName: ['Nguyễn', 'Smith & Co', 'Lee'],
  email: ['A@B.TEST', 'a@b', '.a@b.test', 'a b@c.test', 'x@y.co'],
  mobile: ['+1 555 010 2000', '555.010.2000', '5550102000', '555', '(555) 010-2000'],
  streetName: ['12 Main St.', 'a{b}', '1/2 Rue #3'],
  city: ['Québec', 'Tab\there', 'N'.repeat(101)],
  state: ['tx', 'ON', 'ZZ', 'Texas'],
  postalCode: ['73301-1234', 'k1a0b1', 'K1A 0B1', 'D1A 0B1', '7330', '12345'],
  country: ['US', 'ca', 'CA', 'GB', 'USA'],
};

const addressArb = fc.record(
  Object.fromEntries(
    KEYS.map((k) => [k, fc.oneof(fc.constant(GOOD[k]), fc.constantFrom(...candidates[k]))]),
  ) as Record<Key, fc.Arbitrary<string>>,
);

const problemsOf = (value: unknown, mode: 'checkout' | 'cart') => {
  const problems = new FieldProblems();
  const address = readShippingAddress(value, 'address', problems, mode);
  return { address, fields: problems.list.map((p) => p.field) };
};

/** What core says of the same fields as a saved address (its rules, its country). */
const coreFieldsRefused = (a: Record<Key, string>): string[] => {
  const { email: _email, ...rest } = a;
  const checked = checkActionAddress(
    {
      action: 'addAddress',
      address: { ...rest, custom: { type: { key: 'custom-address' }, fields: {} } },
    },
    0,
  );
  return checked.ok ? [] : checked.error.map((f) => f.field.replace('actions[0].', ''));
};

describe('readShippingAddress', () => {
  it("checkout refuses exactly the fields core's rules refuse (plus e-mail, and US/CA only)", () => {
    fc.assert(
      fc.property(addressArb, (a) => {
        const { address, fields } = problemsOf(a, 'checkout');
        const country = a.country.trim().toUpperCase();
        const shipsThere = country === 'US' || country === 'CA';
        const expected = new Set(
          shipsThere ? coreFieldsRefused(a).filter((f) => f !== 'address.country') : [],
        );
        if (!isEmail(a.email.trim())) expected.add('address.email');
        if (!shipsThere) expected.add('address.country');
        if (shipsThere) expect(new Set(fields)).toEqual(expected);
        else expect(fields).toEqual(expect.arrayContaining([...expected]));
        expect(address === undefined).toBe(fields.length > 0);
      }),
      { numRuns: 400 },
    );
  });

  it('tidies what it takes: trimmed, e-mail lower-cased, codes upper-cased, CA codes spaced', () => {
    const { address } = problemsOf(
      {
        ...GOOD,
        email: ' Ada@Example.TEST ',
        state: 'on',
        country: 'ca',
        postalCode: 'k1a0b1',
        city: ' Ottawa ',
      },
      'checkout',
    );
    expect(address).toMatchObject({
      email: 'ada@example.test',
      state: 'ON',
      country: 'CA',
      postalCode: 'K1A 0B1',
      city: 'Ottawa',
    });
  });

  it('a cart takes a partial address, but every field it is given obeys the same rules', () => {
    fc.assert(
      fc.property(addressArb, fc.subarray(KEYS.slice(4)), (a, dropped) => {
        const partial = Object.fromEntries(
          Object.entries(a).filter(([k]) => !dropped.includes(k as Key)),
        );
        const cart = problemsOf(partial, 'cart').fields;
        const checkout = problemsOf(a, 'checkout').fields;
        // Nothing a cart refuses is something checkout would take…
        for (const f of cart) if (f !== 'address.state') expect(checkout).toContain(f);
        // …and what checkout refuses among the fields given, the cart refuses too (a state is
        // judged by its country, so only when the country was given as well).
        for (const f of checkout) {
          const key = f.replace('address.', '') as Key;
          if (dropped.includes(key)) continue;
          if (dropped.includes('country') && (key === 'state' || key === 'postalCode')) continue;
          expect(cart).toContain(f);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a cart needs the contact details, and a state it can ship to', () => {
    expect(problemsOf({ state: 'TX' }, 'cart').fields).toEqual([
      'address.firstName',
      'address.lastName',
      'address.email',
      'address.mobile',
    ]);
    const contact = { firstName: 'A', lastName: 'B', email: 'a@b.test', mobile: '5551234567' };
    expect(problemsOf({ ...contact, state: 'ca' }, 'cart')).toEqual({
      address: { ...contact, state: 'CA' },
      fields: [],
    });
    expect(problemsOf({ ...contact, state: 'ZZ' }, 'cart').fields).toEqual(['address.state']);
  });
});

describe('the routes share it', () => {
  it('the cart, checkout and the address book refuse the same phone and postal code', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...candidates.mobile, GOOD.mobile),
        fc.constantFrom(...candidates.postalCode, GOOD.postalCode),
        (mobile, postalCode) => {
          const address = { ...GOOD, mobile, postalCode };
          const refused = (run: () => unknown): boolean => {
            try {
              run();
              return false;
            } catch {
              return true;
            }
          };
          const bad = !isPhone(mobile) || !/^\d{5}(-\d{4})?$/.test(postalCode.trim());
          expect(refused(() => parseShippingCost({ cartId: 'c-1', version: 1, address }))).toBe(
            bad,
          );
          expect(
            refused(() =>
              parseUpdate({ version: 1, actions: [{ action: 'setShippingAddress', address }] }),
            ),
          ).toBe(bad);
          const { email: _email, ...saved } = address;
          expect(
            refused(() =>
              parseAddressUpdate({
                version: 1,
                actions: [{ action: 'addAddress', address: saved }],
              }),
            ),
          ).toBe(bad);
        },
      ),
    );
  });
});
