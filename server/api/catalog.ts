/**
 * The catalogue calls beside search (docs/api.md "Other catalogue calls"): product projection,
 * reviews, inventory and stock, PDP teasers and the product documents as PDF. Thin: parameters are
 * checked here (a 400 names the parameter), the reading is CatalogService's.
 */
import type { FastifyInstance } from 'fastify';
import { CatalogService, type ProjectionKey } from '../catalog/catalog-service';
import type { LiteratureService } from '../catalog/literature';
import { DOCUMENT_KINDS, renderSpecSheet, type DocumentKind } from '../catalog/spec-sheet-pdf';
import type { Queryable } from '../db/database';
import { isSku } from '../../core/shared/sku';
import { ApiError } from '../http/errors';
import { invalidField } from '../http/input';
import { integerParam, many, single, type RawParams } from '../search/solr-query';
import { describe, querystring } from './docs';
import { answers, arrayOf, binary, bool, closed, int, num, str } from './schemas/common';
import { COMPONENT, PRODUCT_PROJECTION } from './schemas/domain';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** At most this many SKUs in one inventory call. */
export const MAX_INVENTORY_SKUS = 100;
export const MAX_REVIEW_ROWS = 50;
const CATALOG_CACHE_CONTROL = 'public, max-age=60';

/** A required single SKU parameter, upper-cased. */
const skuParam = (params: RawParams, name: string): string => {
  const value = single(params, name)?.trim();
  if (value === undefined || value === '') throw invalidField(name, 'is required');
  if (!isSku(value)) throw invalidField(name, 'must be a SKU (letters, digits and hyphens)');
  return value.toUpperCase();
};

/** `slug="…"`, `sku="…"` or `id="…"` (commercetools' where predicate, one equality). */
export const parseWhere = (params: RawParams): { key: ProjectionKey; value: string } => {
  const where = single(params, 'where')?.trim();
  if (where === undefined || where === '') throw invalidField('where', 'is required');
  const m = /^(slug|sku|id)\s*=\s*"([^"\\]{1,200})"$/.exec(where);
  if (m === null) throw invalidField('where', 'must be slug="…", sku="…" or id="…"');
  const [, key = 'slug', value = ''] = m;
  return { key: key as ProjectionKey, value };
};

/** `K-4120-spec-sheet` → the product and which document; a bare SKU is its spec sheet. */
export const parseDocumentPage = (page: string): { sku: string; kind: DocumentKind } => {
  const kind = DOCUMENT_KINDS.find((k) => page.toLowerCase().endsWith(`-${k}`));
  const sku = kind === undefined ? page : page.slice(0, page.length - kind.length - 1);
  if (!isSku(sku))
    throw invalidField('page', 'must be a SKU, optionally followed by -{document kind}');
  return { sku: sku.toUpperCase(), kind: kind ?? 'spec-sheet' };
};

export const catalogRoutes = (
  app: FastifyInstance,
  db: Queryable,
  literature: LiteratureService,
): void => {
  const catalog = new CatalogService(db);

  app.get(
    '/api/catalog/projection',
    {
      schema: {
        ...describe(
          'Catalog',
          'Product projection',
          'commercetools-style `{limit, offset, count, total, results: [ProductProjection]}`; no match → empty results.',
        ),
        querystring: querystring({
          where: {
            description: 'slug="…", sku="…" (product or variant) or id="…" (ctId)',
            required: true,
          },
        }),
        response: answers({
          200: closed(
            {
              limit: int(),
              offset: int(),
              count: int(),
              total: int(),
              results: arrayOf(PRODUCT_PROJECTION),
            },
            ['limit', 'offset', 'count', 'total', 'results'],
          ),
        }),
      },
    },
    async (request, reply) => {
      const { key, value } = parseWhere(request.query as RawParams);
      const results = await catalog.projections(key, value);
      reply.header('cache-control', CATALOG_CACHE_CONTROL);
      return { limit: 20, offset: 0, count: results.length, total: results.length, results };
    },
  );

  app.get(
    '/api/catalog/reviews',
    {
      schema: {
        ...describe(
          'Catalog',
          'Product reviews',
          '`{total, averageRating, reviews: [{id, author, rating, title, body, createdAt, verifiedPurchase}]}`, newest first; 404 for an unknown SKU.',
        ),
        querystring: querystring({
          sku: { description: 'product or variant SKU', required: true },
          start: { description: 'offset ≥ 0 (default 0)' },
          rows: { description: `1–${MAX_REVIEW_ROWS} (default 10)` },
        }),
        response: answers(
          {
            200: closed(
              {
                total: int(),
                averageRating: num(),
                reviews: arrayOf(
                  closed(
                    {
                      id: str(),
                      author: str(),
                      rating: num(),
                      title: str(),
                      body: str(),
                      createdAt: str('ISO 8601'),
                      verifiedPurchase: bool(),
                    },
                    ['id', 'author', 'rating', 'title', 'body', 'createdAt', 'verifiedPurchase'],
                  ),
                ),
              },
              ['total', 'averageRating', 'reviews'],
            ),
          },
          { errors: [404] },
        ),
      },
    },
    async (request, reply) => {
      const params = request.query as RawParams;
      const sku = skuParam(params, 'sku');
      const start = integerParam(params, 'start', 0, 100_000, 0);
      const rows = integerParam(params, 'rows', 1, MAX_REVIEW_ROWS, 10);
      const page = await catalog.reviews(sku, start, rows);
      if (page === null) throw new ApiError(404, `sku ${sku} is not in the catalogue`);
      reply.header('cache-control', CATALOG_CACHE_CONTROL);
      return page;
    },
  );

  app.get(
    '/api/catalog/inventory',
    {
      schema: {
        ...describe(
          'Catalog',
          'Inventory',
          '`{results: [{sku, availableQuantity, backorderable, leadTimeDays}]}` in the order asked; unknown SKUs are left out. A master SKU counts all its variants.',
        ),
        querystring: querystring({
          sku: {
            description: 'variant or master SKU (repeatable)',
            repeatable: true,
            required: true,
          },
        }),
        response: answers({
          200: closed(
            {
              results: arrayOf(
                closed(
                  {
                    sku: str(),
                    availableQuantity: int(),
                    backorderable: bool(),
                    leadTimeDays: { type: 'integer', nullable: true },
                  },
                  ['sku', 'availableQuantity', 'backorderable', 'leadTimeDays'],
                ),
              ),
            },
            ['results'],
          ),
        }),
      },
    },
    async (request, reply) => {
      const skus = many(request.query as RawParams, 'sku')
        .flatMap((s) => s.split(','))
        .map((s) => s.trim())
        .filter((s) => s !== '');
      if (skus.length === 0) throw invalidField('sku', 'is required');
      if (skus.length > MAX_INVENTORY_SKUS) {
        throw invalidField('sku', `may be given at most ${MAX_INVENTORY_SKUS} times`);
      }
      const wrong = skus.find((s) => !isSku(s));
      if (wrong !== undefined)
        throw invalidField('sku', 'must be a SKU (letters, digits and hyphens)');
      reply.header('cache-control', 'no-cache');
      return { results: await catalog.inventory(skus) };
    },
  );

  app.get(
    '/api/catalog/stock',
    {
      schema: {
        ...describe(
          'Catalog',
          'Stock of one SKU',
          '`{sku, availableQuantity}`; 404 for an unknown SKU.',
        ),
        querystring: querystring({ sku: { description: 'variant or master SKU', required: true } }),
        response: answers(
          {
            200: closed({ sku: str(), availableQuantity: int() }, ['sku', 'availableQuantity']),
          },
          { errors: [404] },
        ),
      },
    },
    async (request, reply) => {
      const sku = skuParam(request.query as RawParams, 'sku');
      const [entry] = await catalog.inventory([sku]);
      if (entry === undefined) throw new ApiError(404, `sku ${sku} is not in the catalogue`);
      reply.header('cache-control', 'no-cache');
      return { sku: entry.sku, availableQuantity: entry.availableQuantity };
    },
  );

  app.get(
    '/api/catalog/pdp-teaser',
    {
      schema: {
        ...describe(
          'Catalog',
          'Product page teasers',
          '`{teasers: [TeaserComponent]}` (core/content/page-model.ts): the collection, then services; none when neither the SKU nor the category is known.',
        ),
        querystring: querystring({
          skuId: { description: 'product or variant SKU' },
          category: { description: 'category slug, used when the SKU is unknown' },
        }),
        response: answers({ 200: closed({ teasers: arrayOf(COMPONENT) }, ['teasers']) }),
      },
    },
    async (request, reply) => {
      const params = request.query as RawParams;
      const skuText = single(params, 'skuId')?.trim();
      const category = single(params, 'category')?.trim();
      if (skuText !== undefined && skuText !== '' && !isSku(skuText)) {
        throw invalidField('skuId', 'must be a SKU (letters, digits and hyphens)');
      }
      if (category !== undefined && category !== '' && !SLUG.test(category)) {
        throw invalidField('category', 'must be a category slug');
      }
      if ((skuText ?? '') === '' && (category ?? '') === '') {
        throw invalidField('skuId', 'is required when category is not given');
      }
      const teasers = await catalog.teasers(
        skuText === '' ? undefined : skuText,
        category === '' ? undefined : category,
      );
      reply.header('cache-control', CATALOG_CACHE_CONTROL);
      return { teasers };
    },
  );

  app.get(
    '/api/catalog/pdf-file-download',
    {
      // Product documents are linked from product pages as plain links: public, like images.
      config: { public: true },
      schema: {
        ...describe(
          'Catalog',
          'Product document as PDF',
          '`application/pdf`: a product document (one or two pages: title, SKU, prices, finishes, specifications, documents), or a family’s literature document (GET /api/catalog/literature). 404 for an unknown SKU.',
        ),
        querystring: querystring({
          page: {
            description:
              '`{sku}-{kind}` (kind: spec-sheet, installation-guide, warranty, parts-diagram, care-guide), a SKU, or a literature document’s `{family}-{kind}`',
            required: true,
          },
        }),
        response: answers(
          {
            200: binary(
              'application/pdf',
              'The document, as an attachment (content-disposition names the file)',
            ),
          },
          { public: true, errors: [404] },
        ),
      },
    },
    async (request, reply) => {
      const page = single(request.query as RawParams, 'page')?.trim() ?? '';
      if (page === '') throw invalidField('page', 'is required');
      const familyDocument = /^[a-z0-9-]{1,120}$/.test(page) ? await literature.pdf(page) : null;
      if (familyDocument !== null) {
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${familyDocument.name}"`)
          .header('cache-control', 'public, max-age=3600')
          .send(Buffer.from(familyDocument.bytes));
      }
      const { sku, kind } = parseDocumentPage(page);
      const product = await catalog.specSheet(sku);
      if (product === null) throw new ApiError(404, `page ${page} names no product`);
      const pdf = await renderSpecSheet(product, kind);
      const fileName = `${product.sku}-${kind}.pdf`;
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'public, max-age=3600')
        .send(Buffer.from(pdf.bytes));
    },
  );
};
