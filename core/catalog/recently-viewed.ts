/**
 * Spec §9: recently viewed products, at most recentlyViewedMax (configuration; default 10).
 * Newest first, each product once: viewing a product again moves it to the front.
 */

export const RECENTLY_VIEWED_MAX_DEFAULT = 10;

/** The configured maximum when it is a positive whole number, else the default. */
export const recentlyViewedMax = (configured: unknown): number =>
  typeof configured === 'number' && Number.isSafeInteger(configured) && configured > 0
    ? configured
    : RECENTLY_VIEWED_MAX_DEFAULT;

export const addRecentlyViewed = <T>(
  list: readonly T[],
  item: T,
  keyOf: (item: T) => string,
  max: number = RECENTLY_VIEWED_MAX_DEFAULT,
): readonly T[] => {
  const seen = new Set<string>([keyOf(item)]);
  const rest = list.filter((other) => {
    const key = keyOf(other);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return [item, ...rest].slice(0, recentlyViewedMax(max));
};
