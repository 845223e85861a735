/**
 * Who is calling, as the routes need it: the verified claims the auth hook set (./auth-hook.ts),
 * the owner whose data the request may touch (../auth/owner.ts), or that owner when it must be a
 * signed-in customer. One place for the 401 (no owner) and the 403 (a guest where a customer is
 * needed) every route answers alike. A request whose route asked who the caller is gets an answer
 * that depends on the caller's token, so it is never stored (./security-headers.ts reads
 * `readsCaller`).
 */
import type { FastifyRequest } from 'fastify';
import { ownerOf, type Owner } from '../auth/owner';
import type { AccessClaims } from '../auth/tokens';
import { ApiError, INVALID_JWT } from './errors';

export const SIGN_IN_AS_CUSTOMER = 'Sign in as a customer to do this.';

const personal = new WeakSet<FastifyRequest>();

/** Whether the route asked who the caller is (its answer is the caller's own). */
export const readsCaller = (request: FastifyRequest): boolean => personal.has(request);

/** The verified claims of a protected route's caller (the auth hook has run). */
export const callerOf = (request: FastifyRequest): AccessClaims => {
  personal.add(request);
  if (request.auth === null) throw new Error('auth hook did not run');
  return request.auth;
};

/** The customer or guest the request acts for; 401 'Invalid JWT.' when the token names neither. */
export const ownerOfRequest = (request: FastifyRequest): Owner => {
  personal.add(request);
  const owner = ownerOf(request.auth);
  if (owner === null) throw new ApiError(401, INVALID_JWT);
  return owner;
};

export type CustomerOwner = Extract<Owner, { readonly kind: 'customer' }>;

/** The signed-in customer the request acts for; 403 for a guest (a valid token, not a customer's). */
export const customerOfRequest = (request: FastifyRequest): CustomerOwner => {
  const owner = ownerOfRequest(request);
  if (owner.kind !== 'customer') throw new ApiError(403, SIGN_IN_AS_CUSTOMER);
  return owner;
};
