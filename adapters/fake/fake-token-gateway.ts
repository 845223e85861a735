/**
 * An in-memory token endpoint for the offline demo and UI tests: issues opaque tokens it remembers
 * and accepts only those. No signing, no network.
 */
import { ACCESS_TOKEN_TTL_S, GUEST_SCOPES, REVALIDATE_IN_S } from '../../core/auth/policies';
import type { GuestGrant, GuestTokenRequest, TokenGateway } from '../../core/auth/ports';

export class FakeTokenGateway implements TokenGateway {
  private readonly issued = new Set<string>();
  private counter = 0;
  /** How many guest tokens were handed out; tests read it. */
  guestTokensIssued = 0;

  async fetchGuestToken(request: GuestTokenRequest): Promise<GuestGrant> {
    this.counter += 1;
    this.guestTokensIssued += 1;
    const anonymousId = request.guestId ?? `fake-guest-${this.counter}`;
    const access = `fake-access-${anonymousId}-${this.counter}`;
    this.issued.add(access);
    return {
      anonymousId,
      grant: {
        access_token: access,
        refresh_token: `fake-refresh-${anonymousId}-${this.counter}`,
        expires_in: ACCESS_TOKEN_TTL_S,
        revalidate_in: REVALIDATE_IN_S,
        scopes: [...GUEST_SCOPES],
        token_type: 'Bearer',
      },
    };
  }

  async validate(accessToken: string): Promise<boolean> {
    return this.issued.has(accessToken);
  }
}
