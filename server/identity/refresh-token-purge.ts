/**
 * Keeps `refresh_tokens` from growing without end: every rotation adds a row and every sign-out
 * revokes a family, and a server that runs for weeks must not wait for its next start to drop
 * them. The server purges once at start and then hourly (server/start.ts); the timer is unref'd so
 * it never holds the process open, and `stop` waits for a purge in flight so the database can be
 * closed after it.
 */
import { DAY, HOUR, type Clock } from '../../core/shared/clock';
import type { Queryable } from '../db/database';
import { deleteSpentRefreshTokens } from './customer-repository';

export const REFRESH_TOKEN_PURGE_INTERVAL_MS = HOUR;
/**
 * A revoked row is kept this long after its revocation, so a reuse report can still be traced
 * (`revoked_reason`, `replaced_by`); reuse detection itself does not need it (see
 * deleteSpentRefreshTokens).
 */
export const REVOKED_REFRESH_TOKEN_RETENTION_MS = DAY;

const systemClock: Clock = { now: () => Date.now() };

/** Deletes the rows that expired or were revoked over a retention ago; returns how many. */
export const purgeSpentRefreshTokens = (
  db: Queryable,
  clock: Clock = systemClock,
): Promise<number> => {
  const now = clock.now();
  return deleteSpentRefreshTokens(
    db,
    new Date(now),
    new Date(now - REVOKED_REFRESH_TOKEN_RETENTION_MS),
  );
};

export interface PurgeLog {
  info(details: { purged: number }, message: string): void;
  warn(details: { err: unknown }, message: string): void;
}

export interface PurgeScheduleOptions {
  readonly clock?: Clock;
  readonly intervalMs?: number;
  readonly log: PurgeLog;
}

export interface PurgeSchedule {
  /** Stops the timer; resolves once a purge in flight has finished. */
  stop(): Promise<void>;
}

/**
 * Purges every `intervalMs`. A purge that fails is logged and retried at the next tick (a busy or
 * restarting database must not take the server down); ticks never overlap.
 */
export const scheduleRefreshTokenPurge = (
  db: Queryable,
  { clock = systemClock, intervalMs = REFRESH_TOKEN_PURGE_INTERVAL_MS, log }: PurgeScheduleOptions,
): PurgeSchedule => {
  let running: Promise<void> | null = null;
  const tick = (): void => {
    if (running !== null) return;
    running = purgeSpentRefreshTokens(db, clock).then(
      (purged) => {
        if (purged > 0) log.info({ purged }, 'spent refresh tokens purged');
      },
      (err: unknown) => log.warn({ err }, 'refresh token purge failed; retrying next interval'),
    );
    void running.finally(() => {
      running = null;
    });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
};
