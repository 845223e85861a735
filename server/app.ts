/**
 * The storefront API and the built storefront on one origin. Built from its parts so tests can run
 * the very same app on a free port with a throwaway database.
 */
import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { cartRoutes } from './api/cart';
import { checkoutRoutes } from './api/checkout';
import { catalogRoutes } from './api/catalog';
import { contentRoutes } from './api/content';
import { customerRoutes } from './api/customer';
import { devRoutes } from './api/dev';
import { healthRoutes } from './api/health';
import { identityRoutes } from './api/identity';
import { imageRoutes } from './api/images';
import { oauthRoutes } from './api/oauth';
import { openApiRoute, registerOpenApi } from './api/openapi';
import { paymentRoutes } from './api/payment';
import { profileRoutes } from './api/profile';
import { devOrderRoutes, orderRoutes } from './api/orders';
import { searchRoutes } from './api/search';
import { shoppingListRoutes } from './api/shopping-list';
import { TokenService } from './auth/tokens';
import type { Database } from './db/database';
import { registerAuth } from './http/auth-hook';
import { customerIdExists } from './identity/customer-repository';
import { IdentityService } from './identity/identity-service';
import { GuestListMerge } from './lists/merge';
import { OrderRepository } from './orders/order-repository';
import { registerErrorHandling } from './http/errors';
import { registerControlCharacterBoundary } from './http/control-characters';
import { cataloguePageExistence } from './http/page-existence';
import { registerStorefront } from './http/static';

export interface AppDeps {
  readonly db: Database;
  readonly signingKey: Uint8Array;
  readonly staticDir: string;
  readonly logLevel: string;
  /** Development-only routes such as GET /api/dev/outbox. */
  readonly devEndpoints?: boolean;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

export const buildApp = async (deps: AppDeps): Promise<FastifyInstance> => {
  const app = Fastify({
    logger: { level: deps.logLevel },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    bodyLimit: 1024 * 1024,
    trustProxy: true,
  });

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    return payload;
  });

  // An empty body with a JSON content type is "no body", as the storefront's client sends it for
  // calls such as the guest token; otherwise Fastify's safe JSON parser.
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    defaultJson(request, text, done);
  });

  registerErrorHandling(app);
  registerControlCharacterBoundary(app);
  await registerOpenApi(app);
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });

  const tokens = new TokenService(deps.signingKey);
  const customerExists = (customerId: string) => customerIdExists(deps.db, customerId);
  registerAuth(app, tokens, customerExists);
  const identity = new IdentityService(deps.db, tokens, {
    log: (message) =>
      app.log.info({ outbox: message }, `e-mail to ${message.to}: ${message.subject}`),
  });
  healthRoutes(app, deps.db);
  oauthRoutes(app, tokens, identity, customerExists);
  const orders = new OrderRepository(deps.db);
  const guestLists = new GuestListMerge(deps.db);
  customerRoutes(app, identity, orders, guestLists);
  profileRoutes(app, deps.db);
  identityRoutes(app, identity, orders, guestLists);
  if (deps.devEndpoints === true) devRoutes(app, deps.db);
  if (deps.devEndpoints === true) devOrderRoutes(app, deps.db);
  searchRoutes(app, deps.db);
  catalogRoutes(app, deps.db);
  contentRoutes(app);
  imageRoutes(app, deps.db);
  shoppingListRoutes(app, deps.db);
  cartRoutes(app, deps.db);
  checkoutRoutes(app, deps.db);
  paymentRoutes(app, deps.db);
  orderRoutes(app, deps.db);
  openApiRoute(app);
  await registerStorefront(app, deps.staticDir, { pageExists: cataloguePageExistence(deps.db) });
  return app;
};
