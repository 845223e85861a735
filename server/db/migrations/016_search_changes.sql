-- What changed in the search documents, in commit order (issue 14). The in-memory search index
-- (server/search/index/) is built from search_documents and search_variant_documents and kept fresh
-- from this log: every statement that writes either table bumps search_version.version once and
-- records the master SKUs it touched under that version. The UPDATE of the one search_version row
-- holds its lock until the writer commits, so versions commit in the order they are given: once a
-- reader sees version N, every change numbered N or less is committed and visible. Any process on
-- the database (several API processes on one PostgreSQL) reads the same version and the same log.
CREATE TABLE search_version (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL
);
INSERT INTO search_version (id, version) VALUES (true, 1);

CREATE TABLE search_changes (
  version bigint NOT NULL,
  master_sku text NOT NULL
);
CREATE INDEX search_changes_version_idx ON search_changes (version);

CREATE FUNCTION record_search_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  next_version bigint;
BEGIN
  UPDATE search_version SET version = version + 1 RETURNING version INTO next_version;
  IF TG_TABLE_NAME = 'search_documents' THEN
    IF TG_OP = 'DELETE' THEN
      INSERT INTO search_changes (version, master_sku) SELECT DISTINCT next_version, sku FROM old_rows;
    ELSE
      INSERT INTO search_changes (version, master_sku) SELECT DISTINCT next_version, sku FROM new_rows;
    END IF;
  ELSE
    IF TG_OP = 'DELETE' THEN
      INSERT INTO search_changes (version, master_sku)
        SELECT DISTINCT next_version, master_sku FROM old_rows;
    ELSE
      INSERT INTO search_changes (version, master_sku)
        SELECT DISTINCT next_version, master_sku FROM new_rows;
    END IF;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER search_documents_inserted AFTER INSERT ON search_documents
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_search_changes();
CREATE TRIGGER search_documents_updated AFTER UPDATE ON search_documents
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_search_changes();
CREATE TRIGGER search_documents_deleted AFTER DELETE ON search_documents
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_search_changes();
CREATE TRIGGER search_variant_documents_inserted AFTER INSERT ON search_variant_documents
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_search_changes();
CREATE TRIGGER search_variant_documents_updated AFTER UPDATE ON search_variant_documents
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_search_changes();
CREATE TRIGGER search_variant_documents_deleted AFTER DELETE ON search_variant_documents
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_search_changes();
