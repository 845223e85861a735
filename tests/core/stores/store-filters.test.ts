import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { directionsUrl, storeAddressLine } from '../../../core/stores/directions';
import {
  applyStoreFilters,
  NO_STORE_FILTERS,
  parseStoreFilters,
  storeFiltersQuery,
  type StoreFilters,
} from '../../../core/stores/store-filters';
import {
  LOCATION_TYPES,
  STORE_SERVICES,
  type StoreLocation,
} from '../../../core/stores/store-location';

const text = fc.string({ maxLength: 12 }).map((s) => s.trim());
const filters: fc.Arbitrary<StoreFilters> = fc.record({
  query: text,
  types: fc.subarray([...LOCATION_TYPES]),
  services: fc.subarray([...STORE_SERVICES]),
  openNow: fc.boolean(),
  store: fc.option(
    text.filter((s) => s !== ''),
    { nil: null },
  ),
});

const asQuery = (entries: [string, string][]) => Object.fromEntries(entries);

const store = (over: Partial<StoreLocation>): StoreLocation => ({
  EntityID: '1',
  BPnumber: 'BP1',
  LocationName: 'Lavabo Chicago',
  AddressLine: '1 Main St',
  StateLong: 'Illinois',
  AdminDistrict: 'IL',
  PostalCode: '60601',
  Latitude: 41.88,
  Longitude: -87.63,
  Phone: '312-555-0100',
  OpenUntil: '6:00 PM',
  Locality: 'Chicago',
  ...over,
});

describe('store filters in the page address', () => {
  it('come back the same after a round trip through the query', () => {
    fc.assert(
      fc.property(filters, (f) => {
        const back = parseStoreFilters(asQuery(storeFiltersQuery(f)));
        expect(back).toEqual({
          ...f,
          types: LOCATION_TYPES.filter((t) => f.types.includes(t)),
          services: STORE_SERVICES.filter((s) => f.services.includes(s)),
        });
      }),
    );
  });

  it('drop what the finder does not know, and leave defaults out of the address', () => {
    expect(parseStoreFilters({ type: 'store,castle', service: 'spa', open: 'yes' })).toEqual({
      ...NO_STORE_FILTERS,
      types: ['store'],
    });
    expect(storeFiltersQuery(NO_STORE_FILTERS)).toEqual([]);
  });

  it('let through only stores that match every filter, keeping their order', () => {
    const kinds = fc.constantFrom(...LOCATION_TYPES);
    const stores = fc.array(
      fc.record({ LocationType: kinds, Services: fc.subarray([...STORE_SERVICES]) }),
      { maxLength: 10 },
    );
    fc.assert(
      fc.property(stores, filters, (list, f) => {
        const all = list.map((s, i) => store({ ...s, EntityID: String(i) }));
        const shown = applyStoreFilters(all, { ...f, openNow: false }, new Date());
        for (const s of all) {
          const matches =
            (f.types.length === 0 || f.types.includes(s.LocationType!)) &&
            f.services.every((x) => s.Services!.includes(x));
          expect(shown.includes(s)).toBe(matches);
        }
        expect(shown).toEqual(all.filter((s) => shown.includes(s)));
      }),
    );
  });

  it('shows only stores known to be open when asked for open now', () => {
    const now = new Date(Date.UTC(2026, 10, 27, 17, 30)); // Friday 11:30 in Chicago
    const open = store({
      EntityID: 'a',
      TimeZone: 'America/Chicago',
      Hours: [{ day: 5, opens: '09:00', closes: '17:00' }],
    });
    const closed = store({
      EntityID: 'b',
      TimeZone: 'America/Chicago',
      Hours: [{ day: 4, opens: '09:00', closes: '17:00' }],
    });
    const unknown = store({ EntityID: 'c' });
    expect(
      applyStoreFilters([open, closed, unknown], { ...NO_STORE_FILTERS, openNow: true }, now),
    ).toEqual([open]);
  });
});

describe('directions', () => {
  it('go to the store’s coordinates when it has them, else to its address', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -90, max: 90, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        (lat, long) => {
          const url = new URL(directionsUrl(store({ Latitude: lat, Longitude: long })));
          expect(url.origin + url.pathname).toBe('https://www.google.com/maps/dir/');
          expect(url.searchParams.get('api')).toBe('1');
          expect(url.searchParams.get('destination')).toBe(`${lat},${long}`);
        },
      ),
    );
    const lost = store({ Latitude: Number.NaN, AddressLine2: 'Suite 2' });
    expect(storeAddressLine(lost)).toBe('1 Main St, Suite 2, Chicago, IL 60601');
    expect(new URL(directionsUrl(lost)).searchParams.get('destination')).toBe(
      'Lavabo Chicago, 1 Main St, Suite 2, Chicago, IL 60601',
    );
  });
});
