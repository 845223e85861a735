/**
 * Whether a customer access token's sign-in session (its `sid`, the refresh-token family) is still
 * live: some refresh token of the family is neither revoked nor expired. Sign-out, a password
 * reset or change, refresh-token reuse and account deletion revoke or delete the family's rows
 * (server/identity), so the access tokens issued with it stop working too.
 *
 * The database is the truth, shared by every process; each process remembers an answer for a few
 * seconds only (`ttlMs`) so the hot path does not query on every request. A process that ends a
 * customer's sessions forgets what it remembered of them at once (`forgetSessions`); other
 * processes see the end within `ttlMs` (docs/api.md "Tokens").
 */
import type { Queryable } from '../db/database';

export const SESSION_CACHE_TTL_MS = 5_000;
/** Enough for every customer active within a TTL; beyond it the memory starts over. */
const MAX_CUSTOMERS = 10_000;

export type SessionLive = (customerId: string, sessionId: string) => Promise<boolean>;

export interface SessionLivenessOptions {
  readonly ttlMs?: number | undefined;
  /** Milliseconds since the epoch; injectable for tests. */
  readonly now?: () => number;
}

interface Remembered {
  readonly live: boolean;
  readonly checkedAt: number;
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
  return async (customerId, sessionId) => {
    const at = now();
    const known = remembered.get(customerId)?.get(sessionId);
    if (known !== undefined && at - known.checkedAt < ttlMs) return known.live;
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
      sessions.set(sessionId, { live, checkedAt: at });
    }
    return live;
  };
};
