/**
 * A @fastify/rate-limit store in PostgreSQL (migration 013's rate_limit_hits), so servers that
 * share a database share their counts: a client cannot multiply its allowance by the number of
 * servers behind the balancer. One row per key and fixed window, counted by one atomic upsert; a
 * row whose window has run out starts again at 1. Rows long past their window are swept now and
 * then by the store itself.
 */
import type { Database } from '../db/database';

interface Hit {
  readonly current: number;
  readonly ttl: number;
}

type Callback = (error: Error | null, result?: Hit) => void;

/** Every this many counts, rows whose window ended over an hour ago are deleted. */
const SWEEP_EVERY = 500;
const SWEEP_AFTER_MS = 60 * 60 * 1000;

const INCREMENT = `
  INSERT INTO rate_limit_hits (key, hits, expires_at) VALUES ($1, 1, $3::timestamptz)
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN rate_limit_hits.expires_at <= $2::timestamptz THEN 1
                ELSE rate_limit_hits.hits + 1 END,
    expires_at = CASE WHEN rate_limit_hits.expires_at <= $2::timestamptz THEN $3::timestamptz
                      ELSE rate_limit_hits.expires_at END
  RETURNING hits, expires_at`;

/** Counts one request for `key` at `now` in a window of `windowMs`; the count and time left. */
export const countHit = async (
  db: Database,
  key: string,
  windowMs: number,
  now: number,
): Promise<Hit> => {
  const r = await db.query<{ hits: number | string; expires_at: Date | string }>(INCREMENT, [
    key,
    new Date(now),
    new Date(now + windowMs),
  ]);
  const row = r.rows[0];
  if (row === undefined) throw new Error('rate limit count returned no row');
  const expiresAt = new Date(row.expires_at).getTime();
  return { current: Number(row.hits), ttl: Math.max(0, expiresAt - now) };
};

/** Deletes counts whose window ended before `before`; how many. */
export const sweepRateLimitHits = async (db: Database, before: number): Promise<number> => {
  const r = await db.query('DELETE FROM rate_limit_hits WHERE expires_at < $1::timestamptz', [
    new Date(before),
  ]);
  return r.rowCount;
};

/**
 * The store class @fastify/rate-limit instantiates (its `store` option), bound to `db`. Keys are
 * already namespaced by door and scope (./rate-limits.ts), so every child shares one table.
 */
export const databaseRateLimitStore = (db: Database, clock: () => number = Date.now) => {
  let counted = 0;
  return class DatabaseRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number): void {
      const now = clock();
      counted += 1;
      if (counted % SWEEP_EVERY === 0) {
        void sweepRateLimitHits(db, now - SWEEP_AFTER_MS).catch(() => undefined);
      }
      countHit(db, key, timeWindow, now).then(
        (hit) => callback(null, hit),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(): DatabaseRateLimitStore {
      return this;
    }
  };
};
