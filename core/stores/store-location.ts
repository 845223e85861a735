/**
 * A store as the nearby-stores call returns it (spec §3 Store location), in the wire's own field
 * names, plus the geography helpers the store finder needs: great-circle distance in miles and
 * sorting by it.
 */

export interface StoreLocation {
  readonly EntityID: string;
  readonly BPnumber: string;
  readonly LocationName: string;
  readonly AddressLine: string;
  readonly AddressLine2?: string;
  /** The state's full name, e.g. Wisconsin. */
  readonly StateLong: string;
  /** The state's code, e.g. WI. */
  readonly AdminDistrict: string;
  readonly PostalCode: string;
  readonly Latitude: number;
  readonly Longitude: number;
  readonly Phone: string;
  /** Closing time today as shown, e.g. "6:00 PM". */
  readonly OpenUntil: string;
  /** The city. */
  readonly Locality: string;
  // Beyond the spec's fields (issue 16): present unless the call's `select` left them out.
  readonly LocationType?: LocationType;
  /** Opening hours by weekday; a day not listed is closed. */
  readonly Hours?: readonly OpeningHours[];
  readonly Services?: readonly StoreService[];
  /** IANA time zone of the store (for "open now" and "open until"), e.g. America/Chicago. */
  readonly TimeZone?: string;
  /** Miles from the search's origin, one decimal (nearby answers only). */
  readonly Distance?: number;
}

/** What kind of place it is: a Lavabo showroom, a store that sells Lavabo, or a trade dealer. */
export type LocationType = 'showroom' | 'store' | 'dealer';
export const LOCATION_TYPES: readonly LocationType[] = ['showroom', 'store', 'dealer'];

export type StoreService =
  'design-consultation' | 'installation' | 'service-parts' | 'product-displays' | 'trade-desk';
export const STORE_SERVICES: readonly StoreService[] = [
  'design-consultation',
  'installation',
  'service-parts',
  'product-displays',
  'trade-desk',
];

/** One day's opening: `day` 0 = Sunday … 6 = Saturday; times 'HH:MM', 24-hour, store-local. */
export interface OpeningHours {
  readonly day: number;
  readonly opens: string;
  readonly closes: string;
}

/** The spec's fields, which the nearby-stores call selects (spec §7: select the store fields). */
export const STORE_LOCATION_FIELDS = [
  'EntityID',
  'BPnumber',
  'LocationName',
  'AddressLine',
  'AddressLine2',
  'StateLong',
  'AdminDistrict',
  'PostalCode',
  'Latitude',
  'Longitude',
  'Phone',
  'OpenUntil',
  'Locality',
] as const satisfies readonly (keyof StoreLocation)[];

/** Every field a store has on the wire: the spec's and ours (a `select` may name any of them). */
export const ALL_STORE_FIELDS = [
  ...STORE_LOCATION_FIELDS,
  'LocationType',
  'Hours',
  'Services',
  'TimeZone',
  'Distance',
] as const satisfies readonly (keyof StoreLocation)[];

export interface GeoPoint {
  readonly latitude: number;
  readonly longitude: number;
}

/** Mean Earth radius in statute miles. */
export const EARTH_RADIUS_MILES = 3958.8;

export const isGeoPoint = (p: GeoPoint): boolean =>
  Number.isFinite(p.latitude) &&
  Number.isFinite(p.longitude) &&
  Math.abs(p.latitude) <= 90 &&
  Math.abs(p.longitude) <= 180;

const radians = (degrees: number): number => (degrees * Math.PI) / 180;

/**
 * Great-circle distance between two points, in miles. The spherical Vincenty form: as exact as
 * haversine for nearby stores and, unlike it, stable for nearly antipodal points.
 */
export const distanceMiles = (a: GeoPoint, b: GeoPoint): number => {
  const φ1 = radians(a.latitude);
  const φ2 = radians(b.latitude);
  const Δλ = radians(b.longitude - a.longitude);
  const x = Math.cos(φ2) * Math.sin(Δλ);
  const y = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ);
  const z = Math.sin(φ1) * Math.sin(φ2) + Math.cos(φ1) * Math.cos(φ2) * Math.cos(Δλ);
  return EARTH_RADIUS_MILES * Math.atan2(Math.hypot(x, y), z);
};

export const storePoint = (store: StoreLocation): GeoPoint => ({
  latitude: store.Latitude,
  longitude: store.Longitude,
});

/**
 * Nearest first; equally distant stores keep their order. Stores without usable coordinates go
 * last, in their original order.
 */
export const sortByDistance = (
  stores: readonly StoreLocation[],
  origin: GeoPoint,
): readonly StoreLocation[] =>
  stores
    .map((store, index) => {
      const point = storePoint(store);
      const distance = isGeoPoint(point) ? distanceMiles(origin, point) : Number.POSITIVE_INFINITY;
      return { store, index, distance };
    })
    .sort((x, y) => x.distance - y.distance || x.index - y.index)
    .map((x) => x.store);
