/**
 * Development-only routes (registered only when the config's devEndpoints is on, i.e. not in
 * production): GET /api/dev/outbox reads the e-mail the shop would have sent (ARCHITECTURE.md).
 * Public, so it opens in a browser tab.
 */
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/database';
import { ApiError } from '../http/errors';
import { listOutbox, OUTBOX_LIST_MAX } from '../identity/outbox';
import { normalizeEmail } from '../../core/validation/email';

interface OutboxQuery {
  to?: unknown;
  limit?: unknown;
}

export const devRoutes = (app: FastifyInstance, db: Queryable): void => {
  app.get<{ Querystring: OutboxQuery }>(
    '/api/dev/outbox',
    {
      config: { public: true },
      schema: {
        tags: ['Identity'],
        summary: 'Outbox (development only)',
        description: `\`{messages: [{id, to, subject, text, createdAt}]}\`, newest first, at most ${OUTBOX_LIST_MAX}; \`to\` keeps one recipient's. Not served in production.`,
        querystring: {
          type: 'object',
          properties: {
            to: { type: 'string', maxLength: 254, description: 'Only messages to this e-mail' },
            limit: { type: 'string', description: `1 to ${OUTBOX_LIST_MAX}` },
          },
        },
      },
    },
    async (request, reply) => {
      const { to, limit } = request.query;
      let count: number = OUTBOX_LIST_MAX;
      if (limit !== undefined) {
        count = Number(limit);
        if (!Number.isInteger(count) || count < 1 || count > OUTBOX_LIST_MAX) {
          throw new ApiError(
            400,
            `querystring.limit must be a whole number from 1 to ${OUTBOX_LIST_MAX}`,
          );
        }
      }
      reply.header('cache-control', 'no-store');
      const messages = await listOutbox(db, {
        ...(typeof to === 'string' && to.trim() !== '' ? { to: normalizeEmail(to) } : {}),
        limit: count,
      });
      return { messages };
    },
  );
};
