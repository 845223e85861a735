import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canCallLocationApi,
  decideLocation,
  EMPTY_LOCATION_CACHE,
  isCityCacheFresh,
  isLocationRecheckDue,
  LOCATION_API_RECALL_MS,
  LOCATION_CITY_CACHE_MS,
  LOCATION_RECHECK_MS,
  locationRecheckAt,
  recordCity,
  recordLocationApiCall,
  type LocationCache,
} from '../../../core/stores/location-cache';

/** The model: plain arithmetic over the last city and the last call, as the spec states it. */
interface Model {
  now: number;
  city: { name: string; at: number } | null;
  lastCall: number | null;
}

interface Real {
  now: number;
  cache: LocationCache;
  calls: number[];
}

class AdvanceTime implements fc.Command<Model, Real> {
  constructor(readonly ms: number) {}
  check(): boolean {
    return true;
  }
  run(m: Model, r: Real): void {
    m.now += this.ms;
    r.now += this.ms;
  }
  toString(): string {
    return `advance(${this.ms})`;
  }
}

/** The screen needs the shopper's city; the location API, if called, answers `answer`. */
class NeedLocation implements fc.Command<Model, Real> {
  constructor(readonly answer: string | null) {}
  check(): boolean {
    return true;
  }
  run(m: Model, r: Real): void {
    const decision = decideLocation(r.cache, r.now);
    const fresh = m.city !== null && m.now - m.city.at < 30 * 60 * 1000;
    const mayCall = m.lastCall === null || m.now - m.lastCall >= 60 * 1000;
    if (fresh) {
      expect(decision).toEqual({ action: 'use-cached', city: m.city?.name });
      return;
    }
    if (!mayCall) {
      expect(decision).toEqual({
        action: 'wait',
        until: (m.lastCall ?? 0) + 60 * 1000,
        city: m.city?.name ?? null,
      });
      return;
    }
    expect(decision).toEqual({ action: 'call-api' });
    r.calls.push(r.now);
    r.cache = recordLocationApiCall(r.cache, r.now);
    m.lastCall = m.now;
    if (this.answer !== null) {
      r.cache = recordCity(r.cache, this.answer, r.now);
      m.city = { name: this.answer, at: m.now };
    }
  }
  toString(): string {
    return `needLocation(${this.answer ?? 'fails'})`;
  }
}

describe('location cache (spec §9: city 30 min, re-check 1800000 ms, API recall 1 min)', () => {
  it('states the constants', () => {
    expect(LOCATION_CITY_CACHE_MS).toBe(1_800_000);
    expect(LOCATION_RECHECK_MS).toBe(1_800_000);
    expect(LOCATION_API_RECALL_MS).toBe(60_000);
    expect(locationRecheckAt(5)).toBe(1_800_005);
  });

  it('uses the city while fresh and never calls the API twice within a minute', () => {
    const commands = [
      fc
        .oneof(fc.integer({ min: 0, max: 90_000 }), fc.integer({ min: 0, max: 2_000_000 }))
        .map((ms) => new AdvanceTime(ms)),
      fc.option(fc.constantFrom('Kohler', 'Chicago', 'Austin')).map((a) => new NeedLocation(a)),
    ];
    fc.assert(
      fc.property(fc.commands(commands, { maxCommands: 40 }), (cmds) => {
        const real: Real = { now: 1_700_000_000_000, cache: EMPTY_LOCATION_CACHE, calls: [] };
        fc.modelRun(() => ({ model: { now: real.now, city: null, lastCall: null }, real }), cmds);
        real.calls.forEach((t, i) => {
          if (i > 0) expect(t - (real.calls[i - 1] ?? 0)).toBeGreaterThanOrEqual(60_000);
        });
      }),
    );
  });

  it('treats a timestamp from the future (a clock moved back) as stale and not blocking', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 1, max: 1e9 }),
        (now, ahead) => {
          const cache: LocationCache = {
            userCity: 'Kohler',
            cityCachedAt: now + ahead,
            lastApiCallAt: now + ahead,
          };
          expect(isCityCacheFresh(cache, now)).toBe(false);
          expect(isLocationRecheckDue(cache, now)).toBe(true);
          expect(canCallLocationApi(cache, now)).toBe(true);
          expect(decideLocation(cache, now)).toEqual({ action: 'call-api' });
        },
      ),
    );
  });

  it('agrees on freshness and the re-check time for any timestamps', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 0, max: 1e8 }),
        (cachedAt, elapsed) => {
          const cache = recordCity(EMPTY_LOCATION_CACHE, 'Kohler', cachedAt);
          const now = cachedAt + elapsed;
          expect(isCityCacheFresh(cache, now)).toBe(elapsed < LOCATION_CITY_CACHE_MS);
          expect(isLocationRecheckDue(cache, now)).toBe(now >= locationRecheckAt(cachedAt));
        },
      ),
    );
  });
});
