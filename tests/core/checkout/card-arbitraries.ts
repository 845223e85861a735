/** Cards for properties of the card sandbox: good ones of each brand, and every way to be wrong. */
import fc from 'fast-check';
import { CARD_NUMBER_LENGTHS, luhnCheckDigit, type CardBrand } from '../../../core/checkout/card';
import {
  SANDBOX_APPROVE_NUMBER,
  SANDBOX_DECLINE_NUMBER,
  type SandboxCard,
} from '../../../core/checkout/card-sandbox';

/** 2026-11-23, the tests' fixed now. */
export const CARD_NOW = Date.UTC(2026, 10, 23, 12);
const THIS_YEAR = 2026;

const digits = (length: number): fc.Arbitrary<string> =>
  fc
    .array(fc.constantFrom(...'0123456789'), { minLength: length, maxLength: length })
    .map((d) => d.join(''));

const PREFIX: Record<CardBrand, fc.Arbitrary<string>> = {
  visa: fc.constant('4'),
  mastercard: fc.oneof(
    fc.constantFrom('51', '55'),
    fc.integer({ min: 2221, max: 2720 }).map(String),
  ),
  amex: fc.constantFrom('34', '37'),
  discover: fc.constantFrom('6011', '65', '644'),
};

export const brands = fc.constantFrom<CardBrand>('visa', 'mastercard', 'amex', 'discover');

/** A number of the brand that passes its length and Luhn rules. */
export const goodNumber = (brand: CardBrand): fc.Arbitrary<string> =>
  fc
    .tuple(PREFIX[brand], fc.constantFrom(...CARD_NUMBER_LENGTHS[brand]))
    .chain(([p, length]) => digits(length - p.length - 1).map((d) => p + d))
    .map((partial) => `${partial}${luhnCheckDigit(partial)}`);

const numbers = fc.oneof(
  fc.constantFrom(SANDBOX_APPROVE_NUMBER, SANDBOX_DECLINE_NUMBER, '4111 1111 1111 1111'),
  brands.chain(goodNumber),
  fc.constantFrom('', '4111111111111112', '4111a11111111111', '9111111111111111', '411111'),
  fc.string({ maxLength: 20 }),
);

export const cards: fc.Arbitrary<SandboxCard & { readonly holderName: string }> = fc.record({
  number: numbers,
  expiryMonth: fc.integer({ min: -1, max: 13 }),
  expiryYear: fc.oneof(
    fc.integer({ min: THIS_YEAR - 2, max: THIS_YEAR + 17 }),
    fc.integer({ min: 0, max: 99 }),
  ),
  securityCode: fc.oneof(digits(3), digits(4), fc.constantFrom('', '12', '12345', 'abc')),
  holderName: fc.constant('Ada Lovelace'),
});
