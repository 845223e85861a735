/**
 * Every /api route needs a bearer token except the few that hand tokens out or describe the
 * service. A missing token is 401 'JWT not present.'; a bad one is 401 'Invalid JWT.' — the exact
 * messages the storefront's guest-token retry looks for (spec §8).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { InvalidTokenError, type AccessClaims, type TokenService } from '../auth/tokens';
import { INVALID_JWT, JWT_NOT_PRESENT, sendError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller; set on every protected route. */
    auth: AccessClaims | null;
  }
  interface FastifyContextConfig {
    /** Route needs no bearer token. */
    public?: boolean;
  }
}

export const bearerToken = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
};

export const registerAuth = (app: FastifyInstance, tokens: TokenService): void => {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') || request.routeOptions.config.public === true) return;
    // Unknown /api paths answer 404 after authentication, so probing reveals nothing to strangers.
    const token = bearerToken(request);
    if (token === null) return sendError(reply, 401, JWT_NOT_PRESENT);
    try {
      request.auth = await tokens.verifyAccess(token);
    } catch (error) {
      if (!(error instanceof InvalidTokenError)) throw error;
      return sendError(reply, 401, INVALID_JWT);
    }
  });
};
