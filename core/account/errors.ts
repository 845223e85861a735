/**
 * Typed address-book failures; the HTTP adapter maps a 409 ConcurrentModification (core/shared's
 * VersionConflictError, resource 'profile'), a 404, and bad fields (core/shared's FieldsError) to
 * these (the fake throws them directly), so a screen can reload, say which address is gone or
 * which field is wrong without knowing about HTTP.
 */
import { DomainError, VersionConflictError } from '../shared/errors';

export { VersionConflictError };

/** 404: no saved address of this customer has the id (never theirs, or removed meanwhile). */
export class AddressNotFoundError extends DomainError {
  readonly code = 'AddressNotFound';
  constructor(readonly addressId: string) {
    super('AddressNotFoundError', `No saved address ${addressId}`);
  }
}

export type AddressBookError = VersionConflictError | AddressNotFoundError;

export const isAddressBookError = (e: unknown): e is AddressBookError =>
  e instanceof VersionConflictError || e instanceof AddressNotFoundError;
