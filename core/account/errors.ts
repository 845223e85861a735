/**
 * Typed address-book failures; the HTTP adapter maps a 409 ConcurrentModification and a 404 to
 * these (the fake throws them directly), so a screen can reload or say which address is gone
 * without knowing about HTTP.
 */

/** 409: the profile version sent is stale; `currentVersion` is the server's. */
export class ProfileConflictError extends Error {
  readonly code = 'ConcurrentModification';
  constructor(readonly currentVersion: number) {
    super(`The profile was changed elsewhere (current version ${currentVersion})`);
    this.name = 'ProfileConflictError';
  }
}

/** 404: no saved address of this customer has the id (never theirs, or removed meanwhile). */
export class AddressNotFoundError extends Error {
  readonly code = 'AddressNotFound';
  constructor(readonly addressId: string) {
    super(`No saved address ${addressId}`);
    this.name = 'AddressNotFoundError';
  }
}

export type AddressBookError = ProfileConflictError | AddressNotFoundError;

export const isAddressBookError = (e: unknown): e is AddressBookError =>
  e instanceof ProfileConflictError || e instanceof AddressNotFoundError;
