/**
 * The security headers of every answer, API and pages alike, set by helmet (a maintained library
 * rather than a hand-kept list): nosniff, a Content-Security-Policy that runs only the storefront's
 * own script files (the app shell's inlined configuration is a `<script type="application/json">`
 * data block, which CSP does not execute, so no 'unsafe-inline' for scripts), no framing, and a
 * referrer policy. An /api answer that depends on the caller's token (the route asked who the
 * caller is, ./caller.ts) is `Cache-Control: no-store`, decided here once rather than per route;
 * anonymous catalogue and content answers keep their own caching.
 */
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import { readsCaller } from './caller';

export const CONTENT_SECURITY_POLICY: Readonly<Record<string, readonly string[]>> = {
  defaultSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  // React sets style attributes; styles cannot run code.
  styleSrc: ["'self'", "'unsafe-inline'"],
  scriptSrc: ["'self'"],
  connectSrc: ["'self'"],
  fontSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

/** helmet's options: the CSP above and nothing else of its defaults changed but framing and referrer. */
export const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    // Only these: helmet's defaults add upgrade-insecure-requests, wrong for http://localhost.
    useDefaults: false,
    directives: Object.fromEntries(
      Object.entries(CONTENT_SECURITY_POLICY).map(([name, values]) => [name, [...values]]),
    ),
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
} as const satisfies Parameters<typeof helmet>[0];

/**
 * The headers go on before any other hook can answer (a 405, a 401, a 404 page): the first
 * onRequest hook. helmet's middleware is made once; @fastify/helmet made it again for every
 * request, parsing the CSP each time.
 */
export const registerSecurityHeaders = (app: FastifyInstance): void => {
  const setHeaders = helmet(HELMET_OPTIONS);
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined));
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && readsCaller(request)) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
};
