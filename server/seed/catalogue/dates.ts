/** Calendar arithmetic on whole UTC days, for dates relative to the fixed reference date. */

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of an ISO date ('YYYY-MM-DD'). */
export const dayNumber = (isoDate: string): number => {
  const [y, m, d] = isoDate.split('-').map(Number);
  return Math.floor(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) / DAY_MS);
};

/** 'YYYY-MM-DD' of a day number. */
export const isoDate = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** 'YYYY-MM-DDTHH:MM:00Z' of a day number and minutes into that day. */
export const isoDateTime = (day: number, minutes: number): string =>
  new Date(day * DAY_MS + minutes * 60_000).toISOString().replace('.000Z', 'Z');
