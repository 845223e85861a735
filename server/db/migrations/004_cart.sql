-- Carts (docs/api.md "Cart"). A cart row holds what the shopper chose — lines (SKU, quantity,
-- room, bundle parent), the shipping address and the applied discount codes — as the jsonb `state`
-- of server/cart/engine.ts; prices, sale prices, stock, discounts and tax are computed from the
-- catalogue tables each time the cart is read, never stored from a request. `version` is checked
-- and bumped by every mutation in one transaction (409 ConcurrentModification when stale).
CREATE TABLE carts (
  id text PRIMARY KEY,
  -- server/auth/owner.ts ownerKey: 'customer:<id>' or 'guest:<anonymousId>'. Every lookup is by
  -- id AND owner, so another shopper's cart id answers 404.
  owner_key text NOT NULL,
  version integer NOT NULL CHECK (version >= 1),
  currency text NOT NULL CHECK (currency IN ('USD', 'CAD')),
  cart_type text NOT NULL,
  customer_email text,
  anonymous_id text,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'deleted', 'merged')),
  state jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX carts_owner_status_idx ON carts (owner_key, status, updated_at DESC);

-- A cart shared by link: a snapshot of its priced lines when it was shared, readable by anyone
-- with a token who has the id.
CREATE TABLE shared_carts (
  id text PRIMARY KEY,
  cart_id text NOT NULL REFERENCES carts (id),
  currency text NOT NULL,
  line_items jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Cart discounts: automatic ones (code NULL, applied to every matching cart) and discount codes.
-- target: lineItems (money off the lines) or shipping (money off standard shipping).
-- value_type relative: value is a percent; absolute: value is cents off the matching lines.
-- department: only lines of that catalogue department match (NULL: every line).
-- min_subtotal_cents: the matching lines after product discounts must come to at least this.
-- stop_others: no other code may be combined with it (ApplicationStoppedByPreviousDiscount).
-- max_per_owner: how many times one shopper may apply it (MaxApplicationReached).
CREATE TABLE cart_discounts (
  id text PRIMARY KEY,
  code text UNIQUE CHECK (code = upper(code)),
  name text NOT NULL,
  target text NOT NULL CHECK (target IN ('lineItems', 'shipping')),
  value_type text NOT NULL CHECK (value_type IN ('relative', 'absolute')),
  value integer NOT NULL CHECK (value > 0),
  department text,
  min_subtotal_cents integer NOT NULL DEFAULT 0 CHECK (min_subtotal_cents >= 0),
  stop_others boolean NOT NULL DEFAULT false,
  max_per_owner integer CHECK (max_per_owner > 0),
  valid_until timestamptz,
  sort_order integer NOT NULL,
  CHECK (value_type = 'absolute' OR value <= 100)
);

-- Each application of a code with max_per_owner; kept when the code is removed again.
CREATE TABLE cart_discount_redemptions (
  discount_id text NOT NULL REFERENCES cart_discounts (id),
  owner_key text NOT NULL,
  cart_id text NOT NULL,
  redeemed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cart_discount_redemptions_owner_idx
  ON cart_discount_redemptions (discount_id, owner_key);

INSERT INTO cart_discounts
  (id, code, name, target, value_type, value, department, min_subtotal_cents, stop_others,
   max_per_owner, valid_until, sort_order)
VALUES
  ('cd-parts15', NULL, '15% off service parts', 'lineItems', 'relative', 15, 'parts', 0, false,
   NULL, NULL, 1),
  ('dc-save10', 'SAVE10', '10% off your cart', 'lineItems', 'relative', 10, NULL, 0, false,
   NULL, NULL, 10),
  ('dc-kitchen15', 'KITCHEN15', '15% off kitchen products', 'lineItems', 'relative', 15,
   'kitchen', 0, false, NULL, NULL, 11),
  ('dc-welcome20', 'WELCOME20', '$20 off orders of $200 or more', 'lineItems', 'absolute',
   2000, NULL, 20000, false, NULL, NULL, 12),
  ('dc-freeship', 'FREESHIP', 'Free standard shipping', 'shipping', 'relative', 100, NULL, 0,
   false, NULL, NULL, 13),
  ('dc-vip25', 'VIP25', '25% off, not combinable with other codes', 'lineItems', 'relative', 25,
   NULL, 0, true, NULL, NULL, 14),
  ('dc-onetime5', 'ONETIME5', '$5 off, once per shopper', 'lineItems', 'absolute', 500, NULL,
   0, false, 1, NULL, 15),
  ('dc-spring2020', 'SPRING2020', 'Spring 2020 sale (ended)', 'lineItems', 'relative', 20, NULL,
   0, false, NULL, '2020-06-30T23:59:59Z', 16);
