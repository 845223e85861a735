/**
 * Spec §3 Address and §7 POST /customer/address: the saved addresses of a profile and the update
 * actions that add, change, remove and set the default shipping address. The custom label
 * 'Profile' marks the profile address; the country defaults to GB; the custom type key is
 * custom-address.
 *
 * Readings we chose (docs/rules.md): a new address that should become the default is
 * referred to by a key the caller provides (its id exists only after the call); a change that
 * gives no label keeps the address's label (so the profile address stays marked); setting the
 * address that already is the default needs no action; an unknown address id is a typed error.
 */
import { err, ok, type Result } from '../shared/result';

export const DEFAULT_ADDRESS_COUNTRY = 'GB';
export const ADDRESS_CUSTOM_TYPE_KEY = 'custom-address';
export const PROFILE_ADDRESS_LABEL = 'Profile';

export interface AddressFields {
  readonly firstName?: string;
  readonly lastName?: string;
  /** Checkout's address needs a mobile number too, so a saved address can carry one. */
  readonly mobile?: string;
  readonly streetName?: string;
  readonly addressLine2?: string;
  readonly addressLine3?: string;
  readonly city?: string;
  readonly county?: string;
  readonly state?: string;
  readonly postalCode?: string;
  readonly country?: string;
  readonly label?: string;
}

export interface Address extends AddressFields {
  readonly id: string;
}

/** An address as the form submits it; `isDefault` asks for it to become the default shipping. */
export interface AddressDraft extends AddressFields {
  readonly isDefault?: boolean;
}

export interface AddressBook {
  readonly version: number;
  readonly addresses: readonly Address[];
  readonly defaultShippingAddressId?: string;
}

/** The address on the wire (commercetools style), with its label in the custom fields. */
export interface WireAddress {
  readonly key?: string;
  readonly firstName?: string;
  readonly lastName?: string;
  readonly mobile?: string;
  readonly streetName?: string;
  readonly additionalStreetInfo?: string;
  readonly additionalAddressInfo?: string;
  readonly city?: string;
  readonly region?: string;
  readonly state?: string;
  readonly postalCode?: string;
  readonly country: string;
  readonly custom: {
    readonly type: { readonly key: typeof ADDRESS_CUSTOM_TYPE_KEY };
    readonly fields: { readonly label?: string };
  };
}

export type AddressAction =
  | { readonly action: 'addAddress'; readonly address: WireAddress }
  | { readonly action: 'changeAddress'; readonly addressId: string; readonly address: WireAddress }
  | { readonly action: 'removeAddress'; readonly addressId: string }
  | { readonly action: 'setDefaultShippingAddress'; readonly addressId: string }
  | { readonly action: 'setDefaultShippingAddress'; readonly addressKey: string };

export interface AddressUpdate {
  readonly version: number;
  readonly actions: readonly AddressAction[];
}

export class UnknownAddress extends Error {
  readonly kind = 'UnknownAddress';
  constructor(readonly addressId: string) {
    super(`No saved address with id ${addressId}`);
    this.name = 'UnknownAddress';
  }
}

type Defined<T> = { [K in keyof T]?: Exclude<T[K], undefined> };

/** Drop undefined values, so optional wire fields are absent rather than undefined. */
const defined = <T extends object>(o: T): Defined<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Defined<T>;

export const toWireAddress = (fields: AddressFields, key?: string): WireAddress => {
  const country = fields.country?.trim();
  return {
    ...defined({
      key,
      firstName: fields.firstName,
      lastName: fields.lastName,
      mobile: fields.mobile,
      streetName: fields.streetName,
      additionalStreetInfo: fields.addressLine2,
      additionalAddressInfo: fields.addressLine3,
      city: fields.city,
      region: fields.county,
      state: fields.state,
      postalCode: fields.postalCode,
    }),
    country: country === undefined || country === '' ? DEFAULT_ADDRESS_COUNTRY : country,
    custom: {
      type: { key: ADDRESS_CUSTOM_TYPE_KEY },
      fields: defined({ label: fields.label }),
    },
  };
};

export const fromWireAddress = (id: string, wire: WireAddress): Address => ({
  id,
  ...defined({
    firstName: wire.firstName,
    lastName: wire.lastName,
    mobile: wire.mobile,
    streetName: wire.streetName,
    addressLine2: wire.additionalStreetInfo,
    addressLine3: wire.additionalAddressInfo,
    city: wire.city,
    county: wire.region,
    state: wire.state,
    postalCode: wire.postalCode,
    country: wire.country,
    label: wire.custom.fields.label,
  }),
});

export const isProfileAddress = (address: AddressFields): boolean =>
  address.label === PROFILE_ADDRESS_LABEL;

/** The address labelled 'Profile', if the customer has one. */
export const profileAddress = (book: AddressBook): Address | undefined =>
  book.addresses.find(isProfileAddress);

export const isDefaultShipping = (book: AddressBook, addressId: string): boolean =>
  book.defaultShippingAddressId === addressId;

const findAddress = (book: AddressBook, id: string): Result<Address, UnknownAddress> => {
  const found = book.addresses.find((a) => a.id === id);
  return found === undefined ? err(new UnknownAddress(id)) : ok(found);
};

export const addAddress = (book: AddressBook, draft: AddressDraft, key: string): AddressUpdate => ({
  version: book.version,
  actions: [
    { action: 'addAddress', address: toWireAddress(draft, key) },
    ...(draft.isDefault === true
      ? [{ action: 'setDefaultShippingAddress' as const, addressKey: key }]
      : []),
  ],
});

const withLabel = (fields: AddressFields, label: string | undefined): AddressFields =>
  label === undefined ? fields : { ...fields, label };

export const changeAddress = (
  book: AddressBook,
  addressId: string,
  draft: AddressDraft,
): Result<AddressUpdate, UnknownAddress> => {
  const found = findAddress(book, addressId);
  if (!found.ok) return found;
  const makeDefault = draft.isDefault === true && !isDefaultShipping(book, addressId);
  return ok({
    version: book.version,
    actions: [
      {
        action: 'changeAddress',
        addressId,
        address: toWireAddress(withLabel(draft, draft.label ?? found.value.label)),
      },
      ...(makeDefault ? [{ action: 'setDefaultShippingAddress' as const, addressId }] : []),
    ],
  });
};

export const removeAddress = (
  book: AddressBook,
  addressId: string,
): Result<AddressUpdate, UnknownAddress> => {
  const found = findAddress(book, addressId);
  if (!found.ok) return found;
  return ok({ version: book.version, actions: [{ action: 'removeAddress', addressId }] });
};

export const setDefaultShipping = (
  book: AddressBook,
  addressId: string,
): Result<AddressUpdate, UnknownAddress> => {
  const found = findAddress(book, addressId);
  if (!found.ok) return found;
  return ok({
    version: book.version,
    actions: isDefaultShipping(book, addressId)
      ? []
      : [{ action: 'setDefaultShippingAddress', addressId }],
  });
};
