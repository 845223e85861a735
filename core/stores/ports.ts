import type { GeoPoint, StoreLocation } from './store-location';

/** Where to search from: a city name or a point (spec §7: spatialFilter nearby(city, distance)). */
export type NearbyOrigin = { readonly city: string } | GeoPoint;

export interface NearbyStoreQuery {
  readonly origin: NearbyOrigin;
  /** Miles, within the store distance range. */
  readonly distance: number;
  /** Lower-case site name. */
  readonly brand: string;
}

/** Port: the nearby-stores call (spec §7), returning d.results[0] as store locations. */
export interface StoreLocator {
  searchNearby(query: NearbyStoreQuery): Promise<readonly StoreLocation[]>;
}
