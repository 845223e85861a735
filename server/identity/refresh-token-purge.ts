/**
 * Keeps `refresh_tokens` from growing without end: every rotation adds a row and every sign-out
 * revokes a family. The server purges once at start and then hourly (server/start.ts,
 * ../db/purge-schedule.ts).
 */
import { DAY, type Clock } from '../../core/shared/clock';
import type { Queryable } from '../db/database';
import {
  PURGE_INTERVAL_MS,
  schedulePurge,
  systemClock,
  type PurgeSchedule,
  type PurgeScheduleOptions,
} from '../db/purge-schedule';
import { deleteSpentRefreshTokens } from './customer-repository';

export const REFRESH_TOKEN_PURGE_INTERVAL_MS = PURGE_INTERVAL_MS;
/**
 * A revoked row is kept this long after its revocation, so a reuse report can still be traced
 * (`revoked_reason`, `replaced_by`); reuse detection itself does not need it (see
 * deleteSpentRefreshTokens).
 */
export const REVOKED_REFRESH_TOKEN_RETENTION_MS = DAY;

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

/** Purges spent refresh tokens every `intervalMs` (../db/purge-schedule.ts). */
export const scheduleRefreshTokenPurge = (
  db: Queryable,
  options: PurgeScheduleOptions,
): PurgeSchedule => schedulePurge(db, purgeSpentRefreshTokens, 'spent refresh tokens', options);
