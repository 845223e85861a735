/**
 * Every /api route needs a bearer token except the few that hand tokens out or describe the
 * service. A missing token is 401 'JWT not present.'; a bad one is 401 'Invalid JWT.' — the exact
 * messages the storefront's guest-token retry looks for (spec §8). A well-signed customer token
 * whose sign-in session has ended is a bad one too, on every route: sign-out, a password change,
 * refresh-token reuse and account deletion end the session (../auth/session-liveness.ts), and an
 * access token must not outlive it by its remaining hour.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ownerOf } from '../auth/owner';
import type { SessionLive } from '../auth/session-liveness';
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

/**
 * The token's claims when its signature and expiry hold and, for a customer, the sign-in session
 * it was issued with (`sid`) is still live; null otherwise. The server issues customer tokens only
 * with a session, so one without `sid` is not live. The one answer to "is this access token live"
 * for the hook and the validate call.
 */
export const liveAccessClaims = async (
  tokens: TokenService,
  sessionLive: SessionLive,
  token: string,
): Promise<AccessClaims | null> => {
  let claims: AccessClaims;
  try {
    claims = await tokens.verifyAccess(token);
  } catch (error) {
    if (!(error instanceof InvalidTokenError)) throw error;
    return null;
  }
  // Guest tokens name no account and no session: no lookup.
  const owner = ownerOf(claims);
  if (owner?.kind === 'customer') {
    if (claims.sessionId === undefined) return null;
    if (!(await sessionLive(owner.id, claims.sessionId))) return null;
  }
  return claims;
};

export const registerAuth = (
  app: FastifyInstance,
  tokens: TokenService,
  sessionLive: SessionLive,
): void => {
  app.decorateRequest('auth', null);
  // A plain callback hook: a public route (health, the token calls) goes on without a promise.
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith('/api/') || request.routeOptions.config.public === true) {
      return done();
    }
    // Unknown /api paths answer 404 after authentication, so probing reveals nothing to strangers.
    const token = bearerToken(request);
    if (token === null) return void sendError(reply, 401, JWT_NOT_PRESENT);
    // A token verified already that names no customer (a guest's) needs nothing more: the request
    // goes on at once. A customer's goes on to the check of its sign-in session.
    const known = tokens.knownAccess(token);
    if (known !== undefined && ownerOf(known)?.kind !== 'customer') {
      request.auth = known;
      return done();
    }
    liveAccessClaims(tokens, sessionLive, token).then(
      (claims) => {
        if (claims === null) return void sendError(reply, 401, INVALID_JWT);
        request.auth = claims;
        done();
      },
      (error: unknown) => done(error as Error),
    );
  });
};
