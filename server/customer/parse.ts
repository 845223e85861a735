/**
 * The profile and address request bodies (docs/api.md "Customer profile and addresses"), checked
 * by hand so that a 400 lists every bad field as `{code: 'InvalidField', field, message}`
 * (`actions[1].address.postalCode: Please enter a valid postal code`, server/http/input.ts). The
 * rules are core's: addresses by the server's one address checker (server/http/address-input.ts
 * reads the wire shape, core's checkActionAddress judges and tidies the values), profile fields by
 * core/account/profile-rules.ts. Nothing here touches the database.
 */
import type { AddressAction } from '../../core/account/addresses';
import { checkActionAddress } from '../../core/account/address-book';
import { SERVER_FIELD_RULES } from '../api/configuration';
import type { ProfileEditAction } from '../../core/account/ports';
import { CUSTOM_FIELD_NAMES, type ProfileField } from '../../core/account/profile';
import { checkProfileField, type ProfileFieldProblem } from '../../core/account/profile-rules';
import { ADDRESS_KEY, ADDRESS_KEY_RULE, readWireAddress } from '../http/address-input';
import { FieldProblems, isRecord, objectBody, type Json } from '../http/input';

/** At most this many actions in one request. */
export const MAX_ACTIONS = 20;
/** Address ids the server hands out are UUIDs; anything of this shape is looked up (404 if not). */
const ADDRESS_ID = /^[A-Za-z0-9_-]{1,64}$/;

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

const versionOf = (body: Json, problems: FieldProblems): number | undefined => {
  const version = body.version;
  if (version === undefined || version === null) {
    problems.add('version', 'is required');
    return undefined;
  }
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 1) {
    problems.add('version', 'must be a whole number of at least 1');
    return undefined;
  }
  return version;
};

/** The actions, each in its place (null where it is not an object, with its problem). */
const actionsOf = (body: Json, problems: FieldProblems): readonly (Json | null)[] => {
  const actions = body.actions;
  if (!Array.isArray(actions)) {
    problems.add('actions', actions === undefined ? 'is required' : 'must be a list');
    return [];
  }
  if (actions.length > MAX_ACTIONS) {
    problems.add('actions', `must hold at most ${MAX_ACTIONS} actions`);
    return [];
  }
  return actions.map((action: unknown, i) => {
    if (isRecord(action)) return action;
    problems.add(`actions[${i}]`, 'must be an object');
    return null;
  });
};

const idOf = (o: Json, field: string, problems: FieldProblems): string | null => {
  const value = o.addressId;
  if (value === undefined || value === null) {
    problems.add(field, 'is required');
    return null;
  }
  if (typeof value !== 'string' || !ADDRESS_ID.test(value)) {
    problems.add(field, 'must be an address id');
    return null;
  }
  return value;
};

const addressActionOf = (a: Json, i: number, problems: FieldProblems): AddressAction | null => {
  const at = `actions[${i}]`;
  switch (a.action) {
    case 'addAddress': {
      const address = readWireAddress(a.address, `${at}.address`, problems);
      return address === undefined ? null : { action: 'addAddress', address };
    }
    case 'changeAddress': {
      const addressId = idOf(a, `${at}.addressId`, problems);
      const address = readWireAddress(a.address, `${at}.address`, problems);
      return addressId === null || address === undefined
        ? null
        : { action: 'changeAddress', addressId, address };
    }
    case 'removeAddress': {
      const addressId = idOf(a, `${at}.addressId`, problems);
      return addressId === null ? null : { action: 'removeAddress', addressId };
    }
    case 'setDefaultShippingAddress': {
      const byKey = a.addressKey !== undefined && a.addressKey !== null;
      if (byKey === (a.addressId !== undefined && a.addressId !== null)) {
        problems.add(`${at}.addressId`, 'give either addressId or addressKey');
        return null;
      }
      if (!byKey) {
        const addressId = idOf(a, `${at}.addressId`, problems);
        return addressId === null ? null : { action: 'setDefaultShippingAddress', addressId };
      }
      const addressKey = a.addressKey;
      if (typeof addressKey !== 'string' || !ADDRESS_KEY.test(addressKey)) {
        problems.add(`${at}.addressKey`, ADDRESS_KEY_RULE);
        return null;
      }
      return { action: 'setDefaultShippingAddress', addressKey };
    }
    default:
      return null;
  }
};

/** The server's wording of core's profile-field problems (fragments after the field's place). */
const PROFILE_PROBLEM: Readonly<Record<ProfileFieldProblem['kind'], string>> = {
  required: 'is required',
  safeText: 'may contain only letters, digits, spaces, hyphens, commas and quotes',
  postalCode: 'must be a postal code (letters, digits, spaces, hyphens)',
  tooLong: 'must be at most {max} characters',
  pattern: '',
};

/**
 * One profile field's value from `a[key]`, by core's rule (core/account/profile-rules.ts):
 * trimmed, or '' to clear a business field; null (with its problem) when refused. Absent or null
 * is blank.
 */
const profileValueOf = (
  a: Json,
  key: string,
  field: ProfileField,
  at: string,
  problems: FieldProblems,
): string | null => {
  const raw = a[key];
  if (raw !== undefined && raw !== null && typeof raw !== 'string') {
    problems.add(at, 'must be text');
    return null;
  }
  const checked = checkProfileField(field, raw ?? '', SERVER_FIELD_RULES);
  if (checked.ok) return checked.value;
  if (checked.error.kind === 'pattern') {
    // The configured condition message, as the form shows it (spec §5).
    problems.add(at, checked.error.message);
    return null;
  }
  const max = checked.error.kind === 'tooLong' ? checked.error.max : 0;
  problems.add(at, PROFILE_PROBLEM[checked.error.kind].replace('{max}', String(max)));
  return null;
};

const CUSTOM_FIELDS: Readonly<Record<string, ProfileField>> = {
  [CUSTOM_FIELD_NAMES.businessType]: 'businessType',
  [CUSTOM_FIELD_NAMES.businessSubtype]: 'businessSubtype',
  [CUSTOM_FIELD_NAMES.businessZipCode]: 'businessZipCode',
};

const profileActionOf = (a: Json, i: number, problems: FieldProblems): ProfileEditAction | null => {
  const at = `actions[${i}]`;
  switch (a.action) {
    case 'setFirstName': {
      const firstName = profileValueOf(a, 'firstName', 'firstName', `${at}.firstName`, problems);
      return firstName === null ? null : { action: 'setFirstName', firstName };
    }
    case 'setLastName': {
      const lastName = profileValueOf(a, 'lastName', 'lastName', `${at}.lastName`, problems);
      return lastName === null ? null : { action: 'setLastName', lastName };
    }
    case 'setCompanyName': {
      const field = `${at}.companyName`;
      const companyName = profileValueOf(a, 'companyName', 'companyName', field, problems);
      return companyName === null ? null : { action: 'setCompanyName', companyName };
    }
    case 'setCustomField': {
      const name = a.name;
      const profileField = typeof name === 'string' ? CUSTOM_FIELDS[name] : undefined;
      if (typeof name !== 'string' || profileField === undefined) {
        problems.add(`${at}.name`, `must be one of ${Object.keys(CUSTOM_FIELDS).join(', ')}`);
        return null;
      }
      const value = profileValueOf(a, 'value', profileField, `${at}.value`, problems);
      return value === null ? null : { action: 'setCustomField', name, value };
    }
    case 'changeAddress': {
      const parsed = addressActionOf(a, i, problems);
      return parsed?.action === 'changeAddress' ? parsed : null;
    }
    default:
      return null;
  }
};

const parseUpdate = <A extends { readonly action: string }>(
  raw: unknown,
  names: readonly string[],
  actionOf: (a: Json, i: number, problems: FieldProblems) => A | null,
): { readonly version: number; readonly actions: readonly A[] } => {
  const body = objectBody(raw);
  const problems = new FieldProblems();
  const version = versionOf(body, problems);
  const actions = actionsOf(body, problems).flatMap((a, i) => {
    if (a === null) return [];
    if (typeof a.action !== 'string' || !names.includes(a.action)) {
      problems.add(`actions[${i}].action`, `must be one of ${names.join(', ')}`);
      return [];
    }
    const parsed = actionOf(a, i, problems);
    if (parsed === null) return [];
    // The address's values, by core's rules (checkSavedAddress), tidied.
    const checked = checkActionAddress(
      parsed,
      i,
      SERVER_FIELD_RULES.messages,
      SERVER_FIELD_RULES.patterns,
    );
    if (checked.ok) return [checked.value];
    for (const f of checked.error) problems.add(f.field, f.message ?? 'is not valid');
    return [];
  });
  problems.check();
  if (version === undefined) throw new Error('unreachable: a missing version is a problem');
  return { version, actions };
};

/** POST /customer/address `{version, actions}`: the checked actions, or a 400 naming every field. */
export const parseAddressUpdate = (raw: unknown): AddressUpdateRequest =>
  parseUpdate(raw, ADDRESS_ACTION_NAMES, addressActionOf);

/** POST /customer/profile `{version, actions}`: the checked actions, or a 400 naming every field. */
export const parseProfileUpdate = (raw: unknown): ProfileUpdateRequest =>
  parseUpdate(raw, PROFILE_ACTION_NAMES, profileActionOf);
