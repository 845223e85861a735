/**
 * `/robots.txt`, `/sitemap.xml` and `/sitemaps/{name}.xml` (issue 18 "Search engines"). The
 * sitemap's entries are read once per catalogue version and kept; the XML is made per origin (the
 * configured PUBLIC_ORIGIN, else the request's own), so a forged Host header changes only its own
 * answer. Sent with a short shared cache and an ETag.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database';
import { sendError } from '../http/errors';
import { robotsTxt } from './robots';
import {
  readSitemapEntries,
  sitemapFiles,
  sitemapIndexXml,
  urlsetXml,
  type SitemapFile,
} from './sitemap';

const CACHE = 'public, max-age=3600';

export interface SeoOptions {
  /** `https://shop.example` (no trailing slash); else the request's protocol and host. */
  readonly publicOrigin?: string | undefined;
  /** The catalogue's version: the sitemap is read again when it moves. */
  readonly catalogueVersion: () => number | Promise<number>;
}

export const originOf = (request: FastifyRequest, configured: string | undefined): string =>
  configured ?? `${request.protocol}://${request.host}`;

const send = (
  request: FastifyRequest,
  reply: FastifyReply,
  type: string,
  body: string,
): FastifyReply => {
  const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  reply.header('cache-control', CACHE).header('etag', etag);
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  return reply.type(type).send(body);
};

export const seoRoutes = (app: FastifyInstance, db: Queryable, options: SeoOptions): void => {
  let kept: { version: number; files: Promise<SitemapFile[]> } | null = null;
  const files = async (): Promise<SitemapFile[]> => {
    const version = await options.catalogueVersion();
    if (kept === null || kept.version !== version) {
      const reading = readSitemapEntries(db).then((entries) => sitemapFiles(entries));
      kept = { version, files: reading };
      // A failed read is not kept: the next request reads again.
      reading.catch(() => {
        if (kept?.files === reading) kept = null;
      });
    }
    return kept.files;
  };

  app.get('/robots.txt', { schema: { hide: true } }, (request, reply) =>
    send(
      request,
      reply,
      'text/plain; charset=utf-8',
      robotsTxt(originOf(request, options.publicOrigin)),
    ),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) =>
    send(
      request,
      reply,
      'application/xml; charset=utf-8',
      sitemapIndexXml(originOf(request, options.publicOrigin), await files()),
    ),
  );

  app.get<{ Params: { name: string } }>(
    '/sitemaps/:name',
    { schema: { hide: true } },
    async (request, reply) => {
      const name = /^([a-z0-9-]{1,40})\.xml$/.exec(request.params.name)?.[1];
      const file = (await files()).find((f) => f.name === name);
      if (file === undefined) return sendError(reply, 404, 'No such sitemap');
      return send(
        request,
        reply,
        'application/xml; charset=utf-8',
        urlsetXml(originOf(request, options.publicOrigin), file.entries),
      );
    },
  );
};
