/**
 * Use case: make sure the shopper holds a usable token.
 * Spec §4: a guest token is fetched when no token exists or a renewal fails; a valid token is
 * revalidated when due; a token the validate call rejects is replaced.
 *
 * Renewing a signed-in customer's token with its refresh token belongs to the sign-in flow; here a
 * stale token of either kind falls back to a fresh guest token, keeping the guest's anonymousId.
 */
import { DEFAULT_SALES_CHANNEL } from '../shared/channel';
import type { Clock } from '../shared/clock';
import type { IdGenerator, TokenGateway, TokenStore } from './ports';
import { fromGrant, markValidated, nextTokenAction, type StoredTokens } from './token-lifecycle';

export { DEFAULT_SALES_CHANNEL };

export class EnsureSession {
  private inFlight: Promise<StoredTokens> | null = null;

  constructor(
    private readonly gateway: TokenGateway,
    private readonly store: TokenStore,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly channel: string = DEFAULT_SALES_CHANNEL,
  ) {}

  /** Concurrent callers share one round trip. */
  execute(): Promise<StoredTokens> {
    this.inFlight ??= this.run().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  /**
   * Renew the token now, whatever its age, because what it says of the shopper changed (a
   * customer renamed themselves: the name in the claims is a copy taken when it was issued). A
   * guest's token says nothing that changes, so here it is simply kept usable; KeepSession renews a
   * customer's with the refresh token.
   */
  renewNow(): Promise<StoredTokens> {
    return this.execute();
  }

  /**
   * Give up the stored token and fetch a new guest token (e.g. after 'Invalid JWT.'). The old
   * token is marked spent rather than deleted, so if the fetch fails the guest keeps their
   * anonymousId — and with it their cart — for the next attempt.
   */
  async replaceWithGuestToken(): Promise<StoredTokens> {
    const previous = this.store.load();
    if (previous !== null)
      this.store.save({ ...previous, expiresAt: Math.min(previous.expiresAt, this.clock.now()) });
    return this.fetchGuest(previous?.anonymousId);
  }

  private async run(): Promise<StoredTokens> {
    const stored = this.store.load();
    if (stored === null) return this.fetchGuest(undefined);

    const now = this.clock.now();
    switch (nextTokenAction(stored, now)) {
      case 'use':
        return stored;
      case 'renew':
        return this.fetchGuest(stored.anonymousId);
      case 'revalidate': {
        const valid = await this.gateway.validate(stored.accessToken).catch(() => null);
        if (valid === null) return stored; // the check itself failed: keep the token, try later
        if (!valid) return this.fetchGuest(stored.anonymousId);
        const validated = markValidated(stored, this.clock.now());
        this.store.save(validated);
        return validated;
      }
    }
  }

  private async fetchGuest(anonymousId: string | undefined): Promise<StoredTokens> {
    const guestId = anonymousId ?? this.ids.next();
    const { grant, anonymousId: issuedFor } = await this.gateway.fetchGuestToken({
      channel: this.channel,
      guestId,
    });
    const tokens = fromGrant(grant, this.clock.now(), { anonymous: true, anonymousId: issuedFor });
    this.store.save(tokens);
    return tokens;
  }
}
