/**
 * Whether a customer access token's sign-in session (its `sid`, the refresh-token family) is still
 * live: some refresh token of the family is neither revoked nor expired. Sign-out, a password
 * reset or change, refresh-token reuse and account deletion revoke or delete the family's rows
 * (server/identity), so the access tokens issued with it stop working too.
 *
 * The database is the truth, shared by every process; each process remembers an answer for a few
 * seconds only (`ttlMs`) so the hot path does not query on every request. A process that ends a
 * customer's sessions forgets what it remembered of them at once (`forgetSessions`). On a
 * PostgreSQL server other processes end sessions too: there an answer is remembered only while the
 * database's session version (migration 017, bumped by every commit that revokes or deletes
 * refresh tokens) is the one it was read at, so a sign-out through any process is refused by every
 * process from its next request on (`version`, server/db/shared-versions.ts).
 */
import type { Queryable } from '../db/database';

export const SESSION_CACHE_TTL_MS = 5_000;
/** Enough for every customer active within a TTL; beyond it the memory starts over. */
const MAX_CUSTOMERS = 10_000;

export type SessionLive = (customerId: string, sessionId: string) => Promise<boolean>;

export interface SessionLivenessOptions {
  readonly ttlMs?: number | undefined;
  /**
   * The shared session version, read for each request (a PostgreSQL server); remembered answers of
   * an older version are not used. None on the embedded database, which one process alone writes.
   */
  readonly version?: (() => Promise<number>) | undefined;
  /** Milliseconds since the epoch; injectable for tests. */
  readonly now?: () => number;
}

interface Remembered {
  readonly live: boolean;
  readonly checkedAt: number;
  /** The session version it was read at (0 without one). */
  readonly version: number;
}

/** This process's answers: customer id → session id → answer. */
const remembered = new Map<string, Map<string, Remembered>>();

/** Drops this process's answers about the customer's sessions: the next call asks the database. */
export const forgetSessions = (customerId: string): void => {
  remembered.delete(customerId);
};

export const sessionLiveness = (
  db: Queryable,
  options: SessionLivenessOptions = {},
): SessionLive => {
  const ttlMs = options.ttlMs ?? SESSION_CACHE_TTL_MS;
  const now = options.now ?? Date.now;
  const sessionVersion = options.version;
  return async (customerId, sessionId) => {
    // Taken before the read: an answer read while a revocation commits is kept under the version
    // the revocation replaced, and so is not used again.
    const version = sessionVersion === undefined ? 0 : await sessionVersion();
    const at = now();
    const known = remembered.get(customerId)?.get(sessionId);
    if (known !== undefined && known.version === version && at - known.checkedAt < ttlMs) {
      return known.live;
    }
    const { rows } = await db.query(
      `SELECT 1 FROM refresh_tokens
        WHERE family_id = $1 AND customer_id = $2 AND revoked_at IS NULL AND expires_at > now()
        LIMIT 1`,
      [sessionId, customerId],
    );
    const live = rows.length > 0;
    if (ttlMs > 0) {
      let sessions = remembered.get(customerId);
      if (sessions === undefined) {
        if (remembered.size >= MAX_CUSTOMERS) remembered.clear();
        sessions = new Map();
        remembered.set(customerId, sessions);
      }
      sessions.set(sessionId, { live, checkedAt: at, version });
    }
    return live;
  };
};
