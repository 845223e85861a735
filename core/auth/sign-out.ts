/**
 * Use case: logout (spec §4 Session): close the session, clear the cart and customer cart id,
 * and sign out. The local steps always run, even when the provider fails, so a shopper who asked
 * to leave never stays signed in on this device. `forgetLocally` is those local steps alone, for a
 * session the server has already ended (a deleted account's): its tokens are dropped at once, so
 * nothing the page asks for next goes out with them, and no sign-out call is made with them.
 */
import type { IdentityProvider, LocalCartState, TokenStore } from './ports';

export interface SignOutReport {
  readonly sessionClosed: boolean;
  readonly providerSignedOut: boolean;
}

export class SignOut {
  constructor(
    private readonly identity: IdentityProvider,
    private readonly tokens: TokenStore,
    private readonly cart: LocalCartState,
  ) {}

  async execute(): Promise<SignOutReport> {
    const sessionClosed = await this.identity.closeSession().then(
      () => true,
      () => false,
    );
    this.forgetLocally();
    const providerSignedOut = await this.identity.signOut().then(
      () => true,
      () => false,
    );
    return { sessionClosed, providerSignedOut };
  }

  /** The local steps: this device forgets the cart, the customer's cart id and the tokens. */
  forgetLocally(): void {
    this.cart.clearCart();
    this.cart.clearCustomerCartId();
    this.tokens.clear();
  }
}
