/**
 * Which states or provinces an address form offers for its country, from the configuration's
 * `lists.states` (the server fills it from core/validation/regions.ts). Shared by the account's
 * address form and checkout, so both offer the same list the server checks against.
 */

/** One configured state or province; an entry without a country is offered for every country. */
export interface ConfiguredRegion {
  readonly code: string;
  readonly name: string;
  readonly country?: string | undefined;
}

export interface RegionOption {
  readonly code: string;
  readonly name: string;
}

/**
 * The regions to pick from for `country`, in configured order, plus `current` when it is not one of
 * them (a saved value stays visible rather than silently changing); null when the configuration
 * lists none for the country, so the form falls back to free text.
 */
export const regionOptions = (
  configured: readonly ConfiguredRegion[],
  country: string,
  current: string,
): readonly RegionOption[] | null => {
  const offered = configured
    .filter((r) => r.country === undefined || r.country === country)
    .map(({ code, name }) => ({ code, name }));
  if (offered.length === 0) return null;
  return current === '' || offered.some((r) => r.code === current)
    ? offered
    : [...offered, { code: current, name: current }];
};
