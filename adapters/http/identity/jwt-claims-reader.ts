/**
 * Reads the spec §3 user claims from a customer's access token (a JWT) for display: the header's
 * first name, the persona. The claims are read, not verified — the server verifies the token on
 * every call, so nothing here is trusted for access.
 */
import { isRight } from 'fp-ts/lib/Either.js';
import type { ClaimsReader, UserClaims } from '../../../core/auth/ports';
import { CustomerClaimsCodec } from './identity.codec';
import { jwtClaims } from './jwt-payload';

export class JwtClaimsReader implements ClaimsReader {
  read(accessToken: string): UserClaims | null {
    const decoded = CustomerClaimsCodec.decode(jwtClaims(accessToken));
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
