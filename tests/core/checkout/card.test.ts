import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  acceptedCardBrands,
  CARD_BRAND_NAMES,
  CARD_BRANDS,
  cardMessages,
  CARD_EXPIRY_YEARS,
  CARD_NUMBER_LENGTHS,
  cardLastFour,
  checkCardExpiry,
  checkCardNumber,
  detectCardBrand,
  expiryYearOptions,
  isSecurityCodeValid,
  luhnCheckDigit,
  passesLuhn,
  type CardBrand,
} from '../../../core/checkout/card';

const digits = (min: number, max: number): fc.Arbitrary<string> =>
  fc
    .array(fc.constantFrom(...'0123456789'), { minLength: min, maxLength: max })
    .map((d) => d.join(''));

/** A prefix from each brand's published ranges. */
const prefix: Record<CardBrand, fc.Arbitrary<string>> = {
  visa: fc.constant('4'),
  mastercard: fc.oneof(
    fc.integer({ min: 51, max: 55 }).map(String),
    fc.integer({ min: 2221, max: 2720 }).map(String),
  ),
  amex: fc.constantFrom('34', '37'),
  discover: fc.oneof(
    fc.constantFrom('6011', '65'),
    fc.integer({ min: 644, max: 649 }).map(String),
    fc.integer({ min: 622126, max: 622925 }).map(String),
  ),
};

/** A valid card number of the brand: its prefix, random digits, a Luhn check digit. */
const cardOf = (brand: CardBrand): fc.Arbitrary<string> =>
  fc
    .tuple(prefix[brand], fc.constantFrom(...CARD_NUMBER_LENGTHS[brand]))
    .chain(([p, length]) => digits(length - p.length - 1, length - p.length - 1).map((d) => p + d))
    .map((partial) => `${partial}${luhnCheckDigit(partial)}`);

const brand = fc.constantFrom<CardBrand>('visa', 'mastercard', 'amex', 'discover');
const anyCard = brand.chain((b) => cardOf(b).map((n) => [b, n] as const));

describe('Luhn check', () => {
  it('passes once the check digit is appended', () => {
    fc.assert(
      fc.property(digits(1, 18), (partial) => {
        expect(passesLuhn(`${partial}${luhnCheckDigit(partial)}`)).toBe(true);
      }),
    );
  });

  it('fails when any single digit is changed', () => {
    fc.assert(
      fc.property(anyCard, fc.nat(), fc.integer({ min: 1, max: 9 }), ([, n], at, delta) => {
        const i = at % n.length;
        const changed = n.slice(0, i) + ((Number(n[i]) + delta) % 10) + n.slice(i + 1);
        expect(passesLuhn(changed)).toBe(false);
      }),
    );
  });

  it('knows the sandbox cards and refuses what is not digits', () => {
    expect(passesLuhn('4111 1111 1111 1111')).toBe(true);
    expect(passesLuhn('4000-0000-0000-0002')).toBe(true);
    expect(passesLuhn('4111111111111112')).toBe(false);
    expect(passesLuhn('')).toBe(false);
    expect(passesLuhn('4111a11111111111')).toBe(false);
  });
});

describe('card brand from the number', () => {
  it('detects the brand of numbers from its ranges, typed with spaces or not', () => {
    fc.assert(
      fc.property(anyCard, ([b, n]) => {
        expect(detectCardBrand(n)).toBe(b);
        expect(detectCardBrand(n.replace(/(\d{4})(?=\d)/g, '$1 '))).toBe(b);
        expect(checkCardNumber(n)).toEqual({
          ok: true,
          value: { digits: n, brand: b, lastFour: n.slice(-4) },
        });
      }),
    );
  });

  it('knows no brand for other ranges', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constantFrom('1', '7', '8', '9', '0', '30', '35', '36', '38', '39', '56', '60', '62'),
          fc.integer({ min: 2000, max: 2220 }).map(String),
          fc.integer({ min: 2721, max: 2999 }).map(String),
          fc.integer({ min: 640, max: 643 }).map(String),
        ),
        digits(10, 14),
        (p, rest) => {
          const n = p + rest;
          if (/^(6011|622(1(2[6-9]|[3-9]\d)|[2-8]\d\d|9([01]\d|2[0-5])))/.test(n)) return;
          expect(detectCardBrand(n)).toBeNull();
          expect(checkCardNumber(n)).toEqual({ ok: false, error: 'unknown-brand' });
        },
      ),
    );
  });

  it('says why a number is refused', () => {
    expect(checkCardNumber('  ')).toEqual({ ok: false, error: 'empty' });
    expect(checkCardNumber('4111x')).toEqual({ ok: false, error: 'not-digits' });
    expect(checkCardNumber('41111111111111')).toEqual({ ok: false, error: 'length' });
    expect(checkCardNumber('4111111111111112')).toEqual({ ok: false, error: 'checksum' });
    fc.assert(
      fc.property(anyCard, ([, n]) => {
        expect(cardLastFour(n)).toBe(n.slice(-4));
      }),
    );
  });

  it('wants four security digits for American Express and three for the others', () => {
    fc.assert(
      fc.property(brand, digits(0, 6), (b, code) => {
        expect(isSecurityCodeValid(code, b)).toBe(code.length === (b === 'amex' ? 4 : 3));
      }),
    );
  });
});

describe('card expiry (spec §9: spans 16 years)', () => {
  const now = fc
    .date({
      min: new Date('2000-01-01T00:00:00Z'),
      max: new Date('2090-12-31T23:59:59Z'),
      noInvalidDate: true,
    })
    .map((d) => d.getTime());

  it('offers this year and the next 15', () => {
    fc.assert(
      fc.property(now, (t) => {
        const years = expiryYearOptions(t);
        const year = new Date(t).getUTCFullYear();
        expect(years).toHaveLength(CARD_EXPIRY_YEARS);
        expect(years).toEqual(Array.from({ length: 16 }, (_, i) => year + i));
      }),
    );
  });

  it('accepts the expiry month through 16 years ahead, and nothing before or after', () => {
    fc.assert(
      fc.property(
        now,
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: -5, max: 20 }),
        (t, month, offset) => {
          const current = new Date(t);
          const year = current.getUTCFullYear() + offset;
          const notPast = offset > 0 || (offset === 0 && month >= current.getUTCMonth() + 1);
          const result = checkCardExpiry({ month, year }, t);
          if (!notPast) expect(result).toEqual({ ok: false, error: 'expired' });
          else if (offset > 15) expect(result).toEqual({ ok: false, error: 'too-far' });
          else expect(result).toEqual({ ok: true, value: { month, year } });
        },
      ),
    );
  });

  it('reads two-digit years as 20xx and refuses impossible months', () => {
    const t = Date.UTC(2026, 4, 31, 23, 59);
    expect(checkCardExpiry({ month: 5, year: 26 }, t)).toEqual({
      ok: true,
      value: { month: 5, year: 2026 },
    });
    expect(checkCardExpiry({ month: 4, year: 2026 }, t)).toEqual({ ok: false, error: 'expired' });
    expect(checkCardExpiry({ month: 12, year: 2041 }, t).ok).toBe(true);
    expect(checkCardExpiry({ month: 1, year: 2042 }, t)).toEqual({ ok: false, error: 'too-far' });
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 13 }), fc.double({ noInteger: true })),
        (month) => {
          expect(checkCardExpiry({ month, year: 2030 }, t)).toEqual({
            ok: false,
            error: 'invalid-month',
          });
        },
      ),
    );
  });
});

describe('card types from configuration', () => {
  it('reads the configured names whatever their case or spacing, and ignores unknown ones', () => {
    expect(acceptedCardBrands(['Visa', 'Mastercard', 'American Express', 'Discover'])).toEqual([
      'visa',
      'mastercard',
      'amex',
      'discover',
    ]);
    expect(acceptedCardBrands(['AMEX', ' master card ', 'Diners Club'])).toEqual([
      'mastercard',
      'amex',
    ]);
    expect(acceptedCardBrands(['JCB'])).toEqual([]);
  });

  it('accepts a valid number exactly when its brand is configured', () => {
    fc.assert(
      fc.property(
        fc.subarray([...CARD_BRANDS]),
        brand.chain((b) => cardOf(b).map((n) => [b, n] as const)),
        (accepted, [b, number]) => {
          const names = accepted.map((a) => CARD_BRAND_NAMES[a]);
          const result = checkCardNumber(number, acceptedCardBrands(names));
          if (accepted.includes(b)) expect(result.ok).toBe(true);
          else expect(result).toEqual({ ok: false, error: 'not-accepted' });
        },
      ),
    );
  });

  it('names the accepted brands when a card is refused', () => {
    expect(cardMessages(['visa', 'amex', 'discover']).number['not-accepted']).toBe(
      'We accept Visa, American Express and Discover',
    );
    expect(cardMessages(['visa']).number['unknown-brand']).toBe('We accept Visa');
    expect(cardMessages([]).number['not-accepted']).toMatch(/cannot take card payments/);
  });
});
