-- The payment sandboxes (ARCHITECTURE.md "Demo data and sandboxes"): PayPal approval tokens and
-- finance applications, each tied to one shopper's cart (owner_key as in server/auth/owner.ts).
-- The sandbox pages under /sandbox decide them; server/payment/verify.ts answers the checkout
-- whether a token or application was approved for that owner and cart. No card data is kept here.

-- A PayPal token (GET /api/payment/paypal/getToken): pending until the shopper approves or cancels
-- on /sandbox/paypal; usable until expires_at.
CREATE TABLE paypal_tokens (
  token text PRIMARY KEY,
  cart_id text NOT NULL,
  cart_version integer NOT NULL CHECK (cart_version >= 1),
  owner_key text NOT NULL,
  currency text NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'cancelled')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  decided_at timestamptz
);
CREATE INDEX paypal_tokens_cart_idx ON paypal_tokens (cart_id, owner_key);

-- A finance application (POST /api/payment/finance/application), as sent (request), with the
-- cart's own total when it was made: pending until approved or declined on /sandbox/finance.
CREATE TABLE finance_applications (
  id text PRIMARY KEY,
  cart_id text NOT NULL,
  cart_version integer NOT NULL CHECK (cart_version >= 1),
  owner_key text NOT NULL,
  currency text NOT NULL,
  total_cents integer NOT NULL CHECK (total_cents >= 0),
  request jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'declined')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  decided_at timestamptz
);
CREATE INDEX finance_applications_cart_idx ON finance_applications (cart_id, owner_key);
