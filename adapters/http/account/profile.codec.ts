/**
 * io-ts codecs of the profile and address answers (docs/api.md "Customer profile and addresses"):
 * addresses arrive in the commercetools shape of core/account/addresses.ts WireAddress, with their
 * id, and are mapped to core's Address (fromWireAddress). The address call's book may sit at the
 * top level or inside `profileDetail` (spec §7: remove answers that way). Optional fields sent as
 * `null` are dropped.
 */
import { isLeft } from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import {
  ADDRESS_CUSTOM_TYPE_KEY,
  fromWireAddress,
  type Address,
  type AddressBook,
} from '../../../core/account/addresses';
import type { Profile } from '../../../core/account/profile';

const withoutNulls = (u: unknown): unknown =>
  typeof u === 'object' && u !== null && !Array.isArray(u)
    ? Object.fromEntries(Object.entries(u).filter(([, v]) => v !== null))
    : u;

const WireAddressCodec = t.intersection([
  t.type({ id: t.string, country: t.string }),
  t.partial({
    firstName: t.string,
    lastName: t.string,
    mobile: t.string,
    streetName: t.string,
    additionalStreetInfo: t.string,
    additionalAddressInfo: t.string,
    city: t.string,
    region: t.string,
    state: t.string,
    postalCode: t.string,
    custom: t.partial({ fields: t.partial({ label: t.union([t.string, t.null]) }) }),
  }),
]);

export const AddressCodec: t.Type<Address, unknown, unknown> = new t.Type<
  Address,
  unknown,
  unknown
>(
  'Address',
  (_u): _u is Address => false,
  (u, c) => {
    const decoded = WireAddressCodec.validate(withoutNulls(u), c);
    if (isLeft(decoded)) return decoded;
    const { id, custom, ...wire } = decoded.right;
    const label = custom?.fields?.label;
    return t.success(
      fromWireAddress(id, {
        ...wire,
        custom: {
          type: { key: ADDRESS_CUSTOM_TYPE_KEY },
          fields: typeof label === 'string' ? { label } : {},
        },
      }),
    );
  },
  (a) => a,
);

const BookFields = t.intersection([
  t.type({ version: t.number, addresses: t.readonlyArray(AddressCodec) }),
  t.partial({ defaultShippingAddressId: t.string }),
]);

/** Only the book's own fields: the answer's extras (profileDetail, …) are not core's. */
const bookOf = (b: t.TypeOf<typeof BookFields>): AddressBook => ({
  version: b.version,
  addresses: b.addresses,
  ...(b.defaultShippingAddressId === undefined
    ? {}
    : { defaultShippingAddressId: b.defaultShippingAddressId }),
});

const decodeBook = (u: unknown, c: t.Context): t.Validation<AddressBook> => {
  const decoded = BookFields.validate(withoutNulls(u), c);
  return isLeft(decoded) ? decoded : t.success(bookOf(decoded.right));
};

/** POST /customer/address: the book at the top level, or inside profileDetail. */
export const AddressBookAnswerCodec: t.Type<AddressBook, unknown, unknown> = new t.Type<
  AddressBook,
  unknown,
  unknown
>(
  'AddressBookAnswer',
  (_u): _u is AddressBook => false,
  (u, c) => {
    if (typeof u === 'object' && u !== null && !('addresses' in u) && 'profileDetail' in u) {
      const detail = (u as { profileDetail: unknown }).profileDetail;
      return decodeBook(detail, [...c, { key: 'profileDetail', type: BookFields, actual: detail }]);
    }
    return decodeBook(u, c);
  },
  (a) => a,
);

const ProfileFields = t.intersection([
  BookFields,
  t.type({ firstName: t.string, lastName: t.string }),
  t.partial({
    companyName: t.string,
    businessType: t.string,
    businessSubtype: t.string,
    businessZipCode: t.string,
  }),
]);

/** GET and POST /customer/profile. */
export const ProfileCodec: t.Type<Profile, unknown, unknown> = new t.Type<
  Profile,
  unknown,
  unknown
>(
  'Profile',
  (_u): _u is Profile => false,
  (u, c) => {
    const decoded = ProfileFields.validate(withoutNulls(u), c);
    if (isLeft(decoded)) return decoded;
    const p = decoded.right;
    const optional = (
      ['companyName', 'businessType', 'businessSubtype', 'businessZipCode'] as const
    ).flatMap((k) => (p[k] === undefined ? [] : [[k, p[k]] as const]));
    return t.success({
      firstName: p.firstName,
      lastName: p.lastName,
      ...Object.fromEntries(optional),
      ...bookOf(p),
    });
  },
  (a) => a,
);
