/**
 * The generated drawings (public, outside /api): `/images/products/{variant sku}.svg` rendered
 * from the variant's catalogue row, `/images/content/{scene}.svg` from the content scenes. A name
 * never changes its drawing, so answers are immutable; each is rendered once per process.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { CatalogService } from '../catalog/catalog-service';
import type { Queryable } from '../db/database';
import { ApiError } from '../http/errors';
import { contentImageSvg } from '../seed/images/content-images';
import { renderProductSvg } from '../seed/images/render';
import { describe } from './docs';
import { answers, binary, pathParams } from './schemas/common';

const SVG_ANSWERS = answers(
  { 200: binary('image/svg+xml', 'The drawing; cached for a year (immutable)') },
  { public: true, errors: [404] },
);

export const IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Memoised drawings per process; the map starts over when full. */
export const MAX_MEMOISED_IMAGES = 5000;

const FILE = /^([A-Za-z0-9][A-Za-z0-9-]{0,63})\.svg$/;

class Memo {
  private readonly svgs = new Map<string, string>();

  async get(key: string, render: () => Promise<string | null>): Promise<string | null> {
    const known = this.svgs.get(key);
    if (known !== undefined) return known;
    const svg = await render();
    if (svg === null) return null;
    if (this.svgs.size >= MAX_MEMOISED_IMAGES) this.svgs.clear();
    this.svgs.set(key, svg);
    return svg;
  }
}

const sendSvg = (reply: FastifyReply, svg: string) =>
  reply.type('image/svg+xml; charset=utf-8').header('cache-control', IMAGE_CACHE_CONTROL).send(svg);

export const imageRoutes = (app: FastifyInstance, db: Queryable): void => {
  const catalog = new CatalogService(db);
  const memo = new Memo();

  app.get(
    '/images/products/:file',
    {
      schema: {
        ...describe(
          'Images',
          'Product drawing',
          '`/images/products/{variant sku}.svg`: image/svg+xml, immutable; 404 for an unknown SKU.',
        ),
        params: pathParams({ file: '`{variant sku}.svg`' }),
        response: SVG_ANSWERS,
      },
    },
    async (request, reply) => {
      const file = (request.params as { file: string }).file;
      const sku = FILE.exec(file)?.[1]?.toUpperCase();
      const svg =
        sku === undefined
          ? null
          : await memo.get(`p:${sku}`, async () => {
              const input = await catalog.productImage(sku);
              return input === null ? null : renderProductSvg(input);
            });
      if (svg === null) throw new ApiError(404, `No product image ${file}`);
      return sendSvg(reply, svg);
    },
  );

  app.get(
    '/images/content/:file',
    {
      schema: {
        ...describe(
          'Images',
          'Content scene drawing',
          '`/images/content/{name}.svg`: image/svg+xml, immutable; 404 for an unknown name.',
        ),
        params: pathParams({ file: '`{name}.svg`' }),
        response: SVG_ANSWERS,
      },
    },
    async (request, reply) => {
      const file = (request.params as { file: string }).file;
      const name = FILE.exec(file)?.[1];
      const svg =
        name === undefined
          ? null
          : await memo.get(`c:${name}`, () => Promise.resolve(contentImageSvg(name)));
      if (svg === null) throw new ApiError(404, `No content image ${file}`);
      return sendSvg(reply, svg);
    },
  );
};
