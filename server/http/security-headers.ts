/**
 * The security headers of every answer, API and pages alike, set by helmet (a maintained library
 * rather than a hand-kept list): nosniff, a Content-Security-Policy that runs only the storefront's
 * own script files (the app shell's inlined configuration is a `<script type="application/json">`
 * data block, which CSP does not execute, so no 'unsafe-inline' for scripts), no framing, and a
 * referrer policy. An /api answer that depends on the caller's token (the route asked who the
 * caller is, ./caller.ts) is `Cache-Control: no-store`, decided here once rather than per route;
 * anonymous catalogue and content answers keep their own caching.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
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

/** What helmet's middleware does to a response: the headers it sets and the ones it removes. */
export interface HelmetHeaders {
  readonly set: readonly (readonly [string, string])[];
  readonly removed: readonly string[];
}

/**
 * helmet's headers for `options`, recorded from its middleware run once on a stand-in response.
 * With options made of fixed values (no per-request nonce or function), the middleware does the
 * same to every response, so it is run here once rather than on each request: twelve middleware
 * calls per answer cost more than the headers themselves. A middleware that does not finish at
 * once, or fails, stops the server from starting.
 */
export const recordHelmetHeaders = (options: Parameters<typeof helmet>[0]): HelmetHeaders => {
  const set: [string, string][] = [];
  const removed: string[] = [];
  const stand = {
    setHeader: (name: string, value: unknown) => void set.push([name, String(value)]),
    removeHeader: (name: string) => void removed.push(name),
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, stand as unknown as ServerResponse, (error?: unknown) => {
    if (error !== undefined && error !== null) throw error;
    finished = true;
  });
  if (!finished || set.length === 0) {
    throw new Error('helmet did not set its headers at once: they cannot be recorded');
  }
  return { set, removed };
};

/**
 * The headers go on before any other hook can answer (a 405, a 401, a 404 page): the first
 * onRequest hook. helmet's middleware is run once, at start-up (`recordHelmetHeaders`), and each
 * response gets what it did.
 */
export const registerSecurityHeaders = (app: FastifyInstance): void => {
  const { set, removed } = recordHelmetHeaders(HELMET_OPTIONS);
  app.addHook('onRequest', (_request, reply, done) => {
    const res = reply.raw;
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of set) res.setHeader(name, value);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && readsCaller(request)) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
};
