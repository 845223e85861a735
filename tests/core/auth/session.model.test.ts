/**
 * Model-based test of the session (spec §4 Session, Token error): a guest becomes logged in
 * after a successful credential sign-in; logout and a token error close the session, clear the
 * cart and customer cart id, and sign out.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HandleTokenError } from '../../../core/auth/handle-token-error';
import type { IdentityProvider, LocalCartState, TokenStore } from '../../../core/auth/ports';
import { userState } from '../../../core/auth/session';
import { SignIn } from '../../../core/auth/sign-in';
import type { ProviderSignInResult } from '../../../core/auth/sign-in-result';
import { SignOut } from '../../../core/auth/sign-out';
import { fromGrant, type StoredTokens } from '../../../core/auth/token-lifecycle';
import { ManualClock } from '../../../core/shared/clock';

type Log = string[];

class LoggingTokenStore implements TokenStore {
  tokens: StoredTokens | null = null;
  constructor(private readonly log: Log) {}
  load(): StoredTokens | null {
    return this.tokens;
  }
  save(tokens: StoredTokens): void {
    this.tokens = tokens;
  }
  clear(): void {
    this.log.push('clearTokens');
    this.tokens = null;
  }
}

class FakeCart implements LocalCartState {
  cart: string | null = null;
  customerCartId: string | null = null;
  constructor(private readonly log: Log) {}
  clearCart(): void {
    this.log.push('clearCart');
    this.cart = null;
  }
  clearCustomerCartId(): void {
    this.log.push('clearCustomerCartId');
    this.customerCartId = null;
  }
}

type ProviderAnswer = ProviderSignInResult | { readonly throws: unknown };

class FakeIdentity implements IdentityProvider {
  answer: ProviderAnswer = { status: 'SUCCESS' };
  closeFails = false;
  signOutFails = false;
  constructor(private readonly log: Log) {}
  async signIn(): Promise<ProviderSignInResult> {
    this.log.push('signIn');
    if ('throws' in this.answer) throw this.answer.throws;
    return this.answer;
  }
  async closeSession(): Promise<void> {
    this.log.push('closeSession');
    if (this.closeFails) throw new Error('no session');
  }
  async signOut(): Promise<void> {
    this.log.push('signOut');
    if (this.signOutFails) throw new Error('provider down');
  }
}

interface Model {
  state: 'none' | 'guest' | 'logged';
  anonymousId: string | undefined;
}

interface Real {
  readonly log: Log;
  readonly clock: ManualClock;
  readonly store: LoggingTokenStore;
  readonly cart: FakeCart;
  readonly identity: FakeIdentity;
  readonly signIn: SignIn;
  readonly signOut: SignOut;
  readonly tokenError: HandleTokenError;
}

type SessionCommand = fc.AsyncCommand<Model, Real>;

const grant = {
  access_token: 'customer',
  refresh_token: 'r',
  expires_in: 3600,
  scopes: ['openid', 'offline_access'],
  token_type: 'Bearer',
};

const checkState = (m: Model, r: Real): void => {
  expect(userState(r.store.load())).toBe(m.state === 'logged' ? 'logged' : 'anonymous');
  expect(r.store.load()?.anonymousId).toBe(m.anonymousId);
};

class BecomeGuest implements SessionCommand {
  constructor(readonly anonymousId: string) {}
  check = (m: Readonly<Model>): boolean => m.state === 'none';
  async run(m: Model, r: Real): Promise<void> {
    r.store.save(
      fromGrant({ ...grant, access_token: 'guest' }, r.clock.now(), {
        anonymous: true,
        anonymousId: this.anonymousId,
      }),
    );
    m.state = 'guest';
    m.anonymousId = this.anonymousId;
    checkState(m, r);
  }
  toString = (): string => `guest(${this.anonymousId})`;
}

class FillCart implements SessionCommand {
  check = (): boolean => true;
  async run(_m: Model, r: Real): Promise<void> {
    r.cart.cart = 'cart-1';
    r.cart.customerCartId = 'customer-cart-1';
  }
  toString = (): string => 'fillCart';
}

class SignInCommand implements SessionCommand {
  constructor(readonly answer: ProviderAnswer) {}
  check = (): boolean => true;
  async run(m: Model, r: Real): Promise<void> {
    r.identity.answer = this.answer;
    const cartBefore = r.cart.cart;
    const outcome = await r.signIn.execute({ username: 'pro@lavabo.test', password: 'x' });
    const succeeded =
      !('throws' in this.answer) &&
      this.answer.status === 'SUCCESS' &&
      this.answer.tokens !== undefined;
    expect(outcome.kind === 'success').toBe(succeeded);
    if (succeeded) {
      // A guest's anonymousId rides along for the cart merge; a customer's token carries none.
      m.anonymousId = m.state === 'guest' ? m.anonymousId : undefined;
      m.state = 'logged';
      expect(r.store.load()?.receivedAt).toBe(r.clock.now());
    }
    // Signing in never touches the cart: merging it is the cart's business.
    expect(r.cart.cart).toBe(cartBefore);
    checkState(m, r);
  }
  toString = (): string => `signIn(${JSON.stringify(this.answer)})`;
}

const expectSignedOut = (m: Model, r: Real, from: number): void => {
  expect(r.log.slice(from)).toEqual([
    'closeSession',
    'clearCart',
    'clearCustomerCartId',
    'clearTokens',
    'signOut',
  ]);
  expect(r.cart.cart).toBeNull();
  expect(r.cart.customerCartId).toBeNull();
  m.state = 'none';
  m.anonymousId = undefined;
  checkState(m, r);
};

class SignOutCommand implements SessionCommand {
  constructor(
    readonly closeFails: boolean,
    readonly signOutFails: boolean,
  ) {}
  check = (): boolean => true;
  async run(m: Model, r: Real): Promise<void> {
    r.identity.closeFails = this.closeFails;
    r.identity.signOutFails = this.signOutFails;
    const from = r.log.length;
    const report = await r.signOut.execute();
    expect(report).toEqual({
      sessionClosed: !this.closeFails,
      providerSignedOut: !this.signOutFails,
    });
    expectSignedOut(m, r, from);
  }
  toString = (): string =>
    `signOut(closeFails=${this.closeFails}, signOutFails=${this.signOutFails})`;
}

class TokenErrorCommand implements SessionCommand {
  constructor(readonly error: unknown) {}
  check = (): boolean => true;
  async run(m: Model, r: Real): Promise<void> {
    r.identity.closeFails = false;
    r.identity.signOutFails = false;
    const from = r.log.length;
    await r.tokenError.execute(this.error);
    expectSignedOut(m, r, from);
  }
  toString = (): string => 'tokenError';
}

class Tick implements SessionCommand {
  constructor(readonly ms: number) {}
  check = (): boolean => true;
  async run(_m: Model, r: Real): Promise<void> {
    r.clock.advance(this.ms);
  }
  toString = (): string => `tick(${this.ms})`;
}

const answers: fc.Arbitrary<ProviderAnswer> = fc.oneof(
  fc.constant({ status: 'SUCCESS', tokens: grant }),
  fc.constant({ status: 'SUCCESS' }),
  fc.constant({ status: 'LOCKED_OUT' }),
  fc.constant({ status: 'PASSWORD_EXPIRED' }),
  fc.record(
    { status: fc.string(), errorSummary: fc.string() },
    { requiredKeys: ['status'], noNullPrototype: true },
  ),
  fc.constant({ throws: { errorSummary: 'Authentication failed' } }),
  fc.constant({ throws: new Error('network') }),
);

const commands = fc.commands<Model, Real, false>(
  [
    fc.uuid().map((id) => new BecomeGuest(id)),
    fc.constant(new FillCart()),
    answers.map((a) => new SignInCommand(a)),
    fc.tuple(fc.boolean(), fc.boolean()).map(([c, s]) => new SignOutCommand(c, s)),
    fc.anything().map((e) => new TokenErrorCommand(e)),
    fc.integer({ min: 0, max: 3_600_000 }).map((ms) => new Tick(ms)),
  ],
  { maxCommands: 30 },
);

describe('session: sign in, sign out, token error (model-based)', () => {
  it('moves guest → logged on success only, and every exit clears the session, cart and tokens', async () => {
    await fc.assert(
      fc.asyncProperty(commands, (cmds) => {
        const setup = (): { model: Model; real: Real } => {
          const log: Log = [];
          const clock = new ManualClock(1_700_000_000_000);
          const store = new LoggingTokenStore(log);
          const cart = new FakeCart(log);
          const identity = new FakeIdentity(log);
          const signOut = new SignOut(identity, store, cart);
          return {
            model: { state: 'none', anonymousId: undefined },
            real: {
              log,
              clock,
              store,
              cart,
              identity,
              signIn: new SignIn(identity, store, clock),
              signOut,
              tokenError: new HandleTokenError(signOut),
            },
          };
        };
        return fc.asyncModelRun(setup, cmds);
      }),
      { numRuns: 100 },
    );
  });
});
