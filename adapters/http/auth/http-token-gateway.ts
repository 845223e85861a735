/**
 * The token endpoint and validate call over HTTP. Uses the SessionlessClient: these are the calls
 * that hand out bearer tokens, so they cannot go through the authenticated ApiClient.
 */
import type { GuestGrant, GuestTokenRequest, TokenGateway } from '../../../core/auth/ports';
import type { AppConfig } from '../../di/types';
import { decodeOrThrow } from '../decode';
import { stringClaim } from '../identity/jwt-payload';
import { SessionlessClient } from '../sessionless-client';
import { TokenGrantCodec, toTokenGrant } from './token.codec';

export class HttpTokenGateway implements TokenGateway {
  private readonly http: SessionlessClient;

  constructor(config: AppConfig) {
    this.http = new SessionlessClient(config);
  }

  async fetchGuestToken(request: GuestTokenRequest): Promise<GuestGrant> {
    const params = {
      scope: 'guest',
      channel: request.channel,
      ...(request.guestId ? { gId: request.guestId } : {}),
    };
    const answer = await this.http.post('/oauth/token', undefined, { params });
    const grant = toTokenGrant(decodeOrThrow(TokenGrantCodec, answer, 'the token endpoint'));
    // The guest's anonymousId is the `anonymousId` claim of the token the server issued; a token
    // that cannot be read keeps the id asked for (spec §8: anonymous token decode failures are
    // only logged).
    const anonymousId = stringClaim(grant.access_token, 'anonymousId');
    return { grant, anonymousId: anonymousId ?? request.guestId ?? '' };
  }

  validate(accessToken: string): Promise<boolean> {
    return this.http.validate(accessToken);
  }
}
