/**
 * A store's opening hours read at a moment, in the store's own time zone: today's closing time as
 * the store finder shows it (`OpenUntil`: "6:00 PM", or "Closed today") and whether it is open now.
 */
import type { OpeningHours } from './store-location';

export const CLOSED_TODAY = 'Closed today';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterFor = (timeZone: string): Intl.DateTimeFormat => {
  let f = formatters.get(timeZone);
  if (f === undefined) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
};

/** The weekday (0 = Sunday) and minutes since midnight at `now` in `timeZone`. */
export const localTime = (now: number, timeZone: string): { day: number; minutes: number } => {
  const parts = formatterFor(timeZone).formatToParts(new Date(now));
  const part = (type: string): string => parts.find((p) => p.type === type)?.value ?? '';
  const hour = Number(part('hour')) % 24;
  return { day: WEEKDAYS.indexOf(part('weekday')), minutes: hour * 60 + Number(part('minute')) };
};

/** 'HH:MM' → minutes since midnight, or NaN. */
export const minutesOf = (time: string): number => {
  const m = /^(\d{2}):(\d{2})$/.exec(time);
  return m === null ? Number.NaN : Number(m[1]) * 60 + Number(m[2]);
};

/** '18:00' → '6:00 PM', '00:30' → '12:30 AM'. */
export const clockText = (time: string): string => {
  const minutes = minutesOf(time);
  if (Number.isNaN(minutes)) return time;
  const hour = Math.floor(minutes / 60);
  const suffix = hour < 12 ? 'AM' : 'PM';
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minutes % 60).padStart(2, '0')} ${suffix}`;
};

/** The store's hours on weekday `day`, or undefined when it is closed that day. */
export const hoursOn = (hours: readonly OpeningHours[], day: number): OpeningHours | undefined =>
  hours.find((h) => h.day === day);

/** Today's closing time as shown ("6:00 PM"), or "Closed today" (`OpenUntil`). */
export const openUntil = (
  hours: readonly OpeningHours[],
  timeZone: string,
  now: number,
): string => {
  const today = hoursOn(hours, localTime(now, timeZone).day);
  return today === undefined ? CLOSED_TODAY : clockText(today.closes);
};

/** Open at `now`: today's hours include the store-local time (opens inclusive, closes exclusive). */
export const isOpenAt = (
  hours: readonly OpeningHours[],
  timeZone: string,
  now: number,
): boolean => {
  const { day, minutes } = localTime(now, timeZone);
  const today = hoursOn(hours, day);
  return (
    today !== undefined && minutesOf(today.opens) <= minutes && minutes < minutesOf(today.closes)
  );
};
