import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { currentVersion } from '../db/migrate';

/** GET /api/health — liveness plus which database answers and at which migration. */
export const healthRoutes = (app: FastifyInstance, db: Database): void => {
  app.get(
    '/api/health',
    {
      config: { public: true },
      schema: {
        response: {
          200: {
            type: 'object',
            properties: {
              status: { type: 'string' },
              database: {
                type: 'object',
                properties: { kind: { type: 'string' }, migrationVersion: { type: 'integer' } },
              },
            },
          },
        },
      },
    },
    async () => ({
      status: 'ok',
      database: { kind: db.kind, migrationVersion: await currentVersion(db) },
    }),
  );
};
