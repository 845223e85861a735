import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clampStoreDistance,
  STORE_SEARCH_DISTANCE_MAX,
  STORE_SEARCH_DISTANCE_MIN,
  storeBrand,
  widerStoreDistance,
} from '../../../core/stores/nearby-search';

describe('store distance range (spec §9: 64 to 1000)', () => {
  it('clamps any distance into the range, leaving distances inside it alone', () => {
    expect([STORE_SEARCH_DISTANCE_MIN, STORE_SEARCH_DISTANCE_MAX]).toEqual([64, 1000]);
    fc.assert(
      fc.property(fc.double(), (d) => {
        const c = clampStoreDistance(d);
        expect(c).toBeGreaterThanOrEqual(64);
        expect(c).toBeLessThanOrEqual(1000);
        expect(clampStoreDistance(c)).toBe(c);
        if (d >= 64 && d <= 1000) expect(c).toBe(d);
      }),
    );
    expect(clampStoreDistance(Number.NaN)).toBe(64);
  });

  it('widens to the maximum unless the search was already there', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), (d) => {
        expect(widerStoreDistance(d)).toBe(clampStoreDistance(d) < 1000 ? 1000 : null);
      }),
    );
  });

  it('sends the brand as the lower-case site name', () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        const b = storeBrand(name);
        expect(b).toBe(b.toLowerCase());
        expect(storeBrand(b)).toBe(b);
      }),
    );
    expect(storeBrand(' Lavabo ')).toBe('lavabo');
  });
});
