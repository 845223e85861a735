/** Checkout form rules (core/checkout/checkout-form.ts) and the finance cart. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { luhnCheckDigit } from '../../../core/checkout/card';
import {
  EMPTY_ADDRESS_FORM,
  validateAddress,
  validateCard,
  type AddressForm,
  type CardForm,
} from '../../../core/checkout/checkout-form';
import { financeCartOf } from '../../../core/checkout/finance-cart';
import { financeOrderTotalCents } from '../../../core/checkout/finance';
import type { Cart } from '../../../core/cart/cart';

const NOW = Date.UTC(2026, 0, 15);

const address: AddressForm = {
  ...EMPTY_ADDRESS_FORM,
  firstName: ' Ada ',
  lastName: 'Lovelace',
  email: ' Ada@Example.COM ',
  mobile: '212 555 0100',
  streetName: '1 Main St',
  city: 'New York',
  state: 'NY',
  postalCode: '10001',
  country: 'US',
};

const card: CardForm = {
  number: '4111 1111 1111 1111',
  expiryMonth: '12',
  expiryYear: '2028',
  securityCode: '123',
  holderName: 'Ada Lovelace',
};

describe('validateAddress', () => {
  it('trims, normalises the e-mail and leaves out an empty second line', () => {
    const result = validateAddress(address);
    expect(result).toEqual({
      ok: true,
      value: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        mobile: '212 555 0100',
        streetName: '1 Main St',
        city: 'New York',
        state: 'NY',
        postalCode: '10001',
        country: 'US',
      },
    });
  });

  it('names every missing or malformed field', () => {
    const result = validateAddress({ ...EMPTY_ADDRESS_FORM, postalCode: 'ABC' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.map((f) => f.field)).toEqual([
      'firstName',
      'lastName',
      'email',
      'mobile',
      'streetName',
      'city',
      'state',
      'postalCode',
    ]);
    expect(result.error.every((f) => (f.message ?? '') !== '')).toBe(true);
  });

  it('checks the postal code against the chosen country', () => {
    expect(validateAddress({ ...address, country: 'CA' }).ok).toBe(false);
    expect(
      validateAddress({ ...address, country: 'CA', state: 'ON', postalCode: 'k1a 0b1' }),
    ).toMatchObject({
      ok: true,
      value: { postalCode: 'K1A 0B1', country: 'CA' },
    });
    expect(validateAddress({ ...address, country: 'FR' }).ok).toBe(false);
  });

  it('takes only a state or province of the chosen country, as the server does', () => {
    const fields = (form: typeof address) => {
      const result = validateAddress(form);
      return result.ok ? [] : result.error.map((f) => f.field);
    };
    expect(fields({ ...address, state: 'ny' })).toEqual([]);
    expect(fields({ ...address, state: 'ZZ' })).toEqual(['state']);
    expect(fields({ ...address, state: 'New York' })).toEqual(['state']);
    // Ontario is a province, not a US state; New York is no Canadian province.
    expect(fields({ ...address, state: 'ON' })).toEqual(['state']);
    expect(fields({ ...address, country: 'CA', state: 'NY', postalCode: 'K1A 0B1' })).toEqual([
      'state',
    ]);
  });

  it('refuses any blank required field, whatever else is filled', () => {
    const required = ['firstName', 'lastName', 'streetName', 'city', 'state'] as const;
    fc.assert(
      fc.property(fc.constantFrom(...required), fc.stringMatching(/^\s*$/), (field, blank) => {
        const result = validateAddress({ ...address, [field]: blank });
        return !result.ok && result.error.some((f) => f.field === field);
      }),
    );
  });
});

describe('validateCard', () => {
  it('accepts the sandbox cards and sends digits and a full year', () => {
    expect(validateCard(card, NOW)).toEqual({
      ok: true,
      value: {
        number: '4111111111111111',
        expiryMonth: 12,
        expiryYear: 2028,
        securityCode: '123',
        holderName: 'Ada Lovelace',
      },
    });
    expect(validateCard({ ...card, number: '4000-0000-0000-0002' }, NOW).ok).toBe(true);
  });

  it('names the fields that fail', () => {
    const result = validateCard(
      {
        number: '4111 1111 1111 1112',
        expiryMonth: '',
        expiryYear: '2028',
        securityCode: '12',
        holderName: '',
      },
      NOW,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.map((f) => f.field).sort()).toEqual(
      ['expiryMonth', 'holderName', 'number', 'securityCode'].sort(),
    );
  });

  it('refuses an expired card and one more than 16 years out', () => {
    const expired = validateCard({ ...card, expiryMonth: '12', expiryYear: '2025' }, NOW);
    expect(!expired.ok && expired.error[0]?.field).toBe('expiryYear');
    expect(validateCard({ ...card, expiryYear: '2041' }, NOW).ok).toBe(true);
    expect(validateCard({ ...card, expiryYear: '2042' }, NOW).ok).toBe(false);
  });

  it('accepts any Luhn-valid 16-digit Visa however it is spaced, keeping only digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{14}$/), fc.constantFrom('', ' ', '-'), (body, sep) => {
        const partial = `4${body}`;
        const digits = `${partial}${luhnCheckDigit(partial)}`;
        const typed = digits.replace(/(\d{4})(?=\d)/g, `$1${sep}`);
        const result = validateCard({ ...card, number: typed }, NOW);
        return result.ok && result.value.number === digits;
      }),
    );
  });

  it('refuses a number whose last digit breaks the checksum', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9]{14}$/),
        fc.integer({ min: 1, max: 9 }),
        (body, shift) => {
          const partial = `4${body}`;
          const wrong = (luhnCheckDigit(partial) + shift) % 10;
          const result = validateCard({ ...card, number: `${partial}${wrong}` }, NOW);
          return !result.ok && result.error.some((f) => f.field === 'number');
        },
      ),
    );
  });
});

describe('financeCartOf', () => {
  const line = (id: string, quantity: number, value: number, discounted?: number) => ({
    id,
    sku: `K-${id}`,
    quantity,
    addedAt: '2026-01-01T00:00:00Z',
    productSlug: { 'en-US': id },
    name: { 'en-US': `Item ${id}` },
    price: { value },
    ...(discounted === undefined ? {} : { discountedPrice: discounted }),
    discounts: [],
    backorderable: false,
    noShipping: false,
    isService: false,
    isComboSku: false,
  });

  it('prices lines after discounts and adds tax and shipping', () => {
    const cart: Cart = {
      id: 'c1',
      version: 4,
      currency: 'USD',
      lineItems: [line('a', 2, 20_000, 18_000), line('b', 1, 5_000)],
      totalTax: 3_000,
      discountCodes: [],
      shippingCost: 0,
      freightDiscount: 0,
    };
    const finance = financeCartOf(cart, 995);
    expect(finance.lines).toEqual([
      { name: 'Item a', quantity: 2, unitPriceCents: 18_000 },
      { name: 'Item b', quantity: 1, unitPriceCents: 5_000 },
    ]);
    expect(financeOrderTotalCents(finance)).toBe(2 * 18_000 + 5_000 + 3_000 + 995);
  });
});
