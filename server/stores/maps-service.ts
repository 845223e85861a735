/**
 * The maps calls' answers (docs/stores.md) over the PlaceIndex and the store directory: the zip
 * lookup, the address check, the location by IP, by ZIP and by coordinates, and the nearby search.
 * The offline demo's fakes (adapters/fake/maps) give the same answers from the same data.
 */
import { validateAddressAt, type AddressCheck } from '../../core/stores/address-check';
import { isPostalCodeShape, mapsCountry, type Place } from '../../core/stores/geodata';
import type { GeoPoint, LocationType, StoreLocation } from '../../core/stores/store-location';
import type { UserLocation } from '../../core/stores/ports';
import { placeIndex } from './places';
import type { StoreRepository } from './store-repository';

/**
 * Where loopback and private addresses are: MAPS_DEFAULT_POSTAL_CODE, else Chicago's Loop. A code
 * that is not a known postal code fails the location call loudly (a 500 naming the setting).
 */
export const DEFAULT_LOCATION_POSTAL_CODE = process.env.MAPS_DEFAULT_POSTAL_CODE?.trim() || '60601';

export const userLocationOf = (place: Place, postalCode = place.postalCode): UserLocation => ({
  city: place.city,
  state: place.state,
  postalCode,
  country: place.country,
  latitude: place.latitude,
  longitude: place.longitude,
});

/** `k1a0b1` → `K1A 0B1`; a US ZIP as its five digits. */
export const displayPostalCode = (code: string, place: Place): string => {
  if (place.country === 'US') return place.postalCode;
  const compact = code.trim().toUpperCase().replace(/\s+/g, '');
  return compact.length === 6 ? `${compact.slice(0, 3)} ${compact.slice(3)}` : compact;
};

export class MapsService {
  constructor(
    private readonly stores: StoreRepository,
    private readonly defaultPostalCode: string = DEFAULT_LOCATION_POSTAL_CODE,
  ) {}

  /** The place of a postal code in `country` (any when not given), or null. */
  place(postalCode: string, country?: 'US' | 'CA'): Place | null {
    return placeIndex().byPostalCode(postalCode, country);
  }

  defaultLocation(): UserLocation {
    const place = placeIndex().byPostalCode(this.defaultPostalCode);
    if (place === null)
      throw new Error(
        `MAPS_DEFAULT_POSTAL_CODE ${this.defaultPostalCode} is not a known postal code`,
      );
    return userLocationOf(place);
  }

  /**
   * By the caller's address: loopback and private ones get the default city. No table of public
   * ranges is packaged, so every other address gets it too, marked `default` (`ip` is kept for
   * a table's answers).
   */
  locationByIp(): { location: UserLocation; source: 'default' | 'ip' } {
    return { location: this.defaultLocation(), source: 'default' };
  }

  reverse(point: GeoPoint): UserLocation | null {
    const place = placeIndex().nearest(point);
    return place === null ? null : userLocationOf(place);
  }

  validate(address: {
    city: string;
    state: string;
    postalCode: string;
    country: string;
  }): AddressCheck {
    const country = mapsCountry(address.country);
    if (country === null) return { status: 'unknown' };
    const place = isPostalCodeShape(address.postalCode)
      ? placeIndex().byPostalCode(address.postalCode, country)
      : null;
    return validateAddressAt(address, place);
  }

  /** The origin of a nearby search: a point as given, or the place of a city or postal code. */
  origin(origin: GeoPoint | { place: string }): GeoPoint | null {
    if (!('place' in origin)) return origin;
    const place = placeIndex().origin(origin.place);
    return place === null ? null : { latitude: place.latitude, longitude: place.longitude };
  }

  store(entityId: string): Promise<StoreLocation | null> {
    return this.stores.byId(entityId);
  }

  nearby(query: {
    origin: GeoPoint;
    miles: number;
    brand: string;
    types: readonly LocationType[];
    top: number;
  }): Promise<StoreLocation[]> {
    return this.stores.nearby(query);
  }
}
