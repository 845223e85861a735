/**
 * The storefront API and the built storefront on one origin. Built from its parts so tests can run
 * the very same app on a free port with a throwaway database.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import fastifyCompress from '@fastify/compress';
import pino from 'pino';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { cartRoutes } from './api/cart';
import { checkoutRoutes } from './api/checkout';
import { catalogRoutes } from './api/catalog';
import { literatureRoutes } from './api/literature';
import { LiteratureService } from './catalog/literature';
import { contentRoutes } from './api/content';
import { customerRoutes } from './api/customer';
import { devRoutes, loopbackOnly } from './api/dev';
import { healthRoutes } from './api/health';
import { identityRoutes } from './api/identity';
import { imageRoutes } from './api/images';
import { DEFAULT_CHANNEL, oauthRoutes } from './api/oauth';
import { openApiRoute, registerOpenApi } from './api/openapi';
import { paymentRoutes } from './api/payment';
import { profileRoutes } from './api/profile';
import { devOrderRoutes, orderRoutes } from './api/orders';
import { searchRoutes } from './api/search';
import type { AnswerCacheLimits } from './search/answer-cache';
import { catalogueVersionOf } from './catalog/catalogue-version';
import type { CatalogueVersion } from './search/catalogue-version';
import { shoppingListRoutes } from './api/shopping-list';
import { twoStepRoutes } from './api/two-step';
import { sessionLiveness } from './auth/session-liveness';
import { TokenService } from './auth/tokens';
import type { Database } from './db/database';
import { sharedVersionsOf, useVersionSource } from './db/shared-versions';
import type { WorkerVersions } from './db/cluster-versions';
import { registerAuth } from './http/auth-hook';
import { IdentityService } from './identity/identity-service';
import { SecretBox } from './identity/secret-box';
import { TwoStepService } from './identity/two-step';
import { GuestListMerge } from './lists/merge';
import { OrderRepository } from './orders/order-repository';
import {
  BROTLI_OPTIONS,
  COMPRESSION_SYNC_MAX,
  COMPRESSION_THRESHOLD,
  RESPONSE_ENCODINGS,
} from './http/compression';
import { registerErrorHandling } from './http/errors';
import { registerControlCharacterBoundary } from './http/control-characters';
import { cataloguePageExistence } from './http/page-existence';
import {
  DEFAULT_RATE_LIMITS,
  registerRateLimits,
  type RateLimits,
  type RateLimitStoreKind,
} from './http/rate-limits';
import { registerMethodNotAllowed } from './http/method-not-allowed';
import { registerSecurityHeaders } from './http/security-headers';
import type { ThirdPartyScript } from '../core/content/page-readiness';
import { demoTagRoutes } from './analytics/demo-tags';
import { DEMO_THIRD_PARTY_SCRIPTS, scriptOrigins } from './analytics/third-party-scripts';
import { registerStorefront } from './http/static';
import { crmRoutes } from './api/crm';
import { globalConfiguration } from './api/configuration';
import { newsletterRoutes } from './api/newsletter';
import { mapsRoutes } from './api/maps';
import { MapsService } from './stores/maps-service';
import { StoreRepository } from './stores/store-repository';
import { seoRoutes } from './seo/routes';
import { loadSiteNotices, type SiteNotices } from './content/site-notices';
import { NewsletterService } from './newsletter/newsletter-service';
import { loadRenderPage } from './render/first-views';
import { previewRoutes } from './api/preview';
import { asksForPreview, AuthorPreview } from './preview/preview-session';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A POST route that only reads: a cluster worker does not check the shared versions after it
     * (the onSend hook below, server/db/cluster-versions.ts).
     */
    readOnly?: boolean;
  }
}

export interface AppDeps {
  readonly db: Database;
  readonly signingKey: Uint8Array;
  readonly staticDir: string;
  /**
   * Render catalogue and content pages on the server when the build has the renderer
   * (dist/server beside staticDir). Default true.
   */
  readonly renderPages?: boolean;
  readonly logLevel: string;
  /**
   * The development tools (GET /api/dev/outbox, POST /api/dev/orders/{n}/advance), served to
   * loopback clients only; off, they are not registered at all (config's LAVABO_DEV_TOOLS).
   */
  readonly devEndpoints?: boolean;
  /** Fastify's trustProxy (config's TRUST_PROXY); off by default. A number trusts that many hops. */
  readonly trustProxy?: boolean | number | readonly string[];
  /** The promo banner and site-wide warning (config's SITE_NOTICES file); server/content/site.json's by default. */
  readonly siteNotices?: SiteNotices;
  /** The operator's third-party scripts (THIRD_PARTY_SCRIPTS); the demo tags when not given. */
  readonly thirdPartyScripts?: readonly ThirdPartyScript[];
  /** The shop's public origin for the sitemap and robots.txt (config's PUBLIC_ORIGIN). */
  readonly publicOrigin?: string;
  /** Where the log lines go (pino's destination); the tests read them. Standard output otherwise. */
  readonly logStream?: { write(line: string): void };
  /** How long a process trusts its answer to "is this sign-in session live" (tests shorten it). */
  readonly sessionCacheTtlMs?: number;
  /** The rate limits (config's RATE_LIMIT_*); DEFAULT_RATE_LIMITS when not given. */
  readonly rateLimits?: RateLimits;
  /** Where the rate-limit counts live (config's RATE_LIMIT_STORE); memory when not given. */
  readonly rateLimitStore?: RateLimitStoreKind;
  /**
   * Called with the app before any route is added (the tests' contract check hooks in here,
   * tests/support/contract-check.ts); nothing in production sets it.
   */
  readonly instrument?: (app: FastifyInstance) => void;
  /**
   * Bumped after every committed catalogue, price or stock change; cached search answers are kept
   * under it. One per process unless given (start.ts gives it, to bump it after seeding).
   */
  readonly catalogueVersion?: CatalogueVersion;
  /** Bounds of the search answer cache (config's SEARCH_CACHE_*). */
  readonly searchCache?: AnswerCacheLimits;
  /** Build the search index before listening (ServerConfig.warmSearchIndex). */
  readonly warmSearchIndex?: boolean;
  /**
   * A cluster worker's shared versions, held in memory and pushed to the other workers after every
   * request that may have written, before its answer leaves (server/db/cluster-versions.ts). None:
   * read per request on PostgreSQL (server/db/shared-versions.ts), in process on the embedded one.
   */
  readonly versions?: WorkerVersions;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * Query parameters whose values are never logged: they can carry a token, a code or a password
 * (`confirm` and `unsubscribe` carry the newsletter's link tokens).
 */
const SECRET_QUERY_KEY =
  /token|code|password|secret|key|auth|session|sid|jwt|signature|confirm|unsubscribe/i;

/**
 * The request URL as logged: the path, and the query with the value of every parameter that could
 * carry a secret replaced. A URL that does not parse keeps only its path.
 */
export const loggableUrl = (url: string): string => {
  const query = url.indexOf('?');
  if (query < 0) return url;
  // Most queries name no secret-looking parameter: logged as sent, without parsing. Only a query
  // with a percent escape (a key can hide its letters behind one) or a secret-looking word is read.
  const text = url.slice(query + 1);
  if (!text.includes('%') && !SECRET_QUERY_KEY.test(text)) return url;
  const path = url.slice(0, query);
  try {
    const params = new URLSearchParams(text);
    const shown = [...params].map(([key, value]) =>
      SECRET_QUERY_KEY.test(key) ? [key, '[Redacted]'] : [key, value],
    );
    return `${path}?${new URLSearchParams(shown).toString()}`;
  } catch {
    return path;
  }
};

/**
 * The request log: one line per request, written when the answer has gone out — method, URL (with
 * secret query values replaced), status, response time in ms, the client's address and the
 * request's `requestId` — instead of Fastify's two ("incoming request" and "request completed").
 * An answer that failed on the way out is logged at error level with its error, by the request's
 * own logger. Fastify's other lines (a failing serializer, a stream error) are kept, as is every
 * line the app writes: switching request logging off (`disableRequestLogging`) would silence those.
 *
 * The line goes through a writer of its own without redaction (`requestLineWriter`): it carries
 * only the fields above, none of which can hold a secret (the URL's are replaced by
 * `loggableUrl`), and the app logger's wildcard redaction (`*.password`, …) costs about 10 µs for
 * each line, more than the rest of the line together.
 */
export class OneLinePerRequest extends LogController {
  constructor(
    private readonly lines: RequestLineWriter,
    options: ConstructorParameters<typeof LogController>[0],
  ) {
    super(options);
  }

  override incomingRequest(): void {}

  /** The completion line says 404 already, and this one would print the URL as sent. */
  override routeNotFound(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      url: loggableUrl(request.url),
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 100) / 100,
      remoteAddress: request.ip,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else this.lines({ requestId: request.id, ...line });
  }
}

/** The fields of a request line. */
export interface RequestLine {
  readonly requestId: string;
  readonly method: string;
  readonly url: string;
  readonly statusCode: number;
  readonly responseTime: number;
  readonly remoteAddress: string | undefined;
}

export type RequestLineWriter = (line: RequestLine) => void;

/**
 * Writes a request line to `stream` as pino writes `logger.info(line, 'request completed')` —
 * the same JSON, key for key (level, time, pid, hostname, the line's fields, msg) — or nothing when
 * the level leaves info out. Written here rather than through pino's general path (its key loop,
 * serializer and formatter lookups, a stringify per value), which cost more than building this
 * one fixed shape.
 */
export const requestLineWriter = (
  level: string,
  stream: { write(line: string): void },
): RequestLineWriter => {
  // pino reads the level (and refuses an unknown one); the line is written only where it would.
  if (!pino({ level }, { write: () => undefined }).isLevelEnabled('info')) return () => undefined;
  const base = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;
  const text = (value: string) => JSON.stringify(value);
  return (line) => {
    stream.write(
      `{"level":30,"time":${Date.now()}${base},"requestId":${text(line.requestId)}` +
        `,"method":${text(line.method)},"url":${text(line.url)}` +
        `,"statusCode":${JSON.stringify(line.statusCode)}` +
        `,"responseTime":${JSON.stringify(line.responseTime)}` +
        (line.remoteAddress === undefined ? '' : `,"remoteAddress":${text(line.remoteAddress)}`) +
        `,"msg":"request completed"}\n`,
    );
  };
};

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
type LogMethod = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * A request's logger (`request.log`), made the first time something logs through it. Fastify makes
 * one for every request, and with the app logger's redaction that costs more than the request line
 * itself (pino runs the bindings, `{requestId}`, through the redacting serializer and builds the
 * child's formatters anew); most requests never log through theirs — the one line per request goes
 * through OneLinePerRequest's own logger — so most never pay it. Once made, every line is the
 * child's: redacted, with the request's `requestId`.
 */
export class RequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  /** Whether the child logger has been made (a line was logged, or a child or level asked for). */
  get isMade(): boolean {
    return this.made !== undefined;
  }

  private get logger(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  private forward(method: LogMethod, args: unknown[]): void {
    const logger = this.logger;
    Reflect.apply(logger[method], logger, args);
  }

  fatal(...args: unknown[]): void {
    this.forward('fatal', args);
  }

  error(...args: unknown[]): void {
    this.forward('error', args);
  }

  warn(...args: unknown[]): void {
    this.forward('warn', args);
  }

  info(...args: unknown[]): void {
    this.forward('info', args);
  }

  debug(...args: unknown[]): void {
    this.forward('debug', args);
  }

  trace(...args: unknown[]): void {
    this.forward('trace', args);
  }

  silent(...args: unknown[]): void {
    this.forward('silent', args);
  }

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

/** A log block goes out once this many bytes of lines are waiting… */
export const LOG_BLOCK_BYTES = 4096;
/** …or when this many milliseconds have passed, whichever comes first. */
export const LOG_FLUSH_MS = 200;

/** What LogBlocks writes its blocks to: sonic-boom, as pino.destination makes it. */
export interface LogSink {
  write(block: string): boolean;
  flushSync(): void;
  end(): void;
}

/**
 * Lines gathered into blocks of about LOG_BLOCK_BYTES before they reach `sink`, and whatever is
 * waiting sent every LOG_FLUSH_MS and when the process exits. sonic-boom's own `minLength` does
 * the same but measures, for every line, the UTF-8 length of all the text waiting before it (a
 * string it keeps appending to, flattened again on each measure): about 3 µs a request line under
 * load, a tenth of what answering GET /api/health costs. Here a line is pushed onto an array and
 * counted by its own length (UTF-16 units: a block of non-ASCII text may be up to three times the
 * bytes, which only changes when it goes out).
 */
export class LogBlocks<Sink extends LogSink = LogSink> {
  private parts: string[] = [];
  private waiting = 0;
  private released = false;
  private readonly timer: NodeJS.Timeout;
  private readonly atExit = () => this.flushSync();

  constructor(
    readonly sink: Sink,
    readonly blockLength = LOG_BLOCK_BYTES,
    flushMs = LOG_FLUSH_MS,
  ) {
    this.timer = setInterval(() => this.flush(), flushMs);
    this.timer.unref();
    process.once('exit', this.atExit);
  }

  write(line: string): boolean {
    if (this.released) {
      this.sink.write(line);
      this.sink.flushSync();
      return true;
    }
    this.parts.push(line);
    this.waiting += line.length;
    if (this.waiting >= this.blockLength) this.flush();
    return true;
  }

  /** Sends what is waiting to the sink as one block (the sink writes it when it can). */
  flush(): void {
    if (this.parts.length === 0) return;
    const block = this.parts.length === 1 ? (this.parts[0] ?? '') : this.parts.join('');
    this.parts = [];
    this.waiting = 0;
    this.sink.write(block);
  }

  /** Everything written so far is on its way out when this returns (pino calls it on exit). */
  flushSync(): void {
    this.flush();
    this.sink.flushSync();
  }

  end(): void {
    this.stop();
    this.flush();
    this.sink.end();
  }

  /**
   * The app that logged here has closed, and the sink stays open (standard output is the
   * process's): what waits goes out now, a line that still comes (one logged as the server closes)
   * goes out at once, and no timer or exit hook is left behind. Each app that made its own
   * destination left both before, so a process that starts many (the test suites) gathered them.
   */
  release(): void {
    this.stop();
    this.flushSync();
    this.released = true;
  }

  private stop(): void {
    clearInterval(this.timer);
    process.removeListener('exit', this.atExit);
  }
}

/**
 * Where the log lines go unless told (`fd` 1, standard output): written in blocks rather than one
 * write per line (LogBlocks). Under load a write per request line cost more than the rest of the
 * request's logging; blocks of about 4 KB cost a write per dozen lines, and a quiet server's lines
 * still appear within LOG_FLUSH_MS. Whatever is waiting is written when the process exits.
 */
export const logDestination = (fd = 1): LogBlocks<ReturnType<typeof pino.destination>> =>
  new LogBlocks(pino.destination({ dest: fd, minLength: 0 }));

const trustProxyOption = (
  given: AppDeps['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) => {
  if (given === undefined || given === false) return false;
  if (given === true) return true;
  // Fastify ignores a bare hop count; trusting the n nearest hops is what TRUST_PROXY=n asks for.
  if (typeof given === 'number') return (_address, hop) => hop < given;
  return [...given];
};

/** How long the renderer's guest token is used before another is issued (well inside its life). */
export const RENDERER_TOKEN_REUSE_MS = 60_000;

/** A guest token for the page renderer's calls, issued here rather than through the token route. */
const rendererToken = (tokens: TokenService): (() => Promise<string>) => {
  let kept: { readonly token: Promise<string>; readonly at: number } | null = null;
  return () => {
    const now = Date.now();
    if (kept === null || now - kept.at > RENDERER_TOKEN_REUSE_MS) {
      const token = tokens.issueGuest(DEFAULT_CHANNEL, 'page-renderer').then((g) => g.access_token);
      kept = { token, at: now };
      token.catch(() => {
        kept = null;
      });
    }
    return kept.token;
  };
};

export const buildApp = async (deps: AppDeps): Promise<FastifyInstance> => {
  const logStream = deps.logStream ?? logDestination();
  // A destination this app made is this app's to release when it closes.
  const ownLog = logStream instanceof LogBlocks && logStream !== deps.logStream ? logStream : null;
  const app = Fastify({
    logger: {
      level: deps.logLevel,
      stream: logStream,
      // Nothing that proves who someone is reaches the log: no credential header, no body, no
      // secret in a query string (the default serializer logs neither headers nor bodies; redact
      // covers any line that passes a request's headers on).
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'headers.authorization',
          'headers.cookie',
          'res.headers["set-cookie"]',
          '*.password',
          '*.newPassword',
          '*.currentPassword',
          '*.code',
          '*.access_token',
          '*.refresh_token',
          '*.recoveryCode',
          '*.recoveryCodes',
          '*.challenge',
          '*.secret',
        ],
        censor: '[Redacted]',
      },
      serializers: {
        req: (req: FastifyRequest) => ({
          method: req.method,
          url: loggableUrl(req.url),
          host: req.host,
          remoteAddress: req.ip,
          ...(req.socket?.remotePort !== undefined ? { remotePort: req.socket.remotePort } : {}),
        }),
      },
    },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    childLoggerFactory: (logger, bindings, options) => new RequestLogger(logger, bindings, options),
    logController: new OneLinePerRequest(requestLineWriter(deps.logLevel, logStream), {
      requestIdLogLabel: 'requestId',
    }),
    bodyLimit: 1024 * 1024,
    trustProxy: trustProxyOption(deps.trustProxy),
  });
  if (ownLog !== null) app.addHook('onClose', async () => ownLog.release());

  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });

  const versions = deps.versions;
  if (versions !== undefined) {
    useVersionSource(deps.db, versions);
    versions.log = app.log;
    // A request that may have committed a change (anything but a read) answers only once every
    // worker holds the versions it moved. Reads pass straight on.
    app.addHook('onSend', (request, _reply, payload, done) => {
      const method = request.method;
      if (
        method === 'GET' ||
        method === 'HEAD' ||
        method === 'OPTIONS' ||
        request.routeOptions.config.readOnly === true
      ) {
        done(null, payload);
        return;
      }
      versions.afterWrite().then(
        () => done(null, payload),
        (error: unknown) => {
          request.log.error({ err: error }, 'the shared versions were not read after a write');
          done(null, payload);
        },
      );
    });
  }

  // An empty body with a JSON content type is "no body", as the storefront's client sends it for
  // calls such as the guest token; otherwise Fastify's safe JSON parser.
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    defaultJson(request, text, done);
  });

  deps.instrument?.(app);
  registerErrorHandling(app);
  // First: every answer carries them, whichever hook answers.
  const thirdPartyScripts = deps.thirdPartyScripts ?? DEMO_THIRD_PARTY_SCRIPTS;
  registerSecurityHeaders(app, scriptOrigins(thirdPartyScripts));
  // Before authentication: a method the path does not serve is 405 whoever asks.
  registerMethodNotAllowed(app);
  registerControlCharacterBoundary(app);
  await registerOpenApi(app);
  await app.register(fastifyCompress, {
    global: true,
    encodings: [...RESPONSE_ENCODINGS],
    threshold: COMPRESSION_THRESHOLD,
    syncThreshold: COMPRESSION_SYNC_MAX,
    brotliOptions: BROTLI_OPTIONS,
  });
  // Before any route: the limits attach to the routes as they are added.
  await registerRateLimits(app, {
    limits: deps.rateLimits ?? DEFAULT_RATE_LIMITS,
    store: deps.rateLimitStore ?? 'memory',
    db: deps.db,
  });

  const tokens = new TokenService(deps.signingKey);
  // Other processes on a PostgreSQL server end sessions too: their revocations move its version.
  const sessionLive = sessionLiveness(deps.db, {
    ttlMs: deps.sessionCacheTtlMs,
    version:
      deps.db.kind === 'postgres'
        ? async () => (await sharedVersionsOf(deps.db).read()).sessions
        : undefined,
  });
  registerAuth(app, tokens, sessionLive);
  const twoStep = new TwoStepService(deps.db, new SecretBox(deps.signingKey));
  // The e-mail's text stays in the outbox: it can hold a password-reset code.
  const identity = new IdentityService(deps.db, tokens, {
    log: (message) => app.log.info({ subject: message.subject }, 'e-mail written to the outbox'),
    secondStep: twoStep,
  });
  healthRoutes(app, deps.db);
  oauthRoutes(app, tokens, identity, sessionLive);
  const orders = new OrderRepository(deps.db);
  const guestLists = new GuestListMerge(deps.db);
  const newsletter = new NewsletterService(deps.db, deps.signingKey, {
    log: (message) => app.log.info({ subject: message.subject }, 'e-mail written to the outbox'),
  });
  customerRoutes(app, identity, orders, guestLists, newsletter);
  newsletterRoutes(app, newsletter);
  profileRoutes(app, deps.db);
  identityRoutes(app, identity, orders, guestLists);
  twoStepRoutes(app, identity, twoStep, orders, guestLists);
  if (deps.devEndpoints === true) {
    await app.register(async (dev) => {
      dev.addHook('onRequest', loopbackOnly);
      devRoutes(dev, deps.db);
      devOrderRoutes(dev, deps.db);
    });
  }
  const catalogueVersion = deps.catalogueVersion ?? catalogueVersionOf(deps.db);
  searchRoutes(app, deps.db, {
    catalogueVersion,
    ...(deps.searchCache !== undefined ? { cacheLimits: deps.searchCache } : {}),
    warmIndex: deps.warmSearchIndex === true,
  });
  const literature = new LiteratureService(deps.db);
  catalogRoutes(app, deps.db, literature);
  literatureRoutes(app, literature);
  const notices = deps.siteNotices ?? loadSiteNotices();
  const preview = new AuthorPreview(deps.db, deps.signingKey, { sessionLive });
  contentRoutes(app, notices, thirdPartyScripts, preview);
  previewRoutes(app, preview);
  demoTagRoutes(app);
  imageRoutes(app, deps.db);
  shoppingListRoutes(app, deps.db);
  cartRoutes(app, deps.db);
  checkoutRoutes(app, deps.db, catalogueVersion);
  paymentRoutes(app, deps.db);
  orderRoutes(app, deps.db);
  await crmRoutes(app, deps.db, globalConfiguration().lists.placeOfPurchase);
  mapsRoutes(app, new MapsService(new StoreRepository(deps.db)));
  openApiRoute(app);
  seoRoutes(app, deps.db, {
    publicOrigin: deps.publicOrigin,
    catalogueVersion: () => catalogueVersion.current(),
  });
  const render =
    deps.renderPages === false
      ? null
      : await loadRenderPage(deps.staticDir, (message) => app.log.warn(message));
  // The configuration the pages inline: built once, with the operator's notices.
  const siteConfiguration = globalConfiguration(undefined, notices, thirdPartyScripts);
  await registerStorefront(app, deps.staticDir, {
    configuration: () => siteConfiguration,
    pageExists: cataloguePageExistence(deps.db),
    preview: async (request) => (asksForPreview(request) ? preview.of(request) : null),
    ...(render === null
      ? {}
      : {
          firstViews: {
            render,
            bearer: rendererToken(tokens),
            version: () => catalogueVersion.current(),
          },
        }),
  });
  return app;
};
