/**
 * Spec §4 Discontinued. The spec gives two readings: "discontinued unless its date is the word
 * false or in the future" and "discontinued when the date is not false and is in the past".
 * They differ only when the date is exactly now and when the date cannot be read.
 *
 * Our single reading: a variant is discontinued exactly when its date is a readable moment at or
 * before now.
 * - Date equal to now → discontinued (the first reading: it is no longer in the future).
 * - Unreadable date → not discontinued (the second reading), so a data error never hides a
 *   sellable product; the parse result keeps the raw text so it can be reported.
 */

export type DiscontinuedDate =
  | { readonly kind: 'never' }
  | { readonly kind: 'on'; readonly at: number }
  | { readonly kind: 'unreadable'; readonly raw: string };

/** The word that means "not discontinued" (compared trimmed and case-insensitively). */
export const NOT_DISCONTINUED_WORD = 'false';

// ISO 8601 as Solr and our seed write it: a date, optionally a time, optionally a zone.
// A time without a zone is read as UTC so the result never depends on the machine's time zone.
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** month is 1-based; day 0 of the next month is the last day of this one. */
const daysInMonth = (year: number, month: number): number => {
  const last = new Date(0);
  last.setUTCFullYear(year, month, 0);
  return last.getUTCDate();
};

const offsetMinutes = (zone: string | undefined): number | null => {
  if (zone === undefined || zone.toUpperCase() === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2, 4));
  if (hours > 23 || minutes > 59) return null;
  return sign * (hours * 60 + minutes);
};

/** Reads an ISO 8601 date or date-time to epoch milliseconds, or null when it is not one. */
export const parseIsoMoment = (text: string): number | null => {
  const m = ISO_DATE.exec(text.trim());
  if (m === null) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const [hour, minute, second] = [Number(h), Number(mi), Number(s)];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  const offset = offsetMinutes(zone);
  if (offset === null) return null;
  const ms = Number(frac.padEnd(3, '0').slice(0, 3));
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, day);
  at.setUTCHours(hour, minute, second, ms);
  return at.getTime() - offset * 60_000;
};

export const parseDiscontinuedDate = (raw: string): DiscontinuedDate => {
  const text = raw.trim();
  if (text.toLowerCase() === NOT_DISCONTINUED_WORD) return { kind: 'never' };
  const at = parseIsoMoment(text);
  return at === null ? { kind: 'unreadable', raw } : { kind: 'on', at };
};

/** `now` comes from the Clock port (epoch milliseconds). */
export const isDiscontinued = (date: DiscontinuedDate | string, now: number): boolean => {
  const parsed = typeof date === 'string' ? parseDiscontinuedDate(date) : date;
  return parsed.kind === 'on' && parsed.at <= now;
};
