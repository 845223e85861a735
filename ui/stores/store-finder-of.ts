/**
 * The store finder's view model from the container (the `stores` area, which the route loads
 * before the screen renders) and the browser's geolocation.
 */
import type { Container } from 'inversify';
import { TYPES } from '../../adapters/di/types';
import type { FindNearbyStores } from '../../core/stores/find-nearby-stores';
import type { LocationStateStore, MapsGateway, StoreDirectory } from '../../core/stores/ports';
import type { StoreFilters } from '../../core/stores/store-filters';
import type { GeoPoint } from '../../core/stores/store-location';
import { myStoreOf } from './my-store-model';
import { StoreFinderModel } from './store-finder-model';

/** The site name the maps calls carry as brand (lower-cased by the use case). */
export const STORE_BRAND = 'Lavabo';

/** How long the device may take to say where it is before the IP location stands in. */
const GEOLOCATION_TIMEOUT_MS = 10_000;

/** The device's position; rejects when the shopper refuses, or the device cannot tell in time. */
export const browserGeolocation = (): Promise<GeoPoint> =>
  new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      reject(new Error('Geolocation is not available'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) =>
        resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      (error) => reject(new Error(error.message)),
      { timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 10 * 60_000 },
    );
  });

export const myStoreFrom = (c: Container) =>
  myStoreOf(c, () => c.get<LocationStateStore>(TYPES.LocationStateStore));

export const storeFinderOf = (
  c: Container,
  onFiltersChange: (filters: StoreFilters) => void,
  geolocate: () => Promise<GeoPoint> = browserGeolocation,
): StoreFinderModel =>
  new StoreFinderModel({
    ports: {
      findNearby: c.get<FindNearbyStores>(TYPES.FindNearbyStores),
      maps: c.get<MapsGateway>(TYPES.MapsGateway),
      directory: c.get<StoreDirectory>(TYPES.StoreDirectory),
      locationState: c.get<LocationStateStore>(TYPES.LocationStateStore),
    },
    myStore: myStoreFrom(c),
    brand: STORE_BRAND,
    geolocate,
    onFiltersChange,
  });
