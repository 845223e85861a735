-- The store directory (issue 16, docs/stores.md): showrooms, stores and dealers with the spec's
-- store fields (spec §3 Store location) and ours (type, hours by weekday, services, time zone).
-- Written once by the seed (server/stores/store-repository.ts seedStores). OpenUntil is not
-- kept: it is today's closing time, read from `hours` in the store's time zone per answer.
CREATE TABLE stores (
  entity_id text PRIMARY KEY,
  brand text NOT NULL,
  bp_number text NOT NULL,
  location_name text NOT NULL,
  address_line text NOT NULL,
  address_line2 text,
  state_long text NOT NULL,
  admin_district text NOT NULL,
  postal_code text NOT NULL,
  latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  phone text NOT NULL,
  locality text NOT NULL,
  location_type text NOT NULL CHECK (location_type IN ('showroom', 'store', 'dealer')),
  -- [{day: 0–6 (0 = Sunday), opens: 'HH:MM', closes: 'HH:MM'}]; a day not listed is closed.
  hours jsonb NOT NULL,
  services text[] NOT NULL,
  time_zone text NOT NULL
);
-- The nearby search (spec §7 spatialFilter=nearby): a bounding box around the origin reads a
-- latitude band of this index, longitude checked from the index too, then the exact great-circle
-- distance is taken over the few rows left.
CREATE INDEX stores_brand_position ON stores (brand, latitude, longitude);
