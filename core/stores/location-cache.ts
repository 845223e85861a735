/**
 * Spec §3 location state and §9: the shopper's city is cached for 30 minutes, the location is
 * re-checked every 1800000 ms, and the location API is called again at most once a minute.
 * Pure decisions over epoch-millisecond timestamps, so they can be tested with any clock.
 *
 * Reading we chose (docs/rules.md): a timestamp later than now (a clock moved back) makes
 * the cache stale and does not hold back a call, so a wrong clock cannot pin an old city.
 */
import { MINUTE } from '../shared/clock';

export const LOCATION_CITY_CACHE_MS = 30 * MINUTE;
export const LOCATION_RECHECK_MS = 1_800_000;
export const LOCATION_API_RECALL_MS = 1 * MINUTE;

export interface LocationCache {
  readonly userCity: string | null;
  /** When userCity was stored. */
  readonly cityCachedAt: number | null;
  /** When the location API was last called, successfully or not. */
  readonly lastApiCallAt: number | null;
}

export const EMPTY_LOCATION_CACHE: LocationCache = {
  userCity: null,
  cityCachedAt: null,
  lastApiCallAt: null,
};

const within = (since: number | null, now: number, windowMs: number): boolean =>
  since !== null && since <= now && now - since < windowMs;

export const isCityCacheFresh = (cache: LocationCache, now: number): boolean =>
  cache.userCity !== null &&
  cache.userCity !== '' &&
  within(cache.cityCachedAt, now, LOCATION_CITY_CACHE_MS);

/** reCallIn of the location state: when the location should be checked again. */
export const locationRecheckAt = (cityCachedAt: number): number =>
  cityCachedAt + LOCATION_RECHECK_MS;

export const isLocationRecheckDue = (cache: LocationCache, now: number): boolean =>
  cache.cityCachedAt === null ||
  cache.cityCachedAt > now ||
  now >= locationRecheckAt(cache.cityCachedAt);

export const canCallLocationApi = (cache: LocationCache, now: number): boolean =>
  !within(cache.lastApiCallAt, now, LOCATION_API_RECALL_MS);

export type LocationDecision =
  | { readonly action: 'use-cached'; readonly city: string }
  | { readonly action: 'call-api' }
  | { readonly action: 'wait'; readonly until: number; readonly city: string | null };

/**
 * What to do for the shopper's location now: use the fresh cached city; otherwise call the API
 * unless it was called less than a minute ago, in which case keep whatever city there is.
 */
export const decideLocation = (cache: LocationCache, now: number): LocationDecision => {
  if (
    isCityCacheFresh(cache, now) &&
    !isLocationRecheckDue(cache, now) &&
    cache.userCity !== null
  ) {
    return { action: 'use-cached', city: cache.userCity };
  }
  const last = cache.lastApiCallAt;
  if (last === null || canCallLocationApi(cache, now)) return { action: 'call-api' };
  return {
    action: 'wait',
    until: last + LOCATION_API_RECALL_MS,
    city: cache.userCity,
  };
};

export const recordLocationApiCall = (cache: LocationCache, now: number): LocationCache => ({
  ...cache,
  lastApiCallAt: now,
});

export const recordCity = (cache: LocationCache, city: string, now: number): LocationCache => ({
  ...cache,
  userCity: city,
  cityCachedAt: now,
});
