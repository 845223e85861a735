import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KeepSession, type TokenRefusedError } from '../../../core/auth/keep-session';
import type { CustomerTokenGateway } from '../../../core/auth/ports';
import { fromGrant, type StoredTokens, type TokenGrant } from '../../../core/auth/token-lifecycle';
import { ManualClock } from '../../../core/shared/clock';
import { CountingIds, MemoryTokenGateway, MemoryTokenStore } from './token-doubles';

const T0 = Date.UTC(2026, 0, 1);
const HOUR_S = 3600;

class MemoryCustomerTokens implements CustomerTokenGateway {
  mode: 'rotate' | 'refuse' | 'unreachable' = 'rotate';
  validateMode: 'accept' | 'reject' | 'error' = 'accept';
  readonly refreshed: string[] = [];
  readonly validated: string[] = [];
  private issued = 0;

  async refresh(refreshToken: string): Promise<TokenGrant | null> {
    this.refreshed.push(refreshToken);
    if (this.mode === 'unreachable') throw new Error('offline');
    if (this.mode === 'refuse') return null;
    this.issued += 1;
    return {
      access_token: `customer-access-${this.issued}`,
      refresh_token: `customer-refresh-${this.issued}`,
      expires_in: HOUR_S,
      revalidate_in: 1800,
      scopes: ['mira-session', 'openid', 'offline_access'],
      token_type: 'Bearer',
    };
  }

  async validate(accessToken: string): Promise<boolean> {
    this.validated.push(accessToken);
    if (this.validateMode === 'error') throw new Error('offline');
    return this.validateMode === 'accept';
  }
}

const customerTokens = (receivedAt: number, revalidateIn?: number): StoredTokens =>
  fromGrant(
    {
      access_token: 'customer-access-0',
      refresh_token: 'customer-refresh-0',
      expires_in: HOUR_S,
      ...(revalidateIn === undefined ? {} : { revalidate_in: revalidateIn }),
      scopes: ['mira-session'],
      token_type: 'Bearer',
    },
    receivedAt,
    { anonymous: false, anonymousId: 'guest-before-sign-in' },
  );

const setup = (stored: StoredTokens | null = customerTokens(T0)) => {
  const clock = new ManualClock(T0);
  const store = new MemoryTokenStore();
  store.tokens = stored;
  const guests = new MemoryTokenGateway();
  const customers = new MemoryCustomerTokens();
  const tokenErrors: unknown[] = [];
  const session = new KeepSession(
    guests,
    store,
    clock,
    new CountingIds(),
    'KOUS',
    customers,
    async (error) => {
      tokenErrors.push(error);
      store.clear(); // what SignOut does to the tokens
    },
  );
  return { clock, store, guests, customers, tokenErrors, session };
};

describe('KeepSession: the signed-in customer token', () => {
  it('uses a fresh customer token without any call', async () => {
    const { session, guests, customers, clock } = setup();
    clock.advance(10 * 60_000);
    const tokens = await session.execute();
    expect(tokens.accessToken).toBe('customer-access-0');
    expect(customers.refreshed).toEqual([]);
    expect(customers.validated).toEqual([]);
    expect(guests.fetches).toEqual([]);
  });

  it('renews with the refresh token 120 s before expiry, once for concurrent callers, keeping the anonymousId', async () => {
    const { session, customers, store, clock } = setup(customerTokens(T0, 3 * HOUR_S));
    clock.set(T0 + HOUR_S * 1000 - 120_000);
    const [a, b] = await Promise.all([session.execute(), session.execute()]);
    expect(customers.refreshed).toEqual(['customer-refresh-0']);
    expect(a).toBe(b);
    expect(a.accessToken).toBe('customer-access-1');
    expect(a.anonymous).toBe(false);
    expect(a.anonymousId).toBe('guest-before-sign-in');
    expect(a.expiresAt).toBe(clock.now() + HOUR_S * 1000);
    expect(store.tokens).toEqual(a);
  });

  it('does not renew 1 ms before the renewal window', async () => {
    const { session, customers, clock } = setup(customerTokens(T0, 3 * HOUR_S));
    clock.set(T0 + HOUR_S * 1000 - 120_001);
    await session.execute();
    expect(customers.refreshed).toEqual([]);
  });

  it('a refused refresh token is a token error: signed out, then a guest token', async () => {
    const { session, customers, tokenErrors, guests, clock } = setup();
    customers.mode = 'refuse';
    clock.set(T0 + HOUR_S * 1000 - 60_000);
    const tokens = await session.execute();
    expect(tokenErrors).toHaveLength(1);
    expect((tokenErrors[0] as TokenRefusedError).reason).toBe('refreshRefused');
    expect(tokens.anonymous).toBe(true);
    expect(guests.fetches).toHaveLength(1);
  });

  it('keeps the token when the refresh call cannot be made, and retries on the next call', async () => {
    const { session, customers, tokenErrors, clock } = setup();
    customers.mode = 'unreachable';
    clock.set(T0 + HOUR_S * 1000 - 60_000);
    expect((await session.execute()).accessToken).toBe('customer-access-0');
    customers.mode = 'rotate';
    expect((await session.execute()).accessToken).toBe('customer-access-1');
    expect(tokenErrors).toEqual([]);
  });

  it('an expired customer token signs out (page load step 3) without trying to refresh it', async () => {
    const { session, customers, tokenErrors, clock } = setup();
    clock.set(T0 + HOUR_S * 1000);
    const tokens = await session.execute();
    expect(customers.refreshed).toEqual([]);
    expect((tokenErrors[0] as TokenRefusedError).reason).toBe('expired');
    expect(tokens.anonymous).toBe(true);
  });

  it('revalidates once revalidate_in has passed: accepted → marked, rejected → signed out, unreachable → kept', async () => {
    const accepted = setup(customerTokens(T0, 600));
    accepted.clock.set(T0 + 600_000);
    const validated = await accepted.session.execute();
    expect(accepted.customers.validated).toEqual(['customer-access-0']);
    expect(validated.lastValidatedAt).toBe(T0 + 600_000);

    const rejected = setup(customerTokens(T0, 600));
    rejected.customers.validateMode = 'reject';
    rejected.clock.set(T0 + 600_000);
    expect((await rejected.session.execute()).anonymous).toBe(true);
    expect((rejected.tokenErrors[0] as TokenRefusedError).reason).toBe('validateRejected');

    const offline = setup(customerTokens(T0, 600));
    offline.customers.validateMode = 'error';
    offline.clock.set(T0 + 600_000);
    expect((await offline.session.execute()).accessToken).toBe('customer-access-0');
    expect(offline.tokenErrors).toEqual([]);
  });

  it('a customer token the API refuses is a token error; a guest token is replaced as before', async () => {
    const customer = setup();
    const tokens = await customer.session.replaceWithGuestToken();
    expect((customer.tokenErrors[0] as TokenRefusedError).reason).toBe('apiRejected');
    expect(tokens.anonymous).toBe(true);

    const guest = setup(null);
    const first = await guest.session.execute();
    const replaced = await guest.session.replaceWithGuestToken();
    expect(guest.tokenErrors).toEqual([]);
    expect(replaced.anonymousId).toBe(first.anonymousId);
  });

  it('clears the customer token even when the sign-out handler fails', async () => {
    const clock = new ManualClock(T0 + HOUR_S * 1000);
    const store = new MemoryTokenStore();
    store.tokens = customerTokens(T0);
    const session = new KeepSession(
      new MemoryTokenGateway(),
      store,
      clock,
      new CountingIds(),
      'KOUS',
      new MemoryCustomerTokens(),
      () => Promise.reject(new Error('provider down')),
    );
    expect((await session.execute()).anonymous).toBe(true);
  });

  it('property: at any moment, a customer token is used, renewed or ended exactly as the spec numbers say', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: HOUR_S * 1000 + 60_000 }), async (elapsed) => {
        // revalidate_in beyond the lifetime: only the 120 s and expiry rules apply.
        const { session, customers, tokenErrors, clock } = setup(customerTokens(T0, 10 * HOUR_S));
        clock.set(T0 + elapsed);
        const tokens = await session.execute();
        const expiresAt = T0 + HOUR_S * 1000;
        if (elapsed >= HOUR_S * 1000) {
          expect(tokenErrors).toHaveLength(1);
          expect(tokens.anonymous).toBe(true);
        } else if (T0 + elapsed >= expiresAt - 120_000) {
          expect(customers.refreshed).toHaveLength(1);
          expect(tokens.accessToken).toBe('customer-access-1');
        } else {
          expect(customers.refreshed).toHaveLength(0);
          expect(tokens.accessToken).toBe('customer-access-0');
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('KeepSession.renewNow: the account changed, so its claims must be issued again', () => {
  it('renews a fresh customer token at once, and callers meanwhile share that round trip', async () => {
    const { session, customers, store, clock } = setup();
    clock.advance(60_000);
    const [renewed, during] = await Promise.all([session.renewNow(), session.execute()]);
    expect(customers.refreshed).toEqual(['customer-refresh-0']);
    expect(renewed.accessToken).toBe('customer-access-1');
    expect(during).toBe(renewed);
    expect(renewed.anonymousId).toBe('guest-before-sign-in');
    expect(store.tokens).toEqual(renewed);
    // The new token is fresh: the next call uses it without another refresh.
    expect((await session.execute()).accessToken).toBe('customer-access-1');
    expect(customers.refreshed).toHaveLength(1);
  });

  it('waits for a renewal already under way and renews with the refresh token it left', async () => {
    const { session, customers, clock } = setup();
    clock.set(T0 + HOUR_S * 1000 - 60_000); // due for renewal anyway
    const [due, now] = await Promise.all([session.execute(), session.renewNow()]);
    expect(due.accessToken).toBe('customer-access-1');
    expect(customers.refreshed).toEqual(['customer-refresh-0', 'customer-refresh-1']);
    expect(now.accessToken).toBe('customer-access-2');
  });

  it('keeps the token when the refresh cannot be made; a refused one is a token error', async () => {
    const offline = setup();
    offline.customers.mode = 'unreachable';
    expect((await offline.session.renewNow()).accessToken).toBe('customer-access-0');
    expect(offline.tokenErrors).toEqual([]);

    const refused = setup();
    refused.customers.mode = 'refuse';
    expect((await refused.session.renewNow()).anonymous).toBe(true);
    expect((refused.tokenErrors[0] as TokenRefusedError).reason).toBe('refreshRefused');
  });

  it("a guest's token is only kept usable: nothing in it changes", async () => {
    const { session, customers, guests } = setup(null);
    const first = await session.execute();
    expect(await session.renewNow()).toEqual(first);
    expect(customers.refreshed).toEqual([]);
    expect(guests.fetches).toHaveLength(1);
  });
});
