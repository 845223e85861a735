/**
 * Whose data a request may touch: a signed-in customer's (by customer id) or a guest's (by the
 * anonymousId of the guest token). Carts, lists and profiles are looked up by this owner only, so
 * nobody can read another's data by guessing an id (they get a 404).
 */
import type { AccessClaims } from './tokens';

export type Owner =
  | { readonly kind: 'customer'; readonly id: string }
  | { readonly kind: 'guest'; readonly id: string };

/** The owner of a verified access token; null when it names neither (treat as 401). */
export const ownerOf = (claims: AccessClaims | null): Owner | null => {
  if (claims === null) return null;
  if (claims.isAuth && claims.customerId !== undefined && claims.customerId !== '') {
    return { kind: 'customer', id: claims.customerId };
  }
  if (!claims.isAuth && claims.anonymousId !== undefined && claims.anonymousId !== '') {
    return { kind: 'guest', id: claims.anonymousId };
  }
  return null;
};

/** One text key per owner, for a single owner column: `customer:<id>` or `guest:<id>`. */
export const ownerKey = (owner: Owner): string => `${owner.kind}:${owner.id}`;
