/**
 * The token endpoint and validate call over HTTP. Uses a bare axios instance: these are the calls
 * that hand out bearer tokens, so they cannot go through the authenticated ApiClient.
 */
import axios, { type AxiosInstance } from 'axios';
import type { GuestGrant, GuestTokenRequest, TokenGateway } from '../../../core/auth/ports';
import type { AppConfig } from '../../di/types';
import { toApiError } from '../api-client';
import { decodeOrThrow } from '../decode';
import { TokenGrantCodec, toTokenGrant, ValidateResponseCodec } from './token.codec';

/** The guest's anonymousId is the `anonymousId` claim of the token the server issued. */
const anonymousIdOf = (accessToken: string): string | null => {
  const payload = accessToken.split('.')[1];
  if (payload === undefined) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(json) as { anonymousId?: unknown };
    return typeof claims.anonymousId === 'string' ? claims.anonymousId : null;
  } catch {
    return null; // spec §8: anonymous token decode failures are only logged
  }
};

export class HttpTokenGateway implements TokenGateway {
  private readonly http: AxiosInstance;

  constructor(config: AppConfig) {
    this.http = axios.create({
      baseURL: config.apiBaseUrl,
      timeout: config.apiTimeoutMs,
      headers: { 'Content-Type': 'application/json', target: config.channel },
    });
  }

  async fetchGuestToken(request: GuestTokenRequest): Promise<GuestGrant> {
    const params = {
      scope: 'guest',
      channel: request.channel,
      ...(request.guestId ? { gId: request.guestId } : {}),
    };
    const response = await this.http
      .post<unknown>('/oauth/token', undefined, { params })
      .catch((e: unknown) => {
        throw toApiError(e);
      });
    const grant = toTokenGrant(decodeOrThrow(TokenGrantCodec, response.data, 'the token endpoint'));
    return { grant, anonymousId: anonymousIdOf(grant.access_token) ?? request.guestId ?? '' };
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
