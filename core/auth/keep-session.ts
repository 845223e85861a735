/**
 * Use case: keep a signed-in customer's session alive (spec §4 Revalidation, Token error, Page load
 * step 3). EnsureSession looks after guest tokens; this extends it for customer tokens, so every
 * caller of the session (the API client, the shell, the configuration client) gets the same rules:
 * - a customer token is used until 120 s before expiry, then renewed with its refresh token (the
 *   server rotates it: the old one is revoked);
 * - once revalidate_in has passed (then every 30 minutes) it is checked with the validate call;
 * - an expired token, a refused refresh token or a token the validate call rejects is a token
 *   error: the shopper is signed out (cart and customer cart id cleared) and gets a guest token;
 * - when the refresh or validate call cannot be made (network), the token is kept while it still
 *   works, and tried again on the next call.
 */
import type { Clock } from '../shared/clock';
import { EnsureSession } from './ensure-session';
import type { CustomerTokenGateway, IdGenerator, TokenGateway, TokenStore } from './ports';
import {
  fromGrant,
  isExpired,
  markValidated,
  nextTokenAction,
  type StoredTokens,
} from './token-lifecycle';

/** What a token error runs: HandleTokenError (sign out). Resolved lazily to avoid a cycle. */
export type TokenErrorHandler = (error: unknown) => Promise<unknown>;

export class TokenRefusedError extends Error {
  constructor(readonly reason: 'expired' | 'refreshRefused' | 'validateRejected' | 'apiRejected') {
    super(`Customer token error: ${reason}`);
    this.name = 'TokenRefusedError';
  }
}

export class KeepSession extends EnsureSession {
  private customerFlight: Promise<StoredTokens> | null = null;

  constructor(
    gateway: TokenGateway,
    private readonly tokens: TokenStore,
    private readonly time: Clock,
    ids: IdGenerator,
    channel: string | undefined,
    private readonly customerTokens: CustomerTokenGateway,
    private readonly onTokenError: TokenErrorHandler,
  ) {
    super(gateway, tokens, time, ids, channel);
  }

  /** Concurrent callers share one round trip, so a refresh token is never spent twice. */
  override execute(): Promise<StoredTokens> {
    const stored = this.tokens.load();
    if (stored === null || stored.anonymous) return super.execute();
    return this.customerFlight ?? this.fly(this.keepCustomer(stored));
  }

  /**
   * Renews a customer's token now (the server issues it from the account as it is, so a new name
   * reaches the claims). Runs after any round trip already under way, which may have rotated the
   * refresh token, and later callers wait for it; a refresh that cannot be made keeps the token.
   */
  override renewNow(): Promise<StoredTokens> {
    const before = this.customerFlight?.catch(() => null) ?? Promise.resolve(null);
    return this.fly(
      before.then(() => {
        const stored = this.tokens.load();
        if (stored === null || stored.anonymous) return super.execute();
        if (isExpired(stored, this.time.now())) {
          return this.endSession(new TokenRefusedError('expired'));
        }
        return this.renew(stored);
      }),
    );
  }

  /** Makes `work` the round trip later callers share until it settles. */
  private fly(work: Promise<StoredTokens>): Promise<StoredTokens> {
    const flight: Promise<StoredTokens> = work.finally(() => {
      if (this.customerFlight === flight) this.customerFlight = null;
    });
    this.customerFlight = flight;
    return flight;
  }

  /** A customer token the API refused is a token error; a guest's is replaced as before. */
  override replaceWithGuestToken(): Promise<StoredTokens> {
    const stored = this.tokens.load();
    if (stored === null || stored.anonymous) return super.replaceWithGuestToken();
    return this.endSession(new TokenRefusedError('apiRejected'));
  }

  private async keepCustomer(stored: StoredTokens): Promise<StoredTokens> {
    const now = this.time.now();
    if (isExpired(stored, now)) return this.endSession(new TokenRefusedError('expired'));
    switch (nextTokenAction(stored, now)) {
      case 'use':
        return stored;
      case 'renew':
        return this.renew(stored);
      case 'revalidate': {
        const valid = await this.customerTokens.validate(stored.accessToken).catch(() => null);
        if (valid === null) return stored;
        if (!valid) return this.endSession(new TokenRefusedError('validateRejected'));
        const validated = markValidated(stored, this.time.now());
        this.tokens.save(validated);
        return validated;
      }
    }
  }

  private async renew(stored: StoredTokens): Promise<StoredTokens> {
    let grant;
    try {
      grant = await this.customerTokens.refresh(stored.refreshToken);
    } catch {
      return stored; // could not ask: the token still works for now, try again next call
    }
    if (grant === null) return this.endSession(new TokenRefusedError('refreshRefused'));
    const renewed = fromGrant(grant, this.time.now(), {
      anonymous: false,
      ...(stored.anonymousId === undefined ? {} : { anonymousId: stored.anonymousId }),
    });
    this.tokens.save(renewed);
    return renewed;
  }

  /** Token error: sign out (whatever the handler does, the customer token is gone), then a guest. */
  private async endSession(error: TokenRefusedError): Promise<StoredTokens> {
    await this.onTokenError(error).catch(() => undefined);
    const left = this.tokens.load();
    if (left !== null && !left.anonymous) this.tokens.clear();
    return super.execute();
  }
}
