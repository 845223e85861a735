import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  distanceMiles,
  EARTH_RADIUS_MILES,
  sortByDistance,
  type GeoPoint,
  type StoreLocation,
} from '../../../core/stores/store-location';

const point = fc.record({
  latitude: fc.double({ min: -90, max: 90, noNaN: true }),
  longitude: fc.double({ min: -180, max: 180, noNaN: true }),
});

const store = (id: string, p: GeoPoint): StoreLocation => ({
  EntityID: id,
  BPnumber: `BP${id}`,
  LocationName: `Showroom ${id}`,
  AddressLine: '1 Main St',
  StateLong: 'Wisconsin',
  AdminDistrict: 'WI',
  PostalCode: '53044',
  Latitude: p.latitude,
  Longitude: p.longitude,
  Phone: '9205551234',
  OpenUntil: '6:00 PM',
  Locality: 'Kohler',
});

describe('great-circle distance in miles', () => {
  it('is zero to itself, symmetric, non-negative and at most half the circumference', () => {
    fc.assert(
      fc.property(point, point, (a, b) => {
        const d = distanceMiles(a, b);
        expect(distanceMiles(a, a)).toBeCloseTo(0, 9);
        expect(d).toBeCloseTo(distanceMiles(b, a), 6);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(Math.PI * EARTH_RADIUS_MILES + 1e-6);
      }),
    );
  });

  it('obeys the triangle inequality (to floating-point precision)', () => {
    fc.assert(
      fc.property(point, point, point, (a, b, c) => {
        const detour = distanceMiles(a, b) + distanceMiles(b, c);
        expect(distanceMiles(a, c)).toBeLessThanOrEqual(detour * (1 + 1e-12) + 1e-9);
      }),
    );
    // Found by this property: near-antipodal points, where an asin formula loses ~1e-5 miles.
    const a = { latitude: 0, longitude: 0 };
    const b = { latitude: 6.037091348628667e-7, longitude: 0 };
    const c = { latitude: 0, longitude: 179.99999790869023 };
    expect(distanceMiles(a, c)).toBeLessThanOrEqual(
      (distanceMiles(a, b) + distanceMiles(b, c)) * (1 + 1e-12) + 1e-9,
    );
  });

  it('measures known distances', () => {
    const newYork = { latitude: 40.7128, longitude: -74.006 };
    const losAngeles = { latitude: 34.0522, longitude: -118.2437 };
    expect(distanceMiles(newYork, losAngeles)).toBeGreaterThan(2435);
    expect(distanceMiles(newYork, losAngeles)).toBeLessThan(2455);
    // One degree of latitude is about 69 miles.
    expect(distanceMiles({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(
      69.09,
      1,
    );
  });
});

describe('sort by distance', () => {
  it('returns the same stores, nearest first, keeping ties in order', () => {
    fc.assert(
      fc.property(point, fc.array(point, { maxLength: 20 }), (origin, points) => {
        const stores = points.map((p, i) => store(String(i), p));
        const sorted = sortByDistance(stores, origin);
        expect([...sorted].map((s) => s.EntityID).sort()).toEqual(
          stores.map((s) => s.EntityID).sort(),
        );
        const distances = sorted.map((s) =>
          distanceMiles(origin, { latitude: s.Latitude, longitude: s.Longitude }),
        );
        distances.forEach((d, i) => {
          if (i > 0) expect(d).toBeGreaterThanOrEqual(distances[i - 1] ?? 0);
        });
      }),
    );
  });

  it('puts stores without usable coordinates last', () => {
    fc.assert(
      fc.property(point, fc.array(point, { maxLength: 5 }), (origin, points) => {
        const broken = store('broken', { latitude: Number.NaN, longitude: 0 });
        const stores = [broken, ...points.map((p, i) => store(String(i), p))];
        expect(sortByDistance(stores, origin).at(-1)?.EntityID).toBe('broken');
      }),
    );
  });
});
