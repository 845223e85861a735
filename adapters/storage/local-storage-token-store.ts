/**
 * The persisted auth slice (spec §4: tokens are kept in browser storage). Anything unreadable —
 * old shapes, hand-edited values, a storage that throws (private mode, quota) — reads as "no token",
 * so the shop starts a fresh guest session instead of failing.
 */
import * as t from 'io-ts';
import { isRight } from 'fp-ts/lib/Either.js';
import type { TokenStore } from '../../core/auth/ports';
import type { StoredTokens } from '../../core/auth/token-lifecycle';

export const AUTH_STORAGE_KEY = 'lavabo.auth';

const StoredTokensCodec = t.intersection([
  t.type({
    accessToken: t.string,
    refreshToken: t.string,
    tokenType: t.string,
    scopes: t.array(t.string),
    expiresAt: t.number,
    receivedAt: t.number,
    anonymous: t.boolean,
  }),
  t.partial({ revalidateIn: t.number, lastValidatedAt: t.number, anonymousId: t.string }),
]);

export class LocalStorageTokenStore implements TokenStore {
  constructor(
    private readonly storage: Storage,
    private readonly key: string = AUTH_STORAGE_KEY,
  ) {}

  load(): StoredTokens | null {
    try {
      const raw = this.storage.getItem(this.key);
      if (raw === null) return null;
      const decoded = StoredTokensCodec.decode(JSON.parse(raw));
      return isRight(decoded) ? (decoded.right as StoredTokens) : null;
    } catch {
      return null;
    }
  }

  save(tokens: StoredTokens): void {
    try {
      this.storage.setItem(this.key, JSON.stringify(tokens));
    } catch {
      // Storage full or unavailable: the session still works for this page view.
    }
  }

  clear(): void {
    try {
      this.storage.removeItem(this.key);
    } catch {
      // Nothing stored to clear.
    }
  }
}
