-- The customer's profile version and saved addresses (spec §3 Profile and Address; docs/api.md
-- "Customer profile and addresses"). Like carts, every profile or address change checks and bumps
-- profile_version in one transaction (409 ConcurrentModification when stale).
ALTER TABLE customers
  ADD COLUMN profile_version integer NOT NULL DEFAULT 1 CHECK (profile_version >= 1),
  -- The business name (spec §6: only TVS customers may edit it).
  ADD COLUMN company_name text;

-- Addresses are only ever read or written together with their customer_id, so another
-- customer's address id answers 404. Fields are stored as checked and tidied by
-- core/account/address-book.ts checkSavedAddress; position keeps the order they were added in.
CREATE TABLE customer_addresses (
  id text PRIMARY KEY,
  customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  first_name text,
  last_name text,
  mobile text,
  street_name text NOT NULL,
  address_line2 text,
  address_line3 text,
  city text NOT NULL,
  county text,
  state text,
  postal_code text NOT NULL,
  country text NOT NULL DEFAULT 'GB' CHECK (country ~ '^[A-Z]{2}$'),
  -- The custom label; 'Profile' marks the profile address.
  label text,
  is_default boolean NOT NULL DEFAULT false,
  position bigserial NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX customer_addresses_customer_idx ON customer_addresses (customer_id, position);
-- At most one default shipping address per customer, whatever the application does. (At least
-- one while any address exists is the service's rule: core applyAddressActions.)
CREATE UNIQUE INDEX customer_addresses_one_default_idx
  ON customer_addresses (customer_id) WHERE is_default;
