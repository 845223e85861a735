/**
 * Tokens (spec §7): the guest token endpoint, the refresh grant and the validate call. Signing in
 * with credentials is POST /api/identity/signin (server/api/identity.ts).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { InvalidTokenError, type TokenService } from '../auth/tokens';
import type { SessionLive } from '../auth/session-liveness';
import { bearerToken, liveAccessClaims } from '../http/auth-hook';
import { ApiError, INVALID_JWT } from '../http/errors';
import { invalidFields, objectBody, requiredText, type FieldError } from '../identity/field-errors';
import type { IdentityService } from '../identity/identity-service';
import { answers, bool, closed, str } from './schemas/common';
import { TOKEN_GRANT } from './schemas/domain';

export const DEFAULT_CHANNEL = 'KOUS';
const ID_PATTERN = '^[A-Za-z0-9_-]{1,64}$';

const REFRESH_TOKEN_MAX_LENGTH = 8192;

interface GuestTokenQuery {
  scope: 'guest' | 'refresh';
  channel?: string;
  gId?: string;
}

export const oauthRoutes = (
  app: FastifyInstance,
  tokens: TokenService,
  identity: IdentityService,
  sessionLive: SessionLive,
): void => {
  app.post<{ Querystring: GuestTokenQuery; Body: unknown }>(
    '/api/oauth/token',
    {
      config: { public: true },
      schema: {
        querystring: {
          type: 'object',
          required: ['scope'],
          properties: {
            scope: { type: 'string', enum: ['guest', 'refresh'] },
            channel: { type: 'string', pattern: '^[A-Z]{2,10}$' },
            gId: { type: 'string', pattern: ID_PATTERN },
          },
        },
        // The guest grant has no body at all (null to the validator); the route reads the refresh grant's.
        body: {
          type: 'object',
          nullable: true,
          description: 'scope=refresh: `{refresh_token}`; scope=guest: none',
          properties: { refresh_token: str('scope=refresh: the refresh token') },
        },
        response: answers({ 200: TOKEN_GRANT }, { public: true, errors: [401] }),
      },
    },
    async (request, reply) => {
      if (request.query.scope === 'refresh') {
        // body {refresh_token}: customer tokens rotate (the old one is revoked, its reuse revokes
        // the whole sign-in); guest refresh tokens give a new token for the same guest.
        const body = objectBody(request.body);
        const errors: FieldError[] = [];
        const token = requiredText(body, 'refresh_token', REFRESH_TOKEN_MAX_LENGTH, errors);
        if (token === null) throw invalidFields(errors);
        reply.header('cache-control', 'no-store');
        try {
          return await identity.refresh(token.trim());
        } catch (error) {
          if (error instanceof InvalidTokenError) throw new ApiError(401, INVALID_JWT);
          throw error;
        }
      }
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
        response: answers({ 200: closed({ valid: bool() }, ['valid']) }, { public: true }),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const token = request.body?.token ?? bearerToken(request);
      if (token === null || token === undefined) return { valid: false };
      // An ended session's unexpired token is no longer valid, as on every protected route.
      return { valid: (await liveAccessClaims(tokens, sessionLive, token)) !== null };
    },
  );
};
