import type { FastifyInstance } from 'fastify';
import type { Database, DatabaseKind } from '../db/database';
import { currentVersion } from '../db/migrate';
import { answers, closed, int, oneOf, str } from './schemas/common';
import { describe } from './docs';

/** How long one database check answers health: a load balancer polling often costs one query a second. */
export const HEALTH_CHECK_MAX_AGE_MS = 1000;

export interface HealthAnswer {
  readonly status: 'ok';
  readonly database: {
    readonly kind: DatabaseKind;
    readonly migrationVersion: number;
    /** When the database last answered the check (ISO 8601). */
    readonly checkedAt: string;
  };
}

/**
 * The health answer from a database check at most `maxAgeMs` old: the first request after that
 * asks the database again, and requests arriving meanwhile wait for that same check. A failed
 * check is not kept (the next request asks again) and fails the request, as before.
 */
export const healthCheck = (
  db: Database,
  options: { readonly maxAgeMs?: number; readonly now?: () => number } = {},
): (() => Promise<HealthAnswer>) => {
  const maxAgeMs = options.maxAgeMs ?? HEALTH_CHECK_MAX_AGE_MS;
  const now = options.now ?? Date.now;
  let last: { readonly at: number; readonly answer: HealthAnswer } | null = null;
  let running: Promise<HealthAnswer> | null = null;
  const check = async (): Promise<HealthAnswer> => {
    const at = now();
    const migrationVersion = await currentVersion(db);
    const answer: HealthAnswer = {
      status: 'ok',
      database: { kind: db.kind, migrationVersion, checkedAt: new Date(at).toISOString() },
    };
    last = { at, answer };
    return answer;
  };
  return () => {
    if (last !== null && now() - last.at < maxAgeMs) return Promise.resolve(last.answer);
    running ??= check().finally(() => {
      running = null;
    });
    return running;
  };
};

/** GET /api/health — liveness plus which database answers, at which migration, checked when. */
export const healthRoutes = (app: FastifyInstance, db: Database): void => {
  const health = healthCheck(db);
  app.get(
    '/api/health',
    {
      config: { public: true },
      schema: {
        ...describe(
          'Foundation',
          'Health',
          `Liveness, and which database answers at which migration. The database is asked at most once every ${HEALTH_CHECK_MAX_AGE_MS / 1000} s; \`checkedAt\` says when it last answered.`,
        ),
        response: answers(
          {
            200: closed(
              {
                status: oneOf(['ok']),
                database: closed(
                  {
                    kind: oneOf(['pglite', 'postgres']),
                    migrationVersion: int(),
                    checkedAt: str('when the database last answered the check (ISO 8601)'),
                  },
                  ['kind', 'migrationVersion', 'checkedAt'],
                ),
              },
              ['status', 'database'],
            ),
          },
          { public: true },
        ),
      },
    },
    () => health(),
  );
};
