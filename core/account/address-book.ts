/**
 * Spec §3 Profile/Address and §7 POST /customer/address: the rules of the saved-address book that
 * the server, the offline fake and checkout share — what a saved address may hold, how the update
 * actions change a book, which address is the default, and how a saved address fills checkout's
 * address form.
 *
 * Readings we chose (docs/rules.md "Account"): a book with any address has exactly one default
 * shipping address (the first address added becomes it; removing it makes the oldest remaining
 * one the default); a customer keeps at most MAX_SAVED_ADDRESSES; the actions of one request apply
 * in order and all or none; `addressKey` names an address added earlier in the same request.
 */
import { isRegionOf } from '../validation/regions';
import type { AddressForm } from '../checkout/checkout';
import { err, ok, type Result } from '../shared/result';
import { failed, type FieldValidation } from '../validation/field-validation';
import { validateFieldPattern, type FieldPatternMap } from '../validation/field-patterns';
import {
  DEFAULT_VALIDATION_MESSAGES,
  formatMessage,
  type ValidationMessages,
} from '../validation/messages';
import { isPhone, PHONE_MIN_DIGITS } from '../validation/phone';
import {
  isPlausiblePostalCode,
  matchesPostalPattern,
  normalizePostalCode,
  POSTAL_CODE_MAX_LENGTH,
  postalPatternFor,
} from '../validation/postal-code';
import { isSafeText } from '../validation/text';
import {
  DEFAULT_ADDRESS_COUNTRY,
  fromWireAddress,
  toWireAddress,
  type Address,
  type AddressAction,
  type AddressBook,
  type AddressFields,
} from './addresses';

/** A customer keeps at most this many saved addresses (enough for home, work and a few sites). */
export const MAX_SAVED_ADDRESSES = 10;
/** Names and labels: as sign-up's names. */
export const ADDRESS_NAME_MAX_LENGTH = 50;
/** Street, address lines, city, county. */
export const ADDRESS_TEXT_MAX_LENGTH = 100;
export const ADDRESS_MOBILE_MAX_LENGTH = 20;
/** Countries whose addresses need a two-letter state or province (checkout ships to them). */
export const STATE_REQUIRED_COUNTRIES: readonly string[] = ['US', 'CA'];

type FieldName = keyof AddressFields;

/** Form order: failures are reported in it. */
const FIELD_ORDER: readonly FieldName[] = [
  'firstName',
  'lastName',
  'mobile',
  'streetName',
  'addressLine2',
  'addressLine3',
  'city',
  'county',
  'state',
  'postalCode',
  'country',
  'label',
];

/** Where each field sits in the wire address (core/account/addresses.ts WireAddress). */
export const WIRE_ADDRESS_FIELD: Readonly<Record<FieldName, string>> = {
  firstName: 'firstName',
  lastName: 'lastName',
  mobile: 'mobile',
  streetName: 'streetName',
  addressLine2: 'additionalStreetInfo',
  addressLine3: 'additionalAddressInfo',
  city: 'city',
  county: 'region',
  state: 'state',
  postalCode: 'postalCode',
  country: 'country',
  label: 'custom.fields.label',
};

/** Printable text: no control characters and none of < > { } (street names need . # / too). */
const ADDRESS_TEXT = /^[^<>{}\p{Cc}]+$/u;
const COUNTRY_CODE = /^[A-Z]{2}$/;

export const ADDRESS_MESSAGES = {
  tooLong: 'Must be at most {max} characters',
  printable: 'Must not contain < > { } or control characters',
  country: 'Must be a two-letter country code',
  state: 'Must be a two-letter state or province code',
} as const;

const blankToUndefined = (value: string | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
};

interface FieldRule {
  readonly max: number;
  readonly required?: boolean;
  readonly test?: (value: string) => boolean;
  readonly message?: string;
}

/**
 * A saved address checked and tidied (trimmed, blanks dropped, country and postal code
 * upper-cased, GB when no country is given), or one failure per bad field in form order. After
 * the built-in rules, each value must match its field's configured pattern (spec §5 pattern map,
 * keyed by the field names of AddressFields), with the configured message.
 */
export const checkSavedAddress = (
  fields: AddressFields,
  messages: ValidationMessages = DEFAULT_VALIDATION_MESSAGES,
  patterns: FieldPatternMap = {},
): Result<AddressFields, readonly FieldValidation[]> => {
  const country = blankToUndefined(fields.country)?.toUpperCase() ?? DEFAULT_ADDRESS_COUNTRY;
  const needsState = STATE_REQUIRED_COUNTRIES.includes(country);
  const tidy: Record<FieldName, string | undefined> = {
    firstName: blankToUndefined(fields.firstName),
    lastName: blankToUndefined(fields.lastName),
    mobile: blankToUndefined(fields.mobile),
    streetName: blankToUndefined(fields.streetName),
    addressLine2: blankToUndefined(fields.addressLine2),
    addressLine3: blankToUndefined(fields.addressLine3),
    city: blankToUndefined(fields.city),
    county: blankToUndefined(fields.county),
    state: needsState
      ? blankToUndefined(fields.state)?.toUpperCase()
      : blankToUndefined(fields.state),
    postalCode: blankToUndefined(normalizePostalCode(fields.postalCode ?? '')),
    country,
    label: blankToUndefined(fields.label),
  };
  const printable = { max: ADDRESS_TEXT_MAX_LENGTH, test: (v: string) => ADDRESS_TEXT.test(v) };
  const safeName = {
    max: ADDRESS_NAME_MAX_LENGTH,
    test: isSafeText,
    message: messages.safeText,
  };
  const postalOk = (code: string): boolean =>
    postalPatternFor(country) === null
      ? isPlausiblePostalCode(code)
      : matchesPostalPattern(code, country);
  const rules: Readonly<Record<FieldName, FieldRule>> = {
    firstName: safeName,
    lastName: safeName,
    mobile: {
      max: ADDRESS_MOBILE_MAX_LENGTH,
      test: isPhone,
      message: formatMessage(messages.phone, { min: PHONE_MIN_DIGITS }),
    },
    streetName: { ...printable, required: true },
    addressLine2: printable,
    addressLine3: printable,
    city: { ...printable, required: true },
    county: printable,
    state: needsState
      ? {
          max: 2,
          required: true,
          test: (v) => isRegionOf(country, v),
          message: ADDRESS_MESSAGES.state,
        }
      : { ...printable, max: ADDRESS_NAME_MAX_LENGTH },
    postalCode: {
      max: POSTAL_CODE_MAX_LENGTH,
      required: true,
      test: postalOk,
      message: messages.postalCode,
    },
    country: { max: 2, test: (v) => COUNTRY_CODE.test(v), message: ADDRESS_MESSAGES.country },
    label: safeName,
  };
  const failures: FieldValidation[] = [];
  for (const field of FIELD_ORDER) {
    const value = tidy[field];
    const rule = rules[field];
    if (value === undefined) {
      if (rule.required === true) failures.push(failed(field, messages.required));
    } else if (rule.test !== undefined && !rule.test(value)) {
      failures.push(failed(field, rule.message ?? ADDRESS_MESSAGES.printable));
    } else if ([...value].length > rule.max) {
      failures.push(failed(field, formatMessage(ADDRESS_MESSAGES.tooLong, { max: rule.max })));
    } else {
      const configured = validateFieldPattern(field, value, patterns, messages);
      if (!configured.valid) failures.push(configured);
    }
  }
  if (failures.length > 0) return err(failures);
  const entries = FIELD_ORDER.flatMap((field) => {
    const value = tidy[field];
    return value === undefined ? [] : [[field, value] as const];
  });
  return ok(Object.fromEntries(entries) as AddressFields);
};

/**
 * The address of an add or change action checked (checkSavedAddress) and tidied; failures are named
 * by the action's place in the request, e.g. `actions[1].address.postalCode`. Other actions pass.
 */
export const checkActionAddress = <A extends { readonly action: string }>(
  action: A,
  index: number,
  messages: ValidationMessages = DEFAULT_VALIDATION_MESSAGES,
  patterns: FieldPatternMap = {},
): Result<A, readonly FieldValidation[]> => {
  if (!isAddressAction(action)) return ok(action);
  if (action.action !== 'addAddress' && action.action !== 'changeAddress') return ok(action);
  const checked = checkSavedAddress(fromWireAddress('', action.address), messages, patterns);
  if (!checked.ok) {
    return err(
      checked.error.map((f) =>
        failed(
          `actions[${index}].address.${WIRE_ADDRESS_FIELD[f.field as FieldName]}`,
          f.message ?? '',
        ),
      ),
    );
  }
  // The same action with its address tidied: still an A.
  return ok({ ...action, address: toWireAddress(checked.value, action.address.key) } as A);
};

/** Every action's address checked and tidied (checkActionAddress), or every failure. */
export const checkAddressActions = <A extends { readonly action: string }>(
  actions: readonly A[],
  messages: ValidationMessages = DEFAULT_VALIDATION_MESSAGES,
  patterns: FieldPatternMap = {},
): Result<readonly A[], readonly FieldValidation[]> => {
  const results = actions.map((action, i) => checkActionAddress(action, i, messages, patterns));
  const failures = results.flatMap((r) => (r.ok ? [] : r.error));
  return failures.length > 0 ? err(failures) : ok(results.flatMap((r) => (r.ok ? [r.value] : [])));
};

const ADDRESS_ACTIONS: readonly string[] = [
  'addAddress',
  'changeAddress',
  'removeAddress',
  'setDefaultShippingAddress',
];

export const isAddressAction = (action: { readonly action: string }): action is AddressAction =>
  ADDRESS_ACTIONS.includes(action.action);

export type AddressActionError =
  | { readonly kind: 'unknownAddress'; readonly index: number; readonly addressId: string }
  | { readonly kind: 'unknownAddressKey'; readonly index: number; readonly addressKey: string }
  | { readonly kind: 'duplicateAddressKey'; readonly index: number; readonly addressKey: string }
  | { readonly kind: 'tooManyAddresses'; readonly index: number; readonly max: number };

/**
 * The book with exactly one default when it holds any address: a default that is missing or
 * names no saved address becomes the first (oldest) address.
 */
export const withOneDefault = (book: AddressBook): AddressBook => {
  const { defaultShippingAddressId: current, ...rest } = book;
  const first = book.addresses[0];
  if (first === undefined) return rest;
  const valid = current !== undefined && book.addresses.some((a) => a.id === current);
  return { ...rest, defaultShippingAddressId: valid ? current : first.id };
};

/**
 * The book after the actions, in order, all or none (the server's and the fake's semantics).
 * New addresses get ids from `newId` and go at the end; the version goes up by one when there is
 * any action. The first failing action is the error, with its index.
 */
export const applyAddressActions = (
  book: AddressBook,
  actions: readonly AddressAction[],
  newId: () => string,
): Result<AddressBook, AddressActionError> => {
  let addresses: Address[] = [...book.addresses];
  let defaultId = withOneDefault(book).defaultShippingAddressId;
  const keys = new Map<string, string>();
  const known = (id: string) => addresses.some((a) => a.id === id);
  for (const [index, action] of actions.entries()) {
    switch (action.action) {
      case 'addAddress': {
        if (addresses.length >= MAX_SAVED_ADDRESSES) {
          return err({ kind: 'tooManyAddresses', index, max: MAX_SAVED_ADDRESSES });
        }
        const key = action.address.key;
        if (key !== undefined && keys.has(key)) {
          return err({ kind: 'duplicateAddressKey', index, addressKey: key });
        }
        const id = newId();
        if (key !== undefined) keys.set(key, id);
        addresses.push(fromWireAddress(id, action.address));
        defaultId ??= id;
        break;
      }
      case 'changeAddress': {
        const { addressId } = action;
        if (!known(addressId)) return err({ kind: 'unknownAddress', index, addressId });
        addresses = addresses.map((a) =>
          a.id === addressId ? fromWireAddress(addressId, action.address) : a,
        );
        break;
      }
      case 'removeAddress': {
        const { addressId } = action;
        if (!known(addressId)) return err({ kind: 'unknownAddress', index, addressId });
        addresses = addresses.filter((a) => a.id !== addressId);
        if (defaultId === addressId) defaultId = addresses[0]?.id;
        break;
      }
      case 'setDefaultShippingAddress': {
        if ('addressKey' in action) {
          const id = keys.get(action.addressKey);
          if (id === undefined || !known(id)) {
            return err({ kind: 'unknownAddressKey', index, addressKey: action.addressKey });
          }
          defaultId = id;
        } else {
          if (!known(action.addressId)) {
            return err({ kind: 'unknownAddress', index, addressId: action.addressId });
          }
          defaultId = action.addressId;
        }
        break;
      }
    }
  }
  const version = actions.length > 0 ? book.version + 1 : book.version;
  return ok(
    withOneDefault(
      defaultId === undefined
        ? { version, addresses }
        : { version, addresses, defaultShippingAddressId: defaultId },
    ),
  );
};

/** The default shipping address, if the book names one that it holds. */
export const defaultAddress = (book: AddressBook): Address | undefined =>
  book.defaultShippingAddressId === undefined
    ? undefined
    : book.addresses.find((a) => a.id === book.defaultShippingAddressId);

/** The default first, then the others in the order they were saved. */
export const addressesDefaultFirst = (book: AddressBook): readonly Address[] => {
  const first = defaultAddress(book);
  return first === undefined
    ? book.addresses
    : [first, ...book.addresses.filter((a) => a !== first)];
};

/**
 * Checkout's address form filled from a saved address. The e-mail is the customer's (a saved
 * address has none); names missing on the address come from `names` (the profile's). Checkout
 * has one extra line, so addressLine2 and addressLine3 share it, joined by a comma.
 */
export const addressToCheckoutForm = (
  address: Address,
  email: string,
  names?: { readonly firstName?: string; readonly lastName?: string },
): AddressForm => ({
  firstName: address.firstName ?? names?.firstName ?? '',
  lastName: address.lastName ?? names?.lastName ?? '',
  email,
  mobile: address.mobile ?? '',
  streetName: address.streetName ?? '',
  addressLine2: [address.addressLine2, address.addressLine3]
    .map((line) => line?.trim() ?? '')
    .filter((line) => line !== '')
    .join(', '),
  city: address.city ?? '',
  state: address.state ?? '',
  postalCode: address.postalCode ?? '',
  country: address.country ?? DEFAULT_ADDRESS_COUNTRY,
});
