/**
 * The states and provinces addresses may name for the countries the shop ships to (checkout ships
 * to the US and Canada): one list for the server's address checks and for the configuration's
 * `lists.states`, where each entry carries its country so a form offers only that country's.
 * The US list holds the 50 states, DC and Puerto Rico.
 */
export type RegionCountry = 'US' | 'CA';

export interface Region {
  readonly code: string;
  readonly name: string;
  readonly country: RegionCountry;
}

const regions = (country: RegionCountry, rows: readonly (readonly [string, string])[]): Region[] =>
  rows.map(([code, name]) => ({ code, name, country }));

export const US_STATES: readonly Region[] = regions('US', [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['PR', 'Puerto Rico'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
]);

export const CA_PROVINCES: readonly Region[] = regions('CA', [
  ['AB', 'Alberta'],
  ['BC', 'British Columbia'],
  ['MB', 'Manitoba'],
  ['NB', 'New Brunswick'],
  ['NL', 'Newfoundland and Labrador'],
  ['NS', 'Nova Scotia'],
  ['NT', 'Northwest Territories'],
  ['NU', 'Nunavut'],
  ['ON', 'Ontario'],
  ['PE', 'Prince Edward Island'],
  ['QC', 'Quebec'],
  ['SK', 'Saskatchewan'],
  ['YT', 'Yukon'],
]);

export const REGIONS: readonly Region[] = [...US_STATES, ...CA_PROVINCES];

const CODES: Readonly<Record<RegionCountry, ReadonlySet<string>>> = {
  US: new Set(US_STATES.map((r) => r.code)),
  CA: new Set(CA_PROVINCES.map((r) => r.code)),
};

/** Whether `code` (exactly, upper case) is a state or province of `country`; false elsewhere. */
export const isRegionOf = (country: string, code: string): boolean =>
  (country === 'US' || country === 'CA') && CODES[country].has(code);
