-- A number that grows whenever a sign-in session may have ended (issue 14): every transaction that
-- revokes or deletes refresh tokens (sign-out, password reset or change, refresh-token reuse,
-- account deletion, the purge) bumps it as it commits. A process remembers its answers to "is this
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
  UPDATE session_version SET version = version + 1;
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER refresh_tokens_session_ended AFTER UPDATE OR DELETE ON refresh_tokens
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_session_version();
