/**
 * The store directory in the database (migration 022_stores.sql): written once from the fixed
 * seed (core/stores/store-directory.ts), read by id and by the nearby search. The search reads a
 * bounding box around the origin through the (brand, latitude, longitude) index, then keeps the
 * stores within the great-circle distance, nearest first — the same distance the offline demo's
 * fake measures (core/stores/store-location.ts distanceMiles).
 */
import { openUntil } from '../../core/stores/opening-hours';
import { generateStoreDirectory, type DirectoryStore } from '../../core/stores/store-directory';
import {
  distanceMiles,
  EARTH_RADIUS_MILES,
  type GeoPoint,
  type LocationType,
  type OpeningHours,
  type StoreLocation,
  type StoreService,
} from '../../core/stores/store-location';
import type { Database, Transaction } from '../db/database';
import { placeIndex } from './places';

/** The brand the seeded directory is under (the site name in lower case, spec §7). */
export const STORE_BRAND = 'lavabo';

interface StoreRow {
  entity_id: string;
  bp_number: string;
  location_name: string;
  address_line: string;
  address_line2: string | null;
  state_long: string;
  admin_district: string;
  postal_code: string;
  latitude: number;
  longitude: number;
  phone: string;
  locality: string;
  location_type: LocationType;
  hours: OpeningHours[] | string;
  services: StoreService[];
  time_zone: string;
}

const COLUMNS =
  'entity_id, bp_number, location_name, address_line, address_line2, state_long, admin_district, postal_code, latitude, longitude, phone, locality, location_type, hours, services, time_zone';

/** A row as the wire's store, with today's OpenUntil in the store's time zone. */
const storeOf = (row: StoreRow, now: number): StoreLocation => {
  const hours =
    typeof row.hours === 'string' ? (JSON.parse(row.hours) as OpeningHours[]) : row.hours;
  return {
    EntityID: row.entity_id,
    BPnumber: row.bp_number,
    LocationName: row.location_name,
    AddressLine: row.address_line,
    ...(row.address_line2 === null ? {} : { AddressLine2: row.address_line2 }),
    StateLong: row.state_long,
    AdminDistrict: row.admin_district,
    PostalCode: row.postal_code,
    Latitude: Number(row.latitude),
    Longitude: Number(row.longitude),
    Phone: row.phone,
    OpenUntil: openUntil(hours, row.time_zone, now),
    Locality: row.locality,
    LocationType: row.location_type,
    Hours: hours,
    Services: row.services,
    TimeZone: row.time_zone,
  };
};

/**
 * The smallest latitude/longitude box holding every point within `miles` of `origin` (a spherical
 * cap); the whole circle of longitudes when the cap reaches a pole or crosses the antimeridian.
 */
export const boundingBox = (
  origin: GeoPoint,
  miles: number,
): { minLat: number; maxLat: number; minLong: number; maxLong: number } => {
  const r = miles / EARTH_RADIUS_MILES;
  const rDeg = (r * 180) / Math.PI;
  const minLat = Math.max(-90, origin.latitude - rDeg);
  const maxLat = Math.min(90, origin.latitude + rDeg);
  const φ = (origin.latitude * Math.PI) / 180;
  if (maxLat >= 90 || minLat <= -90 || Math.sin(r) >= Math.cos(φ)) {
    return { minLat, maxLat, minLong: -180, maxLong: 180 };
  }
  const dLong = (Math.asin(Math.sin(r) / Math.cos(φ)) * 180) / Math.PI;
  const minLong = origin.longitude - dLong;
  const maxLong = origin.longitude + dLong;
  if (minLong < -180 || maxLong > 180) return { minLat, maxLat, minLong: -180, maxLong: 180 };
  return { minLat, maxLat, minLong, maxLong };
};

export interface NearbyQuery {
  readonly origin: GeoPoint;
  readonly miles: number;
  readonly brand: string;
  /** Only these kinds; every kind when empty. */
  readonly types: readonly LocationType[];
  readonly top: number;
}

/**
 * The SQL's distance (spherical law of cosines): it only narrows and orders the box, with a
 * margin; the answer's distances are core's distanceMiles, as the offline demo's.
 */
const SQL_MILES = `${EARTH_RADIUS_MILES} * acos(least(1.0, sin(radians($6)) * sin(radians(latitude)) + cos(radians($6)) * cos(radians(latitude)) * cos(radians(longitude - $7))))`;

/** Extra rows and miles the SQL keeps past the asked ones, so its rounding cannot drop a store. */
const SQL_MARGIN_ROWS = 10;
const SQL_MARGIN_MILES = 0.5;

/**
 * The nearby search's SQL (bench/stores.ts prints its plan): the box through the index, then the
 * nearest within the distance; only those rows' wide columns leave the database.
 */
export const NEARBY_SQL = `SELECT ${COLUMNS} FROM stores
  WHERE brand = $1 AND latitude BETWEEN $2 AND $3 AND longitude BETWEEN $4 AND $5
    AND (cardinality($8::text[]) = 0 OR location_type = ANY($8::text[]))
    AND ${SQL_MILES} <= $9
  ORDER BY ${SQL_MILES}
  LIMIT $10`;

/** NEARBY_SQL's parameters. */
export const nearbyParams = (query: NearbyQuery): unknown[] => {
  const box = boundingBox(query.origin, query.miles + SQL_MARGIN_MILES);
  return [
    query.brand,
    box.minLat,
    box.maxLat,
    box.minLong,
    box.maxLong,
    query.origin.latitude,
    query.origin.longitude,
    [...query.types],
    query.miles + SQL_MARGIN_MILES,
    query.top + SQL_MARGIN_ROWS,
  ];
};

export class StoreRepository {
  constructor(
    private readonly db: Database,
    private readonly clock: () => number = Date.now,
  ) {}

  async byId(entityId: string): Promise<StoreLocation | null> {
    const r = await this.db.query<StoreRow>(`SELECT ${COLUMNS} FROM stores WHERE entity_id = $1`, [
      entityId,
    ]);
    const row = r.rows[0];
    return row === undefined ? null : storeOf(row, this.clock());
  }

  /** The stores within `miles` of the origin, nearest first, each with its Distance. */
  async nearby(query: NearbyQuery): Promise<StoreLocation[]> {
    const r = await this.db.query<StoreRow>(NEARBY_SQL, nearbyParams(query));
    const now = this.clock();
    return r.rows
      .map((row) => ({ row, miles: distanceMiles(query.origin, row) }))
      .filter((x) => x.miles <= query.miles)
      .sort((a, b) => a.miles - b.miles || (a.row.entity_id < b.row.entity_id ? -1 : 1))
      .slice(0, query.top)
      .map(({ row, miles }) => ({ ...storeOf(row, now), Distance: Math.round(miles * 10) / 10 }));
  }
}

const insertBatch = async (tx: Transaction, stores: readonly DirectoryStore[]): Promise<void> => {
  const params: unknown[] = [];
  const values = stores.map((s) => {
    const row = [
      s.EntityID, STORE_BRAND, s.BPnumber, s.LocationName, s.AddressLine, s.AddressLine2 ?? null,
      s.StateLong, s.AdminDistrict, s.PostalCode, s.Latitude, s.Longitude, s.Phone, s.Locality,
      s.LocationType, JSON.stringify(s.Hours), [...s.Services], s.TimeZone,
    ]; // prettier-ignore
    const start = params.length;
    params.push(...row);
    return `(${row.map((_, i) => `$${start + i + 1}`).join(', ')})`;
  });
  await tx.query(
    `INSERT INTO stores (entity_id, brand, bp_number, location_name, address_line, address_line2, state_long, admin_district, postal_code, latitude, longitude, phone, locality, location_type, hours, services, time_zone)
     VALUES ${values.join(', ')} ON CONFLICT (entity_id) DO NOTHING`,
    params,
  );
};

/**
 * The store directory on first start (an empty `stores` table): generated from the fixed seed and
 * written in one transaction, then analyzed so the planner knows the index is worth reading.
 * Returns how many stores it wrote (0 when they were there already).
 */
export const seedStores = async (db: Database): Promise<number> => {
  const held = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM stores');
  if ((held.rows[0]?.n ?? 0) > 0) return 0;
  const directory = generateStoreDirectory(placeIndex());
  await db.transaction(async (tx) => {
    for (let i = 0; i < directory.length; i += 200) {
      await insertBatch(tx, directory.slice(i, i + 200));
    }
  });
  await db.query('ANALYZE stores');
  return directory.length;
};
