/**
 * Places of the US and Canada for the maps calls (spec §7 zip lookup, location by ZIP, reverse
 * geocode, nearby search from a city or ZIP): an index over postal-code centroids in the shape of
 * the `zipcodes` package's data (US ZIPs; Canadian forward sortation areas, the first three
 * characters of a postal code). The data is handed in, not imported, so the server and the
 * offline demo (which loads it lazily) answer the same from the same records.
 */
import { distanceMiles, isGeoPoint, type GeoPoint } from './store-location';

/** One record of the package's data, as it ships. */
export interface PostalCentroid {
  readonly zip: string;
  readonly latitude: number;
  readonly longitude: number;
  readonly city: string;
  readonly state: string;
  readonly country: string;
}

/** A known place: a US ZIP or a Canadian FSA with its city, state or province code and centre. */
export interface Place {
  /** `10001`, or a Canadian FSA `K1A`. */
  readonly postalCode: string;
  readonly city: string;
  /** State or province code, `IL`, `ON`. */
  readonly state: string;
  readonly country: 'US' | 'CA';
  readonly latitude: number;
  readonly longitude: number;
}

export const US_STATES: Readonly<Record<string, string>> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado',
  CT: 'Connecticut', DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia',
  HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois', IN: 'Indiana', IA: 'Iowa', KS: 'Kansas',
  KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland', MA: 'Massachusetts',
  MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri', MT: 'Montana',
  NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico',
  NY: 'New York', NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma',
  OR: 'Oregon', PA: 'Pennsylvania', RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota',
  TN: 'Tennessee', TX: 'Texas', UT: 'Utah', VT: 'Vermont', VA: 'Virginia', WA: 'Washington',
  WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming', PR: 'Puerto Rico',
}; // prettier-ignore

export const CA_PROVINCES: Readonly<Record<string, string>> = {
  AB: 'Alberta', BC: 'British Columbia', MB: 'Manitoba', NB: 'New Brunswick',
  NL: 'Newfoundland and Labrador', NS: 'Nova Scotia', NT: 'Northwest Territories', NU: 'Nunavut',
  ON: 'Ontario', PE: 'Prince Edward Island', QC: 'Quebec', SK: 'Saskatchewan', YT: 'Yukon',
}; // prettier-ignore

/** The state's or province's full name (`StateLong`), or the code when it is not one we know. */
export const regionName = (code: string): string => US_STATES[code] ?? CA_PROVINCES[code] ?? code;

/** Each region's main IANA time zone (a store's hours are in it). */
const REGION_TIME_ZONES: Readonly<Record<string, string>> = {
  AL: 'America/Chicago', AK: 'America/Anchorage', AZ: 'America/Phoenix', AR: 'America/Chicago',
  CA: 'America/Los_Angeles', CO: 'America/Denver', CT: 'America/New_York', DE: 'America/New_York',
  DC: 'America/New_York', FL: 'America/New_York', GA: 'America/New_York', HI: 'Pacific/Honolulu',
  ID: 'America/Boise', IL: 'America/Chicago', IN: 'America/Indiana/Indianapolis',
  IA: 'America/Chicago', KS: 'America/Chicago', KY: 'America/New_York', LA: 'America/Chicago',
  ME: 'America/New_York', MD: 'America/New_York', MA: 'America/New_York', MI: 'America/Detroit',
  MN: 'America/Chicago', MS: 'America/Chicago', MO: 'America/Chicago', MT: 'America/Denver',
  NE: 'America/Chicago', NV: 'America/Los_Angeles', NH: 'America/New_York',
  NJ: 'America/New_York', NM: 'America/Denver', NY: 'America/New_York', NC: 'America/New_York',
  ND: 'America/Chicago', OH: 'America/New_York', OK: 'America/Chicago', OR: 'America/Los_Angeles',
  PA: 'America/New_York', RI: 'America/New_York', SC: 'America/New_York', SD: 'America/Chicago',
  TN: 'America/Chicago', TX: 'America/Chicago', UT: 'America/Denver', VT: 'America/New_York',
  VA: 'America/New_York', WA: 'America/Los_Angeles', WV: 'America/New_York',
  WI: 'America/Chicago', WY: 'America/Denver', PR: 'America/Puerto_Rico',
  AB: 'America/Edmonton', BC: 'America/Vancouver', MB: 'America/Winnipeg',
  NB: 'America/Moncton', NL: 'America/St_Johns', NS: 'America/Halifax',
  NT: 'America/Yellowknife', NU: 'America/Iqaluit', ON: 'America/Toronto',
  PE: 'America/Halifax', QC: 'America/Toronto', SK: 'America/Regina', YT: 'America/Whitehorse',
}; // prettier-ignore

/**
 * The time zone of a place: its region's, except where a state spans two and the place is past
 * the line (west Texas, the Florida panhandle, the Idaho panhandle, western Kentucky and Tennessee
 * are read by longitude).
 */
export const timeZoneOf = (state: string, longitude: number): string => {
  if (state === 'TX' && longitude < -104.9) return 'America/Denver';
  if (state === 'FL' && longitude < -85.0) return 'America/Chicago';
  if (state === 'ID' && longitude < -116.0) return 'America/Los_Angeles';
  if (state === 'TN' && longitude > -85.2) return 'America/New_York';
  if (state === 'KY' && longitude < -86.0) return 'America/Chicago';
  return REGION_TIME_ZONES[state] ?? 'America/Chicago';
};

/** The province of a Canadian FSA, by its first letter (Canada Post's districts). */
export const provinceOfFsa = (fsa: string): string | null => {
  const first = fsa.charAt(0).toUpperCase();
  if (first === 'X') return /^X0[ABC]$/i.test(fsa) ? 'NU' : 'NT';
  const byLetter: Readonly<Record<string, string>> = {
    A: 'NL', B: 'NS', C: 'PE', E: 'NB', G: 'QC', H: 'QC', J: 'QC', K: 'ON', L: 'ON', M: 'ON',
    N: 'ON', P: 'ON', R: 'MB', S: 'SK', T: 'AB', V: 'BC', Y: 'YT',
  }; // prettier-ignore
  return byLetter[first] ?? null;
};

const titleCase = (text: string): string =>
  text
    .toLowerCase()
    .replace(/(^|[\s-])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase());

/**
 * A Canadian FSA's city from the package's description: "Calgary (city Centre / …)" → Calgary,
 * "Outer Nunavut (iqaluit)" → Iqaluit (a rural area is named for its main town), "Government Of
 * Canada Ottawa And Gatineau Offices" → Ottawa.
 */
export const canadianCity = (description: string): string => {
  const paren = /^(.*?)\s*\((.*)\)\s*$/.exec(description);
  const head = (paren?.[1] ?? description).trim();
  const inner = paren?.[2]?.split('/')[0]?.trim() ?? '';
  const regional = /\b(region|outer|eastern|western|northern|southern|central|rural)\b/i.test(head);
  if (regional && inner !== '') return titleCase(inner);
  if (/^government of canada/i.test(head)) return 'Ottawa';
  const city = head
    .replace(/^downtown\s+/i, '')
    .replace(
      /\s+(north|south|east|west|central|northeast|northwest|southeast|southwest|downtown)$/i,
      '',
    );
  const name = city.split(/\s+(?:north|south|east|west)\s+/i)[0] ?? city;
  // The package's accented letters were lost to U+FFFD; most were é or è.
  return titleCase(name.replace(/\uFFFD/g, 'e').replace(/-\s+/g, '-'));
};

/** `K1A 0B1` → `K1A`; a US ZIP+4 → its 5 digits; anything else as written, upper case. */
export const postalKey = (postalCode: string): string => {
  const code = postalCode.trim().toUpperCase().replace(/\s+/g, ' ');
  if (/^[A-Z]\d[A-Z]( ?\d[A-Z]\d)?$/.test(code)) return code.slice(0, 3);
  if (/^\d{5}(-\d{4})?$/.test(code)) return code.slice(0, 5);
  return code;
};

/** Well-formed as a US ZIP (12345, 12345-6789) or a Canadian postal code (K1A 0B1, K1A0B1, K1A). */
export const isPostalCodeShape = (postalCode: string): boolean =>
  /^(\d{5}(-\d{4})?|[A-Za-z]\d[A-Za-z]( ?\d[A-Za-z]\d)?)$/.test(postalCode.trim());

/** `US`, `CA`, or null for a country the maps service does not know. */
export const mapsCountry = (country: string): 'US' | 'CA' | null => {
  const c = country.trim().toUpperCase();
  if (c === 'US' || c === 'USA' || c === 'UNITED STATES') return 'US';
  if (c === 'CA' || c === 'CAN' || c === 'CANADA') return 'CA';
  return null;
};

const cityKey = (city: string): string =>
  city
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/\bsaint\b/g, 'st')
    .trim();

const CELL_DEGREES = 1;
/** The reverse geocode's reach: no known place farther than this is "where you are". */
export const NEAREST_MAX_MILES = 300;
/** Every cell of the globe east to west, so the search always ends. */
const MAX_RINGS = 360 / CELL_DEGREES;
const cellOf = (latitude: number, longitude: number): string =>
  `${Math.floor(latitude / CELL_DEGREES)}:${Math.floor(longitude / CELL_DEGREES)}`;

export class PlaceIndex {
  private readonly byCode = new Map<string, Place>();
  /** `chicago|IL` → the city's places, and `chicago` → every state's. */
  private readonly byCity = new Map<string, Place[]>();
  private readonly cells = new Map<string, Place[]>();
  readonly places: readonly Place[];

  constructor(data: Readonly<Record<string, PostalCentroid>>) {
    const places: Place[] = [];
    for (const record of Object.values(data)) {
      const place = PlaceIndex.placeOf(record);
      if (place === null) continue;
      places.push(place);
      this.byCode.set(place.postalCode, place);
      for (const key of [`${cityKey(place.city)}|${place.state}`, cityKey(place.city)]) {
        const list = this.byCity.get(key);
        if (list === undefined) this.byCity.set(key, [place]);
        else list.push(place);
      }
      const cell = cellOf(place.latitude, place.longitude);
      const list = this.cells.get(cell);
      if (list === undefined) this.cells.set(cell, [place]);
      else list.push(place);
    }
    this.places = places;
  }

  private static placeOf(record: PostalCentroid): Place | null {
    const point = { latitude: Number(record.latitude), longitude: Number(record.longitude) };
    if (!isGeoPoint(point) || (point.latitude === 0 && point.longitude === 0)) return null;
    if (record.country === 'US') {
      if (US_STATES[record.state] === undefined || !/^\d{5}$/.test(record.zip)) return null;
      return { postalCode: record.zip, city: titleCase(record.city), state: record.state, country: 'US', ...point };
    } // prettier-ignore
    const province = provinceOfFsa(record.zip);
    if (province === null || !/^[A-Z]\d[A-Z]$/.test(record.zip)) return null;
    return { postalCode: record.zip, city: canadianCity(record.city), state: province, country: 'CA', ...point }; // prettier-ignore
  }

  /** The place of a US ZIP or Canadian postal code (by its FSA), in `country` when given. */
  byPostalCode(postalCode: string, country?: 'US' | 'CA'): Place | null {
    const place = this.byCode.get(postalKey(postalCode)) ?? null;
    if (place === null || (country !== undefined && place.country !== country)) return null;
    return place;
  }

  /**
   * The places of a city: "Chicago, IL" (or "Chicago IL"), or a city name alone when one state or
   * province has it (the largest, by how many postal codes it has, when several do).
   */
  cityPlaces(text: string): readonly Place[] {
    const match = /^(.*?)[,\s]+([A-Za-z]{2})$/.exec(text.trim());
    if (match?.[1] !== undefined && match[2] !== undefined) {
      const found = this.byCity.get(`${cityKey(match[1])}|${match[2].toUpperCase()}`);
      if (found !== undefined) return found;
    }
    const all = this.byCity.get(cityKey(text));
    if (all === undefined) return [];
    const byState = new Map<string, Place[]>();
    for (const p of all) byState.set(p.state, [...(byState.get(p.state) ?? []), p]);
    return [...byState.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  }

  /** A city's centre: the mean of its postal codes' centres, named by its first. */
  city(text: string): Place | null {
    const places = this.cityPlaces(text);
    const first = places[0];
    if (first === undefined) return null;
    const latitude = places.reduce((s, p) => s + p.latitude, 0) / places.length;
    const longitude = places.reduce((s, p) => s + p.longitude, 0) / places.length;
    return { ...first, latitude, longitude };
  }

  /** Where a search's origin text is: a postal code, else a city; null when neither is known. */
  origin(text: string): Place | null {
    return isPostalCodeShape(text) ? this.byPostalCode(text) : this.city(text);
  }

  /** The known place nearest a point (reverse geocode); null when none is within 300 miles. */
  nearest(point: GeoPoint): Place | null {
    if (!isGeoPoint(point)) return null;
    let best: Place | null = null;
    let bestMiles = Number.POSITIVE_INFINITY;
    const lat0 = Math.floor(point.latitude / CELL_DEGREES);
    const long0 = Math.floor(point.longitude / CELL_DEGREES);
    // Rings widen until the next one cannot hold anything nearer than the best found or within
    // NEAREST_MAX_MILES; near the pole a cell is narrow east to west, so that can take many rings
    // (a fixed count missed places 300 miles away at 72° north).
    for (let ring = 0; ring <= MAX_RINGS; ring += 1) {
      for (let dLat = -ring; dLat <= ring; dLat += 1) {
        for (let dLong = -ring; dLong <= ring; dLong += 1) {
          if (Math.max(Math.abs(dLat), Math.abs(dLong)) !== ring) continue;
          for (const place of this.cells.get(`${lat0 + dLat}:${long0 + dLong}`) ?? []) {
            const miles = distanceMiles(point, place);
            if (miles < bestMiles) {
              best = place;
              bestMiles = miles;
            }
          }
        }
      }
      // Every place of the next ring is at least `ring` whole cells away (a cell's east-west
      // width shrinks toward the pole): stop once that is farther than the best found.
      const farLatitude = Math.min(89, Math.abs(point.latitude) + ring + 1);
      const nextRingMiles = ring * 69 * CELL_DEGREES * Math.cos((farLatitude * Math.PI) / 180);
      if ((best !== null && nextRingMiles > bestMiles) || nextRingMiles > NEAREST_MAX_MILES) break;
    }
    return bestMiles <= NEAREST_MAX_MILES ? best : null;
  }
}
