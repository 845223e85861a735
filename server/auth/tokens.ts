/**
 * Signed JWTs for the storefront (spec §3 user claims, §7 token endpoint). Everything a request
 * needs to know about its caller is in the verified token, which must expire; a customer's access
 * token also names its sign-in session (`sid`), checked live by ./session-liveness.ts.
 */
import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';
import {
  ACCESS_TOKEN_TTL_S,
  CUSTOMER_SCOPES,
  GUEST_SCOPES,
  REFRESH_TOKEN_TTL_S,
  REVALIDATE_IN_S,
} from '../../core/auth/policies';

export const ISSUER = 'lavabo';
export const AUDIENCE = 'lavabo-storefront';
// Token lifetimes and scopes are core's (core/auth/policies.ts), shared with the offline demo's
// fakes; re-exported for the server's callers.
export { ACCESS_TOKEN_TTL_S, CUSTOMER_SCOPES, GUEST_SCOPES, REFRESH_TOKEN_TTL_S, REVALIDATE_IN_S };

export type TokenUse = 'access' | 'refresh';

export interface AccessClaims {
  /** `guest:<anonymousId>` for guests. */
  readonly sub: string;
  readonly anonymousId?: string;
  /** e.g. ['KOUS:GST'] — channel and persona code (spec §6). */
  readonly persona: readonly string[];
  readonly channel: string;
  readonly scopes: readonly string[];
  readonly isAuth: boolean;
  /** Signed-in customers only (spec §3 user claims): the customer's id and uid, names, type. */
  readonly customerId?: string;
  readonly uid?: string;
  readonly firstName?: string;
  readonly lastName?: string;
  readonly businessType?: string;
  /**
   * Customer tokens issued with a recorded session: the refresh-token family (`sid`) they were
   * issued with, so a call can tell the caller's own sign-in session from the others.
   */
  readonly sessionId?: string;
}

/**
 * A customer's refresh token is recorded (server/identity): its id is the JWT id, its family the
 * sign-in session it belongs to. Guest refresh tokens are not recorded.
 */
export interface RefreshSession {
  readonly tokenId: string;
  readonly familyId: string;
  readonly customerId: string;
}

/** What a verified refresh token says. */
export interface RefreshClaims {
  readonly sub: string;
  readonly tokenId: string;
  readonly channel: string;
  readonly anonymousId?: string;
  /** Customer refresh tokens only. */
  readonly customerId?: string;
  readonly familyId?: string;
  /** Seconds since the epoch. */
  readonly expiresAt: number;
}

export interface TokenGrantBody {
  readonly access_token: string;
  readonly refresh_token: string;
  readonly expires_in: number;
  readonly revalidate_in: number;
  readonly scopes: readonly string[];
  readonly token_type: 'Bearer';
}

export class InvalidTokenError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'InvalidTokenError';
  }
}

type TextClaim = 'anonymousId' | 'customerId' | 'uid' | 'firstName' | 'lastName' | 'businessType';

/** `{[name]: value}` when the claim is a string, else nothing (exactOptionalPropertyTypes). */
const optionalText = <K extends TextClaim>(payload: JWTPayload, name: K): { [P in K]?: string } => {
  const value = payload[name];
  return (typeof value === 'string' ? { [name]: value } : {}) as { [P in K]?: string };
};

/** How many verified access tokens a TokenService keeps (verifyAccess). */
export const VERIFIED_ACCESS_KEPT = 20_000;

export class TokenService {
  /**
   * The secret imported once as an HMAC key: jose imports a byte key (or a Node KeyObject's bytes)
   * afresh on every sign and verify, which the auth hook would pay on every request.
   */
  private readonly key: Promise<CryptoKey>;

  constructor(secret: Uint8Array) {
    this.key = crypto.subtle.importKey(
      'raw',
      new Uint8Array(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async issueGuest(channel: string, anonymousId: string): Promise<TokenGrantBody> {
    const claims: AccessClaims = {
      sub: `guest:${anonymousId}`,
      anonymousId,
      persona: [`${channel}:GST`],
      channel,
      scopes: [...GUEST_SCOPES],
      isAuth: false,
    };
    return this.issue(claims);
  }

  /**
   * A token pair; with `session`, the refresh token carries that recorded id and family, and the
   * access token the family as `sid`.
   */
  async issue(claims: AccessClaims, session?: RefreshSession): Promise<TokenGrantBody> {
    const { sub, sessionId: _given, ...rest } = claims;
    const access = await this.sign(
      { ...rest, ...(session === undefined ? {} : { sid: session.familyId }), token_use: 'access' },
      sub,
      ACCESS_TOKEN_TTL_S,
    );
    const refresh = await this.sign(
      {
        token_use: 'refresh',
        channel: claims.channel,
        anonymousId: claims.anonymousId,
        ...(session === undefined ? {} : { customerId: session.customerId, fam: session.familyId }),
      },
      sub,
      REFRESH_TOKEN_TTL_S,
      session?.tokenId,
    );
    return {
      access_token: access,
      refresh_token: refresh,
      expires_in: ACCESS_TOKEN_TTL_S,
      revalidate_in: REVALIDATE_IN_S,
      scopes: claims.scopes,
      token_type: 'Bearer',
    };
  }

  /**
   * Access tokens verified already, by their whole text, until they expire: a shopper sends the
   * same token with every request, and checking its signature again is most of what a cached
   * catalogue read costs. Only a token that passed every check is kept, under its exact text (any
   * other text is verified afresh), and only until its `exp`, which is checked as jose checks it.
   * At most VERIFIED_ACCESS_KEPT, the oldest dropped first.
   */
  private readonly verifiedAccess = new Map<
    string,
    { readonly claims: AccessClaims; readonly expiresAtMs: number }
  >();

  /** The claims of a valid access token; throws InvalidTokenError for anything else. */
  async verifyAccess(token: string): Promise<AccessClaims> {
    return this.knownAccess(token) ?? this.verifyAccessAfresh(token);
  }

  /**
   * The claims of an access token verified already and not yet expired, at once (no promise: the
   * auth hook answers most requests with it); undefined for any other text, which verifyAccess
   * checks. An expired one is forgotten.
   */
  knownAccess(token: string): AccessClaims | undefined {
    const known = this.verifiedAccess.get(token);
    if (known === undefined) return undefined;
    if (Date.now() < known.expiresAtMs) return known.claims;
    this.verifiedAccess.delete(token);
    return undefined;
  }

  private async verifyAccessAfresh(token: string): Promise<AccessClaims> {
    const payload = await this.verify(token, 'access');
    const persona = payload.persona;
    const scopes = payload.scopes;
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.channel !== 'string' ||
      !Array.isArray(persona) ||
      !Array.isArray(scopes)
    ) {
      throw new InvalidTokenError('malformed claims');
    }
    // Shared by every request that sends this token: frozen, so none can change it for the others.
    const claims: AccessClaims = Object.freeze({
      sub: payload.sub,
      ...(typeof payload.anonymousId === 'string' ? { anonymousId: payload.anonymousId } : {}),
      persona: Object.freeze(persona.map(String)),
      channel: payload.channel,
      scopes: Object.freeze(scopes.map(String)),
      isAuth: payload.isAuth === true,
      ...optionalText(payload, 'customerId'),
      ...optionalText(payload, 'uid'),
      ...optionalText(payload, 'firstName'),
      ...optionalText(payload, 'lastName'),
      ...optionalText(payload, 'businessType'),
      ...(typeof payload.sid === 'string' ? { sessionId: payload.sid } : {}),
    });
    // `exp` is required by verify; jose refuses a token once `exp` <= the current second.
    const expiresAtMs = Number(payload.exp) * 1000;
    if (this.verifiedAccess.size >= VERIFIED_ACCESS_KEPT) {
      const oldest = this.verifiedAccess.keys().next();
      if (oldest.done !== true) this.verifiedAccess.delete(oldest.value);
    }
    this.verifiedAccess.set(token, { claims, expiresAtMs });
    return claims;
  }

  /** The claims of a valid refresh token; throws InvalidTokenError for anything else. */
  async verifyRefresh(token: string): Promise<RefreshClaims> {
    const payload = await this.verify(token, 'refresh');
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.jti !== 'string' ||
      typeof payload.channel !== 'string' ||
      typeof payload.exp !== 'number'
    ) {
      throw new InvalidTokenError('malformed claims');
    }
    return {
      sub: payload.sub,
      tokenId: payload.jti,
      channel: payload.channel,
      expiresAt: payload.exp,
      ...optionalText(payload, 'anonymousId'),
      ...optionalText(payload, 'customerId'),
      ...(typeof payload.fam === 'string' ? { familyId: payload.fam } : {}),
    };
  }

  private async sign(
    payload: JWTPayload,
    subject: string,
    ttlSeconds: number,
    jti: string = randomUUID(),
  ): Promise<string> {
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject(subject)
      .setJti(jti)
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
      .sign(await this.key);
  }

  private async verify(token: string, use: TokenUse): Promise<JWTPayload> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        // jose checks `exp` only when present: a token that never expires is refused.
        requiredClaims: ['exp'],
      });
      if (payload.token_use !== use) throw new InvalidTokenError(`not an ${use} token`);
      return payload;
    } catch (error) {
      if (error instanceof InvalidTokenError) throw error;
      throw new InvalidTokenError(error instanceof Error ? error.message : 'invalid');
    }
  }
}
