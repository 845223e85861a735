/**
 * Card rules used by the checkout screens and the card sandbox: the Luhn check, the brand from the
 * number, the security code length, and the expiry date (spec §9: card expiry spans 16 years).
 * Only the brand and last four digits are ever kept (ARCHITECTURE.md card sandbox).
 *
 * Readings we chose (docs/rules.md): the expiry year list is this year and the 15 after
 * it (16 years); a card is good through the last day of its expiry month, judged in UTC; two-digit
 * years mean 20xx; spaces and hyphens typed inside a number are ignored.
 */
import { err, ok, type Result } from '../shared/result';

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover';

export const CARD_BRANDS: readonly CardBrand[] = ['visa', 'mastercard', 'amex', 'discover'];

/** How each brand is named to shoppers and in the configuration's card types list (spec §3). */
export const CARD_BRAND_NAMES: Readonly<Record<CardBrand, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

const brandKey = (name: string): string => name.toLowerCase().replace(/[^a-z]/g, '');
const BRAND_BY_KEY: ReadonlyMap<string, CardBrand> = new Map(
  CARD_BRANDS.flatMap((brand): [string, CardBrand][] => [
    [brandKey(CARD_BRAND_NAMES[brand]), brand],
    [brandKey(brand), brand],
  ]),
);

/**
 * The brands a configured card types list accepts, in brand order. Names match whatever their case,
 * spacing or punctuation ("AMEX", "American Express", "master card"); names of brands this shop has
 * no rules for are ignored, so a list of only those accepts no card.
 */
export const acceptedCardBrands = (cardTypes: readonly string[]): readonly CardBrand[] => {
  const named = new Set(cardTypes.map((t) => BRAND_BY_KEY.get(brandKey(t))));
  return CARD_BRANDS.filter((brand) => named.has(brand));
};

/** "Visa, Mastercard and Discover". */
export const listCardBrands = (brands: readonly CardBrand[]): string => {
  const names = brands.map((b) => CARD_BRAND_NAMES[b]);
  return names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}`;
};

export const CARD_EXPIRY_YEARS = 16;

/** Valid lengths per brand. */
export const CARD_NUMBER_LENGTHS: Readonly<Record<CardBrand, readonly number[]>> = {
  visa: [13, 16, 19],
  mastercard: [16],
  amex: [15],
  discover: [16, 17, 18, 19],
};

/** The digits of a typed card number: spaces and hyphens removed, nothing else. */
export const cardDigits = (value: string): string => value.replace(/[ -]/g, '');

const DIGITS = /^[0-9]+$/;

/** The Luhn (mod 10) checksum over a string of digits; false for anything that is not digits. */
export const passesLuhn = (value: string): boolean => {
  const digits = cardDigits(value);
  if (!DIGITS.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
};

/** The digit that, appended to `partial`, makes a number pass the Luhn check. */
export const luhnCheckDigit = (partial: string): number => {
  for (let d = 0; d <= 9; d += 1) if (passesLuhn(`${partial}${d}`)) return d;
  throw new Error(`Not a string of digits: ${partial}`);
};

const inRange = (digits: string, length: number, from: number, to: number): boolean => {
  if (digits.length < length) return false;
  const prefix = Number(digits.slice(0, length));
  return prefix >= from && prefix <= to;
};

/**
 * The brand from the leading digits (IIN ranges), so it can be shown as the shopper types:
 * Visa 4; Mastercard 51–55 and 2221–2720; American Express 34 and 37; Discover 6011, 622126–622925,
 * 644–649 and 65.
 */
export const detectCardBrand = (value: string): CardBrand | null => {
  const d = cardDigits(value);
  if (!DIGITS.test(d)) return null;
  if (d.startsWith('4')) return 'visa';
  if (inRange(d, 2, 51, 55) || inRange(d, 4, 2221, 2720)) return 'mastercard';
  if (d.startsWith('34') || d.startsWith('37')) return 'amex';
  if (
    d.startsWith('6011') ||
    d.startsWith('65') ||
    inRange(d, 3, 644, 649) ||
    inRange(d, 6, 622126, 622925)
  ) {
    return 'discover';
  }
  return null;
};

export type CardNumberError =
  'empty' | 'not-digits' | 'unknown-brand' | 'not-accepted' | 'length' | 'checksum';

export interface CheckedCardNumber {
  readonly digits: string;
  readonly brand: CardBrand;
  readonly lastFour: string;
}

export const cardLastFour = (value: string): string => cardDigits(value).slice(-4);

/** A typed card number checked: digits only, a known and accepted brand, its length, Luhn. */
export const checkCardNumber = (
  value: string,
  accepted: readonly CardBrand[] = CARD_BRANDS,
): Result<CheckedCardNumber, CardNumberError> => {
  const digits = cardDigits(value.trim());
  if (digits === '') return err('empty');
  if (!DIGITS.test(digits)) return err('not-digits');
  const brand = detectCardBrand(digits);
  if (brand === null) return err('unknown-brand');
  if (!accepted.includes(brand)) return err('not-accepted');
  if (!CARD_NUMBER_LENGTHS[brand].includes(digits.length)) return err('length');
  if (!passesLuhn(digits)) return err('checksum');
  return ok({ digits, brand, lastFour: digits.slice(-4) });
};

/** Four digits for American Express, three for the others. */
export const securityCodeLength = (brand: CardBrand): number => (brand === 'amex' ? 4 : 3);

export const isSecurityCodeValid = (code: string, brand: CardBrand): boolean =>
  DIGITS.test(code) && code.length === securityCodeLength(brand);

export interface CardExpiry {
  readonly month: number;
  /** Four digits, or two meaning 20xx. */
  readonly year: number;
}

export type CardExpiryError = 'invalid-month' | 'invalid-year' | 'expired' | 'too-far';

const utcYearMonth = (now: number): { year: number; month: number } => {
  const date = new Date(now);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 };
};

/** The years an expiry select offers: this year and the next 15 (16 years). */
export const expiryYearOptions = (now: number): readonly number[] => {
  const { year } = utcYearMonth(now);
  return Array.from({ length: CARD_EXPIRY_YEARS }, (_, i) => year + i);
};

export const fullExpiryYear = (year: number): number =>
  year >= 0 && year < 100 ? 2000 + year : year;

/** A card is usable through its expiry month and at most 16 years ahead (this year included). */
export const checkCardExpiry = (
  expiry: CardExpiry,
  now: number,
): Result<CardExpiry, CardExpiryError> => {
  if (!Number.isInteger(expiry.month) || expiry.month < 1 || expiry.month > 12) {
    return err('invalid-month');
  }
  if (!Number.isInteger(expiry.year) || expiry.year < 0) return err('invalid-year');
  const year = fullExpiryYear(expiry.year);
  const current = utcYearMonth(now);
  if (year < current.year || (year === current.year && expiry.month < current.month)) {
    return err('expired');
  }
  if (year > current.year + CARD_EXPIRY_YEARS - 1) return err('too-far');
  return ok({ month: expiry.month, year });
};

export interface CardMessages {
  readonly number: Readonly<Record<CardNumberError, string>>;
  readonly expiry: Readonly<Record<CardExpiryError, string>>;
  readonly securityCode: string;
}

/** The messages for a shop that accepts `accepted`: an unknown or refused brand names the list. */
export const cardMessages = (accepted: readonly CardBrand[] = CARD_BRANDS): CardMessages => {
  const weAccept =
    accepted.length === 0
      ? 'We cannot take card payments at the moment'
      : `We accept ${listCardBrands(accepted)}`;
  return {
    number: {
      empty: 'Please enter your card number',
      'not-digits': 'A card number has digits only',
      'unknown-brand': weAccept,
      'not-accepted': weAccept,
      length: 'This card number has the wrong number of digits',
      checksum: 'Please check your card number',
    },
    expiry: {
      'invalid-month': 'Please choose the expiry month',
      'invalid-year': 'Please choose the expiry year',
      expired: 'This card has expired',
      'too-far': 'Please check the expiry year',
    },
    securityCode: 'Please enter the security code from your card',
  };
};
