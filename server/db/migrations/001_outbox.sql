-- Outgoing e-mail (forgot-password codes, order confirmations, newsletter) is written here instead
-- of being sent; development reads it at /api/dev/outbox (ARCHITECTURE.md).
CREATE TABLE outbox (
  id bigserial PRIMARY KEY,
  recipient text NOT NULL,
  subject text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_recipient_created_idx ON outbox (recipient, created_at DESC);
