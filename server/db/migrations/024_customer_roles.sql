-- Roles a customer account holds beyond shopping (server/preview: a content author may preview
-- the content's drafts). One row per role held; an account without rows is a shopper only.
CREATE TABLE customer_roles (
  customer_id text NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('author')),
  granted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (customer_id, role)
);
