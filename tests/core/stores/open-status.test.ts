import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  describeOpenStatus,
  formatStoreTime,
  minutesOf,
  openStatusAt,
  storeLocalTime,
  storeOpenStatus,
  timeOf,
} from '../../../core/stores/open-status';
import type { OpeningHours } from '../../../core/stores/store-location';

const minute = fc.integer({ min: 0, max: 24 * 60 - 1 });
const day = fc.integer({ min: 0, max: 6 });
/** Same-day hours: opens strictly before closes. */
const dayHours = fc
  .tuple(day, minute, minute)
  .filter(([, a, b]) => a !== b)
  .map(([d, a, b]): OpeningHours => ({
    day: d,
    opens: timeOf(Math.min(a, b)),
    closes: timeOf(Math.max(a, b)),
  }));
const week = fc.uniqueArray(dayHours, { selector: (h) => h.day, maxLength: 7 });

describe('opening hours', () => {
  it('reads back every time it writes', () => {
    fc.assert(fc.property(minute, (m) => minutesOf(timeOf(m)) === m));
  });

  it('is open exactly inside a listed day, until that day’s closing time', () => {
    fc.assert(
      fc.property(week, day, minute, (hours, d, m) => {
        const status = openStatusAt(hours, { day: d, minutes: m });
        const today = hours.find((h) => h.day === d);
        const inside =
          today !== undefined && minutesOf(today.opens)! <= m && m < minutesOf(today.closes)!;
        expect(status.open).toBe(inside);
        if (status.open) expect(status.closes).toBe(today?.closes);
      }),
    );
  });

  it('when closed, names the next opening among the listed days, or none without hours', () => {
    fc.assert(
      fc.property(week, day, minute, (hours, d, m) => {
        const status = openStatusAt(hours, { day: d, minutes: m });
        if (status.open) return;
        if (hours.length === 0) expect(status.next).toBeNull();
        else expect(hours).toContainEqual(expect.objectContaining(status.next));
      }),
    );
  });

  it('runs a closing time before the opening time past midnight', () => {
    const hours = [{ day: 5, opens: '18:00', closes: '02:00' }];
    expect(openStatusAt(hours, { day: 5, minutes: 23 * 60 })).toEqual({
      open: true,
      closes: '02:00',
    });
    expect(openStatusAt(hours, { day: 6, minutes: 60 })).toEqual({ open: true, closes: '02:00' });
    expect(openStatusAt(hours, { day: 6, minutes: 3 * 60 }).open).toBe(false);
    // Saturday night into Sunday morning wraps the week.
    const saturday = [{ day: 6, opens: '20:00', closes: '01:00' }];
    expect(openStatusAt(saturday, { day: 0, minutes: 30 }).open).toBe(true);
  });

  it('reads the store’s own clock, not the shopper’s', () => {
    // 2026-11-27 (a Friday) 17:30 UTC is 12:30 in New York and 09:30 in Los Angeles.
    const now = new Date(Date.UTC(2026, 10, 27, 17, 30));
    expect(storeLocalTime(now, 'America/New_York')).toEqual({ day: 5, minutes: 12 * 60 + 30 });
    expect(storeLocalTime(now, 'America/Los_Angeles')).toEqual({ day: 5, minutes: 9 * 60 + 30 });
    expect(storeLocalTime(now, 'Nowhere/Special')).toBeNull();
    const hours = [{ day: 5, opens: '10:00', closes: '18:00' }];
    expect(storeOpenStatus({ Hours: hours, TimeZone: 'America/New_York' }, now)?.open).toBe(true);
    expect(storeOpenStatus({ Hours: hours, TimeZone: 'America/Los_Angeles' }, now)?.open).toBe(
      false,
    );
    expect(storeOpenStatus({ Hours: hours }, now)).toBeNull();
  });

  it('says it the way a shopper reads it', () => {
    expect(formatStoreTime('18:00')).toBe('6:00 PM');
    expect(formatStoreTime('00:05')).toBe('12:05 AM');
    expect(formatStoreTime('12:00')).toBe('12:00 PM');
    expect(describeOpenStatus({ open: true, closes: '18:00' }, 1)).toBe('Open until 6:00 PM');
    expect(describeOpenStatus({ open: false, next: { day: 2, opens: '09:00' } }, 1)).toBe(
      'Closed · opens tomorrow at 9:00 AM',
    );
    expect(describeOpenStatus({ open: false, next: { day: 4, opens: '09:00' } }, 1)).toBe(
      'Closed · opens Thursday at 9:00 AM',
    );
    expect(describeOpenStatus({ open: false, next: null }, 1)).toBe('Closed');
  });
});
