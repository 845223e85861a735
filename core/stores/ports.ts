import type { PostalCodeLookup } from '../validation/ports';
import type { GeoPoint, LocationType, StoreLocation } from './store-location';

/**
 * Where to search from (spec §7: spatialFilter nearby(city, distance)): a city ("Chicago, IL"), a
 * US ZIP or Canadian postal code in `city` ("10001", "K1A 0B1"), or a point.
 */
export type NearbyOrigin = { readonly city: string } | GeoPoint;

export interface NearbyStoreQuery {
  readonly origin: NearbyOrigin;
  /** Miles, within the store distance range. */
  readonly distance: number;
  /** Lower-case site name. */
  readonly brand: string;
  /** Only these kinds (the call's `filter`); all kinds when absent or empty. */
  readonly locationTypes?: readonly LocationType[];
}

/**
 * Port: the nearby-stores call (spec §7), returning d.results[0] as store locations, nearest first,
 * each with its Distance. Rejects when there is no answer; an origin the maps service does not
 * know rejects with StoreOriginUnknownError, and a search the shop turns away for now (its rate
 * limit) with core/shared's TooManyRequestsError.
 */
export interface StoreLocator {
  searchNearby(query: NearbyStoreQuery): Promise<readonly StoreLocation[]>;
}

/** Port: one store by EntityID (the store detail view, "my store"); null when there is none. */
export interface StoreDirectory {
  store(entityId: string): Promise<StoreLocation | null>;
}

/** The city, ZIP or postal code searched from is not one the maps service knows. */
export class StoreOriginUnknownError extends Error {
  constructor(readonly origin: string) {
    super(`Unknown place: ${origin}`);
    this.name = 'StoreOriginUnknownError';
  }
}

/** Where the shopper is (spec §3 location state: userCity, utilityLocation). */
export interface UserLocation {
  /** "Chicago" */
  readonly city: string;
  /** State or province code, "IL". */
  readonly state: string;
  readonly postalCode: string;
  readonly country: 'US' | 'CA';
  readonly latitude: number;
  readonly longitude: number;
}

export interface AddressToValidate {
  readonly addressLine: string;
  readonly city: string;
  readonly state: string;
  readonly postalCode: string;
  readonly country: string;
}

/**
 * What the address check says. `unknown` when the service cannot judge (it is down, or the country
 * is not one it knows): the caller must not block the address then (spec §5).
 */
export type AddressValidation =
  | { readonly kind: 'valid'; readonly city: string; readonly state: string }
  | {
      readonly kind: 'mismatch';
      /** What the postal code says the city and state are. */
      readonly city: string;
      readonly state: string;
      readonly field: 'city' | 'state';
    }
  | { readonly kind: 'unknown-postal-code' }
  | { readonly kind: 'unknown' };

/** Port: the maps calls other than the store search (spec §7 Maps and stores). */
export interface MapsGateway extends PostalCodeLookup {
  /** By the caller's IP (loopback and private addresses: the configured default city). */
  locationByIp(): Promise<UserLocation | null>;
  /** null for a ZIP or postal code the service does not know. */
  locationByZip(postalCode: string, country: string): Promise<UserLocation | null>;
  /** The nearest known place to a point (spec §7 reverse geocode with brand, lat, long). */
  reverseGeocode(point: GeoPoint, brand: string): Promise<UserLocation | null>;
  validateAddress(address: AddressToValidate): Promise<AddressValidation>;
}

/**
 * Port: the persisted location slice (spec §3 location state, §4 "the location slice is
 * persisted"): the shopper's location and when it was looked up, and "my store".
 */
export interface LocationState {
  readonly userCity: string | null;
  readonly utilityLocation: UserLocation | null;
  readonly cityCachedAt: number | null;
  readonly lastApiCallAt: number | null;
  readonly myStoreId: string | null;
  /** The chosen store as last read, so the header can name it without a call. */
  readonly utilityStoreDetails: StoreLocation | null;
}

export interface LocationStateStore {
  load(): LocationState;
  save(state: LocationState): void;
}
