/**
 * The customer's token calls over HTTP: refresh with rotation (POST /oauth/token?scope=refresh,
 * public) and the validate call. The SessionlessClient, like the guest token endpoint: these calls
 * hand out or check bearer tokens, so they cannot go through the authenticated ApiClient.
 */
import type { CustomerTokenGateway } from '../../../core/auth/ports';
import type { TokenGrant } from '../../../core/auth/token-lifecycle';
import type { AppConfig } from '../../di/types';
import { ApiError } from '../api-error';
import { TokenGrantCodec, toTokenGrant } from '../auth/token.codec';
import { decodeOrThrow } from '../decode';
import { SessionlessClient } from '../sessionless-client';

export class HttpCustomerTokenGateway implements CustomerTokenGateway {
  private readonly http: SessionlessClient;

  constructor(config: AppConfig) {
    this.http = new SessionlessClient(config);
  }

  /** null when the server refuses the refresh token (4xx); throws when it cannot be asked. */
  async refresh(refreshToken: string): Promise<TokenGrant | null> {
    let answer: unknown;
    try {
      answer = await this.http.post(
        '/oauth/token',
        { refresh_token: refreshToken },
        { params: { scope: 'refresh' } },
      );
    } catch (error) {
      const status = error instanceof ApiError ? error.details.status : undefined;
      if (status !== undefined && status >= 400 && status < 500) return null;
      throw error;
    }
    return toTokenGrant(decodeOrThrow(TokenGrantCodec, answer, 'the token refresh'));
  }

  validate(accessToken: string): Promise<boolean> {
    return this.http.validate(accessToken);
  }
}
