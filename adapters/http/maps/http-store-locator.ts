/**
 * StoreLocator and StoreDirectory over the API (docs/stores.md GET /api/maps/stores and
 * /api/maps/stores/{EntityID}). A city, ZIP or postal code is sent as the quoted origin of
 * `nearby('…',miles)`, a point as `nearby(lat,long,miles)`; the server's 400 naming
 * `spatialFilter` for a place it does not know is StoreOriginUnknownError, and a 429 (the maps
 * door's rate limit) TooManyRequestsError with the server's words on how long to wait.
 */
import {
  StoreOriginUnknownError,
  type NearbyStoreQuery,
  type StoreDirectory,
  type StoreLocator,
} from '../../../core/stores/ports';
import { ALL_STORE_FIELDS, type StoreLocation } from '../../../core/stores/store-location';
import type { ApiClient } from '../api-client';
import { ApiError, fieldProblemsOf, tooManyRequestsOf } from '../api-error';
import { NearbyAnswerCodec, StoreLocationCodec } from './maps.codec';

/** The most stores one search answers with (the route's `top` maximum). */
export const NEARBY_RESULTS = 100;

const spatialFilter = (query: NearbyStoreQuery): string =>
  'city' in query.origin
    ? `nearby('${query.origin.city.replace(/'/g, "''")}',${query.distance})`
    : `nearby(${query.origin.latitude},${query.origin.longitude},${query.distance})`;

/** A 429 as core's TooManyRequestsError; any other failure as it was. */
const limitedOr = (error: unknown): unknown => tooManyRequestsOf(error) ?? error;

export class HttpStoreLocator implements StoreLocator, StoreDirectory {
  constructor(private readonly api: ApiClient) {}

  async searchNearby(query: NearbyStoreQuery): Promise<readonly StoreLocation[]> {
    const types = query.locationTypes ?? [];
    try {
      const answer = await this.api.get('/maps/stores', NearbyAnswerCodec, {
        params: {
          format: 'json',
          brand: query.brand,
          spatialFilter: spatialFilter(query),
          select: ALL_STORE_FIELDS.join(','),
          top: NEARBY_RESULTS,
          ...(types.length === 0
            ? {}
            : { filter: types.map((type) => `LocationType eq '${type}'`).join(' or ') }),
        },
      });
      return answer.d.results[0] ?? [];
    } catch (error) {
      if (
        'city' in query.origin &&
        error instanceof ApiError &&
        error.kind === 'badRequest' &&
        // The origin is quoted and the distance clamped by core: the one 400 left is the place.
        fieldProblemsOf(error).some((p) => p.field === 'spatialFilter')
      ) {
        throw new StoreOriginUnknownError(query.origin.city);
      }
      throw limitedOr(error);
    }
  }

  async store(entityId: string): Promise<StoreLocation | null> {
    try {
      return await this.api.get(`/maps/stores/${encodeURIComponent(entityId)}`, StoreLocationCodec);
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'notFound') return null;
      throw limitedOr(error);
    }
  }
}
