/**
 * Typed shopping-list failures; the HTTP adapter maps a 409 ConcurrentModification and a 404 to
 * these, so use cases can retry or start over without knowing about HTTP.
 */

/** 409: the list version sent is stale; `currentVersion` is the server's. */
export class ListConflictError extends Error {
  readonly code = 'ConcurrentModification';
  constructor(readonly currentVersion: number) {
    super(`The list was changed elsewhere (current version ${currentVersion})`);
    this.name = 'ListConflictError';
  }
}

/** The list does not exist for this shopper (never theirs, or gone). */
export class ListNotFoundError extends Error {
  readonly code = 'ListNotFound';
  constructor(readonly listId: string) {
    super(`No shopping list ${listId}`);
    this.name = 'ListNotFoundError';
  }
}

export type ListError = ListConflictError | ListNotFoundError;

export const isListError = (e: unknown): e is ListError =>
  e instanceof ListConflictError || e instanceof ListNotFoundError;
