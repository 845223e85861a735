/**
 * "1,234": a whole count grouped by thousands, as en-US writes it. By hand rather than with
 * `toLocaleString('en-US')`: the first call of an Intl number format loads the locale's data, one
 * long task of about 25 ms on a phone (issue 15), and a list page wrote its result count that way
 * while it hydrated. `formatMoney` groups its whole part the same way.
 */
export const groupThousands = (digits: string): string =>
  digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** A count of things (results, products in a facet): whole and not negative, else as given. */
export const formatCount = (n: number): string =>
  Number.isSafeInteger(n) && n >= 0 ? groupThousands(String(n)) : String(n);
