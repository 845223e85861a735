/**
 * Serves the built storefront: hashed assets precompressed (brotli/gzip, made at build time) with a
 * year of immutable caching; HTML never cached, so a deploy is seen at once. Client routes fall
 * back to index.html — with status 200 for the pinned routes and 404 for anything else, so search
 * engines and tools see a real not-found.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { matchRoute } from '../../core/content/routes';
import { normalisePagePath } from '../../core/content/page-path';
import { sendError } from './errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': [
    "default-src 'self'",
    "img-src 'self' data: blob:",
    "style-src 'self' 'unsafe-inline'",
    "script-src 'self'",
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; '),
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

export const registerStorefront = async (
  app: FastifyInstance,
  staticDir: string,
): Promise<void> => {
  const built = existsSync(path.join(staticDir, 'index.html'));

  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/api/')) {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
    }
    return payload;
  });

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

  const sendShell = (reply: FastifyReply, status: number) => {
    if (!built) {
      return reply
        .code(status === 200 ? 503 : status)
        .type('text/plain; charset=utf-8')
        .send('The storefront is not built yet: run `npm run build` (npm start does it for you).');
    }
    return reply.code(status).header('cache-control', NO_CACHE).sendFile('index.html');
  };

  app.setNotFoundHandler((request, reply) => {
    const url = new URL(request.url, 'http://localhost');
    if (url.pathname.startsWith('/api/') || url.pathname === '/api') {
      return sendError(reply, 404, `Route ${request.method} ${url.pathname} not found`);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return sendError(reply, 404, `Route ${request.method} ${url.pathname} not found`);
    }
    const normalised = normalisePagePath(url.pathname);
    if (normalised !== url.pathname) {
      return reply.redirect(`${normalised}${url.search}`, 301);
    }
    return sendShell(reply, matchRoute(url.pathname) === null ? 404 : 200);
  });
};
