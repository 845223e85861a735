/**
 * Every /api route needs a bearer token except the few that hand tokens out or describe the
 * service. A missing token is 401 'JWT not present.'; a bad one is 401 'Invalid JWT.' — the exact
 * messages the storefront's guest-token retry looks for (spec §8). A well-signed customer token
 * whose account has been deleted is a bad one too, on every route: access tokens outlive their
 * account by up to an hour, and nothing may be written under an owner that no longer exists.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ownerOf } from '../auth/owner';
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

/** Whether the customer account with this id still exists (one lookup by primary key). */
export type CustomerExists = (customerId: string) => Promise<boolean>;

/**
 * The token's claims when its signature and expiry hold and, for a customer, the account still
 * exists; null otherwise. The one answer to "is this access token live" for the hook and the
 * validate call.
 */
export const liveAccessClaims = async (
  tokens: TokenService,
  customerExists: CustomerExists,
  token: string,
): Promise<AccessClaims | null> => {
  let claims: AccessClaims;
  try {
    claims = await tokens.verifyAccess(token);
  } catch (error) {
    if (!(error instanceof InvalidTokenError)) throw error;
    return null;
  }
  // Guest tokens name no account: no lookup.
  const owner = ownerOf(claims);
  if (owner?.kind === 'customer' && !(await customerExists(owner.id))) return null;
  return claims;
};

export const registerAuth = (
  app: FastifyInstance,
  tokens: TokenService,
  customerExists: CustomerExists,
): void => {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') || request.routeOptions.config.public === true) return;
    // Unknown /api paths answer 404 after authentication, so probing reveals nothing to strangers.
    const token = bearerToken(request);
    if (token === null) return sendError(reply, 401, JWT_NOT_PRESENT);
    const claims = await liveAccessClaims(tokens, customerExists, token);
    if (claims === null) return sendError(reply, 401, INVALID_JWT);
    request.auth = claims;
  });
};
