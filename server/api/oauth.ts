/**
 * Tokens (spec §7): the guest token endpoint and the validate call. Signing in with credentials
 * and refreshing customer tokens come with the accounts work.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { InvalidTokenError, type TokenService } from '../auth/tokens';
import { bearerToken } from '../http/auth-hook';

export const DEFAULT_CHANNEL = 'KOUS';
const ID_PATTERN = '^[A-Za-z0-9_-]{1,64}$';

interface GuestTokenQuery {
  scope: 'guest';
  channel?: string;
  gId?: string;
}

export const oauthRoutes = (app: FastifyInstance, tokens: TokenService): void => {
  app.post<{ Querystring: GuestTokenQuery }>(
    '/api/oauth/token',
    {
      config: { public: true },
      schema: {
        querystring: {
          type: 'object',
          required: ['scope'],
          properties: {
            scope: { type: 'string', enum: ['guest'] },
            channel: { type: 'string', pattern: '^[A-Z]{2,10}$' },
            gId: { type: 'string', pattern: ID_PATTERN },
          },
        },
      },
    },
    async (request, reply) => {
      const channel = request.query.channel ?? DEFAULT_CHANNEL;
      const anonymousId = request.query.gId ?? randomUUID();
      reply.header('cache-control', 'no-store');
      return tokens.issueGuest(channel, anonymousId);
    },
  );

  app.post<{ Body: { token?: string } | undefined }>(
    '/api/oauth/token/validate',
    {
      config: { public: true },
      schema: {
        body: {
          anyOf: [
            { type: 'null' },
            {
              type: 'object',
              properties: { token: { type: 'string', maxLength: 8192 } },
              additionalProperties: false,
            },
          ],
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const token = request.body?.token ?? bearerToken(request);
      if (token === null || token === undefined) return { valid: false };
      try {
        await tokens.verifyAccess(token);
        return { valid: true };
      } catch (error) {
        if (error instanceof InvalidTokenError) return { valid: false };
        throw error;
      }
    },
  );
};
