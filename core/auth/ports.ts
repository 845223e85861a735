import type { StoredTokens, TokenGrant } from './token-lifecycle';

/** Port: where the auth slice is kept (browser storage in the shop, memory in tests). */
export interface TokenStore {
  load(): StoredTokens | null;
  save(tokens: StoredTokens): void;
  clear(): void;
}

export interface GuestTokenRequest {
  readonly channel: string;
  /** The guest id to keep (so a returning guest keeps their cart); the server may assign one. */
  readonly guestId?: string;
}

/** Port: the token endpoint and the validate call of spec §7. */
export interface TokenGateway {
  fetchGuestToken(request: GuestTokenRequest): Promise<GuestGrant>;
  validate(accessToken: string): Promise<boolean>;
}

export interface GuestGrant {
  readonly grant: TokenGrant;
  /** The anonymousId the token was issued for. */
  readonly anonymousId: string;
}

/** Port: a source of ids for new guests. */
export interface IdGenerator {
  next(): string;
}
