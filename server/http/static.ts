/**
 * Serves the built storefront: hashed assets precompressed (brotli/gzip, made at build time) with a
 * year of immutable caching; HTML never cached (revalidated by ETag), so a deploy is seen at once.
 * Client routes fall back to the app shell — index.html with the global configuration inlined
 * (./app-shell.ts), status 200 for a page that is there and 404 for anything else — a path no pinned
 * route matches, or a category, product, article or technical sheet the catalogue does not have
 * (./page-existence.ts) — so search engines and tools see a real not-found.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isIndexable } from '../../core/content/indexing';
import { matchRoute } from '../../core/content/routes';
import { normalisePagePath } from '../../core/content/page-path';
import { globalConfiguration } from '../api/configuration';
import { shellCache, shellEncoding } from './app-shell';
import type { PageExistence } from './page-existence';
import { FirstViews, readManifest, readOnce, type RenderPage } from '../render/first-views';
import { injectAdapter } from '../render/inject-adapter';
import { previewPageHtml } from '../preview/preview-page';
import { markPreviewAnswer, type PreviewSession } from '../preview/preview-session';
import { sendError } from './errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
/**
 * A rendered page: any cache may keep it but asks again each time (a 304 while the ETag holds), so
 * its stock and prices are never older than the last committed change.
 */
const RENDERED_PAGE = 'public, no-cache';

/** Whether an If-None-Match header names this (weak) validator, or is `*`. */
const matchesEtag = (header: string | undefined, etag: string): boolean =>
  header !== undefined &&
  header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag.replace(/^W\//, '');
  });

export interface StorefrontOptions {
  /**
   * The configuration to inline: what `GET /api/config/global` answers. The shell is rendered again
   * only when this hands out another object; by default the one configuration, built once.
   */
  readonly configuration?: () => unknown;
  /**
   * Whether a matched route's page is there (./page-existence.ts reads the catalogue); without it,
   * every path a pinned route matches is.
   */
  readonly pageExists?: PageExistence;
  /**
   * Server rendering of catalogue and content pages (server/render/first-views.ts): the built
   * renderer, a guest token for its calls and the catalogue version its pages are kept under.
   * Without it (or before `npm run build` made dist/server) every page is the app shell.
   */
  readonly firstViews?: {
    readonly render: RenderPage;
    readonly bearer: () => Promise<string>;
    readonly version: () => number | Promise<number>;
  };
  /**
   * The request's author preview (server/preview/preview-session.ts), if it has one: its pages are
   * the app shell marked `noindex` and never stored, and never the rendered page cache's.
   */
  readonly preview?: (request: FastifyRequest) => Promise<PreviewSession | null>;
}

const builtOnce = (): (() => unknown) => {
  const configuration = globalConfiguration();
  return () => configuration;
};

export const registerStorefront = async (
  app: FastifyInstance,
  staticDir: string,
  options: StorefrontOptions = {},
): Promise<void> => {
  const built = existsSync(path.join(staticDir, 'index.html'));
  const readShell = readOnce(() => readFileSync(path.join(staticDir, 'index.html'), 'utf8'));
  const configuration = options.configuration ?? builtOnce();
  const shell = shellCache(readShell, configuration);
  const firstViews =
    built && options.firstViews !== undefined
      ? new FirstViews({
          ...options.firstViews,
          httpAdapter: injectAdapter(app),
          shell: readShell,
          manifest: readOnce(() => readManifest(staticDir)),
          configuration,
          log: app.log,
        })
      : null;

  if (built) {
    await app.register(fastifyStatic, {
      root: staticDir,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // filePath may be the precompressed twin (index.html.br): judge by the original name.
        const original = filePath.replace(/\.(br|gz)$/, '');
        const hashed = original.includes(`${path.sep}assets${path.sep}`);
        res.header(
          'cache-control',
          hashed ? IMMUTABLE : original.endsWith('.html') ? NO_CACHE : 'public, max-age=3600',
        );
      },
    });
  }

  const sendShell = async (request: FastifyRequest, reply: FastifyReply, status: number) => {
    if (!built) {
      return reply
        .code(status === 200 ? 503 : status)
        .type('text/plain; charset=utf-8')
        .send('The storefront is not built yet: run `npm run build` (npm start does it for you).');
    }
    // A page that is there and that the server renders goes out rendered (the same for every
    // shopper: shared caches may keep it, revalidating by ETag); anything else is the app shell.
    const rendered = status === 200 ? await firstViews?.page(request.url) : null;
    const page = rendered ?? shell();
    reply
      .header('cache-control', rendered == null ? NO_CACHE : RENDERED_PAGE)
      .header('etag', page.etag)
      .header('vary', 'accept-encoding');
    if (status === 200 && matchesEtag(request.headers['if-none-match'], page.etag)) {
      return reply.code(304).send();
    }
    const encoding = shellEncoding(request.headers['accept-encoding']);
    // Compressed once per configuration (app-shell.ts): @fastify/compress leaves encoded bodies be.
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.code(status).type('text/html; charset=utf-8').send(page.bodies[encoding]);
  };

  const pageExists = options.pageExists ?? (async () => true);
  /** 200 for a page that is there, 404 for a path no route matches or a page that is not. */
  const pageStatus = async (pathname: string): Promise<number> => {
    const match = matchRoute(pathname);
    return match !== null && (await pageExists(match)) ? 200 : 404;
  };

  app.setNotFoundHandler(async (request, reply) => {
    const url = new URL(request.url, 'http://localhost');
    // The API's paths and the image paths are the API's: an unknown one is its error body, not
    // the storefront's not-found page (an <img> has no use for a page of HTML).
    if (
      url.pathname.startsWith('/api/') ||
      url.pathname === '/api' ||
      url.pathname.startsWith('/images/')
    ) {
      return sendError(reply, 404, `Route ${request.method} ${url.pathname} not found`);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return sendError(reply, 404, `Route ${request.method} ${url.pathname} not found`);
    }
    const normalised = normalisePagePath(url.pathname);
    if (normalised !== url.pathname) {
      return reply.redirect(`${normalised}${url.search}`, 301);
    }
    // An author previewing gets the shell, drawn in the browser from the drafts; the rendered
    // pages (published content, kept for everyone) are neither read nor written for them.
    const previewing = options.preview === undefined ? null : await options.preview(request);
    if (previewing !== null && built) {
      markPreviewAnswer(reply);
      return reply
        .code(await pageStatus(url.pathname))
        .type('text/html; charset=utf-8')
        .send(previewPageHtml(readShell(), configuration(), previewing));
    }
    // Personal pages and the way to paying are not for search engines (core/content/indexing.ts).
    const match = matchRoute(url.pathname);
    if (match !== null && !isIndexable(match.id)) reply.header('x-robots-tag', 'noindex');
    return sendShell(request, reply, await pageStatus(url.pathname));
  });
};
