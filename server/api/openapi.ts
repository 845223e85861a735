/**
 * The API reference: an OpenAPI 3 document of every /api and /images route, built by
 * @fastify/swagger from the routes' own schemas (server/api/docs.ts), served at
 * GET /api/openapi.json. Register it before the routes: it learns them as they are added.
 */
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { describe } from './docs';
import { answers, open, str } from './schemas/common';

export const registerOpenApi = async (app: FastifyInstance): Promise<void> => {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Lavabo storefront API',
        version: '0.1.0',
        description:
          'The wire contract of docs/api.md. Errors are `{statusCode, error, message, errors?}`; a 400 names the parameter. Every /api route needs `Authorization: Bearer …` except those marked with no security. Answers are serialised by the schemas below; a method a listed path does not serve is 405 with an `Allow` header.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transform: ({ schema, url, route }) => {
      const listed = url.startsWith('/api/') || url.startsWith('/images/');
      const isPublic =
        url.startsWith('/images/') ||
        (route.config as { public?: boolean } | undefined)?.public === true;
      return {
        url,
        schema: {
          ...(schema ?? {}),
          ...(listed ? {} : { hide: true }),
          ...(isPublic ? { security: [] } : {}),
        },
      };
    },
  });
};

export const openApiRoute = (app: FastifyInstance): void => {
  app.get(
    '/api/openapi.json',
    {
      config: { public: true },
      schema: {
        ...describe('Reference', 'This document', 'The OpenAPI 3 document of the API.'),
        response: answers(
          {
            200: open({ openapi: str(), info: open({}), paths: open({}) }, [
              'openapi',
              'info',
              'paths',
            ]),
          },
          { public: true },
        ),
      },
    },
    async () => app.swagger(),
  );
};
