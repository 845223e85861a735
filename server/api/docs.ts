/**
 * Query parameters for the reference (GET /api/openapi.json): declared as text, or as lists of
 * text when repeatable (Fastify then hands a single value over as a one-element list); the
 * required ones are marked, and Fastify refuses a request without them (a 400 naming the
 * parameter, server/http/errors.ts). The values themselves are checked by the route. Answers and
 * bodies are declared with ./schemas/.
 */
import type { FastifySchema } from 'fastify';

export interface ParamDoc {
  readonly description: string;
  readonly repeatable?: boolean;
  readonly required?: boolean;
}

export const querystring = (
  params: Readonly<Record<string, ParamDoc>>,
): FastifySchema['querystring'] => {
  const required = Object.entries(params)
    .filter(([, p]) => p.required === true)
    .map(([name]) => name);
  return {
    type: 'object',
    properties: Object.fromEntries(
      Object.entries(params).map(([name, p]) => [
        name,
        p.repeatable === true
          ? { type: 'array', items: { type: 'string' }, description: p.description }
          : { type: 'string', description: p.description },
      ]),
    ),
    ...(required.length === 0 ? {} : { required }),
  };
};

/** The route's place in the reference: a tag, one line, and what it answers. */
export const describe = (
  tag: 'Foundation' | 'Search' | 'Catalog' | 'Content' | 'Images' | 'Reference',
  summary: string,
  description: string,
): FastifySchema => ({ tags: [tag], summary, description });
