/** Ports of the session use cases (sign in, sign out, token error). */
import type { ProviderSignInResult } from './sign-in-result';

export interface Credentials {
  readonly username: string;
  readonly password: string;
}

/** Port: the external identity provider's browser SDK (spec §7 Identity provider). */
export interface IdentityProvider {
  signIn(credentials: Credentials): Promise<ProviderSignInResult>;
  /** End the provider's session (the SDK's close-session call). */
  closeSession(): Promise<void>;
  /** Sign out with the provider (may navigate to its logout URL). */
  signOut(): Promise<void>;
}

/** Port: the shopper's cart as the shop keeps it locally (the cart slice and customer cart id). */
export interface LocalCartState {
  clearCart(): void;
  clearCustomerCartId(): void;
}
