/**
 * The stores and maps adapters hold one contract (docs/stores.md), run through the container the
 * storefront uses on both families: the HTTP adapters against the real server over its seeded
 * directory, and the offline demo's fakes over the same generated data in the tab.
 */
import type { Container } from 'inversify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnsureSession } from '../../../core/auth/ensure-session';
import type { FindNearbyStores } from '../../../core/stores/find-nearby-stores';
import {
  StoreOriginUnknownError,
  type LocationStateStore,
  type MapsGateway,
  type StoreDirectory,
  type StoreLocator,
} from '../../../core/stores/ports';
import type { ValidatePostalCode } from '../../../core/validation/validate-postal-code';
import { createContainer, type AdapterMode } from '../../../adapters/di/container';
import { defaultAppConfig, TYPES } from '../../../adapters/di/types';
import { MemoryStorage } from '../../../adapters/storage/memory-storage';
import { GENEROUS_RATE_LIMITS, startTestServer, type TestServer } from '../../support/test-server';
import { TooManyRequestsError } from '../../../core/shared/errors';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.dispose());

const tab = async (mode: AdapterMode): Promise<Container> => {
  const c = createContainer({
    mode,
    config: { ...defaultAppConfig, apiBaseUrl: server.api },
    storage: new MemoryStorage(),
    sessionStorage: new MemoryStorage(),
  });
  await c.get<EnsureSession>(TYPES.EnsureSession).execute();
  return c;
};

/** What a search answers, compared across families: ids and distances, not today's OpenUntil. */
const ids = (stores: readonly { EntityID: string; Distance?: number }[]) =>
  stores.map((s) => `${s.EntityID}@${s.Distance}`);

const answers: Partial<Record<AdapterMode, unknown>> = {};

describe.each<AdapterMode>(['http', 'fake'])('stores and maps adapters (%s)', (mode) => {
  it('searches nearby, filters by kind, reads one store, and knows an unknown origin', async () => {
    const c = await tab(mode);
    const locator = c.get<StoreLocator>(TYPES.StoreLocator);
    const near = await locator.searchNearby({ origin: { city: '10001' }, distance: 64, brand: 'lavabo' }); // prettier-ignore
    expect(near.length).toBeGreaterThan(5);
    expect(near.every((s) => (s.Distance ?? 99) <= 64)).toBe(true);
    const dealers = await locator.searchNearby({
      origin: { latitude: 41.88, longitude: -87.63 },
      distance: 250,
      brand: 'lavabo',
      locationTypes: ['dealer'],
    });
    expect(dealers.length).toBeGreaterThan(0);
    expect(dealers.every((s) => s.LocationType === 'dealer')).toBe(true);
    const first = near[0];
    const one = await c.get<StoreDirectory>(TYPES.StoreDirectory).store(first?.EntityID ?? '');
    expect(one).toMatchObject({ EntityID: first?.EntityID, LocationName: first?.LocationName });
    expect(await c.get<StoreDirectory>(TYPES.StoreDirectory).store('LVB-99999')).toBeNull();
    await expect(
      locator.searchNearby({ origin: { city: 'Nowhere Town, ZZ' }, distance: 64, brand: 'lavabo' }),
    ).rejects.toBeInstanceOf(StoreOriginUnknownError);
    answers[mode] = { near: ids(near), dealers: ids(dealers) };
    if (answers.http !== undefined && answers.fake !== undefined) {
      // The fake is the server's directory and rules, not a look-alike.
      expect(answers.fake).toEqual(answers.http);
    }
  });

  it('retries a remote Alaskan ZIP at 1000 miles', async () => {
    const c = await tab(mode);
    const found = await c
      .get<FindNearbyStores>(TYPES.FindNearbyStores)
      .execute({ origin: { city: '99723' }, brand: 'Lavabo' });
    expect(found).toMatchObject({ ok: true, value: { widened: true, distance: 1000 } });
  });

  it('answers the maps calls', async () => {
    const c = await tab(mode);
    const maps = c.get<MapsGateway>(TYPES.MapsGateway);
    expect(await maps.lookup('60601', 'US')).toMatchObject([
      { postalCode: '60601', city: 'Chicago', state: 'IL', country: 'US' },
    ]);
    expect(await maps.lookup('00000', 'US')).toEqual([]);
    expect(await maps.lookup('75001', 'FR')).toEqual([]);
    expect(await maps.locationByIp()).toMatchObject({ city: 'Chicago', state: 'IL' });
    expect(await maps.locationByZip('K1A 0B1', 'CA')).toMatchObject({ state: 'ON', postalCode: 'K1A 0B1' }); // prettier-ignore
    expect(await maps.locationByZip('00000', 'US')).toBeNull();
    expect(await maps.reverseGeocode({ latitude: 40.75, longitude: -73.997 }, 'lavabo')).toMatchObject({ city: 'New York', state: 'NY' }); // prettier-ignore
    const address = { addressLine: '1 Main St', city: 'Chicago', state: 'IL', postalCode: '60601', country: 'US' }; // prettier-ignore
    expect(await maps.validateAddress(address)).toEqual({ kind: 'valid', city: 'Chicago', state: 'IL' }); // prettier-ignore
    expect(await maps.validateAddress({ ...address, state: 'WI' })).toEqual({ kind: 'mismatch', field: 'state', city: 'Chicago', state: 'IL' }); // prettier-ignore
    expect(await maps.validateAddress({ ...address, postalCode: '00000' })).toEqual({ kind: 'unknown-postal-code' }); // prettier-ignore
    expect(await maps.validateAddress({ ...address, country: 'DE' })).toEqual({ kind: 'unknown' });
  });

  it('validates a postal code through the maps lookup, and keeps the location slice', async () => {
    const c = await tab(mode);
    const validate = c.get<ValidatePostalCode>(TYPES.ValidatePostalCode);
    const ok = await validate.execute({ postalCode: '10001', country: 'US' });
    expect(ok.location).toMatchObject({ city: 'New York', state: 'NY' });
    const store = c.get<LocationStateStore>(TYPES.LocationStateStore);
    const empty = store.load();
    expect(empty.myStoreId).toBeNull();
    store.save({ ...empty, myStoreId: 'LVB-00001', userCity: 'Chicago' });
    expect(store.load()).toMatchObject({ myStoreId: 'LVB-00001', userCity: 'Chicago' });
  });
});

describe('the HTTP store locator over the shop’s maps limit', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({
      rateLimits: {
        ...GENEROUS_RATE_LIMITS,
        maps: { perClient: { max: 2, windowMs: 60_000 }, perAccount: null },
      },
    });
  }, 60_000);
  afterAll(() => limited.dispose());

  it('turns the 429 into TooManyRequestsError with the shop’s words on how long to wait', async () => {
    const c = createContainer({
      mode: 'http',
      config: { ...defaultAppConfig, apiBaseUrl: limited.api },
      storage: new MemoryStorage(),
      sessionStorage: new MemoryStorage(),
    });
    await c.get<EnsureSession>(TYPES.EnsureSession).execute();
    const locator = c.get<StoreLocator>(TYPES.StoreLocator);
    const directory = c.get<StoreDirectory>(TYPES.StoreDirectory);
    const query = { origin: { city: '10001' }, distance: 64, brand: 'lavabo' };
    const [first] = await locator.searchNearby(query);
    expect(await directory.store(first?.EntityID ?? '')).not.toBeNull();
    const wait = /^Too many attempts\. Please wait \d+ seconds? and try again\.$/;
    const refused = await locator.searchNearby(query).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TooManyRequestsError);
    expect((refused as Error).message).toMatch(wait);
    const store = await directory.store(first?.EntityID ?? '').catch((e: unknown) => e);
    expect(store).toBeInstanceOf(TooManyRequestsError);
    expect((store as Error).message).toMatch(wait);
  });
});
