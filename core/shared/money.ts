/**
 * Money is held in integer cents (spec §9) and shown divided by 100 with 2 decimals.
 * All arithmetic stays in integers; only display and parsing touch decimals.
 */

import { groupThousands } from './count';

export type Cents = number;

export interface Money {
  readonly cents: Cents;
  readonly currency: string;
}

export const DEFAULT_CURRENCY = 'USD';

export class InvalidMoneyError extends Error {
  constructor(value: unknown) {
    super(`Not an amount of money in cents: ${String(value)}`);
    this.name = 'InvalidMoneyError';
  }
}

export const isCents = (value: unknown): value is Cents =>
  typeof value === 'number' && Number.isSafeInteger(value);

export const money = (cents: Cents, currency: string = DEFAULT_CURRENCY): Money => {
  if (!isCents(cents)) throw new InvalidMoneyError(cents);
  return { cents, currency };
};

export const zero = (currency: string = DEFAULT_CURRENCY): Money => money(0, currency);

const sameCurrency = (a: Money, b: Money): void => {
  if (a.currency !== b.currency) {
    throw new Error(`Cannot combine ${a.currency} with ${b.currency}`);
  }
};

export const addMoney = (a: Money, b: Money): Money => {
  sameCurrency(a, b);
  return money(a.cents + b.cents, a.currency);
};

export const subtractMoney = (a: Money, b: Money): Money => {
  sameCurrency(a, b);
  return money(a.cents - b.cents, a.currency);
};

export const multiplyMoney = (m: Money, quantity: number): Money => {
  if (!Number.isSafeInteger(quantity)) throw new InvalidMoneyError(quantity);
  return money(m.cents * quantity, m.currency);
};

export const sumMoney = (items: readonly Money[], currency: string = DEFAULT_CURRENCY): Money =>
  items.reduce(addMoney, zero(currency));

/** Cents as a decimal string with exactly 2 decimals: 123456 → "1234.56", -5 → "-0.05". */
export const centsToDecimalString = (cents: Cents): string => {
  if (!isCents(cents)) throw new InvalidMoneyError(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  const frac = abs % 100;
  return `${sign}${whole}.${frac < 10 ? '0' : ''}${frac}`;
};

/** Cents as dollars with 2 decimals, the number the spec's derived fields hold (e.g. totalPrice). */
export const centsToAmount = (cents: Cents): number => Number(centsToDecimalString(cents));

/**
 * A decimal amount (as search documents carry prices, e.g. 249.99) to cents, rounding half away
 * from zero at the third decimal so that binary floating point never loses a cent.
 */
export const amountToCents = (amount: number): Cents => {
  if (!Number.isFinite(amount)) throw new InvalidMoneyError(amount);
  const sign = amount < 0 ? -1 : 1;
  const [whole = '0', frac = ''] = Math.abs(amount).toFixed(6).split('.');
  const padded = (frac + '000').slice(0, 3);
  const hundredths = Number(whole) * 100 + Number(padded.slice(0, 2));
  const rounded = Number(padded[2]) >= 5 ? hundredths + 1 : hundredths;
  const cents = sign * rounded;
  if (!isCents(cents)) throw new InvalidMoneyError(amount);
  return cents === 0 ? 0 : cents;
};

const symbols: Readonly<Record<string, string>> = { USD: '$', GBP: '£', EUR: '€', CAD: 'CA$' };

/**
 * "$1,234.56" — grouping by thousands, the currency's symbol, or the code for unknown ones; a
 * negative amount takes a true minus sign ("−$165.00"), as the cart shows discounts.
 */
export const formatMoney = (m: Money): string => {
  const [whole = '0', frac = '00'] = centsToDecimalString(Math.abs(m.cents)).split('.');
  const grouped = groupThousands(whole);
  const symbol = symbols[m.currency] ?? `${m.currency} `;
  return `${m.cents < 0 ? '\u2212' : ''}${symbol}${grouped}.${frac}`;
};
