/**
 * Spec §3 Profile and §6 Roles: who may edit which profile fields, the profile role, and the
 * update actions of the edit-profile call (spec §7: setFirstName, setLastName, setCompanyName,
 * setCustomField).
 *
 * Readings we chose (docs/rules.md): an "edit" that leaves a field as it is is no edit,
 * so a form that sends every field back unchanged is allowed for everyone; businessType compares
 * trimmed and case-insensitively with 'Consumer'; a missing businessType is professional, as the
 * spec's "otherwise" says.
 */
import { err, ok, type Result } from '../shared/result';
import { isTvs } from './persona';
import type { Address, AddressBook } from './addresses';

export type ProfileField =
  'firstName' | 'lastName' | 'companyName' | 'businessType' | 'businessSubtype' | 'businessZipCode';

export const PROFILE_FIELDS: readonly ProfileField[] = [
  'firstName',
  'lastName',
  'companyName',
  'businessType',
  'businessSubtype',
  'businessZipCode',
];

/** Custom-field names of the business fields on the wire. */
export const CUSTOM_FIELD_NAMES = {
  businessType: 'businessType',
  businessSubtype: 'businessSubtype',
  businessZipCode: 'businessZipCode',
} as const;

export const CONSUMER_BUSINESS_TYPE = 'Consumer';

export type ProfileRole = 'consumer' | 'professional';

export interface Profile {
  readonly version: number;
  readonly firstName: string;
  readonly lastName: string;
  readonly companyName?: string;
  readonly businessType?: string;
  readonly businessSubtype?: string;
  readonly businessZipCode?: string;
  readonly addresses: readonly Address[];
  readonly defaultShippingAddressId?: string;
}

/** The address book part of a profile (its version is the profile's). */
export const addressBookOf = (p: Profile): AddressBook => ({
  version: p.version,
  addresses: p.addresses,
  ...(p.defaultShippingAddressId === undefined
    ? {}
    : { defaultShippingAddressId: p.defaultShippingAddressId }),
});

export type ProfileEdits = Partial<Readonly<Record<ProfileField, string>>>;

export type ProfileAction =
  | { readonly action: 'setFirstName'; readonly firstName: string }
  | { readonly action: 'setLastName'; readonly lastName: string }
  | { readonly action: 'setCompanyName'; readonly companyName: string }
  | { readonly action: 'setCustomField'; readonly name: string; readonly value: string };

export interface ProfileUpdate {
  readonly version: number;
  readonly actions: readonly ProfileAction[];
}

export class ForbiddenProfileEdit extends Error {
  readonly kind = 'ForbiddenProfileEdit';
  constructor(
    readonly persona: string,
    readonly fields: readonly ProfileField[],
  ) {
    super(`Persona ${persona} may not edit ${fields.join(', ')}`);
    this.name = 'ForbiddenProfileEdit';
  }
}

/** Only TVS may edit the business fields; everyone may edit first and last name. */
export const editableProfileFields = (persona: string): readonly ProfileField[] =>
  isTvs(persona) ? PROFILE_FIELDS : ['firstName', 'lastName'];

export const canEditProfileField = (persona: string, field: ProfileField): boolean =>
  editableProfileFields(persona).includes(field);

export const profileRole = (businessType: string | undefined): ProfileRole =>
  businessType?.trim().toLowerCase() === CONSUMER_BUSINESS_TYPE.toLowerCase()
    ? 'consumer'
    : 'professional';

const actionFor = (field: ProfileField, value: string): ProfileAction => {
  switch (field) {
    case 'firstName':
      return { action: 'setFirstName', firstName: value };
    case 'lastName':
      return { action: 'setLastName', lastName: value };
    case 'companyName':
      return { action: 'setCompanyName', companyName: value };
    case 'businessType':
    case 'businessSubtype':
    case 'businessZipCode':
      return { action: 'setCustomField', name: CUSTOM_FIELD_NAMES[field], value };
  }
};

/**
 * The update for the edit-profile call: one action per changed field, in PROFILE_FIELDS order,
 * at the profile's version; a changed field the persona may not edit fails the whole update.
 */
export const buildProfileUpdate = (
  persona: string,
  profile: Profile,
  edits: ProfileEdits,
): Result<ProfileUpdate, ForbiddenProfileEdit> => {
  const changed = PROFILE_FIELDS.filter((field) => {
    const value = edits[field];
    return value !== undefined && value !== (profile[field] ?? '');
  });
  const forbidden = changed.filter((field) => !canEditProfileField(persona, field));
  if (forbidden.length > 0) return err(new ForbiddenProfileEdit(persona, forbidden));
  return ok({
    version: profile.version,
    actions: changed.map((field) => actionFor(field, edits[field] ?? '')),
  });
};
