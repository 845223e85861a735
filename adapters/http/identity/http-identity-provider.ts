/**
 * The IdentityProvider port over our API (docs/api.md, Identity): credential sign-in with the guest
 * token as bearer, and sign-out revoking the customer's refresh token. The spec's provider SDK
 * (spec §7) is replaced by these calls; the storefront only sees the port.
 */
import type { Credentials, IdentityProvider, TokenStore } from '../../../core/auth/ports';
import type { ProviderSignInResult } from '../../../core/auth/sign-in-result';
import type { AppConfig } from '../../di/types';
import type { ApiClient } from '../api-client';
import { ApiError } from '../api-error';
import { toTokenGrant } from '../auth/token.codec';
import { SessionlessClient } from '../sessionless-client';
import { SignInResponseCodec } from './identity.codec';

export class HttpIdentityProvider implements IdentityProvider {
  private readonly http: SessionlessClient;

  constructor(
    private readonly api: ApiClient,
    private readonly tokens: TokenStore,
    config: AppConfig,
  ) {
    // Sign-out must not go through the session: it runs while the session is being torn down.
    this.http = new SessionlessClient(config);
  }

  async signIn(credentials: Credentials): Promise<ProviderSignInResult> {
    try {
      const wire = await this.api.post(
        '/identity/signin',
        { username: credentials.username.trim(), password: credentials.password },
        SignInResponseCodec,
      );
      return {
        status: wire.status,
        ...(wire.errorSummary === undefined ? {} : { errorSummary: wire.errorSummary }),
        ...(wire.tokens === undefined ? {} : { tokens: toTokenGrant(wire.tokens) }),
        ...(wire.challenge === undefined ? {} : { challenge: wire.challenge }),
      };
    } catch (error) {
      // Thrown with an errorSummary, as the provider SDK does (core maps it, spec §8).
      throw error instanceof ApiError
        ? Object.assign(error, { errorSummary: error.message })
        : error;
    }
  }

  /** Revokes the customer's refresh token; a guest has no session to close. */
  async closeSession(): Promise<void> {
    const stored = this.tokens.load();
    if (stored === null || stored.anonymous) return;
    await this.http.post(
      '/identity/signout',
      { refresh_token: stored.refreshToken },
      { bearer: stored.accessToken },
    );
  }

  /** Nothing more to do with our provider: the shell sends the shopper to the logout URL. */
  async signOut(): Promise<void> {}
}
