/**
 * The places, opening hours, address check and store directory of the store finder
 * (core/stores/geodata.ts, opening-hours.ts, address-check.ts, store-directory.ts): properties
 * over generated inputs, and the directory as generated from the real `zipcodes` data.
 */
import fc from 'fast-check';
import zipcodes from 'zipcodes';
import { describe, expect, it } from 'vitest';
import {
  canadianCity,
  isPostalCodeShape,
  PlaceIndex,
  postalKey,
  type PostalCentroid,
} from '../../../core/stores/geodata';
import { validateAddressAt } from '../../../core/stores/address-check';
import {
  CLOSED_TODAY,
  clockText,
  isOpenAt,
  localTime,
  minutesOf,
  openUntil,
} from '../../../core/stores/opening-hours';
import { generateStoreDirectory, STORE_DIRECTORY_MIN } from '../../../core/stores/store-directory';
import { distanceMiles, STORE_SERVICES } from '../../../core/stores/store-location';

const northAmerica = fc.record({
  latitude: fc.double({ min: 18, max: 72, noNaN: true }),
  longitude: fc.double({ min: -170, max: -52, noNaN: true }),
});

const centroids = fc
  .uniqueArray(fc.tuple(fc.integer({ min: 10000, max: 99999 }), northAmerica), {
    minLength: 1,
    maxLength: 60,
    selector: ([zip]) => zip,
  })
  .map((list) =>
    Object.fromEntries(
      list.map(([zip, p]): [string, PostalCentroid] => [
        String(zip),
        { zip: String(zip), city: `Town ${zip}`, state: 'IL', country: 'US', ...p },
      ]),
    ),
  );

describe('PlaceIndex', () => {
  it('finds the nearest place exactly as a scan of every place would', () => {
    fc.assert(
      fc.property(centroids, northAmerica, (data, point) => {
        const index = new PlaceIndex(data);
        const scan = [...index.places].sort((a, b) => distanceMiles(point, a) - distanceMiles(point, b))[0]; // prettier-ignore
        const found = index.nearest(point);
        if (scan === undefined || distanceMiles(point, scan) > 300) expect(found).toBeNull();
        else expect(distanceMiles(point, found ?? { latitude: 0, longitude: 0 })).toBeCloseTo(distanceMiles(point, scan), 9); // prettier-ignore
      }),
      { numRuns: 200 },
    );
    // Two hundred scans of every place: about 2 s on a quiet machine, 6 s beside the other lane.
  }, 30_000);

  it('reaches a place nearly 300 miles east at 72° north, where a cell is narrow', () => {
    const far: PostalCentroid = {
      zip: '99723',
      city: 'Far',
      state: 'AK',
      country: 'US',
      latitude: 72,
      longitude: -136.3,
    };
    const index = new PlaceIndex({ '99723': far });
    const point = { latitude: 72, longitude: -150 };
    expect(distanceMiles(point, far)).toBeLessThan(300);
    expect(distanceMiles(point, far)).toBeGreaterThan(250);
    expect(index.nearest(point)?.postalCode).toBe('99723');
  });

  it('reads ZIP+4 and full Canadian postal codes by their known part', () => {
    expect(postalKey('60601-1234')).toBe('60601');
    expect(postalKey(' k1a 0b1 ')).toBe('K1A');
    expect(isPostalCodeShape('K1A0B1')).toBe(true);
    expect(isPostalCodeShape('1234')).toBe(false);
    expect(canadianCity('Outer Nunavut (iqaluit)')).toBe('Iqaluit');
    expect(canadianCity('Calgary (city Centre / Calgary Tower)')).toBe('Calgary');
  });
});

describe('opening hours', () => {
  const time = fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
  const hours = fc.uniqueArray(
    fc.record({ day: fc.integer({ min: 0, max: 6 }), opens: time, closes: time }),
    { selector: (h) => h.day, maxLength: 7 },
  );
  const zone = fc.constantFrom('America/Chicago', 'America/Anchorage', 'America/St_Johns', 'America/Toronto'); // prettier-ignore
  const instant = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) });

  it('shows a closing time exactly on days with hours, and is open only on such a day', () => {
    fc.assert(
      fc.property(hours, zone, instant, (h, tz, now) => {
        const today = h.find((x) => x.day === localTime(now, tz).day);
        expect(openUntil(h, tz, now)).toBe(today === undefined ? CLOSED_TODAY : clockText(today.closes)); // prettier-ignore
        if (isOpenAt(h, tz, now)) expect(today).toBeDefined();
      }),
    );
  });

  it('writes any time of day as a 12-hour clock that reads back to it', () => {
    fc.assert(
      fc.property(time, (t) => {
        const m = /^(\d{1,2}):(\d{2}) (AM|PM)$/.exec(clockText(t));
        expect(m).not.toBeNull();
        const hour = (Number(m?.[1]) % 12) + (m?.[3] === 'PM' ? 12 : 0);
        expect(hour * 60 + Number(m?.[2])).toBe(minutesOf(t));
      }),
    );
  });
});

describe('the address check', () => {
  const place = { postalCode: '60601', city: 'Chicago', state: 'IL', country: 'US' as const, latitude: 41.88, longitude: -87.62 }; // prettier-ignore
  it('agrees with the code, fills blanks, and names the first field that disagrees', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('', 'Chicago', ' chicago ', 'Evanston'),
        fc.constantFrom('', 'IL', 'il', 'WI'),
        (city, state) => {
          const check = validateAddressAt({ city, state }, place);
          const stateWrong = state.trim() !== '' && state.trim().toUpperCase() !== 'IL';
          const cityWrong = city.trim() !== '' && city.trim().toLowerCase() !== 'chicago';
          if (stateWrong)
            expect(check).toEqual({ status: 'mismatch', field: 'state', city: 'Chicago', state: 'IL' }); // prettier-ignore
          else if (cityWrong)
            expect(check).toEqual({ status: 'mismatch', field: 'city', city: 'Chicago', state: 'IL' }); // prettier-ignore
          else expect(check).toEqual({ status: 'valid', city: 'Chicago', state: 'IL' });
        },
      ),
    );
    expect(validateAddressAt({ city: 'Chicago', state: 'IL' }, null)).toEqual({ status: 'unknown-postal-code' }); // prettier-ignore
  });
});

describe('the store directory from the zipcodes data', () => {
  const index = new PlaceIndex(zipcodes.codes);
  const directory = generateStoreDirectory(index);

  it('is the same every time, with at least 1,500 stores of unique ids', () => {
    expect(directory.length).toBeGreaterThanOrEqual(STORE_DIRECTORY_MIN);
    expect(new Set(directory.map((s) => s.EntityID)).size).toBe(directory.length);
    expect(generateStoreDirectory(index).slice(0, 50)).toEqual(directory.slice(0, 50));
  });

  it('places each store in its city, with hours, services and a time zone', () => {
    for (const store of directory) {
      const place = index.byPostalCode(store.PostalCode);
      expect(place?.state, store.EntityID).toBe(store.AdminDistrict);
      expect(distanceMiles(place ?? { latitude: 0, longitude: 0 }, { latitude: store.Latitude, longitude: store.Longitude })).toBeLessThan(2); // prettier-ignore
      expect(store.Hours.length).toBeGreaterThan(0);
      for (const h of store.Hours) expect(minutesOf(h.opens)).toBeLessThan(minutesOf(h.closes));
      expect(store.Services.every((s) => STORE_SERVICES.includes(s))).toBe(true);
      expect(store.TimeZone).toMatch(/^(America|Pacific)\//);
    }
    expect(directory.some((s) => s.AdminDistrict === 'AK')).toBe(true);
    expect(directory.some((s) => ['NT', 'YT', 'NU'].includes(s.AdminDistrict))).toBe(true);
    expect(directory.some((s) => s.PostalCode.includes(' '))).toBe(true);
  });

  it('leaves Utqiagvik (99723) with nothing within 64 miles and a store within 1000', () => {
    const barrow = index.byPostalCode('99723');
    expect(barrow).not.toBeNull();
    const miles = directory.map((s) => distanceMiles(barrow ?? { latitude: 0, longitude: 0 }, { latitude: s.Latitude, longitude: s.Longitude })); // prettier-ignore
    expect(Math.min(...miles)).toBeGreaterThan(64);
    expect(Math.min(...miles)).toBeLessThan(1000);
  });
});
