/**
 * The server's one address checker. Addresses arrive in two shapes — a cart's or checkout's
 * shipping address (`{firstName, lastName, email, mobile, streetName, addressLine2?, city, state,
 * postalCode, country}`) and a saved address on the wire (core/account/addresses.ts WireAddress) —
 * and every value is judged by core's rules: checkSavedAddress (safe-text names, spec §5 phone,
 * printable street and city, US/CA regions, per-country postal codes) plus core's e-mail rule.
 * This file reads the shapes and names each bad field in its request's own words.
 *
 * Where the routes differ it is in what must be present, never in what a value may be: checkout
 * needs the whole address and ships to the US and Canada only; a cart update may set a partial
 * address (the contact details, say, or a state to estimate tax by) whose given fields obey the
 * same rules; a saved address defaults to GB and may be anywhere.
 */
import { ADDRESS_MESSAGES, checkSavedAddress } from '../../core/account/address-book';
import { SERVER_FIELD_RULES } from '../api/configuration';
import {
  ADDRESS_CUSTOM_TYPE_KEY,
  type AddressFields,
  type WireAddress,
} from '../../core/account/addresses';
import type { ShippingAddress } from '../../core/cart/cart';
import { CHECKOUT_COUNTRIES } from '../../core/checkout/checkout';
import { EMAIL_MAX_LENGTH, normalizeEmail, validateEmail } from '../../core/validation/email';
import { normalizePostalCode } from '../../core/validation/postal-code';
import { isRegionOf } from '../../core/validation/regions';
import { isRecord, type FieldProblems } from './input';

/** Checkout ships to core's checkout countries. */
const SHIPPING_COUNTRIES: readonly string[] = CHECKOUT_COUNTRIES;

const SHIPPING_KEYS = [
  'firstName',
  'lastName',
  'email',
  'mobile',
  'streetName',
  'addressLine2',
  'city',
  'state',
  'postalCode',
  'country',
] as const;
type ShippingKey = (typeof SHIPPING_KEYS)[number];

const CONTACT_KEYS: readonly ShippingKey[] = ['firstName', 'lastName', 'email', 'mobile'];

/** `checkout`: the whole address, to ship to; `cart`: the contact details and any other fields. */
export type ShippingAddressMode = 'checkout' | 'cart';

const isRequired = (key: ShippingKey, mode: ShippingAddressMode): boolean =>
  mode === 'checkout' ? key !== 'addressLine2' : CONTACT_KEYS.includes(key);

/** No country given (a partial cart address): no postal pattern applies, only plausibility. */
const UNKNOWN_COUNTRY = 'ZZ';

/** Canadian codes are stored as `A1A 1A1`, however they were spaced. */
const tidyPostalCode = (code: string, country: string | undefined): string => {
  const upper = normalizePostalCode(code);
  if (country !== 'CA') return upper;
  const compact = upper.replace(/\s+/g, '');
  return `${compact.slice(0, 3)} ${compact.slice(3)}`;
};

/**
 * A shipping address, checked: every field core's rules refuse is added to `problems` as
 * `{field}.{key}`; the address comes back tidied (trimmed, e-mail lower-cased, state, country and
 * postal code upper-cased) only when it has no problem.
 */
export const readShippingAddress = (
  value: unknown,
  field: string,
  problems: FieldProblems,
  mode: ShippingAddressMode,
): ShippingAddress | undefined => {
  const at = (key: string) => `${field}.${key}`;
  const o = problems.object(value, field);
  if (o === undefined) return undefined;
  const before = problems.list.length;
  const given: Partial<Record<ShippingKey, string>> = {};
  for (const key of SHIPPING_KEYS) {
    const max = key === 'email' ? EMAIL_MAX_LENGTH : 200;
    const v = problems.text(o[key], at(key), { required: isRequired(key, mode), max });
    if (v !== undefined) given[key] = v;
  }
  const country = given.country?.toUpperCase();
  if (country !== undefined && !SHIPPING_COUNTRIES.includes(country)) {
    problems.add(at('country'), `must be one of ${SHIPPING_COUNTRIES.join(', ')}`);
  }
  const state = given.state?.toUpperCase();
  if (state !== undefined && country === undefined) {
    // A state with no country still has to be one the shop ships to.
    if (!SHIPPING_COUNTRIES.some((c) => isRegionOf(c, state))) {
      problems.add(at('state'), ADDRESS_MESSAGES.state);
    }
  }
  if (given.email !== undefined) {
    const email = validateEmail(given.email);
    if (!email.valid) problems.add(at('email'), email.message ?? 'is not valid');
  }
  const fields: AddressFields = {
    ...(given.firstName === undefined ? {} : { firstName: given.firstName }),
    ...(given.lastName === undefined ? {} : { lastName: given.lastName }),
    ...(given.mobile === undefined ? {} : { mobile: given.mobile }),
    ...(given.streetName === undefined ? {} : { streetName: given.streetName }),
    ...(given.addressLine2 === undefined ? {} : { addressLine2: given.addressLine2 }),
    ...(given.city === undefined ? {} : { city: given.city }),
    ...(given.state === undefined ? {} : { state: given.state }),
    ...(given.postalCode === undefined ? {} : { postalCode: given.postalCode }),
    country: country ?? UNKNOWN_COUNTRY,
  };
  const checked = checkSavedAddress(
    fields,
    SERVER_FIELD_RULES.messages,
    SERVER_FIELD_RULES.patterns,
  );
  if (!checked.ok) {
    for (const failure of checked.error) {
      // Only the fields given: what is missing was named above, the country too.
      const key = failure.field as ShippingKey;
      if (key !== 'country' && given[key] !== undefined) {
        problems.add(at(key), failure.message ?? 'is not valid');
      }
    }
  }
  if (problems.list.length > before) return undefined;
  const { firstName, lastName, email, mobile } = given;
  if (firstName === undefined || lastName === undefined || email === undefined) return undefined;
  if (mobile === undefined) return undefined;
  return {
    firstName,
    lastName,
    email: normalizeEmail(email),
    mobile,
    ...(given.streetName === undefined ? {} : { streetName: given.streetName }),
    ...(given.addressLine2 === undefined ? {} : { addressLine2: given.addressLine2 }),
    ...(given.city === undefined ? {} : { city: given.city }),
    ...(state === undefined ? {} : { state }),
    ...(given.postalCode === undefined
      ? {}
      : { postalCode: tidyPostalCode(given.postalCode, country) }),
    ...(country === undefined ? {} : { country }),
  };
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

/** The caller's name for an address added in the same request. */
export const ADDRESS_KEY = /^[A-Za-z0-9_-]{1,64}$/;
export const ADDRESS_KEY_RULE = 'must be 1 to 64 letters, digits, - or _';

/** An optional text member: absent or null is "not given"; anything but a string is a problem. */
const optionalString = (
  o: Readonly<Record<string, unknown>>,
  key: string,
  field: string,
  problems: FieldProblems,
): string | undefined => {
  const value = o[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') {
    problems.add(field, 'must be text');
    return undefined;
  }
  return value;
};

/**
 * The address of addAddress / changeAddress as sent, shapes only: its values are checked by
 * core's checkActionAddress (checkSavedAddress), which also tidies them.
 */
export const readWireAddress = (
  value: unknown,
  field: string,
  problems: FieldProblems,
): WireAddress | undefined => {
  const o = problems.object(value, field);
  if (o === undefined) return undefined;
  const before = problems.list.length;
  const text = Object.fromEntries(
    WIRE_TEXT_FIELDS.flatMap((key) => {
      const v = optionalString(o, key, `${field}.${key}`, problems);
      return v === undefined ? [] : [[key, v]];
    }),
  ) as Partial<Record<(typeof WIRE_TEXT_FIELDS)[number], string>>;
  const key = optionalString(o, 'key', `${field}.key`, problems);
  if (key !== undefined && !ADDRESS_KEY.test(key)) problems.add(`${field}.key`, ADDRESS_KEY_RULE);
  let label: string | undefined;
  const custom = o.custom;
  if (custom !== undefined && custom !== null) {
    if (!isRecord(custom)) problems.add(`${field}.custom`, 'must be an object');
    else {
      const type = custom.type;
      if (type !== undefined && (!isRecord(type) || type.key !== ADDRESS_CUSTOM_TYPE_KEY)) {
        problems.add(`${field}.custom.type.key`, `must be ${ADDRESS_CUSTOM_TYPE_KEY}`);
      }
      const fields = custom.fields;
      if (fields !== undefined && fields !== null && !isRecord(fields)) {
        problems.add(`${field}.custom.fields`, 'must be an object');
      } else if (isRecord(fields)) {
        label = optionalString(fields, 'label', `${field}.custom.fields.label`, problems);
      }
    }
  }
  if (problems.list.length > before) return undefined;
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
