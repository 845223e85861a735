/**
 * The Solr-shaped search calls (docs/api.md "Catalogue"): thin routes over SearchService. Every
 * parameter is read by server/search/solr-query.ts, which answers a 400 naming the parameter.
 * Search answers are the same for every shopper, so GET answers may be cached for a minute.
 * Answers are kept in memory by normalised query until the catalogue changes (AnswerCache).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ProductPages } from '../catalog/product-page';
import type { Database } from '../db/database';
import {
  COMPRESSION_THRESHOLD,
  acceptsGzip,
  compress,
  gzipStart,
  gzipWithEnd,
  markEncoded,
  plainEncoding,
  type GzipStart,
} from '../http/compression';
import { invalidField } from '../http/input';
import { AnswerBytes, AnswerCache, type AnswerCacheLimits } from '../search/answer-cache';
import type { CatalogueVersion } from '../search/catalogue-version';
import { SearchIndex } from '../search/index/search-index';
import { facetKey, searchKey, typeaheadKey } from '../search/query-key';
import { SearchService, type SearchAnswer } from '../search/search-service';
import {
  integerParam,
  many,
  MAX_KEYWORDS_LENGTH,
  parseFieldList,
  parseSearchQuery,
  single,
  type RawParams,
} from '../search/solr-query';
import { SUMMARY_FIELDS } from '../../core/catalog/search-document';
import { describe, querystring, type ParamDoc } from './docs';
import { answers, arrayOf, closed, str } from './schemas/common';
import { FOUND_DOCUMENTS, SEARCH_ANSWER } from './schemas/domain';

/** GET search answers: not customer-specific, cacheable briefly by the browser and CDNs. */
export const SEARCH_CACHE_CONTROL = 'public, max-age=60';
/**
 * Lists and typeahead show stock and prices, which are never older than the last order: a browser
 * or CDN asks again every time (this server answers them from its AnswerCache).
 */
export const LIVE_SEARCH_CACHE_CONTROL = 'no-cache';
/** Spec §9: typeahead shows 10 rows. */
export const TYPEAHEAD_MAX_ROWS = 10;
/**
 * A typeahead's documents without `fl`: what a suggestion shows (core's SUMMARY_FIELDS, the fields
 * the storefront asks for), not the whole document with its description, specifications and
 * documents (about ten times the bytes). `fl=*` or a list of fields still gives those.
 */
export const TYPEAHEAD_DEFAULT_FIELDS: readonly string[] = SUMMARY_FIELDS;

/** The typeahead's fields: `fl` as plp reads it, TYPEAHEAD_DEFAULT_FIELDS when there is no `fl`. */
export const typeaheadFields = (params: RawParams): readonly string[] | null =>
  many(params, 'fl').length === 0 ? TYPEAHEAD_DEFAULT_FIELDS : parseFieldList(params);
export const SEARCH_PROFILE = { name: 'profile_lavabo_General', collection: 'lavabo' } as const;

const cacheable = (reply: FastifyReply): void => {
  reply.header('cache-control', SEARCH_CACHE_CONTROL);
};

const live = (reply: FastifyReply): void => {
  reply.header('cache-control', LIVE_SEARCH_CACHE_CONTROL);
};

const IGNORED: Readonly<Record<string, ParamDoc>> = {
  collections: { description: 'Solr collection (accepted, ignored: one catalogue)' },
  profilename: { description: 'Fusion query profile (accepted, ignored)' },
};

const SEARCH_PARAMS: Readonly<Record<string, ParamDoc>> = {
  q: { description: 'keywords; `*:*` or absent for every product' },
  fq: {
    description:
      'filter `field:value`, `field:"a b"`, `field:(a OR "b c")`, `field:[1 TO 2}`, `-field:value`',
    repeatable: true,
  },
  fl: { description: 'comma-separated fields to return (default all)' },
  rows: { description: 'page size 0–100 (default 10)' },
  start: { description: 'offset ≥ 0 (default 0)' },
  sort: { description: '`field asc|desc`, comma-separated (default relevance, else featured)' },
  persona: { description: 'GST, TVS, …' },
  skuSearch: { description: 'true: q is a SKU matched exactly or as a prefix' },
  noCollapse: { description: 'true: one document per variant' },
  spellcheck: { description: 'false turns spelling suggestions off' },
  ...IGNORED,
};

const FACET_PARAMS: Readonly<Record<string, ParamDoc>> = {
  'facet.field': { description: 'field to count values of (repeatable)', repeatable: true },
  'facet.range': { description: 'numeric field of the range facet (finalPrice_d)' },
  'facet.range.gap': { description: 'bucket width of the range facet (default 100)' },
};

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface SearchRouteOptions {
  /** Bumped after every committed catalogue, price or stock change. */
  readonly catalogueVersion: CatalogueVersion;
  readonly cacheLimits?: AnswerCacheLimits;
  /** Build the search index at start-up (npm start) rather than at the first search (tests). */
  readonly warmIndex?: boolean;
}

/** The answer with this request's own time: a cached answer took no query time. */
const timed = (answer: SearchAnswer, qTime: number): SearchAnswer => ({
  ...answer,
  responseHeader: { status: 0, QTime: qTime },
});

/**
 * A search answer's QTime, as Solr means it: the milliseconds its own computation took, measured
 * around the computation (`timing`), so 0 for an answer served from memory or shared with a
 * request already computing it. Not the request's time: waiting for the catalogue version (a
 * round trip to a PostgreSQL server) or for a busy event loop is not the query's, and a cached
 * answer with a time other than 0 cannot go out as its kept, already compressed bytes.
 */
const queryTime = () => {
  let ms = 0;
  return {
    timing:
      <T>(compute: () => Promise<T>) =>
      async (): Promise<T> => {
        const began = performance.now();
        try {
          return await compute();
        } finally {
          ms = Math.round(performance.now() - began);
        }
      },
    ms: () => ms,
  };
};

/** The content type Fastify gives a serialized JSON answer. */
const JSON_TYPE = 'application/json; charset=utf-8';

/** How a search answer's text begins, written by its serializer with QTime 0. */
const TIMED_HEAD = '{"responseHeader":{"status":0,"QTime":0}';
const TIMED_HEAD_BYTES = Buffer.byteLength(TIMED_HEAD);

/**
 * The bytes of a cached answer with this request's QTime: the kept bytes as they are for 0 (a
 * cached answer's usual time), else the same bytes behind a head with the time.
 */
export const withQTime = (bytes: Buffer, qTime: number): Buffer =>
  qTime === 0
    ? bytes
    : Buffer.concat([
        Buffer.from(`{"responseHeader":{"status":0,"QTime":${qTime}}`),
        bytes.subarray(TIMED_HEAD_BYTES),
      ]);

const PDP_HEAD = Buffer.from('{"response":');
const PDP_QUERY_ID = Buffer.from(',"fusion":{"fusionQueryId":"');
const PDP_TAIL = Buffer.from('"}}');

/**
 * The pdp answer's bytes: the product part (kept as bytes by ProductPages) and this answer's own
 * query id, copied into one buffer. Sent as a Buffer, the answer is not measured (Fastify's
 * content-length of a string) or encoded again for the socket on each request, as the 4 KB string
 * this was built as before had to be.
 */
export const pdpAnswer = (response: Buffer, fusionQueryId: string): Buffer => {
  const id = queryIdBytes(fusionQueryId);
  const out = Buffer.allocUnsafe(
    PDP_HEAD.length + response.length + PDP_QUERY_ID.length + id.length + PDP_TAIL.length,
  );
  let at = PDP_HEAD.copy(out, 0);
  at += response.copy(out, at);
  at += PDP_QUERY_ID.copy(out, at);
  at += id.copy(out, at);
  PDP_TAIL.copy(out, at);
  return out;
};

const queryIdBytes = (fusionQueryId: string): Buffer =>
  Buffer.from(JSON.stringify(fusionQueryId).slice(1, -1), 'utf8');

/**
 * The same answer as pdpAnswer, gzipped: everything before the query id is the same for every
 * request of the product, so it is deflated once (`start`, kept by the caller for `response`) and
 * each request adds its query id and the closing bytes uncompressed (gzipWithEnd). Compressing the
 * whole answer per request cost more than the rest of the request (issue 14).
 */
export const gzippedPdpAnswer = (start: GzipStart, fusionQueryId: string): Buffer =>
  gzipWithEnd(start, Buffer.concat([queryIdBytes(fusionQueryId), PDP_TAIL]));

/** What gzippedPdpAnswer starts from: the answer's bytes up to its query id. */
export const pdpAnswerStart = (response: Buffer): GzipStart =>
  gzipStart(Buffer.concat([PDP_HEAD, response, PDP_QUERY_ID]));

export const searchRoutes = (
  app: FastifyInstance,
  db: Database,
  options: SearchRouteOptions,
): void => {
  const search = new SearchService(db);
  // Lists, full catalogue and typeahead are computed in memory from the index, kept fresh from the
  // database's change log at the catalogue version the answer cache reads (server/search/index/).
  const index = new SearchIndex(db, () => options.catalogueVersion.current());
  // Built before the server listens, so the first shopper does not wait for it.
  if (options.warmIndex === true) app.addHook('onReady', () => index.fresh());
  const cache = new AnswerCache(options.catalogueVersion, options.cacheLimits);
  const productPages = new ProductPages(db);
  const bytes = new AnswerBytes();
  /** The deflated start of each kept product answer (the same Buffer while the answer is kept). */
  const pdpStarts = new WeakMap<Buffer, GzipStart>();

  /**
   * The kept bytes of an answer as they go out: compressed once per encoding when the request
   * asks for one as browsers do (the encoding and bytes @fastify/compress would send, which passes
   * them through), else as they are — and a request with a weighted Accept-Encoding is left to
   * @fastify/compress.
   */
  const sendKept = (request: FastifyRequest, reply: FastifyReply, answer: object, kept: Buffer) => {
    reply.type(JSON_TYPE);
    if (kept.length < COMPRESSION_THRESHOLD) return kept;
    const encoding = plainEncoding(request);
    if (encoding === undefined || encoding === 'identity') return kept;
    markEncoded(reply, encoding);
    return bytes.encoded(answer, encoding, () => compress(kept, encoding));
  };

  /**
   * A list answer with this request's time: the object the first time (Fastify serializes it by
   * the route's schema), then the bytes that serializer wrote for it, with the time put in.
   */
  const sendTimed = (
    request: FastifyRequest,
    reply: FastifyReply,
    answer: SearchAnswer,
    qTime: number,
  ) => {
    const kept = bytes.of(answer, (cached) => {
      const text = reply.serialize(timed(cached as SearchAnswer, 0));
      return typeof text === 'string' && text.startsWith(TIMED_HEAD) ? text : undefined;
    });
    if (kept === undefined) return timed(answer, qTime);
    if (qTime === 0) return sendKept(request, reply, answer, kept);
    reply.type(JSON_TYPE);
    return withQTime(kept, qTime);
  };

  app.get(
    '/api/search/plp',
    {
      schema: {
        ...describe(
          'Search',
          'Product list and keyword search',
          'Solr-shaped answer `{responseHeader, response: {numFound, start, docs}, facet_counts, spellcheck?}`.',
        ),
        querystring: querystring({ ...SEARCH_PARAMS, ...FACET_PARAMS }),
        response: answers({ 200: SEARCH_ANSWER }),
      },
    },
    async (request, reply) => {
      const query = parseSearchQuery(request.query as RawParams, { facets: true });
      const took = queryTime();
      const answer = await cache.get(
        searchKey('plp', query),
        took.timing(() =>
          index.search(query, { countFacets: (count) => cache.get(facetKey(query), count) }),
        ),
      );
      live(reply);
      return sendTimed(request, reply, answer, took.ms());
    },
  );

  app.get(
    '/api/search/full-catalog',
    {
      schema: {
        ...describe(
          'Search',
          'Catalogue listing',
          'As plp without facets; `fq=language:en` and `fq=ctId_s:(…)` are understood; rows default 50.',
        ),
        querystring: querystring(SEARCH_PARAMS),
        response: answers({ 200: SEARCH_ANSWER }),
      },
    },
    async (request, reply) => {
      const query = parseSearchQuery(request.query as RawParams, {
        facets: false,
        defaultRows: 50,
      });
      const took = queryTime();
      const answer = await cache.get(
        searchKey('full-catalog', query),
        took.timing(() => index.search(query, { facets: false })),
      );
      live(reply);
      return sendTimed(request, reply, answer, took.ms());
    },
  );

  app.get(
    '/api/search/typeahead',
    {
      schema: {
        ...describe(
          'Search',
          'Typeahead',
          '`{suggestions: string[], response: {numFound, docs}}`: completions and products for what is typed so far.',
        ),
        querystring: querystring({
          q: { description: 'what the shopper has typed' },
          rows: { description: `1–${TYPEAHEAD_MAX_ROWS} (default ${TYPEAHEAD_MAX_ROWS})` },
          fl: {
            description: `comma-separated fields of the documents (default ${TYPEAHEAD_DEFAULT_FIELDS.join(',')}; \`*\` for all)`,
          },
          ...IGNORED,
        }),
        response: answers({
          200: closed({ suggestions: arrayOf(str()), response: FOUND_DOCUMENTS }, [
            'suggestions',
            'response',
          ]),
        }),
      },
    },
    async (request, reply) => {
      const params = request.query as RawParams;
      const q = single(params, 'q')?.trim() ?? '';
      if (q.length > MAX_KEYWORDS_LENGTH) {
        throw invalidField('querystring.q', `must be at most ${MAX_KEYWORDS_LENGTH} characters`);
      }
      const rows = integerParam(params, 'rows', 1, TYPEAHEAD_MAX_ROWS, TYPEAHEAD_MAX_ROWS);
      const fields = typeaheadFields(params);
      live(reply);
      if (q === '') return { suggestions: [], response: { numFound: 0, docs: [] } };
      const answer = await cache.get(typeaheadKey(q, rows, fields), () =>
        index.typeahead(q, rows, fields),
      );
      // A cached answer goes out as the bytes the route's serializer wrote for it the first time.
      const kept = bytes.of(answer, (cached) => {
        const text = reply.serialize(cached);
        return typeof text === 'string' ? text : undefined;
      });
      if (kept === undefined) return answer;
      return sendKept(request, reply, answer, kept);
    },
  );

  app.get(
    '/api/search/top-searches',
    {
      schema: {
        ...describe('Search', 'Top searches', '`{terms: string[]}`, most searched first.'),
        response: answers({ 200: closed({ terms: arrayOf(str()) }, ['terms']) }),
      },
    },
    async (_request, reply) => {
      cacheable(reply);
      return { terms: await cache.get('top-searches', () => search.topSearches()) };
    },
  );

  app.post<{ Body: { slug: string } }>(
    '/api/search/pdp',
    {
      // Only reads: a cluster worker answers it without checking the shared versions.
      config: { readOnly: true },
      schema: {
        ...describe(
          'Search',
          'Product page product',
          '`{response: {numFound, docs}, fusion: {fusionQueryId}}`: the one product with the slug (numFound 0 and no docs when none has it).',
        ),
        querystring: querystring({
          fl: { description: 'comma-separated fields (default all)' },
          q: { description: 'accepted, ignored' },
          fq: { description: 'accepted, ignored', repeatable: true },
          search_type: { description: 'accepted, ignored (product_detail)' },
          ...IGNORED,
        }),
        body: {
          type: 'object',
          required: ['slug'],
          properties: {
            slug: { type: 'string', minLength: 1, maxLength: 200, description: 'product slug' },
          },
        },
        response: answers({
          200: closed(
            {
              response: FOUND_DOCUMENTS,
              fusion: closed({ fusionQueryId: str() }, ['fusionQueryId']),
            },
            ['response', 'fusion'],
          ),
        }),
      },
    },
    async (request, reply) => {
      const fields = parseFieldList(request.query as RawParams);
      const slug = request.body.slug.trim().replace(/\.html$/i, '');
      if (!SLUG.test(slug)) {
        throw invalidField('body.slug', 'must be lower-case letters, digits and hyphens');
      }
      // The product part comes as JSON text, from the answer cache or written by the route's own
      // serializer for it; each answer gets a query id of its own.
      const response = await productPages.bytes(slug, fields, (found) =>
        reply.compileSerializationSchema(FOUND_DOCUMENTS)(found),
      );
      reply.type(JSON_TYPE);
      const id = randomUUID();
      // A browser names gzip: the kept start and this answer's own end (a weighted list is left
      // to @fastify/compress, as is an answer too short to compress).
      if (response.length + PDP_HEAD.length < COMPRESSION_THRESHOLD || !acceptsGzip(request)) {
        return pdpAnswer(response, id);
      }
      let start = pdpStarts.get(response);
      if (start === undefined) {
        start = pdpAnswerStart(response);
        pdpStarts.set(response, start);
      }
      markEncoded(reply, 'gzip');
      return gzippedPdpAnswer(start, id);
    },
  );

  app.get(
    '/api/search/profile',
    {
      schema: {
        ...describe(
          'Search',
          'Search profiles',
          '`{profiles: [{name, collection}]}` — the profile_{site}_General profile the storefront sends.',
        ),
        response: answers({
          200: closed(
            {
              profiles: arrayOf(closed({ name: str(), collection: str() }, ['name', 'collection'])),
            },
            ['profiles'],
          ),
        }),
      },
    },
    async (_request, reply) => {
      cacheable(reply);
      return { profiles: [SEARCH_PROFILE] };
    },
  );

  app.get(
    '/api/search/tooltip',
    {
      schema: {
        ...describe(
          'Search',
          'Facet help',
          '`{tooltips: [{field, label, text}]}`: a help text per facet.',
        ),
        querystring: querystring({ collection: { description: 'Solr collection (lavabo)' } }),
        response: answers({
          200: closed(
            {
              tooltips: arrayOf(
                closed({ field: str(), label: str(), text: str() }, ['field', 'label', 'text']),
              ),
            },
            ['tooltips'],
          ),
        }),
      },
    },
    async (request, reply) => {
      const collection = single(request.query as RawParams, 'collection');
      if (collection !== undefined && !/^[A-Za-z0-9_-]{0,64}$/.test(collection)) {
        throw invalidField(
          'querystring.collection',
          'must be letters, digits, hyphens or underscores',
        );
      }
      cacheable(reply);
      return { tooltips: await cache.get('tooltips', () => search.tooltips()) };
    },
  );

  app.get(
    '/api/search/help-faq',
    {
      schema: {
        ...describe(
          'Search',
          'Help and FAQ articles',
          '`{articles: [{slug, title, category, paragraphs}]}` in reading order.',
        ),
        response: answers({
          200: closed(
            {
              articles: arrayOf(
                closed({ slug: str(), title: str(), category: str(), paragraphs: arrayOf(str()) }, [
                  'slug',
                  'title',
                  'category',
                  'paragraphs',
                ]),
              ),
            },
            ['articles'],
          ),
        }),
      },
    },
    async (_request, reply) => {
      cacheable(reply);
      return { articles: await cache.get('help-faq', () => search.helpArticles()) };
    },
  );
};
