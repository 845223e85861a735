-- Checkout and orders (docs/api.md "Checkout", "Orders"). An order is written once, by the submit
-- of a cart (server/checkout/checkout-service.ts), in the same transaction that decrements stock
-- and turns the cart into an ordered cart. `doc` holds the Order as the API answers it
-- (server/orders/model.ts); the columns beside it are what lookups filter by.

-- An ordered cart stays as it was ordered, no longer active.
ALTER TABLE carts DROP CONSTRAINT IF EXISTS carts_status_check;
ALTER TABLE carts ADD CONSTRAINT carts_status_check
  CHECK (status IN ('active', 'deleted', 'merged', 'ordered'));

CREATE SEQUENCE order_number_seq START WITH 100001;

CREATE TABLE orders (
  order_number text PRIMARY KEY,
  -- Set on the child orders of a split order (items shipping from different sources).
  parent_order_number text REFERENCES orders (order_number),
  -- server/auth/owner.ts ownerKey of the shopper who submitted it.
  owner_key text NOT NULL,
  -- Trimmed and lower-cased (spec §5 lookup).
  email text NOT NULL,
  status text NOT NULL DEFAULT 'Open'
    CHECK (status IN ('Open', 'Confirmed', 'Shipped', 'Completed', 'Cancelled')),
  order_type text NOT NULL CHECK (order_type IN ('WEB', 'ISC')),
  csr_associate_id text,
  -- One order per cart: a retried submit finds it (child orders carry NULL).
  cart_id text UNIQUE,
  -- The Idempotency-Key header of the submit that made it, when one was sent.
  idempotency_key text,
  doc jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (order_type = 'WEB' OR csr_associate_id IS NOT NULL)
);
CREATE INDEX orders_owner_idx ON orders (owner_key, created_at DESC);
CREATE INDEX orders_email_idx ON orders (email);
CREATE INDEX orders_parent_idx ON orders (parent_order_number);
CREATE UNIQUE INDEX orders_idempotency_idx ON orders (owner_key, idempotency_key)
  WHERE idempotency_key IS NOT NULL;

-- The shipping method the shopper chose for a cart (POST /api/checkout/v2/assign/shipmentfromcart).
CREATE TABLE checkout_shipments (
  cart_id text PRIMARY KEY REFERENCES carts (id),
  method_id text NOT NULL CHECK (method_id IN ('standard', 'expedited', 'freight')),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Authorised payments, one per cart version paid for. Only a card's brand and last four digits
-- are kept (ARCHITECTURE.md card sandbox), never the number, expiry or security code.
CREATE TABLE payments (
  id text PRIMARY KEY,
  cart_id text NOT NULL REFERENCES carts (id),
  cart_version integer NOT NULL,
  method text NOT NULL CHECK (method IN ('card', 'paypal', 'finance')),
  brand text,
  last4 text CHECK (last4 IS NULL OR last4 ~ '^[0-9]{4}$'),
  status text NOT NULL CHECK (status IN ('authorized', 'captured')),
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  result_code integer NOT NULL,
  order_number text REFERENCES orders (order_number),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payments_cart_idx ON payments (cart_id, cart_version, created_at DESC);
