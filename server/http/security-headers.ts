/**
 * The security headers of every answer, API and pages alike, set by helmet (a maintained library
 * rather than a hand-kept list): nosniff, a Content-Security-Policy that runs only the storefront's
 * own script files (the app shell's inlined configuration is a `<script type="application/json">`
 * data block, which CSP does not execute, so no 'unsafe-inline' for scripts), no framing, and a
 * referrer policy. An /api answer that depends on the caller's token (the route asked who the
 * caller is, ./caller.ts) is `Cache-Control: no-store`, decided here once rather than per route;
 * anonymous catalogue and content answers keep their own caching.
 */
import fastifyHelmet from '@fastify/helmet';
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

export const registerSecurityHeaders = async (app: FastifyInstance): Promise<void> => {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: {
      // Only these: helmet's defaults add upgrade-insecure-requests, wrong for http://localhost.
      useDefaults: false,
      directives: Object.fromEntries(
        Object.entries(CONTENT_SECURITY_POLICY).map(([name, values]) => [name, [...values]]),
      ),
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && readsCaller(request)) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
};
