/** In-memory doubles of the auth ports, for the token lifecycle and session tests. */
import type {
  GuestGrant,
  GuestTokenRequest,
  IdGenerator,
  TokenGateway,
  TokenStore,
} from '../../../core/auth/ports';
import type { StoredTokens, TokenGrant } from '../../../core/auth/token-lifecycle';

export class MemoryTokenStore implements TokenStore {
  tokens: StoredTokens | null = null;
  load(): StoredTokens | null {
    return this.tokens;
  }
  save(tokens: StoredTokens): void {
    this.tokens = tokens;
  }
  clear(): void {
    this.tokens = null;
  }
}

export type ValidateMode = 'accept' | 'reject' | 'error';

export interface GrantShape {
  readonly expiresIn: number;
  readonly revalidateIn?: number;
}

export class MemoryTokenGateway implements TokenGateway {
  validateMode: ValidateMode = 'accept';
  nextGrant: GrantShape = { expiresIn: 3600 };
  failNextFetch = false;
  readonly fetches: GuestTokenRequest[] = [];
  readonly validations: string[] = [];
  private issued = 0;

  async fetchGuestToken(request: GuestTokenRequest): Promise<GuestGrant> {
    this.fetches.push(request);
    if (this.failNextFetch) {
      this.failNextFetch = false;
      throw new Error('token endpoint unavailable');
    }
    this.issued += 1;
    const grant: TokenGrant = {
      access_token: `access-${this.issued}`,
      refresh_token: `refresh-${this.issued}`,
      expires_in: this.nextGrant.expiresIn,
      scopes: ['guest'],
      token_type: 'Bearer',
      ...(this.nextGrant.revalidateIn === undefined
        ? {}
        : { revalidate_in: this.nextGrant.revalidateIn }),
    };
    return { grant, anonymousId: request.guestId ?? `server-${this.issued}` };
  }

  async validate(accessToken: string): Promise<boolean> {
    this.validations.push(accessToken);
    if (this.validateMode === 'error') throw new Error('validate unavailable');
    return this.validateMode === 'accept';
  }
}

export class CountingIds implements IdGenerator {
  count = 0;
  next(): string {
    this.count += 1;
    return `guest-${this.count}`;
  }
}
