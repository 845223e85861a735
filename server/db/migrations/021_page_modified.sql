-- When a catalogue page last changed, for the sitemap's lastmod (server/seo/sitemap.ts): a product
-- when its own row, a variant's finish, picture or discontinuation, or a price changes (not its stock,
-- which every order moves); a help article when its row changes. A price list update touches each
-- product once (a statement trigger).
ALTER TABLE products ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE help_articles ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

CREATE FUNCTION touch_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A change that sets updated_at itself keeps the value it sets.
  IF NEW IS DISTINCT FROM OLD AND NEW.updated_at IS NOT DISTINCT FROM OLD.updated_at THEN
    NEW.updated_at = now();
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER products_touch BEFORE UPDATE ON products
  FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
CREATE TRIGGER help_articles_touch BEFORE UPDATE ON help_articles
  FOR EACH ROW EXECUTE FUNCTION touch_updated_at();

CREATE FUNCTION touch_products_of_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET updated_at = now()
   WHERE sku IN (SELECT product_sku FROM new_rows UNION SELECT product_sku FROM old_rows);
  RETURN NULL;
END;
$$;

CREATE FUNCTION touch_product_of_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET updated_at = now() WHERE sku = NEW.product_sku;
  RETURN NULL;
END;
$$;

-- A column list cannot go with transition tables: a row trigger, fired only by what a page shows.
CREATE TRIGGER product_variants_touch AFTER UPDATE ON product_variants
  FOR EACH ROW WHEN (
    OLD.finish_code IS DISTINCT FROM NEW.finish_code
    OR OLD.discontinued_at IS DISTINCT FROM NEW.discontinued_at
    OR OLD.image_url IS DISTINCT FROM NEW.image_url
  )
  EXECUTE FUNCTION touch_product_of_row();
CREATE TRIGGER product_prices_touch AFTER UPDATE ON product_prices
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION touch_products_of_rows();
