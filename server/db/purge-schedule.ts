/**
 * The hourly housekeeping of tables that would otherwise grow without end (spent refresh tokens,
 * uploads no registration used): a server that runs for weeks must not wait for its next start to
 * drop them. Each purge runs once at start (server/start.ts) and then every interval; the timer is
 * unref'd so it never holds the process open, and `stop` waits for a purge in flight so the
 * database can be closed after it.
 */
import { HOUR, type Clock } from '../../core/shared/clock';
import type { Queryable } from './database';

export const PURGE_INTERVAL_MS = HOUR;

/** Deletes what has outlived its use; resolves with how many rows went. */
export type Purge = (db: Queryable, clock: Clock) => Promise<number>;

export const systemClock: Clock = { now: () => Date.now() };

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
 * Runs `purge` every `intervalMs`, logging `<what> purged` when it deleted anything. A purge that
 * fails is logged and retried at the next tick (a busy or restarting database must not take the
 * server down); ticks never overlap.
 */
export const schedulePurge = (
  db: Queryable,
  purge: Purge,
  what: string,
  { clock = systemClock, intervalMs = PURGE_INTERVAL_MS, log }: PurgeScheduleOptions,
): PurgeSchedule => {
  let running: Promise<void> | null = null;
  const tick = (): void => {
    if (running !== null) return;
    running = purge(db, clock).then(
      (purged) => {
        if (purged > 0) log.info({ purged }, `${what} purged`);
      },
      (err: unknown) => log.warn({ err }, `${what} purge failed; retrying next interval`),
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
