/**
 * A store's opening hours (docs/stores.md `Hours`): whether it is open at a moment and until when,
 * read in the store's own time zone, so a shopper in another zone sees the store's clock. A day's
 * closing time at or before its opening time runs past midnight into the next day.
 */
import type { OpeningHours } from './store-location';

const DAY_MINUTES = 24 * 60;
const WEEK_MINUTES = 7 * DAY_MINUTES;

/** A moment as a store's wall clock shows it: weekday (0 = Sunday) and minutes after midnight. */
export interface StoreLocalTime {
  readonly day: number;
  readonly minutes: number;
}

export type OpenStatus =
  | { readonly open: true; /** 'HH:MM' */ readonly closes: string }
  | {
      readonly open: false;
      /** The next opening, or null when the store keeps no hours at all. */
      readonly next: { readonly day: number; readonly opens: string } | null;
    };

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes after midnight of 'HH:MM', or null when it is not a 24-hour time. */
export const minutesOf = (time: string): number | null => {
  const match = TIME.exec(time);
  return match === null ? null : Number(match[1]) * 60 + Number(match[2]);
};

/** 'HH:MM' of minutes after midnight (wrapped into one day). */
export const timeOf = (minutes: number): string => {
  const m = ((Math.floor(minutes) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

/** '18:00' → '6:00 PM', as the spec's OpenUntil shows it. */
export const formatStoreTime = (time: string): string => {
  const minutes = minutesOf(time);
  if (minutes === null) return time;
  const hours = Math.floor(minutes / 60);
  const suffix = hours < 12 ? 'AM' : 'PM';
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${twelve}:${String(minutes % 60).padStart(2, '0')} ${suffix}`;
};

export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

interface Span {
  readonly start: number;
  readonly end: number;
  readonly day: number;
  readonly opens: string;
}

/** Each listed day's opening as minutes of the week; days or times that do not parse are closed. */
const spansOf = (hours: readonly OpeningHours[]): readonly Span[] =>
  hours.flatMap((h) => {
    const opens = minutesOf(h.opens);
    const closes = minutesOf(h.closes);
    if (opens === null || closes === null || !Number.isInteger(h.day) || h.day < 0 || h.day > 6) {
      return [];
    }
    const start = h.day * DAY_MINUTES + opens;
    const end = h.day * DAY_MINUTES + closes + (closes <= opens ? DAY_MINUTES : 0);
    return [{ start, end, day: h.day, opens: h.opens }];
  });

/** Whether the store is open at that local time and, if so, until when; else when it opens next. */
export const openStatusAt = (hours: readonly OpeningHours[], at: StoreLocalTime): OpenStatus => {
  const t = at.day * DAY_MINUTES + at.minutes;
  const spans = spansOf(hours);
  // A span may run past Saturday midnight into Sunday: look at the time a week on as well.
  const current = spans.find(
    (s) => (s.start <= t && t < s.end) || (s.start <= t + WEEK_MINUTES && t + WEEK_MINUTES < s.end),
  );
  if (current !== undefined) return { open: true, closes: timeOf(current.end) };
  if (spans.length === 0) return { open: false, next: null };
  const wait = (s: Span) => (((s.start - t) % WEEK_MINUTES) + WEEK_MINUTES) % WEEK_MINUTES;
  const next = spans.reduce((best, s) => (wait(s) < wait(best) ? s : best));
  return { open: false, next: { day: next.day, opens: next.opens } };
};

const WEEKDAY_INDEX: Readonly<Record<string, number>> = {
  Sun: 0,
  Mon: 1,
  Tue: 2,
  Wed: 3,
  Thu: 4,
  Fri: 5,
  Sat: 6,
};

/** The store's wall clock at `now` in its IANA time zone; null for a zone the runtime does not know. */
export const storeLocalTime = (now: Date, timeZone: string): StoreLocalTime | null => {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(now);
  } catch {
    return null;
  }
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = WEEKDAY_INDEX[part('weekday')];
  const hour = Number(part('hour')) % 24;
  const minute = Number(part('minute'));
  if (day === undefined || !Number.isFinite(hour) || !Number.isFinite(minute)) return null;
  return { day, minutes: hour * 60 + minute };
};

/** Open now, in the store's time zone; null when the store has no hours or zone to judge by. */
export const storeOpenStatus = (
  store: { readonly Hours?: readonly OpeningHours[]; readonly TimeZone?: string },
  now: Date,
): OpenStatus | null => {
  if (store.Hours === undefined || store.TimeZone === undefined) return null;
  const local = storeLocalTime(now, store.TimeZone);
  return local === null ? null : openStatusAt(store.Hours, local);
};

/** What the shopper reads: "Open until 6:00 PM", "Closed · opens Monday 9:00 AM", "Closed". */
export const describeOpenStatus = (status: OpenStatus, today: number): string => {
  if (status.open) return `Open until ${formatStoreTime(status.closes)}`;
  if (status.next === null) return 'Closed';
  const when =
    status.next.day === today
      ? 'today'
      : status.next.day === (today + 1) % 7
        ? 'tomorrow'
        : WEEKDAYS[status.next.day];
  return `Closed · opens ${when} at ${formatStoreTime(status.next.opens)}`;
};
