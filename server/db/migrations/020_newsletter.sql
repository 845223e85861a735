-- The newsletter (spec §7 /crm/newsletter/subscription) with double opt-in: an address is
-- subscribed once the link of its confirmation e-mail is followed (docs/rules.md "Newsletter").
-- Link tokens are kept only as SHA-256 hashes: this table never holds a usable link.
CREATE TABLE newsletter_subscriptions (
  email text PRIMARY KEY,
  status text NOT NULL CHECK (status IN ('pending', 'confirmed', 'unsubscribed')),
  source text NOT NULL CHECK (source IN ('page', 'campaign', 'signup')),
  -- The confirmation link's token: kept once confirmed (following it again says so), dropped on
  -- unsubscribe.
  confirm_token_hash text UNIQUE,
  confirm_expires_at timestamptz,
  -- The unsubscribe link's token (derived from the address and the server's key, so every later
  -- e-mail carries the same link).
  unsubscribe_token_hash text NOT NULL UNIQUE,
  requested_at timestamptz NOT NULL,
  confirmed_at timestamptz,
  unsubscribed_at timestamptz
);
