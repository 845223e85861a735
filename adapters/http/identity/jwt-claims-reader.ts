/**
 * Reads the spec §3 user claims from a customer's access token (a JWT) for display: the header's
 * first name, the persona. The claims are read, not verified — the server verifies the token on
 * every call, so nothing here is trusted for access.
 */
import { isRight } from 'fp-ts/lib/Either.js';
import type { ClaimsReader, UserClaims } from '../../../core/auth/ports-identity';
import { CustomerClaimsCodec } from './identity.codec';

/** The decoded JSON payload of a JWT, or null when the token is not one. */
export const jwtPayload = (token: string): unknown => {
  const part = token.split('.')[1];
  if (part === undefined || part === '') return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
    const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
  } catch {
    return null;
  }
};

export class JwtClaimsReader implements ClaimsReader {
  read(accessToken: string): UserClaims | null {
    const decoded = CustomerClaimsCodec.decode(jwtPayload(accessToken));
    if (!isRight(decoded)) return null;
    const c = decoded.right;
    return {
      email: c.sub,
      firstName: c.firstName ?? '',
      lastName: c.lastName ?? '',
      persona: c.persona,
      ...(c.customerId === undefined ? {} : { customerId: c.customerId }),
      ...(c.uid === undefined ? {} : { uid: c.uid }),
      ...(c.businessType === undefined ? {} : { businessType: c.businessType }),
    };
  }
}
