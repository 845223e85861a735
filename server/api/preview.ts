/**
 * Author preview (spec §2, §6; docs/api.md "Author preview"): a signed-in content author turns
 * it on and off; ../preview/preview-session.ts holds the rules (two cookies, a signed token bound
 * to the author that expires). `GET` tells the storefront whether to offer it (the account menu's
 * "Preview drafts") and whether it is on.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ownerOf } from '../auth/owner';
import { callerOf } from '../http/caller';
import { ApiError } from '../http/errors';
import {
  clearPreviewCookies,
  PREVIEW_CACHE_CONTROL,
  setPreviewCookies,
  type AuthorPreview,
} from '../preview/preview-session';
import { describe } from './docs';
import { answers, bool, checkedByRoute, closed, noContent, str } from './schemas/common';

export const PREVIEW_PATH = '/api/content/preview';
export const AUTHORS_ONLY = 'Sign in as a content author to preview drafts.';

const STATE = closed(
  {
    author: bool('the caller is a signed-in content author, who may start a preview'),
    active: bool('this browser is previewing drafts (both preview cookies are valid)'),
    expiresAt: str('when the preview ends, ISO 8601; only while active'),
  },
  ['author', 'active'],
);

export const previewRoutes = (app: FastifyInstance, preview: AuthorPreview): void => {
  /**
   * The signed-in author and the sign-in session they ask from, or null for a guest or a customer
   * who is no author.
   */
  const authorOf = async (
    request: FastifyRequest,
  ): Promise<{ readonly id: string; readonly sessionId: string } | null> => {
    const claims = callerOf(request);
    const owner = ownerOf(claims);
    if (owner?.kind !== 'customer' || claims.sessionId === undefined) return null;
    return (await preview.isAuthor(owner.id))
      ? { id: owner.id, sessionId: claims.sessionId }
      : null;
  };

  app.get(
    PREVIEW_PATH,
    {
      schema: {
        ...describe(
          'Content',
          'Author preview state',
          '`{author, active, expiresAt?}`: whether the caller is a content author (the storefront then offers "Preview drafts") and whether this browser is previewing. Never cached.',
        ),
        response: answers({ 200: STATE }),
      },
    },
    async (request, reply) => {
      const [author, session] = await Promise.all([authorOf(request), preview.of(request)]);
      reply.header('cache-control', PREVIEW_CACHE_CONTROL);
      return {
        author: author !== null,
        active: session !== null,
        ...(session === null ? {} : { expiresAt: session.expiresAt }),
      };
    },
  );

  app.post(
    PREVIEW_PATH,
    {
      // Nothing in the body is read: the caller's token says who asks.
      ...checkedByRoute,
      schema: {
        body: closed({}, [], 'None: send no body (or an empty object)'),
        ...describe(
          'Content',
          'Start author preview',
          "A signed-in content author only (else 403). Sets two cookies, good while the author's sign-in session lasts (signing out ends the preview), both `HttpOnly; SameSite=Lax; Path=/` (`Secure` on https) and lasting 2 hours: `lavabo_preview=1` and `lavabo_preview_token`, a token signed by the server naming the author. While both are valid, page models are their drafts and pages say `noindex`, all `Cache-Control: private, no-store`. Answers `{author: true, active: true, expiresAt}`.",
        ),
        response: answers({ 200: STATE }, { errors: [403] }),
      },
    },
    async (request, reply) => {
      const author = await authorOf(request);
      if (author === null) throw new ApiError(403, AUTHORS_ONLY);
      const { token, session } = await preview.issue(author.id, author.sessionId);
      setPreviewCookies(request, reply, token);
      reply.header('cache-control', PREVIEW_CACHE_CONTROL);
      return { author: true, active: true, expiresAt: session.expiresAt };
    },
  );

  app.delete(
    PREVIEW_PATH,
    {
      schema: {
        ...describe(
          'Content',
          'Exit author preview',
          'Clears both preview cookies (any caller: leaving needs no role) → 204; the published content is served again.',
        ),
        response: answers({ 204: noContent('Preview ended') }),
      },
    },
    async (request, reply) => {
      clearPreviewCookies(request, reply);
      reply.header('cache-control', PREVIEW_CACHE_CONTROL);
      return reply.code(204).send();
    },
  );
};
