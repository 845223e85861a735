/**
 * The maps and stores API on a real test server over the seeded directory (docs/stores.md): nearby
 * answers within the asked distance and nearest first, every spec field, `select` and `filter`
 * honoured, the 64 → 1000 retry reaching a remote Alaskan ZIP through core's FindNearbyStores
 * over the HTTP adapter, bad input → 400 naming the field, and no query string ever a 5xx.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnsureSession } from '../../../core/auth/ensure-session';
import type { FindNearbyStores } from '../../../core/stores/find-nearby-stores';
import {
  ALL_STORE_FIELDS,
  distanceMiles,
  STORE_LOCATION_FIELDS,
  type StoreLocation,
} from '../../../core/stores/store-location';
import { STORE_DIRECTORY_MIN } from '../../../core/stores/store-directory';
import { createContainer } from '../../../adapters/di/container';
import { defaultAppConfig, TYPES } from '../../../adapters/di/types';
import { MemoryStorage } from '../../../adapters/storage/memory-storage';
import { startTestServer, type TestServer } from '../../support/test-server';

let server: TestServer;
let guest: string;

beforeAll(async () => {
  server = await startTestServer();
  const res = await fetch(
    `${server.api}/oauth/token?scope=guest&channel=KOUS&gId=${randomUUID()}`,
    { method: 'POST' },
  );
  guest = ((await res.json()) as { access_token: string }).access_token;
});
afterAll(() => server.dispose());

interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

const get = async (path: string): Promise<Answer> => {
  const res = await fetch(`${server.api}${path}`, {
    headers: { authorization: `Bearer ${guest}` },
  });
  const text = await res.text();
  return { status: res.status, body: text === '' ? {} : (JSON.parse(text) as Answer['body']) };
};

const nearby = async (query: string): Promise<StoreLocation[]> => {
  const res = await get(`/maps/stores?format=json&brand=lavabo&${query}`);
  expect(res.status).toBe(200);
  return (res.body as { d: { results: StoreLocation[][] } }).d.results[0] ?? [];
};

const fieldOf = (answer: Answer): string | undefined =>
  (answer.body.errors as { field?: string }[] | undefined)?.[0]?.field;

const CHICAGO = { latitude: 41.88, longitude: -87.63 };

describe('the store directory', () => {
  it('holds at least 1,500 stores', async () => {
    const r = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM stores');
    expect(r.rows[0]?.n).toBeGreaterThanOrEqual(STORE_DIRECTORY_MIN);
  });
});

describe('GET /api/maps/stores', () => {
  it('answers stores within the distance, nearest first, with every spec field', async () => {
    const stores = await nearby(`spatialFilter=nearby(41.88,-87.63,64)&top=100`);
    expect(stores.length).toBeGreaterThan(3);
    const distances = stores.map((s) => s.Distance ?? Number.NaN);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    for (const store of stores) {
      expect(store.Distance).toBeLessThanOrEqual(64);
      expect(Math.abs(distanceMiles(CHICAGO, { latitude: store.Latitude, longitude: store.Longitude }) - (store.Distance ?? 0))).toBeLessThan(0.06); // prettier-ignore
      for (const field of STORE_LOCATION_FIELDS.filter((f) => f !== 'AddressLine2')) {
        expect(store[field], field).not.toBeUndefined();
      }
      expect(['showroom', 'store', 'dealer']).toContain(store.LocationType);
      expect(store.OpenUntil).toMatch(/^(\d{1,2}:\d{2} (AM|PM)|Closed today)$/);
      expect(store.TimeZone).toMatch(/^America\//);
      for (const h of store.Hours ?? []) {
        expect(h.day).toBeGreaterThanOrEqual(0);
        expect(h.opens < h.closes).toBe(true);
      }
    }
  });

  it('searches from a city or a ZIP, quoted or not', async () => {
    const byCity = await nearby(`spatialFilter=${encodeURIComponent("nearby('Chicago, IL',64)")}`);
    const byZip = await nearby(`spatialFilter=nearby(10001,64)`);
    const byQuotedZip = await nearby(`spatialFilter=${encodeURIComponent("nearby('10001',64)")}`);
    expect(byCity.length).toBeGreaterThan(0);
    expect(byZip.length).toBeGreaterThan(0);
    expect(byQuotedZip.map((s) => s.EntityID)).toEqual(byZip.map((s) => s.EntityID));
    expect(byZip.some((s) => s.AdminDistrict === 'NY')).toBe(true);
    const toronto = await nearby(`spatialFilter=${encodeURIComponent("nearby('M5V 2T6',64)")}`);
    expect(toronto.some((s) => s.AdminDistrict === 'ON')).toBe(true);
  });

  it('keeps only the selected fields and the filtered kinds', async () => {
    const selected = await nearby(
      `spatialFilter=nearby(41.88,-87.63,250)&$select=EntityID,LocationName,Distance`,
    );
    expect(selected.length).toBeGreaterThan(0);
    for (const s of selected) expect(Object.keys(s).sort()).toEqual(['Distance', 'EntityID', 'LocationName']); // prettier-ignore
    const filter = encodeURIComponent("LocationType eq 'showroom' or LocationType eq 'dealer'");
    const kinds = await nearby(`spatialFilter=nearby(41.88,-87.63,250)&filter=${filter}&top=100`);
    expect(kinds.length).toBeGreaterThan(0);
    expect(new Set(kinds.map((s) => s.LocationType))).toEqual(new Set(['showroom', 'dealer']));
    expect(await nearby(`spatialFilter=nearby(41.88,-87.63,250)&top=3`)).toHaveLength(3);
  });

  it('finds nothing near Utqiagvik at 64 and, through FindNearbyStores, something at 1000', async () => {
    expect(await nearby('spatialFilter=nearby(99723,64)')).toEqual([]);
    const tab = createContainer({
      mode: 'http',
      config: { ...defaultAppConfig, apiBaseUrl: server.api },
      storage: new MemoryStorage(),
      sessionStorage: new MemoryStorage(),
    });
    await tab.get<EnsureSession>(TYPES.EnsureSession).execute();
    const found = await tab
      .get<FindNearbyStores>(TYPES.FindNearbyStores)
      .execute({ origin: { city: '99723' }, brand: 'Lavabo' });
    expect(found.ok).toBe(true);
    if (!found.ok) return;
    expect(found.value.widened).toBe(true);
    expect(found.value.distance).toBe(1000);
    expect(found.value.stores.length).toBeGreaterThan(0);
    expect(found.value.stores[0]?.AdminDistrict).toBe('AK');
  });

  it.each([
    ['spatialFilter=nearby(41.88,-87.63,10)', 'spatialFilter'],
    ['spatialFilter=nearby(41.88,-87.63,1001)', 'spatialFilter'],
    ['spatialFilter=nearby(95,-87.63,64)', 'spatialFilter'],
    ['spatialFilter=nearby(00000,64)', 'spatialFilter'],
    [`spatialFilter=${encodeURIComponent("nearby('Nowhere Town, ZZ',64)")}`, 'spatialFilter'],
    ['spatialFilter=near(1,2)', 'spatialFilter'],
    ['', 'spatialFilter'],
    ['spatialFilter=nearby(41.88,-87.63,64)&select=EntityID,Colour', 'select'],
    ['spatialFilter=nearby(41.88,-87.63,64)&filter=Phone eq 1', 'filter'],
    ['spatialFilter=nearby(41.88,-87.63,64)&top=0', 'top'],
    ['spatialFilter=nearby(41.88,-87.63,64)&format=xml', 'format'],
    ['spatialFilter=nearby(41.88,-87.63,64)&spatialFilter=nearby(1,2,64)', 'spatialFilter'],
  ])('answers %s with 400 naming %s', async (query, field) => {
    const res = await get(`/maps/stores?${query}`);
    expect(res.status).toBe(400);
    expect(fieldOf(res)).toBe(field);
  });

  it('never answers a 5xx, whatever the query string', async () => {
    const names = [
      'spatialFilter',
      'select',
      '$select',
      'filter',
      '$filter',
      'top',
      'format',
      'brand',
    ];
    const values = fc.oneof(
      fc.string(),
      fc.constantFrom(...ALL_STORE_FIELDS),
      fc.tuple(fc.double(), fc.double(), fc.double()).map(([a, b, c]) => `nearby(${a},${b},${c})`),
      fc.tuple(fc.string(), fc.integer()).map(([p, d]) => `nearby('${p}',${d})`),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom(...names), values), { maxLength: 5 }),
        async (pairs) => {
          const query = new URLSearchParams(pairs).toString();
          const res = await fetch(`${server.api}/maps/stores?${query}`, {
            headers: { authorization: `Bearer ${guest}` },
          });
          await res.arrayBuffer();
          expect(res.status).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('the maps calls', () => {
  it('looks up a ZIP and a Canadian postal code', async () => {
    const zip = await get('/maps/zip?postalCode=10001&country=US');
    expect(zip.body).toEqual({
      resources: [
        {
          address: {
            postalCode: '10001',
            locality: 'New York',
            adminDistrict: 'NY',
            countryRegion: 'US',
          },
          point: { coordinates: [40.7484, -73.9967] },
        },
      ],
    });
    const ca = await get('/maps/zip?postalCode=k1a0b1&country=CA');
    expect(ca.body).toMatchObject({ resources: [{ address: { postalCode: 'K1A 0B1', adminDistrict: 'ON', countryRegion: 'CA' } }] }); // prettier-ignore
    expect((await get('/maps/zip?postalCode=00000')).body).toEqual({ resources: [] });
    const bad = await get('/maps/zip?postalCode=hello');
    expect([bad.status, fieldOf(bad)]).toEqual([400, 'postalCode']);
  });

  it('validates an address against its postal code', async () => {
    const post = async (body: unknown) => {
      const res = await fetch(`${server.api}/maps/address/validate`, {
        method: 'POST',
        headers: { authorization: `Bearer ${guest}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const address = { addressLine: '1 Main St', city: 'Chicago', state: 'IL', postalCode: '60601', country: 'US' }; // prettier-ignore
    expect((await post(address)).body).toEqual({ status: 'valid', city: 'Chicago', state: 'IL' });
    expect((await post({ ...address, city: 'Springfield' })).body).toEqual({ status: 'mismatch', field: 'city', city: 'Chicago', state: 'IL' }); // prettier-ignore
    expect((await post({ ...address, state: 'WI' })).body).toMatchObject({ status: 'mismatch', field: 'state' }); // prettier-ignore
    expect((await post({ ...address, postalCode: '00000' })).body).toEqual({ status: 'unknown-postal-code' }); // prettier-ignore
    expect((await post({ ...address, country: 'FR' })).body).toEqual({ status: 'unknown' });
    const missing = await post({ city: 'Chicago' });
    expect(missing.status).toBe(400);
    expect(fieldOf({ status: missing.status, body: missing.body })).toBe('postalCode');
  });

  it('locates loopback at the default city, a ZIP, and a point', async () => {
    expect((await get('/maps/location/ip')).body).toMatchObject({ source: 'default', location: { city: 'Chicago', state: 'IL', country: 'US' } }); // prettier-ignore
    expect((await get('/maps/location/zipcode?postalCode=99723')).body).toMatchObject({ location: { city: 'Barrow', state: 'AK' } }); // prettier-ignore
    const unknown = await get('/maps/location/zipcode?postalCode=00000');
    expect([unknown.status, fieldOf(unknown)]).toEqual([400, 'postalCode']);
    expect((await get('/maps/location/reverse?brand=lavabo&lat=41.88&long=-87.63')).body).toMatchObject({ location: { city: 'Chicago', state: 'IL' } }); // prettier-ignore
    const badLat = await get('/maps/location/reverse?brand=lavabo&lat=north&long=-87.63');
    expect([badLat.status, fieldOf(badLat)]).toEqual([400, 'lat']);
    const noLong = await get('/maps/location/reverse?lat=41');
    expect([noLong.status, fieldOf(noLong)]).toEqual([400, 'long']);
  });

  it('answers one store by id, 404 for another', async () => {
    const [first] = await nearby('spatialFilter=nearby(41.88,-87.63,64)');
    const one = await get(`/maps/stores/${first?.EntityID ?? ''}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      EntityID: first?.EntityID,
      LocationName: first?.LocationName,
    });
    expect(one.body.Distance).toBeUndefined();
    expect((await get('/maps/stores/LVB-99999')).status).toBe(404);
  });
});
