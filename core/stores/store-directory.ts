/**
 * The demo's store directory (issue 16): showrooms, stores and dealers placed in real US and
 * Canadian cities of a PlaceIndex, drawn from a fixed seed, so the server's database and the
 * offline demo hold the same stores. Bigger cities (more postal codes) get more stores; Alaska's
 * and the northern territories' towns get one each, so a search from a remote ZIP finds nothing
 * at 64 miles and something at 1000.
 */
import type { Place, PlaceIndex } from './geodata';
import { regionName, timeZoneOf } from './geodata';
import type { LocationType, OpeningHours, StoreLocation, StoreService } from './store-location';

/** A store as the directory keeps it: every field but the ones read at a moment or a search. */
export type DirectoryStore = Omit<
  StoreLocation,
  'OpenUntil' | 'Distance' | 'LocationType' | 'Hours' | 'Services' | 'TimeZone'
> & {
  readonly LocationType: LocationType;
  readonly Hours: readonly OpeningHours[];
  readonly Services: readonly StoreService[];
  readonly TimeZone: string;
};

export const STORE_DIRECTORY_SEED = 20261127;
/** How many stores the directory has at least. */
export const STORE_DIRECTORY_MIN = 1500;

/** Remote towns that always have one store (and only one): Alaska and the northern territories. */
const REMOTE_TOWNS = [
  'Anchorage, AK',
  'Fairbanks, AK',
  'Juneau, AK',
  'Yellowknife, NT',
  'Whitehorse, YT',
  'Iqaluit, NU',
];

const mulberry32 = (seed: number): (() => number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

const SURNAMES = [
  'Anderson', 'Baker', 'Bennett', 'Brooks', 'Campbell', 'Carter', 'Collins', 'Cooper', 'Davis',
  'Ellis', 'Fischer', 'Foster', 'Garcia', 'Gray', 'Hayes', 'Hughes', 'Jensen', 'Keller', 'Kim',
  'Lambert', 'Larsen', 'Martin', 'Meyer', 'Morgan', 'Nguyen', 'Novak', 'Olsen', 'Parker',
  'Patel', 'Reed', 'Reyes', 'Rivera', 'Russo', 'Schmidt', 'Sullivan', 'Tremblay', 'Turner',
  'Walsh', 'Ward', 'Young',
]; // prettier-ignore
const STREETS = [
  'Main', 'Oak', 'Maple', 'Cedar', 'Elm', 'Lake', 'Hill', 'Park', 'Washington', 'Lincoln',
  'Jefferson', 'Market', 'Commerce', 'Industrial', 'River', 'Highland', 'Center', 'Union',
  'Mill', 'Church', 'King', 'Queen', 'Victoria', 'Front', 'Water',
]; // prettier-ignore
const STREET_KINDS = ['Street', 'Avenue', 'Boulevard', 'Road', 'Drive', 'Parkway'];
const STORE_NAMES = ['Kitchen & Bath', 'Home Center', 'Bath Gallery', 'Design Studio'];
const DEALER_NAMES = ['Plumbing Supply', 'Trade Supply', 'Pro Plumbing', 'Builders Supply'];
const QUARTERS = ['North', 'South', 'East', 'West', 'Central', 'Uptown', 'Midtown', 'Riverside'];
const LDU_LETTERS = 'ABCEGHJKLMNPRSTVWXYZ';

const HOURS_BY_TYPE: Readonly<Record<LocationType, readonly (readonly OpeningHours[])[]>> = {
  showroom: [
    [1, 2, 3, 4, 5, 6].map((day) => ({ day, opens: '10:00', closes: '18:00' })),
    [
      ...[1, 2, 3, 4, 5].map((day) => ({ day, opens: '09:00', closes: '19:00' })),
      { day: 6, opens: '10:00', closes: '17:00' },
      { day: 0, opens: '12:00', closes: '16:00' },
    ],
  ],
  store: [
    [
      ...[1, 2, 3, 4, 5, 6].map((day) => ({ day, opens: '08:00', closes: '20:00' })),
      { day: 0, opens: '10:00', closes: '18:00' },
    ],
    [
      ...[1, 2, 3, 4, 5].map((day) => ({ day, opens: '09:00', closes: '18:00' })),
      { day: 6, opens: '09:00', closes: '17:00' },
    ],
  ],
  dealer: [
    [1, 2, 3, 4, 5].map((day) => ({ day, opens: '07:00', closes: '17:00' })),
    [
      ...[1, 2, 3, 4, 5].map((day) => ({ day, opens: '07:30', closes: '16:30' })),
      { day: 6, opens: '08:00', closes: '12:00' },
    ],
  ],
};

const SERVICES_BY_TYPE: Readonly<
  Record<LocationType, { always: StoreService[]; maybe: StoreService[] }>
> = {
  showroom: { always: ['design-consultation', 'product-displays'], maybe: ['installation'] },
  store: { always: ['product-displays'], maybe: ['installation', 'service-parts'] },
  dealer: { always: ['trade-desk'], maybe: ['service-parts', 'installation'] },
};

interface City {
  readonly name: string;
  readonly places: readonly Place[];
}

/** A city's size: its postal codes, a Canadian FSA counting as three ZIPs (it covers more people). */
const weightOf = (places: readonly Place[]): number =>
  places.reduce((sum, p) => sum + (p.country === 'CA' ? 3 : 1), 0);

/** Cities by how many postal codes they have, most first (ties by name, for a stable order). */
const citiesOf = (index: PlaceIndex): City[] => {
  const byCity = new Map<string, Place[]>();
  for (const place of index.places) {
    const key = `${place.city}, ${place.state}`;
    const list = byCity.get(key);
    if (list === undefined) byCity.set(key, [place]);
    else list.push(place);
  }
  return [...byCity.entries()]
    .map(([name, places]) => ({ name, places, weight: weightOf(places) }))
    .sort((a, b) => b.weight - a.weight || (a.name < b.name ? -1 : 1));
};

export const generateStoreDirectory = (
  index: PlaceIndex,
  seed: number = STORE_DIRECTORY_SEED,
): DirectoryStore[] => {
  const random = mulberry32(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const digits = (n: number): string =>
    Array.from({ length: n }, () => Math.floor(random() * 10)).join('');

  const remote = new Set(REMOTE_TOWNS);
  const cities = citiesOf(index);
  const plan: { city: City; stores: number }[] = [];
  let planned = 0;
  for (const town of REMOTE_TOWNS) {
    const places = index.cityPlaces(town);
    if (places.length > 0) {
      plan.push({ city: { name: town, places }, stores: 1 });
      planned += 1;
    }
  }
  for (const city of cities) {
    if (planned >= STORE_DIRECTORY_MIN + 100) break;
    // Only the remote towns' one store up north: the far north stays sparse.
    if (remote.has(city.name) || city.places.some((p) => p.state === 'AK' || p.latitude > 58)) {
      continue;
    }
    const stores = Math.min(6, 1 + Math.floor(Math.log2(weightOf(city.places))));
    plan.push({ city, stores });
    planned += stores;
  }

  const directory: DirectoryStore[] = [];
  for (const { city, stores } of plan) {
    const usedNames = new Set<string>();
    for (let n = 0; n < stores; n += 1) {
      const place = pick(city.places);
      const roll = random();
      const type: LocationType = roll < 0.15 ? 'showroom' : roll < 0.65 ? 'store' : 'dealer';
      const base =
        type === 'showroom'
          ? `Lavabo Showroom ${place.city}`
          : `${pick(SURNAMES)} ${pick(type === 'store' ? STORE_NAMES : DEALER_NAMES)}`;
      let name = base;
      for (let q = 0; usedNames.has(name); q += 1) {
        name = `${base} ${QUARTERS[q % QUARTERS.length]}${q >= QUARTERS.length ? ` ${q}` : ''}`;
      }
      usedNames.add(name);
      const postalCode =
        place.country === 'CA'
          ? `${place.postalCode} ${digits(1)}${pick([...LDU_LETTERS])}${digits(1)}`
          : place.postalCode;
      const services = [
        ...SERVICES_BY_TYPE[type].always,
        ...SERVICES_BY_TYPE[type].maybe.filter(() => random() < 0.5),
      ];
      const id = String(directory.length + 1).padStart(5, '0');
      // Within about a mile of the postal code's centre: streets, not one pin per ZIP.
      const latitude = Math.round((place.latitude + (random() - 0.5) * 0.03) * 1e5) / 1e5;
      const longitude = Math.round((place.longitude + (random() - 0.5) * 0.03) * 1e5) / 1e5;
      const suite = random() < 0.3 ? `Suite ${100 + Math.floor(random() * 400)}` : undefined;
      directory.push({
        EntityID: `LVB-${id}`,
        BPnumber: `BP${digits(7)}`,
        LocationName: name,
        AddressLine: `${1 + Math.floor(random() * 9899)} ${pick(STREETS)} ${pick(STREET_KINDS)}`,
        ...(suite === undefined ? {} : { AddressLine2: suite }),
        StateLong: regionName(place.state),
        AdminDistrict: place.state,
        PostalCode: postalCode,
        Latitude: latitude,
        Longitude: longitude,
        // 555-01xx: the numbers kept for fiction.
        Phone: `(${2 + Math.floor(random() * 8)}${digits(2)}) 555-01${digits(2)}`,
        Locality: place.city,
        LocationType: type,
        Hours: pick(HOURS_BY_TYPE[type]),
        Services: services,
        TimeZone: timeZoneOf(place.state, place.longitude),
      });
    }
  }
  return directory;
};
