/**
 * Use case: logout (spec §4 Session): close the session, clear the cart and customer cart id,
 * and sign out. The local steps always run, even when the provider fails, so a shopper who asked
 * to leave never stays signed in on this device.
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
    this.cart.clearCart();
    this.cart.clearCustomerCartId();
    this.tokens.clear();
    const providerSignedOut = await this.identity.signOut().then(
      () => true,
      () => false,
    );
    return { sessionClosed, providerSignedOut };
  }
}
