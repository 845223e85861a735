/**
 * Cart's ShopperSession port over the persisted auth slice: a signed-in shopper's e-mail is the
 * access token's subject claim (spec §3). The claim is read, not verified: it only fills the new
 * cart's customerEmail, and the server checks the token itself on every call.
 */
import type { TokenStore } from '../../core/auth/ports';
import type { ShopperSession } from '../../core/cart/ports';

/** The JWT payload's claims, or null when the token is not a readable JWT. */
export const readJwtClaims = (token: string): Record<string, unknown> | null => {
  const payload = token.split('.')[1];
  if (payload === undefined || payload === '') return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof claims === 'object' && claims !== null && !Array.isArray(claims)
      ? (claims as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
};

export class TokenShopperSession implements ShopperSession {
  constructor(private readonly tokens: TokenStore) {}

  signedInEmail(): string | null {
    const stored = this.tokens.load();
    if (stored === null || stored.anonymous) return null;
    const sub = readJwtClaims(stored.accessToken)?.sub;
    return typeof sub === 'string' && sub.includes('@') ? sub : null;
  }
}
