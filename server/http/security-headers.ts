/**
 * The security headers of every answer, in two sets. Pages, images, static files and any other
 * document (an HTML page under /api, a PDF) get helmet's (a maintained library rather than a
 * hand-kept list): nosniff, a Content-Security-Policy that runs only the storefront's own script
 * files and the module loader by its hash (the app shell's inlined configuration is a
 * `<script type="application/json">` data block, which CSP does not execute, so no
 * 'unsafe-inline' for scripts), no framing, and a referrer
 * policy. A JSON answer of the API is never rendered as a document, so it gets the shorter,
 * stricter set of OWASP's REST Security cheat sheet (API_HEADERS): a CSP that allows nothing,
 * nosniff, no framing, HSTS, same-origin resource policy and no referrer — six headers instead of
 * helmet's twelve, on the answers the storefront asks for most. An /api answer that depends on the
 * caller's token (the route asked who the caller is, ./caller.ts) is `Cache-Control: no-store`,
 * decided here once rather than per route; anonymous catalogue and content answers keep their own
 * caching.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { readsCaller } from './caller';
import { MODULE_LOADER_HASH } from './module-loader';

export const CONTENT_SECURITY_POLICY: Readonly<Record<string, readonly string[]>> = {
  defaultSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  // React sets style attributes; styles cannot run code.
  styleSrc: ["'self'", "'unsafe-inline'"],
  // The storefront's own files, and the one inline script a server-rendered page has (the
  // module loader, ./module-loader.ts), by its hash.
  scriptSrc: ["'self'", MODULE_LOADER_HASH],
  connectSrc: ["'self'"],
  fontSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

/**
 * helmet's options: the CSP above and nothing else of its defaults changed but framing and
 * referrer. `scriptOrigins` are the https origins of the operator's third-party scripts
 * (server/analytics/third-party-scripts.ts), which script-src then allows too.
 */
export const helmetOptions = (scriptOrigins: readonly string[] = []) =>
  ({
    contentSecurityPolicy: {
      // Only these: helmet's defaults add upgrade-insecure-requests, wrong for http://localhost.
      useDefaults: false,
      directives: Object.fromEntries(
        Object.entries(CONTENT_SECURITY_POLICY).map(([name, values]) => [
          name,
          name === 'scriptSrc' ? [...values, ...scriptOrigins] : [...values],
        ]),
      ),
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  }) as const satisfies Parameters<typeof helmet>[0];

export const HELMET_OPTIONS = helmetOptions();

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
 * The headers of a JSON answer of the API (OWASP REST Security cheat sheet, "Security headers"):
 * nothing may load or frame it, it is never sniffed into something else, and it is only ever
 * fetched from the storefront's own origin. Lower-case names, as Fastify keeps them.
 */
export const API_HEADERS: readonly (readonly [string, string])[] = [
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
  ['strict-transport-security', 'max-age=31536000; includeSubDomains'],
  ['cross-origin-resource-policy', 'same-origin'],
  ['referrer-policy', 'no-referrer'],
];

/** Whether a request is to the API (its answers are JSON unless a route says otherwise). */
const isApiPath = (url: string): boolean => url.startsWith('/api/');

/** A JSON answer (or one with no body): anything else is a document, which gets helmet's set. */
const isJsonAnswer = (reply: FastifyReply): boolean => {
  const type = reply.getHeader('content-type');
  return typeof type !== 'string' || type.startsWith('application/json');
};

/**
 * The headers go on before any other hook can answer (a 405, a 401, a 404 page): the first
 * onRequest hook, the API's set for an /api request and helmet's for anything else. An /api
 * answer that turns out to be a document (the payment sandbox's HTML pages, a PDF) gets helmet's
 * set instead when it is sent. helmet's middleware is run once, at start-up
 * (`recordHelmetHeaders`), and each response gets what it did.
 *
 * The headers go into Fastify's own header list (`reply.header`), not onto the Node response:
 * Fastify then hands Node all of an answer's headers at once, where headers already on the
 * response make Node check and copy every one of them again.
 */
export const registerSecurityHeaders = (
  app: FastifyInstance,
  scriptOrigins: readonly string[] = [],
): void => {
  const { set, removed } = recordHelmetHeaders(helmetOptions(scriptOrigins));
  const documentHeaders = set.map(([name, value]) => [name.toLowerCase(), value] as const);
  const setDocumentHeaders = (reply: FastifyReply): void => {
    for (const name of removed) reply.removeHeader(name);
    for (const [name, value] of documentHeaders) reply.header(name, value);
  };
  app.addHook('onRequest', (request, reply, done) => {
    if (isApiPath(request.url)) {
      for (const [name, value] of API_HEADERS) reply.header(name, value);
    } else {
      setDocumentHeaders(reply);
    }
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiPath(request.url)) {
      if (!isJsonAnswer(reply)) setDocumentHeaders(reply);
      if (readsCaller(request)) reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
};
