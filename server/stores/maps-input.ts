/**
 * The maps routes' input read by hand (docs/stores.md, server/http/input.ts): every bad value is a
 * 400 naming its field — `postalCode`, `country`, `lat`, `long`, `spatialFilter`, `select`,
 * `filter`, `top`, `format`, `brand` — and nothing a client sends can reach a 500.
 */
import {
  ALL_STORE_FIELDS,
  LOCATION_TYPES,
  isGeoPoint,
  type GeoPoint,
  type LocationType,
} from '../../core/stores/store-location';
import {
  STORE_SEARCH_DISTANCE_MAX,
  STORE_SEARCH_DISTANCE_MIN,
} from '../../core/stores/nearby-search';
import { isPostalCodeShape, mapsCountry } from '../../core/stores/geodata';
import { invalidField, isRecord } from '../http/input';

export type StoreField = (typeof ALL_STORE_FIELDS)[number];

export const NEARBY_TOP_DEFAULT = 25;
export const NEARBY_TOP_MAX = 100;

/**
 * A query parameter under any of its names (`select` or `$select`), given at most once, as text;
 * undefined when absent. The 400 names the first name.
 */
export const param = (query: unknown, ...names: readonly string[]): string | undefined => {
  const field = names[0] ?? '';
  let found: string | undefined;
  for (const name of names) {
    const value = isRecord(query) ? query[name] : undefined;
    if (value === undefined) continue;
    if (typeof value !== 'string' || found !== undefined) {
      throw invalidField(field, 'must be given once');
    }
    if (value.length > 500) throw invalidField(field, 'must be at most 500 characters');
    found = value;
  }
  return found;
};

export const requiredParam = (query: unknown, ...names: readonly string[]): string => {
  const value = param(query, ...names);
  if (value === undefined || value.trim() === '') throw invalidField(names[0] ?? '', 'is required');
  return value.trim();
};

/** A postal code of the shape of a US ZIP or a Canadian postal code, or the 400 naming it. */
export const postalCodeParam = (query: unknown): string => {
  const code = requiredParam(query, 'postalCode');
  if (!isPostalCodeShape(code)) {
    throw invalidField('postalCode', 'must be a US ZIP code or a Canadian postal code');
  }
  return code;
};

/** `US` or `CA` when given; undefined when absent; the 400 naming `country` otherwise. */
export const countryParam = (query: unknown): 'US' | 'CA' | undefined => {
  const text = param(query, 'country');
  if (text === undefined || text.trim() === '') return undefined;
  const country = mapsCountry(text);
  if (country === null) throw invalidField('country', 'must be US or CA');
  return country;
};

const NUMBER = /^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*$/;

/** A coordinate from `lat` / `long`, or the 400 naming it. */
export const coordinateParam = (query: unknown, name: 'lat' | 'long'): number => {
  const text = requiredParam(query, name);
  const value = NUMBER.test(text) ? Number(text) : Number.NaN;
  const limit = name === 'lat' ? 90 : 180;
  if (!Number.isFinite(value) || Math.abs(value) > limit) {
    throw invalidField(name, `must be a number from -${limit} to ${limit}`);
  }
  return value;
};

export const brandParam = (query: unknown): string => {
  const brand = (param(query, 'brand') ?? 'lavabo').trim().toLowerCase();
  if (!/^[a-z0-9-]{1,50}$/.test(brand)) throw invalidField('brand', 'is not a site name');
  return brand;
};

export const formatParam = (query: unknown): void => {
  const format = param(query, 'format', '$format');
  if (format !== undefined && format.trim().toLowerCase() !== 'json') {
    throw invalidField('format', 'must be json');
  }
};

/** Where a nearby search starts: a point, or the text of a city or postal code to look up. */
export type NearbySpatialFilter = { readonly origin: GeoPoint | { readonly place: string } } & {
  readonly distance: number;
};

const POINT_FILTER = /^nearby\(\s*([^,()']+?)\s*,\s*([^,()']+?)\s*,\s*([^,()']+?)\s*\)$/i;
const QUOTED_FILTER = /^nearby\(\s*'((?:[^']|'')*)'\s*,\s*([^,()']+?)\s*\)$/i;
const BARE_FILTER = /^nearby\(\s*([^,()']+?)\s*,\s*([^,()']+?)\s*\)$/i;

const distanceOf = (text: string): number => {
  const distance = NUMBER.test(text) ? Number(text) : Number.NaN;
  if (
    !Number.isFinite(distance) ||
    distance < STORE_SEARCH_DISTANCE_MIN ||
    distance > STORE_SEARCH_DISTANCE_MAX
  ) {
    throw invalidField(
      'spatialFilter',
      `distance must be a number of miles from ${STORE_SEARCH_DISTANCE_MIN} to ${STORE_SEARCH_DISTANCE_MAX}`,
    );
  }
  return distance;
};

/** `nearby(lat,long,miles)`, `nearby('Chicago, IL',miles)` or `nearby(10001,miles)`. */
export const spatialFilterParam = (query: unknown): NearbySpatialFilter => {
  const text = requiredParam(query, 'spatialFilter', '$spatialFilter');
  const point = POINT_FILTER.exec(text);
  if (point !== null) {
    const [lat, long] = [point[1] ?? '', point[2] ?? ''].map((s) =>
      NUMBER.test(s) ? Number(s) : Number.NaN,
    );
    const origin = { latitude: lat ?? Number.NaN, longitude: long ?? Number.NaN };
    if (!isGeoPoint(origin)) {
      throw invalidField('spatialFilter', 'coordinates must be a latitude and a longitude');
    }
    return { origin, distance: distanceOf(point[3] ?? '') };
  }
  const place = QUOTED_FILTER.exec(text) ?? BARE_FILTER.exec(text);
  if (place === null) {
    throw invalidField(
      'spatialFilter',
      "must be nearby(latitude,longitude,miles), nearby('City, ST',miles) or nearby(postal code,miles)",
    );
  }
  const name = (place[1] ?? '').replace(/''/g, "'").trim();
  if (name === '') throw invalidField('spatialFilter', 'names no place');
  return { origin: { place: name }, distance: distanceOf(place[2] ?? '') };
};

/** The fields to answer with; every field when absent. */
export const selectParam = (query: unknown): readonly StoreField[] | null => {
  const text = param(query, 'select', '$select');
  if (text === undefined || text.trim() === '') return null;
  const names = text.split(',').map((s) => s.trim());
  const unknown = names.filter((n) => !(ALL_STORE_FIELDS as readonly string[]).includes(n));
  if (unknown.length > 0) {
    throw invalidField('select', `names fields a store does not have: ${unknown.join(', ')}`);
  }
  return names as StoreField[];
};

const TYPE_TERM = /^LocationType\s+eq\s+'([a-z]+)'$/;

/** The location types of `LocationType eq 'store' or LocationType eq 'dealer'`; [] when absent. */
export const filterParam = (query: unknown): readonly LocationType[] => {
  const text = param(query, 'filter', '$filter');
  if (text === undefined || text.trim() === '') return [];
  const types = text
    .trim()
    .split(/\s+or\s+/)
    .map((term) => {
      const kind = TYPE_TERM.exec(term.trim())?.[1];
      if (kind === undefined || !(LOCATION_TYPES as readonly string[]).includes(kind)) {
        throw invalidField(
          'filter',
          `must be LocationType eq '${LOCATION_TYPES.join("' | '")}', several joined by or`,
        );
      }
      return kind as LocationType;
    });
  return [...new Set(types)];
};

export const topParam = (query: unknown): number => {
  const text = param(query, 'top', '$top');
  if (text === undefined || text.trim() === '') return NEARBY_TOP_DEFAULT;
  const top = /^\s*\d{1,3}\s*$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isInteger(top) || top < 1 || top > NEARBY_TOP_MAX) {
    throw invalidField('top', `must be a whole number from 1 to ${NEARBY_TOP_MAX}`);
  }
  return top;
};
