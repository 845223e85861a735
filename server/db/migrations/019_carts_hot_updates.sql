-- Every cart change rewrites its row (state, version, updated_at). carts_owner_status_idx held
-- updated_at, so each change also wrote a new index entry and PostgreSQL could never update the
-- row in place (a heap-only tuple update needs no indexed column to change): under add-to-cart
-- load the table and its index grew by a dead row version per add until vacuum came by. An
-- owner holds a handful of carts, so finding them by owner and status and ordering those few rows
-- by updated_at needs no index on it.
DROP INDEX carts_owner_status_idx;
CREATE INDEX carts_owner_status_idx ON carts (owner_key, status);
