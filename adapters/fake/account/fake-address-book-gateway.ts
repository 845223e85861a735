/**
 * The signed-in customer's profile and saved addresses in the tab, for the offline demo and UI
 * tests, with the server's rules (docs/api.md "Customer profile and addresses"): core's
 * checkSavedAddress and applyAddressActions (exactly one default while any address exists, at
 * most MAX_SAVED_ADDRESSES, all or none), versions checked and bumped (stale → VersionConflictError),
 * another customer's address not found, business fields for persona TVS only, bad fields as core's
 * FieldsError (the HTTP gateway's reading of the server's 400 and 403), guests refused. Each
 * demo account starts with the same default address the server seeds for it.
 */
import {
  applyAddressActions,
  checkAddressActions,
  type AddressActionError,
} from '../../../core/account/address-book';
import {
  toWireAddress,
  type AddressAction,
  type AddressBook,
  type AddressFields,
} from '../../../core/account/addresses';
import { AddressNotFoundError, VersionConflictError } from '../../../core/account/errors';
import type { AddressBookGateway, ProfileEditAction } from '../../../core/account/ports';
import {
  addressBookOf,
  canEditProfileField,
  CUSTOM_FIELD_NAMES,
  type Profile,
  type ProfileField,
} from '../../../core/account/profile';
import { DEMO_ADDRESSES } from '../../../core/account/demo-addresses';
import { checkProfileField, profileProblemMessage } from '../../../core/account/profile-rules';
import { DEFAULT_FIELD_RULES, type FieldRules } from '../../../core/validation/field-patterns';
import { FieldsError, INVALID_FIELD } from '../../../core/shared/errors';
import type { FieldValidation } from '../../../core/validation/field-validation';
import { ApiError, GENERAL_FAILURE_MESSAGE } from '../../http/api-error';

/** What the fake knows of a customer when their profile is first read. */
export interface FakeCustomer {
  readonly firstName: string;
  readonly lastName: string;
  readonly persona: string;
  readonly businessType?: string;
  readonly businessSubtype?: string;
  readonly addresses?: readonly AddressFields[];
}

/** A FakeIdentity account as the fake's customer, with its demo address if it has one. */
export const fakeCustomerOf = (
  account:
    | {
        readonly email: string;
        readonly firstName: string;
        readonly lastName: string;
        readonly persona: string;
        readonly businessType?: string;
        readonly businessSubtype?: string;
      }
    | undefined,
): FakeCustomer | undefined => {
  if (account === undefined) return undefined;
  const demo = DEMO_ADDRESSES[account.email];
  const names = { firstName: account.firstName, lastName: account.lastName };
  return {
    ...names,
    persona: account.persona,
    ...(account.businessType === undefined ? {} : { businessType: account.businessType }),
    ...(account.businessSubtype === undefined ? {} : { businessSubtype: account.businessSubtype }),
    addresses: demo === undefined ? [] : [{ ...demo, ...names }],
  };
};

/** A refused call that is not about the request's fields (a guest, a gone account). */
const refusal = (status: 401 | 403, serverMessage: string): ApiError =>
  new ApiError('authentication', GENERAL_FAILURE_MESSAGE, { status, serverMessage });

/** Bad fields, as the HTTP gateway reports the server's 400. */
const invalidFields = (fields: readonly FieldValidation[]): FieldsError =>
  new FieldsError(
    fields.map((f) => ({ field: f.field, code: INVALID_FIELD, message: f.message ?? '' })),
  );

const actionFailure = (error: AddressActionError): Error => {
  const at = `actions[${error.index}]`;
  switch (error.kind) {
    case 'unknownAddress':
      return new AddressNotFoundError(error.addressId);
    case 'unknownAddressKey':
      return invalidFields([
        { field: `${at}.addressKey`, valid: false, message: 'names no new address' },
      ]);
    case 'duplicateAddressKey':
      return invalidFields([
        { field: `${at}.address.key`, valid: false, message: 'is used twice' },
      ]);
    case 'tooManyAddresses':
      // The server's entry carries no message of its own: the code says it all.
      return new FieldsError(
        [{ field: at, code: 'AddressLimitReached', message: '' }],
        `${at}: a customer keeps at most ${error.max} addresses`,
      );
  }
};

interface Stored {
  readonly persona: string;
  profile: Profile;
}

const CUSTOM_TO_FIELD: Readonly<Record<string, ProfileField>> = {
  [CUSTOM_FIELD_NAMES.businessType]: 'businessType',
  [CUSTOM_FIELD_NAMES.businessSubtype]: 'businessSubtype',
  [CUSTOM_FIELD_NAMES.businessZipCode]: 'businessZipCode',
};

export class FakeAddressBookGateway implements AddressBookGateway {
  private readonly stored = new Map<string, Stored>();
  private counter = 0;

  constructor(
    /** Whose profile the calls act on: the signed-in customer's key, null for a guest. */
    private readonly owner: () => string | null,
    /** The customer behind a key, read when their profile is first needed. */
    private readonly customer: (owner: string) => FakeCustomer | undefined,
    /** Told of each profile edit, so the identity's account (and its next token) follows. */
    private readonly profileChanged: (owner: string, profile: Profile) => void = () => undefined,
    /** The configured pattern map and messages (spec §5), as the server checks with them. */
    private readonly rules: FieldRules = DEFAULT_FIELD_RULES,
  ) {}

  async profile(): Promise<Profile> {
    return this.current().profile;
  }

  async apply(version: number, actions: readonly AddressAction[]): Promise<AddressBook> {
    const entry = this.current(version);
    const checked = checkAddressActions(actions, this.rules.messages, this.rules.patterns);
    if (!checked.ok) throw invalidFields(checked.error);
    const book = this.applyToBook(entry.profile, checked.value);
    entry.profile = { ...this.withoutBook(entry.profile), ...book };
    return addressBookOf(entry.profile);
  }

  async editProfile(version: number, actions: readonly ProfileEditAction[]): Promise<Profile> {
    const entry = this.current(version);
    if (actions.length === 0) return entry.profile;
    const checked = checkAddressActions(actions, this.rules.messages, this.rules.patterns);
    if (!checked.ok) throw invalidFields(checked.error);
    const edits: Partial<Record<ProfileField, string>> = {};
    const bad: FieldValidation[] = [];
    const addressActions: AddressAction[] = [];
    for (const [i, action] of checked.value.entries()) {
      if (action.action === 'changeAddress') {
        addressActions.push(action);
        continue;
      }
      const [field, member, value] =
        action.action === 'setFirstName'
          ? (['firstName', 'firstName', action.firstName] as const)
          : action.action === 'setLastName'
            ? (['lastName', 'lastName', action.lastName] as const)
            : action.action === 'setCompanyName'
              ? (['companyName', 'companyName', action.companyName] as const)
              : ([CUSTOM_TO_FIELD[action.name], 'value', action.value] as const);
      // The server's rule for each field (core/account/profile-rules.ts), named as it names it.
      if (field === undefined) {
        bad.push({ field: `actions[${i}].name`, valid: false, message: 'is not a profile field' });
        continue;
      }
      const checkedValue = checkProfileField(field, value, this.rules);
      if (!checkedValue.ok) {
        bad.push({
          field: `actions[${i}].${member}`,
          valid: false,
          message: profileProblemMessage(checkedValue.error, this.rules.messages),
        });
      } else if (checkedValue.value !== (entry.profile[field] ?? '')) {
        edits[field] = checkedValue.value;
      }
    }
    if (bad.length > 0) throw invalidFields(bad);
    const forbidden = (Object.keys(edits) as ProfileField[]).filter(
      (f) => !canEditProfileField(entry.persona, f),
    );
    if (forbidden.length > 0) {
      throw new FieldsError(
        forbidden.map((field) => ({ field, code: 'ForbiddenProfileEdit', message: '' })),
        `Only professional (TVS) customers may change ${forbidden.join(', ')}`,
      );
    }
    const book = this.applyToBook(entry.profile, addressActions);
    const next: Record<string, unknown> = { ...this.withoutBook(entry.profile) };
    for (const [field, value] of Object.entries(edits)) {
      if (value === '') delete next[field];
      else next[field] = value;
    }
    entry.profile = {
      ...(next as Omit<Profile, keyof AddressBook>),
      ...book,
      version: version + 1,
    };
    const owner = this.owner();
    if (owner !== null) this.profileChanged(owner, entry.profile);
    return entry.profile;
  }

  private applyToBook(profile: Profile, actions: readonly AddressAction[]): AddressBook {
    const result = applyAddressActions(addressBookOf(profile), actions, () => this.nextId());
    if (!result.ok) throw actionFailure(result.error);
    return result.value;
  }

  private withoutBook(profile: Profile): Omit<Profile, keyof AddressBook> {
    const { version: _v, addresses: _a, defaultShippingAddressId: _d, ...rest } = profile;
    return rest;
  }

  private nextId(): string {
    this.counter += 1;
    return `fake-address-${this.counter}`;
  }

  /** The caller's stored profile, created on first use; checks `version` when given. */
  private current(version?: number): Stored {
    const owner = this.owner();
    if (owner === null) {
      throw refusal(403, 'Sign in as a customer to do this.');
    }
    let entry = this.stored.get(owner);
    if (entry === undefined) {
      const customer = this.customer(owner);
      if (customer === undefined) throw refusal(401, 'Invalid JWT.');
      const seeded = applyAddressActions(
        { version: 1, addresses: [] },
        (customer.addresses ?? []).map((a) => ({
          action: 'addAddress' as const,
          address: toWireAddress(a),
        })),
        () => this.nextId(),
      );
      const book = seeded.ok ? seeded.value : { version: 1, addresses: [] };
      entry = {
        persona: customer.persona,
        profile: {
          firstName: customer.firstName,
          lastName: customer.lastName,
          ...(customer.businessType === undefined ? {} : { businessType: customer.businessType }),
          ...(customer.businessSubtype === undefined
            ? {}
            : { businessSubtype: customer.businessSubtype }),
          ...book,
          // Seeding is not an update: a new profile is at version 1, as on the server.
          version: 1,
        },
      };
      this.stored.set(owner, entry);
    }
    if (version !== undefined && version !== entry.profile.version) {
      throw new VersionConflictError('profile', entry.profile.version);
    }
    return entry;
  }
}
