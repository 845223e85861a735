/**
 * The customer's token calls over HTTP: refresh with rotation (POST /oauth/token?scope=refresh,
 * public) and the validate call. A bare axios instance, like the guest token endpoint: these calls
 * hand out or check bearer tokens, so they cannot go through the authenticated ApiClient.
 */
import axios, { type AxiosInstance } from 'axios';
import type { CustomerTokenGateway } from '../../../core/auth/ports-identity';
import type { TokenGrant } from '../../../core/auth/token-lifecycle';
import type { AppConfig } from '../../di/types';
import { toApiError } from '../api-client';
import { decodeOrThrow } from '../decode';
import { TokenGrantCodec, toTokenGrant, ValidateResponseCodec } from '../auth/token.codec';

export class HttpCustomerTokenGateway implements CustomerTokenGateway {
  private readonly http: AxiosInstance;

  constructor(config: AppConfig) {
    this.http = axios.create({
      baseURL: config.apiBaseUrl,
      timeout: config.apiTimeoutMs,
      headers: { 'Content-Type': 'application/json', target: config.channel },
    });
  }

  /** null when the server refuses the refresh token (4xx); throws when it cannot be asked. */
  async refresh(refreshToken: string): Promise<TokenGrant | null> {
    let response;
    try {
      response = await this.http.post<unknown>(
        '/oauth/token',
        { refresh_token: refreshToken },
        { params: { scope: 'refresh' } },
      );
    } catch (e) {
      const error = toApiError(e);
      const status = error.details.status;
      if (status !== undefined && status >= 400 && status < 500) return null;
      throw error;
    }
    return toTokenGrant(decodeOrThrow(TokenGrantCodec, response.data, 'the token refresh'));
  }

  async validate(accessToken: string): Promise<boolean> {
    const response = await this.http
      .post<unknown>('/oauth/token/validate', undefined, {
        headers: { Authorization: `Bearer ${accessToken}` },
      })
      .catch((e: unknown) => {
        throw toApiError(e);
      });
    return decodeOrThrow(ValidateResponseCodec, response.data, 'the validate call').valid;
  }
}
