/**
 * Warranty status of a registered product (issue 17, docs/rules.md "Product registration"),
 * computed from the product's warranty words (its General › Warranty spec row, e.g. 'Limited 5
 * years', 'Limited lifetime', '1 year') and the purchase date.
 *
 * Readings we chose: the first "N year(s)" in the words is the term (a 'lifetime on china, 1 year
 * on parts' product is lifetime: the product itself is covered for life); 'lifetime' anywhere
 * before any number of years means no end. A term of N years covers up to and including the day
 * before the purchase date's anniversary N years later (the anniversary of 29 February in a year
 * without one is 1 March). No purchase date (a product saved, not registered) → 'unknown' unless the
 * warranty is lifetime.
 */
import type { Warranty } from './ports';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day of an ISO 'YYYY-MM-DD' date as a UTC day number, or null when it is no real date. */
export const dayOf = (iso: string): number | null => {
  const m = ISO_DATE.exec(iso);
  if (m === null) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = Date.UTC(y, mo - 1, d);
  const back = new Date(t);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) {
    return null;
  }
  return t / 86_400_000;
};

/** The ISO date of a UTC day number. */
export const isoOfDay = (day: number): string =>
  new Date(day * 86_400_000).toISOString().slice(0, 10);

/** Today's ISO date (UTC) at a clock's `now` in ms. */
export const isoToday = (nowMs: number): string => new Date(nowMs).toISOString().slice(0, 10);

/** The whole years the words name; null for lifetime or no term. */
export const warrantyYearsOf = (text: string): number | null => {
  const lower = text.toLowerCase();
  const years = /(\d{1,3})\s*-?\s*years?\b/.exec(lower);
  const lifetime = lower.indexOf('lifetime');
  if (lifetime >= 0 && (years === null || lifetime < years.index)) return null;
  if (years === null) return null;
  const n = Number(years[1]);
  return n > 0 ? n : null;
};

export const isLifetimeWarranty = (text: string): boolean => {
  const lower = text.toLowerCase();
  const lifetime = lower.indexOf('lifetime');
  if (lifetime < 0) return false;
  const years = /(\d{1,3})\s*-?\s*years?\b/.exec(lower);
  return years === null || lifetime < years.index;
};

/** The last covered day of an N-year term bought on `purchaseDate`, or null for a bad date. */
export const warrantyEndsOn = (purchaseDate: string, years: number): string | null => {
  const m = ISO_DATE.exec(purchaseDate);
  if (m === null || dayOf(purchaseDate) === null) return null;
  // Date.UTC rolls 29 February of a year without one to 1 March: the term ends on 28 February.
  const anniversary = Date.UTC(Number(m[1]) + years, Number(m[2]) - 1, Number(m[3]));
  return isoOfDay(anniversary / 86_400_000 - 1);
};

/** The warranty of a product bought on `purchaseDate` (null: unknown) as of `today`. */
export const warrantyOf = (text: string, purchaseDate: string | null, today: string): Warranty => {
  if (isLifetimeWarranty(text)) return { text, years: null, status: 'lifetime', endsOn: null };
  const years = warrantyYearsOf(text);
  if (years === null || purchaseDate === null) {
    return { text, years, status: 'unknown', endsOn: null };
  }
  const endsOn = warrantyEndsOn(purchaseDate, years);
  const end = endsOn === null ? null : dayOf(endsOn);
  const now = dayOf(today);
  if (end === null || now === null) return { text, years, status: 'unknown', endsOn };
  return { text, years, status: now <= end ? 'active' : 'expired', endsOn };
};
