/**
 * The demo's "vendor tags" (`GET /third-party/{name}.js`): two tiny first-party scripts that stand
 * in for a tag manager and a pixel, so `npm start` shows the third-party scripts' turn (spec §4)
 * with no network. Each leaves a `demo_tag_loaded` marker in `window.dataLayer`, as a real tag's
 * arrival would show in it. Same origin and plain script files, so the pages' CSP (script-src
 * 'self') runs them; they run no inline code and no eval. Cached briefly, as vendors' tags are,
 * and revalidated by ETag.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/errors';
import { describe } from '../api/docs';
import { answers, binary, pathParams } from '../api/schemas/common';

export interface DemoTag {
  readonly id: string;
  readonly path: string;
  readonly body: string;
}

const tag = (id: string, what: string): DemoTag => ({
  id,
  path: `/third-party/${id}.js`,
  body: `/* Lavabo demo ${what}: stands in for a vendor's script and needs no network. */
(function () {
  var layer = (window.dataLayer = window.dataLayer || []);
  layer.push({ event: 'demo_tag_loaded', tag: '${id}' });
})();
`,
});

export const DEMO_TAGS: readonly DemoTag[] = [
  tag('demo-tag', 'tag manager'),
  tag('demo-pixel', 'pixel'),
];

/** Vendors' tags change without a new name, so they are kept a short while and revalidated. */
export const DEMO_TAG_CACHE_CONTROL = 'public, max-age=300, must-revalidate';

const etagOf = (body: string): string =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

export const demoTagRoutes = (app: FastifyInstance): void => {
  const tags = new Map(DEMO_TAGS.map((t) => [`${t.id}.js`, { ...t, etag: etagOf(t.body) }]));
  app.get(
    '/third-party/:file',
    {
      schema: {
        ...describe(
          'Content',
          'Demo vendor tag',
          '`/third-party/{name}.js`: a demo third-party script (text/javascript) that pushes a marker into `window.dataLayer`; cached 5 minutes, revalidated by ETag; 404 for an unknown name.',
        ),
        params: pathParams({ file: '`demo-tag.js` or `demo-pixel.js`' }),
        response: answers(
          {
            200: binary('text/javascript', 'The script'),
            304: { description: 'Not modified' },
          },
          { public: true, errors: [404] },
        ),
      },
    },
    async (request, reply) => {
      const file = (request.params as { file: string }).file;
      const found = tags.get(file);
      if (found === undefined) throw new ApiError(404, `No demo tag ${file}`);
      reply.header('cache-control', DEMO_TAG_CACHE_CONTROL).header('etag', found.etag);
      const asked = request.headers['if-none-match'];
      if (asked !== undefined && asked.split(',').some((t) => t.trim() === found.etag)) {
        return reply.code(304).send();
      }
      return reply.type('text/javascript; charset=utf-8').send(found.body);
    },
  );
};
