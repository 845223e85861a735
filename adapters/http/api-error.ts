/**
 * Every failed call becomes an ApiError whose `kind` is one of spec §8's situations, so screens can
 * decide what to say without looking at HTTP.
 */
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
