/**
 * The profile and address request bodies (docs/api.md "Customer profile and addresses"), checked
 * by hand so that a 400 lists every bad field as `{code: 'InvalidField', field, message}`
 * (`actions[1].address.postalCode: Please enter a valid postal code`). The address rules are
 * core's (core/account/address-book.ts checkSavedAddress, the §5 postal-code, phone and safe-text
 * rules); this file checks shapes. Nothing here touches the database.
 */
import {
  ADDRESS_CUSTOM_TYPE_KEY,
  type AddressAction,
  type WireAddress,
} from '../../core/account/addresses';
import { checkActionAddress } from '../../core/account/address-book';
import type { ProfileEditAction } from '../../core/account/ports';
import { CUSTOM_FIELD_NAMES } from '../../core/account/profile';
import { isPlausiblePostalCode } from '../../core/validation/postal-code';
import { isSafeText } from '../../core/validation/text';
import {
  fieldError,
  invalidFields,
  isRecord,
  objectBody,
  type FieldError,
} from '../identity/field-errors';
import { BUSINESS_FIELD_MAX_LENGTH, NAME_MAX_LENGTH } from '../identity/signup-input';

/** At most this many actions in one request. */
export const MAX_ACTIONS = 20;
/** Address ids the server hands out are UUIDs; anything of this shape is looked up (404 if not). */
const ADDRESS_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** The caller's name for an address added in the same request. */
const ADDRESS_KEY = /^[A-Za-z0-9_-]{1,64}$/;

type Json = Readonly<Record<string, unknown>>;

export interface AddressUpdateRequest {
  readonly version: number;
  readonly actions: readonly AddressAction[];
}

export interface ProfileUpdateRequest {
  readonly version: number;
  readonly actions: readonly ProfileEditAction[];
}

const ADDRESS_ACTION_NAMES = [
  'addAddress',
  'changeAddress',
  'setDefaultShippingAddress',
  'removeAddress',
] as const;
const PROFILE_ACTION_NAMES = [
  'setFirstName',
  'setLastName',
  'setCompanyName',
  'setCustomField',
  'changeAddress',
] as const;
const CUSTOM_FIELDS: readonly string[] = Object.values(CUSTOM_FIELD_NAMES);

const versionOf = (body: Json, errors: FieldError[]): number | null => {
  const version = body.version;
  if (version === undefined || version === null) {
    errors.push(fieldError('version', 'is required'));
    return null;
  }
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1) {
    errors.push(fieldError('version', 'must be a whole number of at least 1'));
    return null;
  }
  return version;
};

/** The actions, each in its place (null where it is not an object, with its error). */
const actionsOf = (body: Json, errors: FieldError[]): readonly (Json | null)[] => {
  const actions = body.actions;
  if (!Array.isArray(actions)) {
    errors.push(fieldError('actions', actions === undefined ? 'is required' : 'must be a list'));
    return [];
  }
  if (actions.length > MAX_ACTIONS) {
    errors.push(fieldError('actions', `must hold at most ${MAX_ACTIONS} actions`));
    return [];
  }
  return actions.map((action: unknown, i) => {
    if (isRecord(action)) return action;
    errors.push(fieldError(`actions[${i}]`, 'must be an object'));
    return null;
  });
};

/** An optional text member: absent or null is "not given"; anything but a string is an error. */
const optionalString = (
  o: Json,
  key: string,
  field: string,
  errors: FieldError[],
): string | undefined => {
  const value = o[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') {
    errors.push(fieldError(field, 'must be text'));
    return undefined;
  }
  return value;
};

const idOf = (o: Json, key: 'addressId', field: string, errors: FieldError[]): string | null => {
  const value = o[key];
  if (value === undefined || value === null) {
    errors.push(fieldError(field, 'is required'));
    return null;
  }
  if (typeof value !== 'string' || !ADDRESS_ID.test(value)) {
    errors.push(fieldError(field, 'must be an address id'));
    return null;
  }
  return value;
};

const WIRE_TEXT_FIELDS = [
  'firstName',
  'lastName',
  'mobile',
  'streetName',
  'additionalStreetInfo',
  'additionalAddressInfo',
  'city',
  'region',
  'state',
  'postalCode',
  'country',
] as const;

/** The address of addAddress / changeAddress, shapes only (core checks the values). */
const wireAddressOf = (value: unknown, field: string, errors: FieldError[]): WireAddress | null => {
  if (!isRecord(value)) {
    errors.push(fieldError(field, value === undefined ? 'is required' : 'must be an object'));
    return null;
  }
  const before = errors.length;
  const text = Object.fromEntries(
    WIRE_TEXT_FIELDS.flatMap((key) => {
      const v = optionalString(value, key, `${field}.${key}`, errors);
      return v === undefined ? [] : [[key, v]];
    }),
  ) as Partial<Record<(typeof WIRE_TEXT_FIELDS)[number], string>>;
  const key = optionalString(value, 'key', `${field}.key`, errors);
  if (key !== undefined && !ADDRESS_KEY.test(key)) {
    errors.push(fieldError(`${field}.key`, 'must be 1 to 64 letters, digits, - or _'));
  }
  let label: string | undefined;
  const custom = value.custom;
  if (custom !== undefined && custom !== null) {
    if (!isRecord(custom)) errors.push(fieldError(`${field}.custom`, 'must be an object'));
    else {
      const type = custom.type;
      if (type !== undefined && (!isRecord(type) || type.key !== ADDRESS_CUSTOM_TYPE_KEY)) {
        errors.push(fieldError(`${field}.custom.type.key`, `must be ${ADDRESS_CUSTOM_TYPE_KEY}`));
      }
      const fields = custom.fields;
      if (fields !== undefined && fields !== null && !isRecord(fields)) {
        errors.push(fieldError(`${field}.custom.fields`, 'must be an object'));
      } else if (isRecord(fields)) {
        label = optionalString(fields, 'label', `${field}.custom.fields.label`, errors);
      }
    }
  }
  if (errors.length > before) return null;
  return {
    ...text,
    ...(key === undefined ? {} : { key }),
    country: text.country ?? '',
    custom: {
      type: { key: ADDRESS_CUSTOM_TYPE_KEY },
      fields: label === undefined ? {} : { label },
    },
  };
};

const addressActionOf = (a: Json, i: number, errors: FieldError[]): AddressAction | null => {
  const at = `actions[${i}]`;
  switch (a.action) {
    case 'addAddress': {
      const address = wireAddressOf(a.address, `${at}.address`, errors);
      return address === null ? null : { action: 'addAddress', address };
    }
    case 'changeAddress': {
      const addressId = idOf(a, 'addressId', `${at}.addressId`, errors);
      const address = wireAddressOf(a.address, `${at}.address`, errors);
      return addressId === null || address === null
        ? null
        : { action: 'changeAddress', addressId, address };
    }
    case 'removeAddress': {
      const addressId = idOf(a, 'addressId', `${at}.addressId`, errors);
      return addressId === null ? null : { action: 'removeAddress', addressId };
    }
    case 'setDefaultShippingAddress': {
      const byKey = a.addressKey !== undefined && a.addressKey !== null;
      if (byKey === (a.addressId !== undefined && a.addressId !== null)) {
        errors.push(fieldError(`${at}.addressId`, 'give either addressId or addressKey'));
        return null;
      }
      if (!byKey) {
        const addressId = idOf(a, 'addressId', `${at}.addressId`, errors);
        return addressId === null ? null : { action: 'setDefaultShippingAddress', addressId };
      }
      const addressKey = a.addressKey;
      if (typeof addressKey !== 'string' || !ADDRESS_KEY.test(addressKey)) {
        errors.push(fieldError(`${at}.addressKey`, 'must be 1 to 64 letters, digits, - or _'));
        return null;
      }
      return { action: 'setDefaultShippingAddress', addressKey };
    }
    default:
      return null;
  }
};

/** Names: required safe text (spec §5), as at sign-up. */
const nameOf = (
  a: Json,
  key: 'firstName' | 'lastName',
  field: string,
  errors: FieldError[],
): string | null => {
  const value = a[key];
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    errors.push(fieldError(field, 'is required'));
    return null;
  }
  if (typeof value !== 'string') {
    errors.push(fieldError(field, 'must be text'));
    return null;
  }
  return safeText(value, NAME_MAX_LENGTH, field, errors);
};

const safeText = (value: string, max: number, field: string, errors: FieldError[]) => {
  const trimmed = value.trim();
  if (!isSafeText(trimmed)) {
    errors.push(
      fieldError(field, 'may contain only letters, digits, spaces, hyphens, commas and quotes'),
    );
    return null;
  }
  if ([...trimmed].length > max) {
    errors.push(fieldError(field, `must be at most ${max} characters`));
    return null;
  }
  return trimmed;
};

/** A value that may be cleared: absent, null or blank is '' (clear). */
const clearableOf = (
  a: Json,
  key: string,
  field: string,
  errors: FieldError[],
  check: (trimmed: string) => string | null,
): string | null => {
  const value = optionalString(a, key, field, errors);
  if (value === undefined) return a[key] === undefined || a[key] === null ? '' : null;
  return value.trim() === '' ? '' : check(value);
};

const profileActionOf = (a: Json, i: number, errors: FieldError[]): ProfileEditAction | null => {
  const at = `actions[${i}]`;
  switch (a.action) {
    case 'setFirstName': {
      const firstName = nameOf(a, 'firstName', `${at}.firstName`, errors);
      return firstName === null ? null : { action: 'setFirstName', firstName };
    }
    case 'setLastName': {
      const lastName = nameOf(a, 'lastName', `${at}.lastName`, errors);
      return lastName === null ? null : { action: 'setLastName', lastName };
    }
    case 'setCompanyName': {
      const field = `${at}.companyName`;
      const companyName = clearableOf(a, 'companyName', field, errors, (v) =>
        safeText(v, BUSINESS_FIELD_MAX_LENGTH, field, errors),
      );
      return companyName === null ? null : { action: 'setCompanyName', companyName };
    }
    case 'setCustomField': {
      const name = a.name;
      if (typeof name !== 'string' || !CUSTOM_FIELDS.includes(name)) {
        errors.push(fieldError(`${at}.name`, `must be one of ${CUSTOM_FIELDS.join(', ')}`));
        return null;
      }
      const field = `${at}.value`;
      const value = clearableOf(a, 'value', field, errors, (v) => {
        if (name !== CUSTOM_FIELD_NAMES.businessZipCode) {
          return safeText(v, BUSINESS_FIELD_MAX_LENGTH, field, errors);
        }
        if (isPlausiblePostalCode(v)) return v.trim().toUpperCase();
        errors.push(fieldError(field, 'must be a postal code (letters, digits, spaces, hyphens)'));
        return null;
      });
      return value === null ? null : { action: 'setCustomField', name, value };
    }
    case 'changeAddress': {
      const parsed = addressActionOf(a, i, errors);
      return parsed?.action === 'changeAddress' ? parsed : null;
    }
    default:
      return null;
  }
};

const parseUpdate = <A extends { readonly action: string }>(
  raw: unknown,
  names: readonly string[],
  actionOf: (a: Json, i: number, errors: FieldError[]) => A | null,
): { readonly version: number; readonly actions: readonly A[] } => {
  const body = objectBody(raw);
  const errors: FieldError[] = [];
  const version = versionOf(body, errors);
  const actions = actionsOf(body, errors).flatMap((a, i) => {
    if (a === null) return [];
    if (typeof a.action !== 'string' || !names.includes(a.action)) {
      errors.push(fieldError(`actions[${i}].action`, `must be one of ${names.join(', ')}`));
      return [];
    }
    const parsed = actionOf(a, i, errors);
    if (parsed === null) return [];
    // The address's values, by core's rules (checkSavedAddress), tidied.
    const checked = checkActionAddress(parsed, i);
    if (checked.ok) return [checked.value];
    errors.push(...checked.error.map((f) => fieldError(f.field, f.message ?? 'is not valid')));
    return [];
  });
  if (errors.length > 0 || version === null) throw invalidFields(errors);
  return { version, actions };
};

/** POST /customer/address `{version, actions}`: the checked actions, or a 400 naming every field. */
export const parseAddressUpdate = (raw: unknown): AddressUpdateRequest =>
  parseUpdate(raw, ADDRESS_ACTION_NAMES, addressActionOf);

/** POST /customer/profile `{version, actions}`: the checked actions, or a 400 naming every field. */
export const parseProfileUpdate = (raw: unknown): ProfileUpdateRequest =>
  parseUpdate(raw, PROFILE_ACTION_NAMES, profileActionOf);
