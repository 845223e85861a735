/**
 * Content and configuration: page models (`/api/content/{path}.model.json`, also `{path}.html`,
 * normalised as the storefront normalises page paths) and the global configuration. Neither is
 * customer-specific, so both may be cached — except a page model asked for with the author
 * preview's cookies (../preview/preview-session.ts): a valid preview gets the page's draft, and any
 * preview cookie makes the answer private and unstored, so no cache ever holds a draft nor hands a
 * previewing author the published page.
 */
import { NO_SITE_NOTICES, type SiteNotices } from '../content/site-notices';
import type { FastifyInstance } from 'fastify';
import { normalisePagePath } from '../../core/content/page-path';
import { isPageModelPath, loadDraftPageModel, loadPageModel } from '../content';
import {
  asksForPreview,
  markPreviewAnswer,
  PREVIEW_CACHE_CONTROL,
  type AuthorPreview,
} from '../preview/preview-session';
import { ApiError } from '../http/errors';
import { invalidField } from '../http/input';
import { single, type RawParams } from '../search/solr-query';
import { globalConfiguration } from './configuration';
import type { ThirdPartyScript } from '../../core/content/page-readiness';
import { DEMO_THIRD_PARTY_SCRIPTS } from '../analytics/third-party-scripts';
import { describe, querystring } from './docs';
import { answers, open, pathParams, str } from './schemas/common';

/** core/content/configuration.ts caches it for 10 minutes; so may the browser and CDNs. */
export const CONFIG_CACHE_CONTROL = 'public, max-age=600';
export const CONTENT_CACHE_CONTROL = 'public, max-age=300';

/**
 * The page path a content request names: 'en/kitchen.model.json', 'en/kitchen.html',
 * 'content/lavabo/en/kitchen.html.model.json' → '/en/kitchen'; null when it names none.
 */
export const contentRequestPath = (wildcard: string): string | null => {
  let decoded: string;
  try {
    decoded = decodeURIComponent(wildcard);
  } catch {
    return null;
  }
  const bare = decoded.replace(/\.model\.json$/i, '');
  if (bare === decoded && !/\.html$/i.test(decoded)) return null;
  const path = normalisePagePath(`/${bare.replace(/^\/+/, '')}`).replace(/\.html$/i, '');
  return isPageModelPath(path) ? path : null;
};

export const contentRoutes = (
  app: FastifyInstance,
  notices: SiteNotices = NO_SITE_NOTICES,
  scripts: readonly ThirdPartyScript[] = DEMO_THIRD_PARTY_SCRIPTS,
  preview: AuthorPreview | null = null,
): void => {
  app.get(
    '/api/config/global',
    {
      schema: {
        ...describe(
          'Content',
          'Global configuration',
          'core/content/configuration.ts plus `apiEndPointData.map`, `pdpConfiguration.map` and `pdpURLMapping`; cacheable 10 minutes.',
        ),
        querystring: querystring({ path: { description: 'the page asking (echoed back)' } }),
        response: answers({
          200: open(
            {
              apiEndPointData: open({ map: { type: 'object', additionalProperties: str() } }, [
                'map',
              ]),
              pdpConfiguration: open({ map: { type: 'object', additionalProperties: true } }, [
                'map',
              ]),
              pdpURLMapping: { type: 'object', additionalProperties: str() },
              path: str('the page asking'),
            },
            ['apiEndPointData', 'pdpConfiguration', 'pdpURLMapping', 'path'],
            'core/content/configuration.ts StorefrontConfiguration and the members above',
          ),
        }),
      },
    },
    async (request, reply) => {
      const path = single(request.query as RawParams, 'path')?.trim();
      if (path !== undefined && (path.length > 200 || !/^\/[\w\-./]*$/.test(path))) {
        throw invalidField('path', 'must be a page path such as /en/kitchen');
      }
      reply.header('cache-control', CONFIG_CACHE_CONTROL);
      return globalConfiguration(
        path === undefined || path === '' ? undefined : path,
        notices,
        scripts,
      );
    },
  );

  app.get(
    '/api/content/*',
    {
      schema: {
        ...describe(
          'Content',
          'Page model',
          "`/api/content/{path}.model.json` or `{path}.html` → a page model (core/content/page-model.ts); 404 JSON for an unknown page. With both author preview cookies valid, the page's draft when it has one, `X-Robots-Tag: noindex`; any preview cookie makes the answer `Cache-Control: private, no-store`.",
        ),
        querystring: querystring({
          preview: {
            description:
              'set by the storefront while previewing, so the browser never answers from a published model it kept; drafts need the cookies',
          },
        }),
        params: pathParams({ '*': 'the page path, `en/kitchen.model.json` or `en/kitchen.html`' }),
        response: answers(
          { 200: open({}, [], 'A page model (core/content/page-model.ts)') },
          { errors: [404] },
        ),
      },
    },
    async (request, reply) => {
      const wildcard = (request.params as { '*': string })['*'];
      const path = contentRequestPath(wildcard);
      // The cookies are read only when there are any: a shopper's request costs nothing more.
      const asked = preview !== null && asksForPreview(request);
      const session = asked ? await preview.of(request) : null;
      const draft = session !== null && path !== null ? await loadDraftPageModel(path) : null;
      const model = draft ?? (path === null ? null : await loadPageModel(path));
      // The answer depends on the cookies: a cache that keeps it keys it by them too. One that
      // came with a preview cookie, valid or not, is the caller's own and is never kept.
      reply.header('vary', 'cookie');
      if (session !== null) markPreviewAnswer(reply);
      else if (asked) reply.header('cache-control', PREVIEW_CACHE_CONTROL);
      if (model === null) throw new ApiError(404, `No page model for /${wildcard}`);
      if (!asked) reply.header('cache-control', CONTENT_CACHE_CONTROL);
      return model;
    },
  );
};
