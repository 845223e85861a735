/**
 * "May 1, 2026": a moment's day in UTC, as en-US writes a long date. By hand rather than with an
 * `Intl.DateTimeFormat`: making the first one loads the locale's calendar data, a long task of
 * about 20–30 ms on a phone (issue 15), and the product page made one as its chunk loaded. UTC on
 * both sides, so the server's render and the browser's agree whatever their time zones.
 */
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The UTC day of `at` (milliseconds since the epoch), or '' for a time that is not one. */
export const formatLongDate = (at: number): string => {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return '';
  return `${MONTHS[date.getUTCMonth()] ?? ''} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
};
