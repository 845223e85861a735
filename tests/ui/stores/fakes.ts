/** In-test fakes of the stores ports for the store finder's view models and screen. */
import { FindNearbyStores } from '../../../core/stores/find-nearby-stores';
import {
  StoreOriginUnknownError,
  type LocationState,
  type LocationStateStore,
  type MapsGateway,
  type NearbyStoreQuery,
  type StoreDirectory,
  type StoreLocator,
  type UserLocation,
} from '../../../core/stores/ports';
import { distanceMiles, type StoreLocation } from '../../../core/stores/store-location';

export const store = (id: string, over: Partial<StoreLocation> = {}): StoreLocation => ({
  EntityID: id,
  BPnumber: `BP${id}`,
  LocationName: `Lavabo ${id}`,
  AddressLine: `${id} Broadway`,
  StateLong: 'New York',
  AdminDistrict: 'NY',
  PostalCode: '10001',
  Latitude: 40.75,
  Longitude: -73.99,
  Phone: '212-555-0100',
  OpenUntil: '6:00 PM',
  Locality: 'New York',
  LocationType: 'showroom',
  Services: ['design-consultation'],
  TimeZone: 'America/New_York',
  Hours: [1, 2, 3, 4, 5].map((day) => ({ day, opens: '09:00', closes: '18:00' })),
  Distance: 1.2,
  ...over,
});

export const NEW_YORK: UserLocation = {
  city: 'New York',
  state: 'NY',
  postalCode: '10001',
  country: 'US',
  latitude: 40.75,
  longitude: -73.99,
};
export const CHICAGO: UserLocation = {
  city: 'Chicago',
  state: 'IL',
  postalCode: '60601',
  country: 'US',
  latitude: 41.88,
  longitude: -87.63,
};

/** Stores by place searched; a point finds the stores within the distance of it. */
export class FakeLocator implements StoreLocator {
  readonly queries: NearbyStoreQuery[] = [];
  failing = false;
  /** What a failing search throws: a lost connection unless a test says otherwise. */
  failure: Error = new Error('offline');
  constructor(
    readonly byPlace: Record<string, readonly StoreLocation[]>,
    readonly all: readonly StoreLocation[] = Object.values(byPlace).flat(),
  ) {}
  async searchNearby(query: NearbyStoreQuery): Promise<readonly StoreLocation[]> {
    this.queries.push(query);
    if (this.failing) throw this.failure;
    if ('city' in query.origin) {
      const found = this.byPlace[query.origin.city];
      if (found === undefined) throw new StoreOriginUnknownError(query.origin.city);
      return found.filter((s) => (s.Distance ?? 0) <= query.distance);
    }
    const origin = query.origin;
    return this.all
      .map((s) => ({
        ...s,
        Distance: distanceMiles(origin, { latitude: s.Latitude, longitude: s.Longitude }),
      }))
      .filter((s) => s.Distance <= query.distance)
      .sort((a, b) => a.Distance - b.Distance);
  }
}

export class FakeDirectory implements StoreDirectory {
  /** What each read fails with, while set. */
  failure: Error | null = null;
  constructor(readonly stores: readonly StoreLocation[]) {}
  async store(id: string): Promise<StoreLocation | null> {
    if (this.failure !== null) throw this.failure;
    return this.stores.find((s) => s.EntityID === id) ?? null;
  }
}

export class FakeMaps implements MapsGateway {
  ipCalls = 0;
  constructor(
    readonly ip: UserLocation | null = CHICAGO,
    readonly reverse: UserLocation | null = NEW_YORK,
  ) {}
  async lookup() {
    return [];
  }
  async locationByIp() {
    this.ipCalls += 1;
    return this.ip;
  }
  async locationByZip() {
    return null;
  }
  async reverseGeocode() {
    return this.reverse;
  }
  async validateAddress() {
    return { kind: 'unknown' } as const;
  }
}

export const EMPTY_LOCATION_STATE: LocationState = {
  userCity: null,
  utilityLocation: null,
  cityCachedAt: null,
  lastApiCallAt: null,
  myStoreId: null,
  utilityStoreDetails: null,
};

export class MemoryLocationState implements LocationStateStore {
  constructor(public state: LocationState = EMPTY_LOCATION_STATE) {}
  load(): LocationState {
    return this.state;
  }
  save(state: LocationState): void {
    this.state = state;
  }
}

export const findNearby = (locator: StoreLocator) => new FindNearbyStores(locator);
