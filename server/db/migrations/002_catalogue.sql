-- The catalogue (server/seed/catalogue/model.ts) as records, plus the denormalised search side:
-- one Solr-shaped document per master product (docs/api.md) with the typed columns search filters
-- and sorts on, a weighted tsvector and the vocabulary behind spellcheck and typeahead.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE categories (
  slug text PRIMARY KEY,
  name text NOT NULL,
  department text NOT NULL CHECK (department IN ('bathroom', 'kitchen', 'parts', 'services')),
  description text NOT NULL,
  facet_attributes text[] NOT NULL,
  position integer NOT NULL
);

CREATE TABLE collections (
  slug text PRIMARY KEY,
  name text NOT NULL,
  brand text NOT NULL,
  story text NOT NULL
);

CREATE TABLE finishes (
  code text PRIMARY KEY,
  name text NOT NULL,
  hex text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('metal', 'color'))
);

CREATE TABLE products (
  sku text PRIMARY KEY,
  ct_id text NOT NULL UNIQUE,
  slug text NOT NULL UNIQUE,
  title text NOT NULL,
  description text NOT NULL,
  category_slug text NOT NULL REFERENCES categories (slug),
  brand text NOT NULL,
  collection_slug text REFERENCES collections (slug),
  kind text NOT NULL
    CHECK (kind IN ('finished-good', 'part', 'design-service', 'install-service')),
  attributes jsonb NOT NULL,
  specs jsonb NOT NULL,
  sale_offer text,
  retail_exclusive boolean NOT NULL,
  backorderable boolean NOT NULL,
  lead_time_days integer,
  freight boolean NOT NULL,
  no_ship_states text[] NOT NULL,
  super_sku_components text[] NOT NULL,
  required_items text[] NOT NULL,
  pairs_well_with text[] NOT NULL,
  fits_models text[] NOT NULL,
  documents jsonb NOT NULL,
  rating numeric(2, 1) NOT NULL,
  review_count integer NOT NULL,
  units_sold integer NOT NULL,
  launch_date date NOT NULL
);
CREATE INDEX products_category_idx ON products (category_slug);

CREATE TABLE product_variants (
  sku text PRIMARY KEY,
  product_sku text NOT NULL REFERENCES products (sku),
  position integer NOT NULL,
  finish_code text NOT NULL REFERENCES finishes (code),
  discontinued_at date,
  available_qty integer NOT NULL CHECK (available_qty >= 0),
  image_url text NOT NULL,
  UNIQUE (product_sku, position)
);

CREATE TABLE product_prices (
  product_sku text NOT NULL REFERENCES products (sku),
  region text NOT NULL,
  currency text NOT NULL,
  list_cents integer NOT NULL CHECK (list_cents >= 0),
  sale_cents integer CHECK (sale_cents >= 0),
  PRIMARY KEY (product_sku, region)
);

CREATE TABLE product_reviews (
  id text PRIMARY KEY,
  product_sku text NOT NULL REFERENCES products (sku),
  author text NOT NULL,
  rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  title text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL,
  verified_purchase boolean NOT NULL
);
-- Reviews are read per product, newest first.
CREATE INDEX product_reviews_product_created_idx
  ON product_reviews (product_sku, created_at DESC, id);

CREATE TABLE help_articles (
  slug text PRIMARY KEY,
  title text NOT NULL,
  category text NOT NULL,
  paragraphs text[] NOT NULL,
  position integer NOT NULL
);

CREATE TABLE top_searches (
  position integer PRIMARY KEY,
  term text NOT NULL
);

-- One row per master product: `doc` is the document exactly as the API answers it; the typed
-- columns are what filters and sorts use; search_vector weighs title and SKUs (A), category,
-- brand, collection and finishes (B), description and attributes (C); primary_vector is its A and
-- B part, which keywords match first (a collection story mentioning "faucets" does not make a
-- toilet a faucet); only keywords found in no primary_vector fall back to the whole text.
CREATE TABLE search_documents (
  sku text PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  ct_id text NOT NULL,
  -- The category slug (doc.category_s): every product list page filters on it.
  category text NOT NULL,
  doc jsonb NOT NULL,
  title text NOT NULL,
  title_sort text NOT NULL,
  final_price numeric(12, 2) NOT NULL,
  units_sold integer NOT NULL,
  launch_date timestamptz NOT NULL,
  rating numeric(2, 1) NOT NULL,
  featured_score integer NOT NULL,
  -- ' K-4120 4120 K-4120-BL 4120-BL …': every SKU of the product, both spellings, for skuSearch.
  skus_text text NOT NULL,
  search_vector tsvector NOT NULL,
  primary_vector tsvector NOT NULL
);
CREATE INDEX search_documents_vector_idx ON search_documents USING gin (search_vector);
CREATE INDEX search_documents_primary_vector_idx ON search_documents USING gin (primary_vector);
CREATE INDEX search_documents_title_trgm_idx ON search_documents USING gin (title gin_trgm_ops);
CREATE INDEX search_documents_skus_trgm_idx
  ON search_documents USING gin (skus_text gin_trgm_ops);
CREATE INDEX search_documents_doc_idx ON search_documents USING gin (doc jsonb_path_ops);
CREATE INDEX search_documents_category_idx
  ON search_documents (category, featured_score DESC, sku);
CREATE INDEX search_documents_featured_idx ON search_documents (featured_score DESC, sku);
CREATE INDEX search_documents_price_idx ON search_documents (final_price, sku);
CREATE INDEX search_documents_sold_idx ON search_documents (units_sold DESC, sku);
CREATE INDEX search_documents_launch_idx ON search_documents (launch_date, sku);
CREATE INDEX search_documents_title_sort_idx ON search_documents (title_sort COLLATE "C", sku);

-- The same documents one per variant (`noCollapse=true`), stored as what differs from the master's
-- document: the variant's document is (master.doc - drop_keys) || doc. Text search and the
-- master-level columns (price, title, dates) are the master's.
CREATE TABLE search_variant_documents (
  sku text PRIMARY KEY,
  master_sku text NOT NULL REFERENCES search_documents (sku),
  position integer NOT NULL,
  doc jsonb NOT NULL,
  drop_keys text[] NOT NULL,
  featured_score integer NOT NULL,
  skus_text text NOT NULL,
  UNIQUE (master_sku, position)
);
CREATE INDEX search_variant_documents_skus_trgm_idx
  ON search_variant_documents USING gin (skus_text gin_trgm_ops);
CREATE INDEX search_variant_documents_featured_idx
  ON search_variant_documents (featured_score DESC, sku);

-- Every word of titles, categories, finishes, brands and collections with how many products use
-- it: the vocabulary spellcheck corrects against and typeahead completes from.
CREATE TABLE search_terms (
  term text PRIMARY KEY,
  frequency integer NOT NULL CHECK (frequency > 0)
);
CREATE INDEX search_terms_trgm_idx ON search_terms USING gin (term gin_trgm_ops);
