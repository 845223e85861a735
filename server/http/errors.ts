/**
 * Every error leaves the API as JSON `{statusCode, error, message, errors?}` (ARCHITECTURE.md wire
 * contract). Bad input is a 4xx naming the field; only a real fault is a 500, and its details stay
 * in the log.
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';

export interface ErrorCode {
  readonly code: string;
  readonly [extra: string]: unknown;
}

export interface ErrorBody {
  readonly statusCode: number;
  readonly error: string;
  readonly message: string;
  readonly errors?: readonly ErrorCode[];
}

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: readonly ErrorCode[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * 409 for a write against a stale version: `subject` names what changed ("cart", "profile"), and
 * `currentVersion` is what the client should retry against.
 */
export const concurrentModification = (currentVersion: number, subject: string): ApiError =>
  new ApiError(409, `The ${subject} was changed elsewhere (current version ${currentVersion})`, [
    { code: 'ConcurrentModification', currentVersion },
  ]);

export const JWT_NOT_PRESENT = 'JWT not present.';
export const INVALID_JWT = 'Invalid JWT.';

export const errorBody = (
  statusCode: number,
  message: string,
  errors?: readonly ErrorCode[],
): ErrorBody => ({
  statusCode,
  error: STATUS_CODES[statusCode] ?? 'Error',
  message,
  ...(errors === undefined ? {} : { errors }),
});

export const sendError = (
  reply: FastifyReply,
  statusCode: number,
  message: string,
  errors?: readonly ErrorCode[],
) =>
  reply
    .code(statusCode)
    .type('application/json; charset=utf-8')
    .send(errorBody(statusCode, message, errors));

interface ValidationIssue {
  readonly instancePath: string;
  readonly keyword: string;
  readonly message?: string;
  readonly params: Record<string, unknown>;
}

/** One schema issue as the field it names and what is wrong with it. */
export const validationField = (
  context: string | undefined,
  issue: ValidationIssue,
): { readonly field: string; readonly message: string } => {
  const pathParts = issue.instancePath.split('/').filter(Boolean);
  if (issue.keyword === 'required' && typeof issue.params.missingProperty === 'string') {
    pathParts.push(issue.params.missingProperty);
  }
  if (
    issue.keyword === 'additionalProperties' &&
    typeof issue.params.additionalProperty === 'string'
  ) {
    pathParts.push(issue.params.additionalProperty);
  }
  const field = [context ?? 'request', ...pathParts].join('.');
  const allowed = Array.isArray(issue.params.allowedValues)
    ? `: ${issue.params.allowedValues.join(', ')}`
    : '';
  const message =
    issue.keyword === 'required'
      ? 'is required'
      : issue.keyword === 'additionalProperties'
        ? 'is not allowed'
        : `${issue.message ?? 'is invalid'}${allowed}`;
  return { field, message };
};

/** "querystring.scope must be equal to one of the allowed values: guest" — names the field. */
export const describeValidation = (
  context: string | undefined,
  issues: readonly ValidationIssue[],
): string =>
  issues
    .map((issue) => validationField(context, issue))
    .map(({ field, message }) => `${field} ${message}`)
    .join('; ');

export const registerErrorHandling = (app: FastifyInstance): void => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError)
      return sendError(reply, error.statusCode, error.message, error.errors);
    if (error.validation) {
      // The one 400 shape of the API (./input.ts): the message and an InvalidField per field.
      const issues = error.validation as ValidationIssue[];
      return sendError(
        reply,
        400,
        describeValidation(error.validationContext, issues),
        issues.map((issue) => ({
          code: 'InvalidField',
          ...validationField(error.validationContext, issue),
        })),
      );
    }
    // A body that is not JSON at all: say so and name the body, as every other 400 names a field.
    if (
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
    ) {
      return sendError(reply, 400, `body: ${error.message}`, [
        { code: 'InvalidJson', field: 'body' },
      ]);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return sendError(reply, status, error.message);
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, 500, 'Something went wrong. Please try again...');
  });
};
