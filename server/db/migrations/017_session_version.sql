-- A number that grows whenever a sign-in session may have ended (issue 14): every transaction that
-- revokes a live refresh token (sign-out, password reset or change, refresh-token reuse) or deletes
-- one (account deletion) bumps it once, as it commits. A rotation (the session goes on) and the
-- purge of spent tokens (no longer live) do not. A process remembers its answers to "is this
-- session live" (server/auth/session-liveness.ts) only while this number is the one it read them
-- at, so a session ended through one API process is refused by every other process on the same
-- PostgreSQL at once, not after a cache's lifetime.
--
-- Deferred to the commit: the row lock on session_version is taken last, when the transaction has
-- no statement left to wait on, so two revoking transactions queue here and never deadlock.
CREATE TABLE session_version (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL
);
INSERT INTO session_version (id, version) VALUES (true, 1);

CREATE FUNCTION bump_session_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Once per transaction, however many tokens it ended.
  IF current_setting('lavabo.session_version_bumped', true) IS DISTINCT FROM 'on' THEN
    UPDATE session_version SET version = version + 1;
    PERFORM set_config('lavabo.session_version_bumped', 'on', true);
  END IF;
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER refresh_tokens_revoked AFTER UPDATE ON refresh_tokens
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL
        AND NEW.revoked_reason IS DISTINCT FROM 'rotated')
  EXECUTE FUNCTION bump_session_version();
CREATE CONSTRAINT TRIGGER refresh_tokens_deleted AFTER DELETE ON refresh_tokens
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.revoked_at IS NULL AND OLD.expires_at > now())
  EXECUTE FUNCTION bump_session_version();
