-- Customers and their credentials (docs/api.md "Identity"). Passwords are scrypt hashes
-- (server/identity/password-hash.ts), never the password itself. Access tokens stay stateless;
-- refresh tokens are recorded so they can be rotated, revoked and their reuse detected.
CREATE TABLE customers (
  id text PRIMARY KEY,
  -- The identity provider's user id (spec §3 `uid`), distinct from the commerce customer id.
  uid text NOT NULL UNIQUE,
  -- Trimmed and lower-cased: one account per address whatever its case.
  email text NOT NULL UNIQUE CHECK (email = lower(email)),
  password_hash text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  account_type text NOT NULL CHECK (account_type IN ('homeowner', 'professional')),
  -- The persona code after the channel in the persona claim: GST, TVS, KEMP, …
  persona text NOT NULL,
  business_type text,
  business_subtype text,
  phone text,
  zip_code text,
  newsletter boolean NOT NULL DEFAULT false,
  password_changed_at timestamptz NOT NULL,
  -- Sign-in answers PASSWORD_EXPIRED from this moment on; null: the password does not expire.
  password_expires_at timestamptz,
  -- Consecutive failed sign-ins; reaching the limit sets locked_until.
  failed_sign_ins integer NOT NULL DEFAULT 0 CHECK (failed_sign_ins >= 0),
  locked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One row per customer refresh token (its JWT id). A family is one sign-in session: every
-- rotation adds a row to it; presenting a revoked token again revokes the whole family.
CREATE TABLE refresh_tokens (
  id text PRIMARY KEY,
  family_id text NOT NULL,
  customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  issued_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  -- Why it stopped working: rotated, reuse, signout, password.
  revoked_reason text,
  replaced_by text
);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_customer_idx ON refresh_tokens (customer_id);

-- Forgot-password one-time codes: only a keyed hash of the code is kept; single use, short-lived,
-- and dead after a few wrong guesses.
CREATE TABLE password_reset_codes (
  id bigserial PRIMARY KEY,
  customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  failed_attempts integer NOT NULL DEFAULT 0
);
CREATE INDEX password_reset_codes_customer_idx ON password_reset_codes (customer_id, created_at DESC);
