/**
 * Every failed call becomes an ApiError whose `kind` is one of spec §8's situations. ApiError stays
 * inside adapters/: each gateway maps the failures its port names to core's typed errors (bad
 * fields → core/shared's FieldsError via fieldsErrorOf, stale versions → VersionConflictError via
 * staleVersionOf, rate limits → TooManyRequestsError via tooManyRequestsOf), so screens decide
 * what to say without looking at HTTP.
 */
import {
  FieldsError,
  INVALID_FIELD,
  TooManyRequestsError,
  type FieldProblem,
} from '../../core/shared/errors';

export type ApiErrorKind =
  | 'badRequest' // 400
  | 'authentication' // 401, 403
  | 'notFound' // 404
  | 'conflict' // 409 (ConcurrentModification)
  | 'rejected' // other 4xx
  | 'server' // 5xx
  | 'timeout'
  | 'network'
  | 'decode'; // the answer did not have the agreed shape

export const GENERAL_FAILURE_MESSAGE = 'Something went wrong. Please try again...';

export interface ApiErrorDetails {
  readonly status?: number;
  /** The server's own message, e.g. "body.email must match format email". */
  readonly serverMessage?: string;
  /** Machine-readable codes from `errors[].code`, e.g. ConcurrentModification. */
  readonly codes?: readonly string[];
  /** The raw `errors` entries, e.g. with `currentVersion`. */
  readonly errors?: readonly Record<string, unknown>[];
  /** For decode errors: the path of the first bad field. */
  readonly path?: string;
}

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly details: ApiErrorDetails = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  hasCode(code: string): boolean {
    return this.details.codes?.includes(code) ?? false;
  }
}

export const kindForStatus = (status: number): ApiErrorKind => {
  if (status === 400) return 'badRequest';
  if (status === 401 || status === 403) return 'authentication';
  if (status === 404) return 'notFound';
  if (status === 409) return 'conflict';
  if (status >= 500) return 'server';
  return 'rejected';
};

/**
 * A rate limit's answer (429, docs/api.md "Rate limits") as core's TooManyRequestsError, with the
 * server's words for how long to wait (the client keeps them as the message), or null when the
 * failure is anything else.
 */
export const tooManyRequestsOf = (error: unknown): TooManyRequestsError | null =>
  error instanceof ApiError && error.details.status === 429
    ? new TooManyRequestsError(error.message)
    : null;

/** The version a conflict error carries when the server's answer names none. */
export const UNKNOWN_VERSION = -1;

/**
 * The server's current version when a versioned call failed because the version it sent was stale
 * (409 ConcurrentModification with `currentVersion`, docs/api.md), or null when the failure is
 * anything else. A 409 that carries the code, or no code at all, is a stale version; a 409 with
 * another code (OutOfStock, PaymentCartChanged, DuplicateCustomer) is not. When the answer names
 * no usable version the result is UNKNOWN_VERSION: the caller reloads either way.
 */
export const staleVersionOf = (error: unknown): number | null => {
  if (!(error instanceof ApiError)) return null;
  const entry = error.details.errors?.find((e) => e.code === 'ConcurrentModification');
  const stale =
    entry !== undefined ||
    error.hasCode('ConcurrentModification') ||
    (error.kind === 'conflict' && (error.details.codes ?? []).length === 0);
  if (!stale) return null;
  const current = entry?.currentVersion;
  return typeof current === 'number' && Number.isSafeInteger(current) && current >= 0
    ? current
    : UNKNOWN_VERSION;
};

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * The fields a refused request names (docs/api.md: `errors: [{code, field, message}]`): one
 * problem per entry with a field, and one per field of an entry that lists `fields` (403
 * ForbiddenProfileEdit). An answer that lists none may still name one field in its message the way
 * schema validation does (`body/email must match format "email"`).
 */
export const fieldProblemsOf = (error: ApiError): readonly FieldProblem[] => {
  const problems = (error.details.errors ?? []).flatMap((e): FieldProblem[] => {
    const code = text(e.code) === '' ? INVALID_FIELD : text(e.code);
    const message = text(e.message);
    if (typeof e.field === 'string') return [{ field: e.field, code, message }];
    if (Array.isArray(e.fields)) {
      return e.fields
        .filter((f): f is string => typeof f === 'string')
        .map((field) => ({ field, code, message }));
    }
    return [];
  });
  if (problems.length > 0) return problems;
  const named = /^body[./](\w+)\s*(.*)$/.exec(error.details.serverMessage ?? '');
  return named?.[1] === undefined
    ? []
    : [{ field: named[1], code: INVALID_FIELD, message: named[2] ?? '' }];
};

/**
 * A refusal because of the request's fields — any 400, or a 403 that names fields
 * (ForbiddenProfileEdit) — as core's FieldsError carrying the server's own message; null for every
 * other failure (a guest's 403, 404, 409, 5xx, network), which the gateway maps or rethrows.
 */
export const fieldsErrorOf = (error: unknown): FieldsError | null => {
  if (!(error instanceof ApiError)) return null;
  const namesFields = error.kind === 'authentication' && error.hasCode('ForbiddenProfileEdit');
  if (error.kind !== 'badRequest' && !namesFields) return null;
  return new FieldsError(fieldProblemsOf(error), error.details.serverMessage ?? error.message);
};
