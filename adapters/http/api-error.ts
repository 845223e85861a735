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
