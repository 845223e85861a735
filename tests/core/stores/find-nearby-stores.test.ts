import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FindNearbyStores } from '../../../core/stores/find-nearby-stores';
import type { NearbyStoreQuery, StoreLocator } from '../../../core/stores/ports';
import { distanceMiles, type StoreLocation } from '../../../core/stores/store-location';

const at = (id: string, latitude: number, longitude: number): StoreLocation => ({
  EntityID: id,
  BPnumber: `BP${id}`,
  LocationName: `Store ${id}`,
  AddressLine: '1 Main St',
  StateLong: 'Wisconsin',
  AdminDistrict: 'WI',
  PostalCode: '53044',
  Latitude: latitude,
  Longitude: longitude,
  Phone: '9205551234',
  OpenUntil: '6:00 PM',
  Locality: 'Kohler',
});

/** A locator over a fixed list of stores that answers by real distance from a point. */
class InMemoryLocator implements StoreLocator {
  queries: NearbyStoreQuery[] = [];
  constructor(
    private readonly stores: readonly StoreLocation[],
    private readonly cityPoint = { latitude: 43.74, longitude: -87.78 },
  ) {}
  searchNearby(query: NearbyStoreQuery): Promise<readonly StoreLocation[]> {
    this.queries.push(query);
    const from = 'city' in query.origin ? this.cityPoint : query.origin;
    return Promise.resolve(
      this.stores.filter(
        (s) =>
          distanceMiles(from, { latitude: s.Latitude, longitude: s.Longitude }) <= query.distance,
      ),
    );
  }
}

const origin = { latitude: 43.74, longitude: -87.78 };
/** Stores within about 1,400 miles of the origin, so some fall in each band. */
const stores = fc
  .array(
    fc.record({
      dLat: fc.double({ min: -20, max: 20, noNaN: true }),
      dLon: fc.double({ min: -20, max: 20, noNaN: true }),
    }),
    { maxLength: 12 },
  )
  .map((offsets) =>
    offsets.map((o, i) => at(String(i), origin.latitude + o.dLat, origin.longitude + o.dLon)),
  );

describe('FindNearbyStores (spec §7: search at 64, retry at the maximum when nothing is found)', () => {
  it('searches at the clamped distance, and once more at 1000 only when nothing was found', async () => {
    await fc.assert(
      fc.asyncProperty(
        stores,
        fc.option(fc.integer({ min: 0, max: 2000 }), { nil: undefined }),
        async (list, requested) => {
          const locator = new InMemoryLocator(list);
          const result = await new FindNearbyStores(locator).execute({
            origin,
            brand: 'Lavabo',
            ...(requested === undefined ? {} : { distance: requested }),
          });
          const first = Math.min(1000, Math.max(64, requested ?? 64));
          const distances = locator.queries.map((q) => q.distance);
          const foundFirst = list.some(
            (s) => distanceMiles(origin, { latitude: s.Latitude, longitude: s.Longitude }) <= first,
          );
          expect(distances).toEqual(foundFirst || first === 1000 ? [first] : [first, 1000]);
          expect(locator.queries.every((q) => q.brand === 'lavabo')).toBe(true);
          expect(result.ok).toBe(true);
          if (result.ok) {
            expect(result.value.distance).toBe(distances.at(-1));
            expect(result.value.widened).toBe(distances.length === 2);
          }
        },
      ),
    );
  });

  it('returns the stores nearest first when searching from a point', async () => {
    await fc.assert(
      fc.asyncProperty(stores, async (list) => {
        const result = await new FindNearbyStores(new InMemoryLocator(list)).execute({
          origin,
          brand: 'lavabo',
          distance: 1000,
        });
        if (!result.ok) throw new Error('expected stores');
        const d = result.value.stores.map((s) =>
          distanceMiles(origin, { latitude: s.Latitude, longitude: s.Longitude }),
        );
        d.forEach((x, i) => {
          expect(x).toBeGreaterThanOrEqual(d[i - 1] ?? 0);
          expect(x).toBeLessThanOrEqual(1000);
        });
      }),
    );
  });

  it('searches by city name, trimmed, keeping the locator order', async () => {
    const list = [at('far', 44.5, -88), at('near', 43.75, -87.78)];
    const locator = new InMemoryLocator(list);
    const result = await new FindNearbyStores(locator).execute({
      origin: { city: '  Kohler ' },
      brand: 'lavabo',
      distance: 1000,
    });
    expect(locator.queries[0]?.origin).toEqual({ city: 'Kohler' });
    expect(result.ok && result.value.stores.map((s) => s.EntityID)).toEqual(['far', 'near']);
  });

  it('refuses an empty city or impossible coordinates without calling the locator', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.stringMatching(/^\s{0,3}$/).map((city) => ({ city })),
          fc.record({
            latitude: fc.oneof(fc.double({ min: 90.001, max: 1e6 }), fc.constant(Number.NaN)),
            longitude: fc.double({ min: -180, max: 180, noNaN: true }),
          }),
        ),
        async (bad) => {
          const locator = new InMemoryLocator([]);
          const result = await new FindNearbyStores(locator).execute({ origin: bad, brand: 'x' });
          expect(result).toEqual({ ok: false, error: { kind: 'invalid-origin' } });
          expect(locator.queries).toEqual([]);
        },
      ),
    );
  });

  it('reports the locator being unavailable', async () => {
    const failing: StoreLocator = { searchNearby: () => Promise.reject(new Error('503')) };
    const result = await new FindNearbyStores(failing).execute({ origin, brand: 'lavabo' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.kind).toBe('unavailable');
  });
});
