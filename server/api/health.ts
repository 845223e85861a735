import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { currentVersion } from '../db/migrate';
import { answers, closed, int, oneOf } from './schemas/common';
import { describe } from './docs';

/** GET /api/health — liveness plus which database answers and at which migration. */
export const healthRoutes = (app: FastifyInstance, db: Database): void => {
  app.get(
    '/api/health',
    {
      config: { public: true },
      schema: {
        ...describe(
          'Foundation',
          'Health',
          'Liveness, and which database answers at which migration.',
        ),
        response: answers(
          {
            200: closed(
              {
                status: oneOf(['ok']),
                database: closed({ kind: oneOf(['pglite', 'postgres']), migrationVersion: int() }, [
                  'kind',
                  'migrationVersion',
                ]),
              },
              ['status', 'database'],
            ),
          },
          { public: true },
        ),
      },
    },
    async () => ({
      status: 'ok',
      database: { kind: db.kind, migrationVersion: await currentVersion(db) },
    }),
  );
};
