/**
 * Typed shopping-list failures; the HTTP adapter maps a 409 ConcurrentModification (core/shared's
 * VersionConflictError, resource 'list') and a 404 to these, so use cases can retry or start over
 * without knowing about HTTP.
 */
import { DomainError, VersionConflictError } from '../shared/errors';

export { VersionConflictError };

/** The list does not exist for this shopper (never theirs, or gone). */
export class ListNotFoundError extends DomainError {
  readonly code = 'ListNotFound';
  constructor(readonly listId: string) {
    super('ListNotFoundError', `No shopping list ${listId}`);
  }
}

export type ListError = VersionConflictError | ListNotFoundError;

export const isListError = (e: unknown): e is ListError =>
  e instanceof VersionConflictError || e instanceof ListNotFoundError;
