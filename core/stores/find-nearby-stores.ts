/**
 * Use case: the stores near a city or point (spec §7 Maps and stores). Searches at the requested
 * distance (64 miles by default, clamped to 64–1000) and, when nothing is found, once more at
 * 1000. Results near a point are sorted nearest first; a city's keep the locator's order.
 */
import { err, ok, type Result } from '../shared/result';
import {
  clampStoreDistance,
  STORE_SEARCH_DISTANCE_DEFAULT,
  storeBrand,
  widerStoreDistance,
} from './nearby-search';
import type { NearbyOrigin, StoreLocator } from './ports';
import { isGeoPoint, sortByDistance, type StoreLocation } from './store-location';

export interface FindNearbyStoresInput {
  readonly origin: NearbyOrigin;
  readonly brand: string;
  readonly distance?: number;
}

export interface NearbyStores {
  readonly stores: readonly StoreLocation[];
  /** The distance of the search that gave these stores. */
  readonly distance: number;
  /** True when the first search found nothing and the wider one ran. */
  readonly widened: boolean;
}

export type FindNearbyStoresError =
  { readonly kind: 'invalid-origin' } | { readonly kind: 'unavailable'; readonly cause: unknown };

const isValidOrigin = (origin: NearbyOrigin): boolean =>
  'city' in origin ? origin.city.trim() !== '' : isGeoPoint(origin);

const cleanOrigin = (origin: NearbyOrigin): NearbyOrigin =>
  'city' in origin ? { city: origin.city.trim() } : origin;

export class FindNearbyStores {
  constructor(private readonly locator: StoreLocator) {}

  async execute(
    input: FindNearbyStoresInput,
  ): Promise<Result<NearbyStores, FindNearbyStoresError>> {
    if (!isValidOrigin(input.origin)) return err({ kind: 'invalid-origin' });
    const origin = cleanOrigin(input.origin);
    const brand = storeBrand(input.brand);
    const first = clampStoreDistance(input.distance ?? STORE_SEARCH_DISTANCE_DEFAULT);
    try {
      let distance = first;
      let stores = await this.locator.searchNearby({ origin, distance, brand });
      const wider = widerStoreDistance(first);
      if (stores.length === 0 && wider !== null) {
        distance = wider;
        stores = await this.locator.searchNearby({ origin, distance, brand });
      }
      const sorted = 'city' in origin ? stores : sortByDistance(stores, origin);
      return ok({ stores: sorted, distance, widened: distance !== first });
    } catch (cause) {
      return err({ kind: 'unavailable', cause });
    }
  }
}
