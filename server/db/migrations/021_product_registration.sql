-- Product registration (spec §7 CRM; docs/registration.md). Proofs of purchase are kept here, as
-- bytes, with their SHA-256, readable only by their owner (server/auth/owner.ts ownerKey). A
-- registration belongs to the same kind of owner; a guest's joins the customer's account at sign-in
-- when the owner e-mail is theirs (server/crm/registration-repository.ts claimGuestRegistrations).
CREATE TABLE crm_assets (
  id text PRIMARY KEY,
  owner_key text NOT NULL,
  file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 200),
  content_type text NOT NULL
    CHECK (content_type IN ('application/pdf', 'image/jpeg', 'image/png', 'image/heic')),
  size integer NOT NULL CHECK (size BETWEEN 1 AND 10485760),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX crm_assets_owner_idx ON crm_assets (owner_key);

CREATE TABLE product_registrations (
  id text PRIMARY KEY,
  owner_key text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('offline', 'online')),
  -- The SKU registered (a finish's or the product's) and its master product.
  model_number text NOT NULL,
  product_sku text NOT NULL,
  purchase_date date NOT NULL,
  place_of_purchase text NOT NULL,
  serial_number text,
  -- Lower-cased: the claim at sign-in matches it.
  owner_email text NOT NULL,
  owner_address jsonb NOT NULL,
  installation_address jsonb,
  -- A proof of purchase proves one registration.
  proof_asset_id text UNIQUE REFERENCES crm_assets (id),
  order_number text,
  line_item_id text,
  registered_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'online') = (order_number IS NOT NULL AND line_item_id IS NOT NULL)),
  -- An order's line is registered once.
  UNIQUE (order_number, line_item_id)
);
CREATE INDEX product_registrations_owner_idx ON product_registrations (owner_key, registered_at DESC);
