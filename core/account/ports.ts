/**
 * Ports of the customer's account (spec §7 "Customer"): the profile and saved addresses, and the
 * account's security (change password, delete account). The server knows whose account from the
 * token; a guest is refused.
 */
import type { AddressAction, AddressBook } from './addresses';
import type { Profile, ProfileAction } from './profile';

export { FieldsError } from '../shared/errors';
export {
  AddressNotFoundError,
  VersionConflictError,
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

/**
 * Port: the signed-in customer's password and account (POST /customer/change_password, DELETE
 * /customer/account). The typed refusals live in ./account-security.ts.
 */
export interface AccountSecurityGateway {
  /**
   * Replaces the customer's password. Resolves once it is changed; throws
   * PasswordChangeRejectedError naming the fields the server refused (a wrong current password, a
   * new one that breaks the profile rule); anything else (network, a guest's 403) stays the
   * adapter's error.
   */
  changePassword(currentPassword: string, newPassword: string): Promise<void>;
  /**
   * Deletes the customer's account and what is only theirs. Resolves once it is gone (spec §7:
   * truthy data means success); throws AccountNotDeletedError when the answer says otherwise, the
   * adapter's error when the call fails.
   */
  deleteAccount(): Promise<void>;
}
