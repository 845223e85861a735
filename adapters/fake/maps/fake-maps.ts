/**
 * The maps and stores in the tab, for the offline demo and UI tests: the same postal-code data
 * (`zipcodes`, loaded lazily on the first call, so the demo's entry bundle does not carry it) and
 * the same store directory (core/stores/store-directory.ts, same seed) the server holds, answered
 * by the server's rules (docs/stores.md): nearest first within the distance, at most 100, with
 * Distance and today's OpenUntil; an unknown origin is StoreOriginUnknownError.
 */
import { validateAddressAt } from '../../../core/stores/address-check';
import { mapsCountry, PlaceIndex, type Place } from '../../../core/stores/geodata';
import { openUntil } from '../../../core/stores/opening-hours';
import {
  StoreOriginUnknownError,
  type AddressToValidate,
  type AddressValidation,
  type MapsGateway,
  type NearbyStoreQuery,
  type StoreDirectory,
  type StoreLocator,
  type UserLocation,
} from '../../../core/stores/ports';
import { generateStoreDirectory, type DirectoryStore } from '../../../core/stores/store-directory';
import {
  distanceMiles,
  type GeoPoint,
  type StoreLocation,
} from '../../../core/stores/store-location';
import type { PostalLocation } from '../../../core/validation/ports';

/** The brand the directory is under, as on the server. */
const BRAND = 'lavabo';
const NEARBY_RESULTS = 100;
/** Where the demo's "location by IP" puts the shopper, as the server does for loopback. */
export const FAKE_DEFAULT_POSTAL_CODE = '60601';

export interface FakeMapsData {
  readonly places: PlaceIndex;
  readonly stores: readonly DirectoryStore[];
}

let loading: Promise<FakeMapsData> | null = null;

/** The places and the directory, built once per tab on first use. */
export const loadFakeMapsData = (): Promise<FakeMapsData> =>
  (loading ??= import('zipcodes').then((mod) => {
    // A CommonJS package: its exports are `default` in a bundle, named under Node.
    const codes = (mod as { codes?: typeof mod.codes }).codes ?? mod.default.codes;
    const places = new PlaceIndex(codes);
    return { places, stores: generateStoreDirectory(places) };
  }));

const userLocationOf = (place: Place, postalCode = place.postalCode): UserLocation => ({
  city: place.city,
  state: place.state,
  postalCode,
  country: place.country,
  latitude: place.latitude,
  longitude: place.longitude,
});

const displayPostalCode = (code: string, place: Place): string => {
  if (place.country === 'US') return place.postalCode;
  const compact = code.trim().toUpperCase().replace(/\s+/g, '');
  return compact.length === 6 ? `${compact.slice(0, 3)} ${compact.slice(3)}` : compact;
};

export class FakeStoreLocator implements StoreLocator, StoreDirectory {
  constructor(
    private readonly data: () => Promise<FakeMapsData> = loadFakeMapsData,
    private readonly now: () => number = Date.now,
  ) {}

  private shown(store: DirectoryStore): StoreLocation {
    return { ...store, OpenUntil: openUntil(store.Hours, store.TimeZone, this.now()) };
  }

  async searchNearby(query: NearbyStoreQuery): Promise<readonly StoreLocation[]> {
    const { places, stores } = await this.data();
    let origin: GeoPoint;
    if ('city' in query.origin) {
      const place = places.origin(query.origin.city);
      if (place === null) throw new StoreOriginUnknownError(query.origin.city);
      origin = place;
    } else {
      origin = query.origin;
    }
    if (query.brand !== BRAND) return [];
    const types = query.locationTypes ?? [];
    return stores
      .filter((s) => types.length === 0 || types.includes(s.LocationType))
      .map((store) => ({
        store,
        miles: distanceMiles(origin, { latitude: store.Latitude, longitude: store.Longitude }),
      })) // prettier-ignore
      .filter((x) => x.miles <= query.distance)
      .sort((a, b) => a.miles - b.miles || (a.store.EntityID < b.store.EntityID ? -1 : 1))
      .slice(0, NEARBY_RESULTS)
      .map(({ store, miles }) => ({ ...this.shown(store), Distance: Math.round(miles * 10) / 10 }));
  }

  async store(entityId: string): Promise<StoreLocation | null> {
    const { stores } = await this.data();
    const found = stores.find((s) => s.EntityID === entityId);
    return found === undefined ? null : this.shown(found);
  }
}

export class FakeMapsGateway implements MapsGateway {
  constructor(private readonly data: () => Promise<FakeMapsData> = loadFakeMapsData) {}

  async lookup(postalCode: string, country: string): Promise<readonly PostalLocation[]> {
    const c = mapsCountry(country);
    if (c === null) return [];
    const place = (await this.data()).places.byPostalCode(postalCode, c);
    if (place === null) return [];
    return [
      {
        postalCode: displayPostalCode(postalCode, place),
        city: place.city,
        state: place.state,
        country: place.country,
        latitude: place.latitude,
        longitude: place.longitude,
      },
    ];
  }

  async locationByIp(): Promise<UserLocation | null> {
    const place = (await this.data()).places.byPostalCode(FAKE_DEFAULT_POSTAL_CODE);
    return place === null ? null : userLocationOf(place);
  }

  async locationByZip(postalCode: string, country: string): Promise<UserLocation | null> {
    const c = country.trim() === '' ? undefined : mapsCountry(country);
    if (c === null) return null;
    const place = (await this.data()).places.byPostalCode(postalCode, c);
    return place === null ? null : userLocationOf(place, displayPostalCode(postalCode, place));
  }

  async reverseGeocode(point: GeoPoint): Promise<UserLocation | null> {
    const place = (await this.data()).places.nearest(point);
    return place === null ? null : userLocationOf(place);
  }

  async validateAddress(address: AddressToValidate): Promise<AddressValidation> {
    const country = mapsCountry(address.country);
    if (country === null || address.postalCode.trim() === '') return { kind: 'unknown' };
    const place = (await this.data()).places.byPostalCode(address.postalCode, country);
    const check = validateAddressAt(address, place);
    switch (check.status) {
      case 'valid':
        return { kind: 'valid', city: check.city, state: check.state };
      case 'mismatch':
        return { kind: 'mismatch', field: check.field, city: check.city, state: check.state };
      case 'unknown-postal-code':
        return { kind: 'unknown-postal-code' };
      case 'unknown':
        return { kind: 'unknown' };
    }
  }
}
