/**
 * Spec §7 and §9 nearby stores: the search runs at 64 miles and, when nothing is found, once more
 * at the maximum distance; the distance range is 64 to 1000. Brand is the lower-case site name.
 *
 * Reading we chose (docs/rules.md): a requested distance outside the range is clamped into
 * it (a distance that is not a number becomes 64); a search already at the maximum is not
 * repeated.
 */

export const STORE_SEARCH_DISTANCE_MIN = 64;
export const STORE_SEARCH_DISTANCE_MAX = 1000;
export const STORE_SEARCH_DISTANCE_DEFAULT = STORE_SEARCH_DISTANCE_MIN;

export const clampStoreDistance = (distance: number): number =>
  Number.isNaN(distance)
    ? STORE_SEARCH_DISTANCE_DEFAULT
    : Math.min(STORE_SEARCH_DISTANCE_MAX, Math.max(STORE_SEARCH_DISTANCE_MIN, distance));

/** The distance to retry at after a search found nothing, or null when there is no wider one. */
export const widerStoreDistance = (searchedAt: number): number | null =>
  clampStoreDistance(searchedAt) < STORE_SEARCH_DISTANCE_MAX ? STORE_SEARCH_DISTANCE_MAX : null;

/** The brand parameter of the call: the site name in lower case. */
export const storeBrand = (siteName: string): string => siteName.trim().toLowerCase();
