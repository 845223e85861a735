/**
 * Whether a customer access token's sign-in session (its `sid`, the refresh-token family) is still
 * live: some refresh token of the family is neither revoked nor expired. Sign-out, a password
 * change, refresh-token reuse and account deletion revoke or delete the family's rows
 * (server/identity), so the access tokens issued with it stop working too.
 *
 * The database is the truth, shared by every process; each process keeps the answers for a few
 * seconds only (`ttlMs`) so the hot path does not query on every request. A revoked session's
 * access tokens therefore keep working for at most `ttlMs` (docs/api.md "Authentication").
 */
import type { Queryable } from '../db/database';

export const SESSION_CACHE_TTL_MS = 5_000;
/** Enough for every session active within a TTL; beyond it the cache starts over. */
const MAX_ENTRIES = 10_000;

export type SessionLive = (customerId: string, sessionId: string) => Promise<boolean>;

export interface SessionLivenessOptions {
  readonly ttlMs?: number | undefined;
  /** Milliseconds since the epoch; injectable for tests. */
  readonly now?: () => number;
}

export const sessionLiveness = (
  db: Queryable,
  options: SessionLivenessOptions = {},
): SessionLive => {
  const ttlMs = options.ttlMs ?? SESSION_CACHE_TTL_MS;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { readonly live: boolean; readonly until: number }>();
  return async (customerId, sessionId) => {
    const key = `${customerId}\u0000${sessionId}`;
    const at = now();
    const cached = cache.get(key);
    if (cached !== undefined && cached.until > at) return cached.live;
    const { rows } = await db.query(
      `SELECT 1 FROM refresh_tokens
        WHERE family_id = $1 AND customer_id = $2 AND revoked_at IS NULL AND expires_at > now()
        LIMIT 1`,
      [sessionId, customerId],
    );
    const live = rows.length > 0;
    if (ttlMs > 0) {
      if (cache.size >= MAX_ENTRIES) cache.clear();
      cache.set(key, { live, until: at + ttlMs });
    }
    return live;
  };
};
