-- Shopping lists (spec §3 Favorites list; docs/api.md "Shopping lists"): Favorites, MyProducts
-- and MyServices, one of each per owner (a signed-in customer or a guest's anonymousId, written
-- as server/auth/owner.ts ownerKey). Versioned like carts: every change checks and bumps version.
CREATE TABLE shopping_lists (
  id text PRIMARY KEY,
  owner_key text NOT NULL,
  name text NOT NULL CHECK (name IN ('Favorites', 'MyProducts', 'MyServices')),
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (owner_key, name)
);

-- One line per SKU: a list holds a product once. Product name, slug and image are read from the
-- catalogue when the list is answered, never stored from a request.
CREATE TABLE shopping_list_items (
  id text PRIMARY KEY,
  list_id text NOT NULL REFERENCES shopping_lists (id) ON DELETE CASCADE,
  sku text NOT NULL,
  added_at timestamptz NOT NULL DEFAULT now(),
  position bigserial NOT NULL,
  UNIQUE (list_id, sku)
);
CREATE INDEX shopping_list_items_list_idx ON shopping_list_items (list_id, position);
