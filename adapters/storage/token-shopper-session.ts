/**
 * Cart's ShopperSession port over the persisted auth slice: a signed-in shopper's e-mail is the
 * access token's subject claim (spec §3). The claim is read, not verified: it only fills the new
 * cart's customerEmail, and the server checks the token itself on every call.
 */
import type { TokenStore } from '../../core/auth/ports';
import { isAuth } from '../../core/auth/session';
import type { ShopperSession } from '../../core/cart/ports';
import { stringClaim } from '../http/identity/jwt-payload';

export class TokenShopperSession implements ShopperSession {
  constructor(private readonly tokens: TokenStore) {}

  signedInEmail(): string | null {
    const stored = this.tokens.load();
    if (stored === null || stored.anonymous) return null;
    const sub = stringClaim(stored.accessToken, 'sub');
    return sub !== null && sub.includes('@') ? sub : null;
  }

  signedIn(): boolean {
    return isAuth(this.tokens.load());
  }
}
