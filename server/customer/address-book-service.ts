/**
 * The customer's profile and saved addresses on the server (spec §3 Profile/Address, §6, §7): read
 * the profile, apply address actions, edit the profile. Versioned like carts: each update locks the
 * customer row, checks the version it was computed against (stale → 409 ConcurrentModification
 * with currentVersion), applies every action in one transaction or none, and bumps the version
 * once. The address semantics are core's applyAddressActions (exactly one default while any
 * address exists, at most MAX_SAVED_ADDRESSES), so the offline fake behaves the same.
 */
import { randomUUID } from 'node:crypto';
import {
  type Address,
  type AddressAction,
  type AddressBook,
  type WireAddress,
  toWireAddress,
} from '../../core/account/addresses';
import { applyAddressActions, type AddressActionError } from '../../core/account/address-book';
import type { ProfileEditAction } from '../../core/account/ports';
import { canEditProfileField, type ProfileField } from '../../core/account/profile';
import type { Database, Queryable } from '../db/database';
import { ApiError, concurrentModification, INVALID_JWT } from '../http/errors';
import {
  lockProfile,
  readAddressBook,
  readProfile,
  saveAddressBook,
  saveProfile,
  type ProfileFieldChanges,
  type ProfileRecord,
} from './profile-repository';

/** A saved address on the wire: core's WireAddress with its id and whether it is the default. */
export interface AddressBody extends WireAddress {
  readonly id: string;
  readonly isDefault: boolean;
}

export interface AddressBookBody {
  readonly version: number;
  readonly addresses: readonly AddressBody[];
  readonly defaultShippingAddressId?: string;
}

/** GET /customer/profile. Business fields are the spec's custom fields, flattened. */
export interface ProfileBody extends AddressBookBody {
  readonly firstName: string;
  readonly lastName: string;
  readonly companyName?: string;
  readonly businessType?: string;
  readonly businessSubtype?: string;
  readonly businessZipCode?: string;
}

/** POST /customer/address answers the book; a request that removes also nests it (spec §7). */
export type AddressUpdateBody = AddressBookBody & { readonly profileDetail?: AddressBookBody };

const addressBody = (address: Address, defaultId: string | undefined): AddressBody => ({
  id: address.id,
  ...toWireAddress(address),
  isDefault: address.id === defaultId,
});

export const bookBody = (book: AddressBook): AddressBookBody => ({
  version: book.version,
  addresses: book.addresses.map((a) => addressBody(a, book.defaultShippingAddressId)),
  ...(book.defaultShippingAddressId === undefined
    ? {}
    : { defaultShippingAddressId: book.defaultShippingAddressId }),
});

/** The business fields as the profile shows them; only professionals have a business zip code. */
const businessFields = (p: ProfileRecord): Partial<Record<ProfileField, string>> => ({
  firstName: p.firstName,
  lastName: p.lastName,
  ...(p.companyName === null ? {} : { companyName: p.companyName }),
  ...(p.businessType === null ? {} : { businessType: p.businessType }),
  ...(p.businessSubtype === null ? {} : { businessSubtype: p.businessSubtype }),
  ...(p.accountType !== 'professional' || p.zipCode === null ? {} : { businessZipCode: p.zipCode }),
});

const profileBody = (profile: ProfileRecord, book: AddressBook): ProfileBody => ({
  ...businessFields(profile),
  firstName: profile.firstName,
  lastName: profile.lastName,
  ...bookBody(book),
});

/** A rejected action, named by its place in the request. */
const actionError = (error: AddressActionError): ApiError => {
  const at = `actions[${error.index}]`;
  switch (error.kind) {
    case 'unknownAddress':
      return new ApiError(404, `${at}.addressId: no saved address ${error.addressId}`, [
        { code: 'AddressNotFound', field: `${at}.addressId`, addressId: error.addressId },
      ]);
    case 'unknownAddressKey':
      return new ApiError(
        400,
        `${at}.addressKey: no address with key ${error.addressKey} was added before it`,
        [{ code: 'InvalidField', field: `${at}.addressKey`, message: 'names no new address' }],
      );
    case 'duplicateAddressKey':
      return new ApiError(400, `${at}.address.key: ${error.addressKey} is used twice`, [
        { code: 'InvalidField', field: `${at}.address.key`, message: 'is used twice' },
      ]);
    case 'tooManyAddresses':
      return new ApiError(400, `${at}: a customer keeps at most ${error.max} addresses`, [
        { code: 'AddressLimitReached', field: at, max: error.max },
      ]);
  }
};

/** Which profile field an edit action sets, and the value it sets. */
const profileEdit = (
  action: Exclude<ProfileEditAction, { action: 'changeAddress' }>,
): { readonly field: ProfileField; readonly value: string } => {
  switch (action.action) {
    case 'setFirstName':
      return { field: 'firstName', value: action.firstName };
    case 'setLastName':
      return { field: 'lastName', value: action.lastName };
    case 'setCompanyName':
      return { field: 'companyName', value: action.companyName };
    case 'setCustomField':
      // The parser lets only the three business custom fields through.
      return { field: action.name as ProfileField, value: action.value };
  }
};

const COLUMN_OF: Readonly<Record<ProfileField, keyof ProfileFieldChanges>> = {
  firstName: 'firstName',
  lastName: 'lastName',
  companyName: 'companyName',
  businessType: 'businessType',
  businessSubtype: 'businessSubtype',
  businessZipCode: 'zipCode',
};

export class AddressBookService {
  constructor(
    private readonly db: Database,
    private readonly newId: () => string = randomUUID,
  ) {}

  async profile(customerId: string): Promise<ProfileBody> {
    const found = await readProfile(this.db, customerId);
    // A well-signed token for an account that no longer exists (as GET /customer/me).
    if (found === null) throw new ApiError(401, INVALID_JWT);
    return profileBody(found.profile, found.book);
  }

  /** POST /customer/address: the actions in order, all or none, at `version`. */
  async applyAddressActions(
    customerId: string,
    version: number,
    actions: readonly AddressAction[],
  ): Promise<AddressUpdateBody> {
    const book = await this.db.transaction(async (tx) => {
      const { book: before } = await this.lock(tx, customerId, version);
      if (actions.length === 0) return before;
      const after = applyAddressActions(before, actions, this.newId);
      if (!after.ok) throw actionError(after.error);
      await saveAddressBook(tx, customerId, before, after.value);
      await saveProfile(tx, customerId, {}, after.value.version);
      return readAddressBook(tx, customerId, after.value.version);
    });
    const body = bookBody(book);
    return actions.some((a) => a.action === 'removeAddress')
      ? { ...body, profileDetail: body }
      : body;
  }

  /**
   * POST /customer/profile: name and business-field edits and changeAddress, all or none. A field
   * sent with its current value is no edit; changing a business field needs persona TVS (403).
   */
  async editProfile(
    customerId: string,
    version: number,
    actions: readonly ProfileEditAction[],
  ): Promise<ProfileBody> {
    return this.db.transaction(async (tx) => {
      const { profile, book: before } = await this.lock(tx, customerId, version);
      if (actions.length === 0) return profileBody(profile, before);
      const current = businessFields(profile);
      const changes: { -readonly [K in keyof ProfileFieldChanges]?: string | null } = {};
      const forbidden = new Set<ProfileField>();
      const addressActions: AddressAction[] = [];
      const addressIndex: number[] = [];
      for (const [i, action] of actions.entries()) {
        if (action.action === 'changeAddress') {
          addressActions.push(action);
          addressIndex.push(i);
          continue;
        }
        const { field, value } = profileEdit(action);
        if (value === (current[field] ?? '')) continue;
        if (!canEditProfileField(profile.persona, field)) forbidden.add(field);
        changes[COLUMN_OF[field]] = value === '' ? null : value;
      }
      if (forbidden.size > 0) {
        const fields = [...forbidden];
        throw new ApiError(
          403,
          `Only professional (TVS) customers may change ${fields.join(', ')}`,
          [{ code: 'ForbiddenProfileEdit', fields }],
        );
      }
      const after = applyAddressActions(before, addressActions, this.newId);
      if (!after.ok) {
        throw actionError({ ...after.error, index: addressIndex[after.error.index] ?? 0 });
      }
      const next = version + 1;
      await saveAddressBook(tx, customerId, before, after.value);
      await saveProfile(tx, customerId, changes, next);
      const saved = await lockProfile(tx, customerId);
      if (saved === null) throw new ApiError(401, INVALID_JWT);
      return profileBody(saved.profile, saved.book);
    });
  }

  /** The customer's profile and book, locked, at the version the request was made against. */
  private async lock(tx: Queryable, customerId: string, version: number) {
    const locked = await lockProfile(tx, customerId);
    if (locked === null) throw new ApiError(401, INVALID_JWT);
    if (locked.profile.version !== version)
      throw concurrentModification(locked.profile.version, 'profile');
    return locked;
  }
}
