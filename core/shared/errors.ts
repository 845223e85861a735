/**
 * The shapes every area's typed failures share. Core's error classes extend DomainError, so each
 * carries a machine-readable `code` (the wire's `errors[].code` where one exists) and its own class
 * name; ports report failures as these and never as an adapter's transport error, so a use case or
 * a screen can tell them apart without knowing HTTP.
 */

/**
 * A typed failure of core: a stable `code`, a message for logs, and the class's name given
 * explicitly (a minified build renames classes, and logs should still say which failure it was).
 */
export abstract class DomainError extends Error {
  abstract readonly code: string;

  protected constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}

/**
 * 429: the shop turned the call away because this shopper made too many like it just now (its
 * rate limits, docs/api.md). `message` is the shop's words, saying how long to wait.
 */
export class TooManyRequestsError extends DomainError {
  readonly code = 'TooManyRequests';

  constructor(message: string) {
    super('TooManyRequestsError', message);
  }
}

/** What a versioned write was about: carts, customer profiles (and their addresses), lists. */
export type VersionedResource = 'cart' | 'profile' | 'list';

/**
 * 409 ConcurrentModification: the version sent with a write is stale, nothing was written;
 * `currentVersion` is the server's now (-1 when the answer named none: reload either way).
 */
export class VersionConflictError extends DomainError {
  readonly code = 'ConcurrentModification';

  constructor(
    readonly resource: VersionedResource,
    readonly currentVersion: number,
  ) {
    super(
      'VersionConflictError',
      `The ${resource} was changed elsewhere (current version ${currentVersion})`,
    );
  }
}

export const isVersionConflict = (
  error: unknown,
  resource?: VersionedResource,
): error is VersionConflictError =>
  error instanceof VersionConflictError && (resource === undefined || error.resource === resource);

/** One refused field: where in the request, why (a code), and a message for people. */
export interface FieldProblem {
  /** The field's place in the request, e.g. `actions[1].address.postalCode`, `email`. */
  readonly field: string;
  /** e.g. InvalidField, AddressLimitReached, ForbiddenProfileEdit. */
  readonly code: string;
  /** The server's (or the fake's) words; may be a fragment such as "is required". */
  readonly message: string;
}

/** The code of a field problem whose answer named none. */
export const INVALID_FIELD = 'InvalidField';

/**
 * The request was refused because of some of its fields (a 400 naming them, or a 403 naming the
 * fields this shopper may not change). `problems` lists each, in the order given; it may be empty
 * when the refusal named no field (then `message` is all there is).
 */
export class FieldsError extends DomainError {
  readonly code = 'InvalidFields';

  constructor(
    readonly problems: readonly FieldProblem[],
    message: string = problemsMessage(problems),
  ) {
    super('FieldsError', message);
  }

  /** The problems whose code is `code`. */
  withCode(code: string): readonly FieldProblem[] {
    return this.problems.filter((p) => p.code === code);
  }
}

/** `email: is required; password: is too short` — every problem, named. */
export const problemsMessage = (problems: readonly FieldProblem[]): string =>
  problems.length === 0
    ? 'Some fields were refused'
    : problems.map((p) => (p.field === '' ? p.message : `${p.field}: ${p.message}`)).join('; ');
