/**
 * Development-only routes, registered only with LAVABO_DEV_TOOLS=1 (`npm run dev`, the tests) and
 * then answered only to this machine (loopbackOnly): GET /api/dev/outbox reads the e-mail the shop
 * would have sent (ARCHITECTURE.md), password-reset codes included. Needs no token, so it opens in a
 * browser tab.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database';
import { ApiError } from '../http/errors';
import { listOutbox, OUTBOX_LIST_MAX } from '../identity/outbox';
import { normalizeEmail } from '../../core/validation/email';
import { answers, arrayOf, closed, str } from './schemas/common';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * onRequest hook for the development tools: 403 unless the client is this machine. The socket's
 * peer must be loopback, and so must the client Fastify sees (request.ip, which follows
 * X-Forwarded-For only through a proxy TRUST_PROXY names). A forwarded request whose proxy is not
 * trusted could come from anywhere, so it is refused too (a local reverse proxy would otherwise make
 * every visitor look local).
 */
export const loopbackOnly = async (request: FastifyRequest): Promise<void> => {
  const peer = request.socket.remoteAddress ?? '';
  const forwardedUntrusted =
    request.headers.forwarded !== undefined ||
    (request.headers['x-forwarded-for'] !== undefined && request.ips === undefined);
  if (!LOOPBACK.has(peer) || !LOOPBACK.has(request.ip) || forwardedUntrusted) {
    throw new ApiError(403, 'The development tools answer only to this machine (127.0.0.1, ::1).');
  }
};

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
        description: `\`{messages: [{id, to, subject, text, createdAt}]}\`, newest first, at most ${OUTBOX_LIST_MAX}; \`to\` keeps one recipient's. Only with LAVABO_DEV_TOOLS=1, and only to loopback clients (403 otherwise).`,
        querystring: {
          type: 'object',
          properties: {
            to: { type: 'string', maxLength: 254, description: 'Only messages to this e-mail' },
            limit: { type: 'string', description: `1 to ${OUTBOX_LIST_MAX}` },
          },
        },
        response: answers(
          {
            200: closed(
              {
                messages: arrayOf(
                  closed(
                    {
                      id: str(),
                      to: str(),
                      subject: str(),
                      text: str(),
                      createdAt: str('ISO 8601'),
                    },
                    ['id', 'to', 'subject', 'text', 'createdAt'],
                  ),
                ),
              },
              ['messages'],
            ),
          },
          { public: true, errors: [403] },
        ),
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
