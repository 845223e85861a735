/**
 * Schemas of the identity routes for the API reference only: the bodies are checked by the
 * routes themselves (server/identity/field-errors.ts), so that a 400 lists every bad field as
 * `{code: 'InvalidField', field, message}` rather than stopping at the first.
 */
import type { FastifySchema } from 'fastify';

/** A validator that lets everything through: the route checks its own body. */
export const documentOnly = {
  validatorCompiler: () => () => true,
} as const;

export const identityDoc = (
  summary: string,
  description: string,
  body?: Readonly<Record<string, unknown>>,
): FastifySchema => ({
  tags: ['Identity'],
  summary,
  description,
  ...(body === undefined ? {} : { body }),
});

export const text = (description: string) => ({ type: 'string', description }) as const;

export const objectOf = (
  properties: Readonly<Record<string, unknown>>,
  required: readonly string[],
) => ({ type: 'object', properties, required }) as const;
