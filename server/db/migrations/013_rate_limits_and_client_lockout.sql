-- Rate-limit counters shared by every server on this database (server/http/rate-limit-store.ts):
-- one row per door, scope and client or hashed account, for one fixed window. Rows past their
-- window are swept by the store.
CREATE TABLE rate_limit_hits (
  key text PRIMARY KEY,
  hits integer NOT NULL CHECK (hits >= 1),
  expires_at timestamptz NOT NULL
);
CREATE INDEX rate_limit_hits_expires_idx ON rate_limit_hits (expires_at);

-- The sign-in lockout per account and client (core/auth/policies.ts decides on each row): wrong
-- passwords from one client lock that client out of that account, never the owner signing in from
-- elsewhere. `client` is the address the server counts by (server/http/rate-limits.ts clientKeyOf).
CREATE TABLE sign_in_failures (
  customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  client text NOT NULL,
  failed_sign_ins integer NOT NULL DEFAULT 0 CHECK (failed_sign_ins >= 0),
  locked_until timestamptz,
  PRIMARY KEY (customer_id, client)
);

-- The account-wide counters are superseded by sign_in_failures.
ALTER TABLE customers DROP COLUMN failed_sign_ins;
ALTER TABLE customers DROP COLUMN locked_until;
