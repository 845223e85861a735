/**
 * AddressBookGateway over the API (spec §7 "Customer", docs/api.md "Customer profile and
 * addresses"): a stale version (409 ConcurrentModification) becomes VersionConflictError with the
 * server's current version, an address that is not the customer's (404) AddressNotFoundError, bad
 * fields (400, also AddressLimitReached) and a persona's forbidden edits (403 ForbiddenProfileEdit)
 * core's FieldsError; other failures (a guest's 403, a server error) stay ApiErrors.
 */
import type { AddressAction, AddressBook } from '../../../core/account/addresses';
import { AddressNotFoundError, VersionConflictError } from '../../../core/account/errors';
import type { AddressBookGateway, ProfileEditAction } from '../../../core/account/ports';
import type { Profile } from '../../../core/account/profile';
import type { ApiClient } from '../api-client';
import { ApiError, fieldsErrorOf, staleVersionOf } from '../api-error';
import { AddressBookAnswerCodec, ProfileCodec } from './profile.codec';

/** The id the request named first, for a 404 whose body does not say. */
const firstAddressId = (actions: readonly (AddressAction | ProfileEditAction)[]): string => {
  for (const action of actions) if ('addressId' in action) return action.addressId;
  return '';
};

const mapProfileError = (
  error: unknown,
  actions: readonly (AddressAction | ProfileEditAction)[],
): unknown => {
  if (!(error instanceof ApiError)) return error;
  const entries = error.details.errors ?? [];
  const current = staleVersionOf(error);
  if (current !== null) return new VersionConflictError('profile', current);
  if (error.kind === 'notFound') {
    const id = entries.find((e) => e.code === 'AddressNotFound')?.addressId;
    return new AddressNotFoundError(typeof id === 'string' ? id : firstAddressId(actions));
  }
  return fieldsErrorOf(error) ?? error;
};

export class HttpAddressBookGateway implements AddressBookGateway {
  constructor(private readonly api: Pick<ApiClient, 'get' | 'post'>) {}

  profile(): Promise<Profile> {
    return this.api.get('/customer/profile', ProfileCodec);
  }

  async apply(version: number, actions: readonly AddressAction[]): Promise<AddressBook> {
    try {
      return await this.api.post('/customer/address', { version, actions }, AddressBookAnswerCodec);
    } catch (error) {
      throw mapProfileError(error, actions);
    }
  }

  async editProfile(version: number, actions: readonly ProfileEditAction[]): Promise<Profile> {
    try {
      return await this.api.post('/customer/profile', { version, actions }, ProfileCodec);
    } catch (error) {
      throw mapProfileError(error, actions);
    }
  }
}
