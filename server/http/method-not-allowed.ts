/**
 * A method the API does not serve on a path it knows is 405 Method Not Allowed with an `Allow`
 * header listing the methods it does serve there, and the API's error body — not a 404 that says
 * the path is not there. Paths outside /api and /images stay the storefront's (its pages answer
 * GET and HEAD only, with a page or a 404 page).
 *
 * The routes are learnt as they are added (onRoute); a request that found no route is matched
 * against the known paths of its other methods before anything else runs, tokens included: the
 * method is wrong whoever asks.
 */
import type { FastifyInstance } from 'fastify';
import { sendError } from './errors';

interface KnownPath {
  readonly pattern: RegExp;
  readonly methods: Set<string>;
}

const isListed = (url: string): boolean =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/images/');

/** `/api/cart/:id` → /^\/api\/cart\/[^/]+$/; a trailing `*` matches the rest of the path. */
export const routePattern = (url: string): RegExp => {
  const parts = url.split('/').map((segment) => {
    if (segment === '*') return '.*';
    if (segment.startsWith(':')) return '[^/]+';
    return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  });
  return new RegExp(`^${parts.join('/')}$`);
};

export const registerMethodNotAllowed = (app: FastifyInstance): void => {
  const known = new Map<string, KnownPath>();

  app.addHook('onRoute', (route) => {
    if (!isListed(route.url)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const entry = known.get(route.url) ?? { pattern: routePattern(route.url), methods: new Set() };
    for (const method of methods) entry.methods.add(String(method).toUpperCase());
    known.set(route.url, entry);
  });

  /** The methods served on this path, or an empty list when no route has it. */
  const allowedOn = (pathname: string): string[] => {
    const methods = new Set<string>();
    for (const entry of known.values()) {
      if (entry.pattern.test(pathname)) for (const m of entry.methods) methods.add(m);
    }
    return [...methods].sort();
  };

  // A plain callback hook: it runs on every request and answers nothing on almost all of them.
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.is404) return done();
    const pathname = request.url.split('?')[0] ?? '';
    if (!isListed(pathname)) return done();
    const allowed = allowedOn(pathname);
    if (allowed.length === 0 || allowed.includes(request.method)) return done();
    reply.header('allow', allowed.join(', '));
    sendError(
      reply,
      405,
      `Method ${request.method} is not allowed on ${pathname}; allowed: ${allowed.join(', ')}`,
    );
  });
};
