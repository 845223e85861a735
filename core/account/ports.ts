/** Port of the account area: the customer's profile and saved addresses (spec §7 "Customer"). */
import type { AddressAction, AddressBook } from './addresses';
import type { Profile, ProfileAction } from './profile';

export { FieldsError } from '../shared/errors';
export {
  AddressNotFoundError,
  VersionConflictError,
  // Deprecated alias of VersionConflictError, kept for one release.
  ProfileConflictError,
  isAddressBookError,
  type AddressBookError,
} from './errors';

/** The edit-profile call also takes changeAddress (spec §7). */
export type ProfileEditAction =
  ProfileAction | Extract<AddressAction, { readonly action: 'changeAddress' }>;

/**
 * Port: the signed-in customer's profile and address book (the server knows whose from the
 * token; a guest is refused). Updates take the version they were computed against and resolve to
 * the book as changed; a stale version throws VersionConflictError, an address id that is not the
 * customer's AddressNotFoundError. Bad fields throw core/shared's FieldsError naming each by its
 * place in the request (`actions[0].address.postalCode`; code AddressLimitReached on `actions[i]`
 * past MAX_SAVED_ADDRESSES; code ForbiddenProfileEdit on each field the persona may not change).
 */
export interface AddressBookGateway {
  /** GET /customer/profile: names, business fields, addresses, default, version. */
  profile(): Promise<Profile>;
  /**
   * POST /customer/address with {version, actions} (addAddress, changeAddress,
   * setDefaultShippingAddress, removeAddress), all or none.
   */
  apply(version: number, actions: readonly AddressAction[]): Promise<AddressBook>;
  /** POST /customer/profile with {version, actions} (setFirstName … changeAddress). */
  editProfile(version: number, actions: readonly ProfileEditAction[]): Promise<Profile>;
}
