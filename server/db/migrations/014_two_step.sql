-- Two-step sign-in (docs/api.md "Two-step sign-in"): one authenticator key per customer, sealed
-- with a key derived from the server's signing key (server/identity/secret-box.ts), never sent
-- again once enrolment is confirmed. A row with enabled_at null is an enrolment not yet confirmed.
CREATE TABLE two_step (
  customer_id text PRIMARY KEY REFERENCES customers (id) ON DELETE CASCADE,
  sealed_secret text NOT NULL,
  started_at timestamptz NOT NULL,
  enabled_at timestamptz,
  -- The 30-second step of the last code accepted: a code of that step or before is a replay.
  last_used_step bigint,
  -- Wrong codes in a row (sign-in, settings); reaching the limit sets locked_until.
  failed_codes integer NOT NULL DEFAULT 0 CHECK (failed_codes >= 0),
  locked_until timestamptz
);

-- Ten single-use recovery codes per customer: only their SHA-256 is kept (they are random, 50
-- bits each, so no slow hash is needed); used_at marks the one sign-in each is good for.
CREATE TABLE two_step_recovery_codes (
  id bigserial PRIMARY KEY,
  customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz
);
CREATE INDEX two_step_recovery_codes_customer_idx ON two_step_recovery_codes (customer_id);

-- The password step's answer when a second step is due: a random token of which only the SHA-256
-- is kept, short-lived, used once, for the guest session (channel, anonymousId) that signed in.
-- purpose: 'verify' (a code is next) or 'enrol' (a sales associate sets two-step sign-in up first).
CREATE TABLE two_step_challenges (
  token_hash text PRIMARY KEY,
  customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('verify', 'enrol')),
  channel text NOT NULL,
  anonymous_id text,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX two_step_challenges_customer_idx ON two_step_challenges (customer_id);
