/**
 * Route schemas that describe rather than validate: the OpenAPI document (GET /api/openapi.json)
 * is built from them, while the parameters themselves are checked by the route (a 400 naming the
 * parameter). Query parameters are declared as text, or as lists of text when repeatable (Fastify
 * then hands a single value over as a one-element list).
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
