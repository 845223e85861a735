import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isDiscontinued,
  parseDiscontinuedDate,
  parseIsoMoment,
} from '../../../core/catalog/discontinued';
import { DAY, HOUR, ManualClock } from '../../../core/shared/clock';

// Years 1000–9999 so toISOString writes the plain four-digit form.
const moment = fc.integer({ min: Date.UTC(1000, 0, 1), max: Date.UTC(9999, 11, 31) });
const falseWord = fc
  .tuple(fc.constantFrom('false', 'FALSE', 'False', 'fAlSe'), fc.constantFrom('', ' ', '\t'))
  .map(([word, pad]) => `${pad}${word}${pad}`);

describe('discontinued (spec §4, one reading)', () => {
  it('reads ISO dates written by toISOString to the same instant', () => {
    fc.assert(
      fc.property(moment, (at) => {
        expect(parseIsoMoment(new Date(at).toISOString())).toBe(at);
        expect(parseDiscontinuedDate(new Date(at).toISOString())).toEqual({ kind: 'on', at });
      }),
    );
  });

  it('reads a date without a time as midnight UTC and honours zone offsets', () => {
    expect(parseIsoMoment('2025-06-01')).toBe(Date.UTC(2025, 5, 1));
    expect(parseIsoMoment('2025-06-01T10:00:00+01:00')).toBe(Date.UTC(2025, 5, 1, 9));
    expect(parseIsoMoment('2025-06-01T10:00')).toBe(Date.UTC(2025, 5, 1, 10));
    fc.assert(
      fc.property(moment, fc.integer({ min: -23, max: 23 }), (at, hours) => {
        const local = new Date(at + hours * HOUR).toISOString().replace('Z', '');
        const sign = hours < 0 ? '-' : '+';
        const zone = `${sign}${String(Math.abs(hours)).padStart(2, '0')}:00`;
        expect(parseIsoMoment(`${local}${zone}`)).toBe(at);
      }),
    );
  });

  it('is discontinued exactly when the date is at or before now', () => {
    fc.assert(
      fc.property(moment, fc.integer({ min: -400 * DAY, max: 400 * DAY }), (at, delta) => {
        const clock = new ManualClock(at + delta);
        expect(isDiscontinued(new Date(at).toISOString(), clock.now())).toBe(delta >= 0);
      }),
    );
  });

  it('names "date equal to now" discontinued (not in the future any more)', () => {
    const now = Date.UTC(2026, 0, 15);
    expect(isDiscontinued('2026-01-15T00:00:00Z', now)).toBe(true);
    expect(isDiscontinued('2026-01-15T00:00:00.001Z', now)).toBe(false);
  });

  it('never counts the word false, in any case or padding, as discontinued', () => {
    fc.assert(
      fc.property(falseWord, fc.integer(), (word, now) => {
        expect(parseDiscontinuedDate(word)).toEqual({ kind: 'never' });
        expect(isDiscontinued(word, now)).toBe(false);
      }),
    );
  });

  it('never hides a product for an unreadable date', () => {
    const unreadable = fc
      .string()
      .filter((s) => parseIsoMoment(s) === null && s.trim().toLowerCase() !== 'false');
    fc.assert(
      fc.property(unreadable, fc.integer(), (raw, now) => {
        expect(parseDiscontinuedDate(raw)).toEqual({ kind: 'unreadable', raw });
        expect(isDiscontinued(raw, now)).toBe(false);
      }),
    );
    for (const raw of [
      '',
      'tomorrow',
      '2025-02-30',
      '2025-13-01',
      '2025-01-01T24:00',
      '01/02/2025',
    ]) {
      expect(isDiscontinued(raw, Number.MAX_SAFE_INTEGER)).toBe(false);
    }
  });

  it('once discontinued stays discontinued as time goes on', () => {
    fc.assert(
      fc.property(moment, moment, fc.nat(10 * 365 * DAY), (at, now, later) => {
        const date = new Date(at).toISOString();
        if (isDiscontinued(date, now)) expect(isDiscontinued(date, now + later)).toBe(true);
      }),
    );
  });
});
