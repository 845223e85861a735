/**
 * Author preview (spec §2, §6; docs/api.md "Author preview"): a signed-in content author starts it,
 * and from then on the content's page models are their drafts (server/content drafts/), the pages
 * say `noindex`, and nothing of it is cached. It takes two cookies, both HttpOnly and SameSite=Lax
 * (Secure on https):
 *
 * - `lavabo_preview=1`, the switch;
 * - `lavabo_preview_token`, a JWT signed with the server's key (server/auth/signing-key.ts) for
 *   its own audience, so no access token can stand in for it nor it for one: it names the author
 *   (`sub`, the customer id) and the sign-in session it was started from (`sid`), and expires
 *   (PREVIEW_TTL_S).
 *
 * A request is previewing only when both are there, the token verifies and has not expired, the
 * account it names still holds the author role (read from the database each time: a role taken
 * away ends the preview at once) and that sign-in session is still live (signing out ends the
 * preview too, so the next person at a shared computer sees no drafts). Anything less — no
 * cookies, one of them, a forged, expired or non-author token — is an ordinary request and gets
 * the published content.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import type { SessionLive } from '../auth/session-liveness';
import type { Queryable } from '../db/database';
import { hasRole } from '../identity/customer-roles';

export const PREVIEW_COOKIE = 'lavabo_preview';
export const PREVIEW_TOKEN_COOKIE = 'lavabo_preview_token';
/** How long a preview lasts before the author starts it again: a working session. */
export const PREVIEW_TTL_S = 2 * 60 * 60;

const ISSUER = 'lavabo';
/** Not the storefront's audience: a preview token is no access token, and the reverse. */
const AUDIENCE = 'lavabo-author-preview';

export interface PreviewSession {
  /** The author's customer id. */
  readonly authorId: string;
  /** The sign-in session it was started from (the access token's `sid`). */
  readonly sessionId: string;
  /** When the preview ends, ISO 8601. */
  readonly expiresAt: string;
}

/** The cookies of a Cookie header, by name (the first of a repeated name wins, as browsers send). */
export const parseCookies = (header: string | undefined): ReadonlyMap<string, string> => {
  const cookies = new Map<string, string>();
  if (header === undefined) return cookies;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (name === '' || cookies.has(name)) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) {
      value = value.slice(1, -1);
    }
    cookies.set(name, value);
  }
  return cookies;
};

/** Whether the request carries either preview cookie (a preview asked for, valid or not). */
export const asksForPreview = (request: FastifyRequest): boolean => {
  const cookies = parseCookies(request.headers.cookie);
  return cookies.has(PREVIEW_COOKIE) || cookies.has(PREVIEW_TOKEN_COOKIE);
};

export interface AuthorPreviewOptions {
  /** Whether a sign-in session is live (server/auth/session-liveness.ts). */
  readonly sessionLive: SessionLive;
  /** Milliseconds since the epoch; injectable for tests. */
  readonly now?: () => number;
}

export class AuthorPreview {
  private readonly now: () => number;
  private readonly sessionLive: SessionLive;

  constructor(
    private readonly db: Queryable,
    private readonly key: Uint8Array,
    options: AuthorPreviewOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.sessionLive = options.sessionLive;
  }

  /** A preview token for this author's sign-in session, valid PREVIEW_TTL_S from now. */
  async issue(
    authorId: string,
    sessionId: string,
  ): Promise<{ token: string; session: PreviewSession }> {
    const issuedAt = Math.floor(this.now() / 1000);
    const expiresAt = issuedAt + PREVIEW_TTL_S;
    const token = await new SignJWT({ use: 'preview', sid: sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject(authorId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(this.key);
    return {
      token,
      session: { authorId, sessionId, expiresAt: new Date(expiresAt * 1000).toISOString() },
    };
  }

  /** The preview a token grants, or null when it is forged, expired or not a preview token. */
  async verify(token: string): Promise<PreviewSession | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
        currentDate: new Date(this.now()),
        requiredClaims: ['sub', 'exp'],
      });
      const { use, sub, sid } = payload;
      if (use !== 'preview' || typeof sub !== 'string' || sub === '') return null;
      if (typeof sid !== 'string' || sid === '') return null;
      return {
        authorId: sub,
        sessionId: sid,
        expiresAt: new Date((payload.exp ?? 0) * 1000).toISOString(),
      };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }

  /** Whether the customer is a content author. */
  isAuthor(customerId: string): Promise<boolean> {
    return hasRole(this.db, customerId, 'author');
  }

  /**
   * The request's preview: both cookies, a valid token, an author still, signed in still. Null
   * otherwise.
   */
  async of(request: FastifyRequest): Promise<PreviewSession | null> {
    const cookies = parseCookies(request.headers.cookie);
    const token = cookies.get(PREVIEW_TOKEN_COOKIE);
    if (cookies.get(PREVIEW_COOKIE) !== '1' || token === undefined || token === '') return null;
    const session = await this.verify(token);
    if (session === null) return null;
    const [author, live] = await Promise.all([
      this.isAuthor(session.authorId),
      this.sessionLive(session.authorId, session.sessionId),
    ]);
    return author && live ? session : null;
  }
}

/** The attributes both cookies share: never readable by scripts, not sent on cross-site posts. */
const cookieAttributes = (request: FastifyRequest, maxAge: number): string =>
  `Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${request.protocol === 'https' ? '; Secure' : ''}`;

/** Sets both preview cookies for a session just issued. */
export const setPreviewCookies = (
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
): void => {
  const attributes = cookieAttributes(request, PREVIEW_TTL_S);
  reply.header('set-cookie', [
    `${PREVIEW_COOKIE}=1; ${attributes}`,
    `${PREVIEW_TOKEN_COOKIE}=${token}; ${attributes}`,
  ]);
};

/** Clears both preview cookies. */
export const clearPreviewCookies = (request: FastifyRequest, reply: FastifyReply): void => {
  const attributes = cookieAttributes(request, 0);
  reply.header('set-cookie', [
    `${PREVIEW_COOKIE}=; ${attributes}`,
    `${PREVIEW_TOKEN_COOKIE}=; ${attributes}`,
  ]);
};

/** The answer headers of everything previewed: for this author only, kept by no cache, unindexed. */
export const PREVIEW_CACHE_CONTROL = 'private, no-store';

export const markPreviewAnswer = (reply: FastifyReply): void => {
  reply
    .header('cache-control', PREVIEW_CACHE_CONTROL)
    .header('x-robots-tag', 'noindex')
    .header('vary', 'cookie');
};
