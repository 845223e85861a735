/**
 * The customer's profile and saved addresses (spec §7 "Customer", docs/api.md "Customer profile
 * and addresses"). Customers only: a guest token gets 403. Thin: bodies are checked by
 * server/customer/parse.ts (a 400 names each bad field), the rules are AddressBookService's.
 */
import type { FastifyInstance, FastifySchema } from 'fastify';
import { MAX_SAVED_ADDRESSES } from '../../core/account/address-book';
import { AddressBookService } from '../customer/address-book-service';
import { MAX_ACTIONS, parseAddressUpdate, parseProfileUpdate } from '../customer/parse';
import type { Database } from '../db/database';
import { customerIdOf } from './customer';
import { documentOnly, objectOf, text } from './identity-schema';
import { answers } from './schemas/common';
import { ADDRESS_BOOK, PROFILE } from './schemas/domain';

const describe = (
  summary: string,
  description: string,
  body?: Readonly<Record<string, unknown>>,
): FastifySchema => ({
  tags: ['Customer profile'],
  summary,
  description,
  ...(body === undefined ? {} : { body }),
});

const ADDRESS_SHAPE =
  "Address = `{id, firstName?, lastName?, mobile?, streetName, additionalStreetInfo?, additionalAddressInfo?, city, region?, state?, postalCode, country, custom: {type: {key: 'custom-address'}, fields: {label?}}, isDefault}` (additionalStreetInfo is addressLine2, additionalAddressInfo addressLine3, region the county; label 'Profile' marks the profile address)";

const WIRE_ADDRESS = {
  type: 'object',
  description:
    'firstName, lastName, mobile, streetName, additionalStreetInfo, additionalAddressInfo, city, region, state, postalCode, country (default GB), key (addAddress only: a name for setDefaultShippingAddress.addressKey), custom.fields.label',
} as const;

/** `{version, actions}`, each action one of `names` with the members it may carry. */
const updateBody = (names: readonly string[], members: Readonly<Record<string, unknown>>) =>
  objectOf(
    {
      version: { type: 'integer', description: 'The profile version the actions were built on' },
      actions: {
        type: 'array',
        maxItems: MAX_ACTIONS,
        items: objectOf({ action: { type: 'string', enum: names }, ...members }, ['action']),
      },
    },
    ['version', 'actions'],
  );

const ADDRESS_MEMBERS = {
  addressId: text('changeAddress, removeAddress, setDefaultShippingAddress'),
  address: WIRE_ADDRESS,
} as const;

export const profileRoutes = (app: FastifyInstance, db: Database): void => {
  const book = new AddressBookService(db);

  app.get(
    '/api/customer/profile',
    {
      schema: {
        ...describe(
          'The profile and saved addresses',
          `\`{version, firstName, lastName, companyName?, businessType?, businessSubtype?, businessZipCode?, addresses: [Address], defaultShippingAddressId?}\`. ${ADDRESS_SHAPE}. A guest token → 403.`,
        ),
        response: answers({ 200: PROFILE }, { errors: [403] }),
      },
    },
    async (request) => book.profile(customerIdOf(request)),
  );

  app.post(
    '/api/customer/profile',
    {
      ...documentOnly,
      schema: {
        ...describe(
          'Edit the profile',
          "Body `{version, actions}`; actions `{action: 'setFirstName', firstName}`, `setLastName {lastName}`, `setCompanyName {companyName}`, `setCustomField {name: 'businessType'|'businessSubtype'|'businessZipCode', value}` (blank clears), `changeAddress {addressId, address}` → the profile, version + 1. Changing companyName or a business field needs persona TVS (403 `ForbiddenProfileEdit`; a value sent unchanged is no change). Stale version → 409 `ConcurrentModification` with `currentVersion`; bad field → 400 naming it; another's address id → 404 `AddressNotFound`.",
          updateBody(
            ['setFirstName', 'setLastName', 'setCompanyName', 'setCustomField', 'changeAddress'],
            {
              firstName: text('setFirstName'),
              lastName: text('setLastName'),
              companyName: text('setCompanyName'),
              name: text('setCustomField: businessType, businessSubtype or businessZipCode'),
              value: text('setCustomField'),
              ...ADDRESS_MEMBERS,
            },
          ),
        ),
        response: answers({ 200: PROFILE }, { errors: [403, 404, 409] }),
      },
    },
    async (request) => {
      const customerId = customerIdOf(request);
      const { version, actions } = parseProfileUpdate(request.body);
      return book.editProfile(customerId, version, actions);
    },
  );

  app.post(
    '/api/customer/address',
    {
      ...documentOnly,
      schema: {
        ...describe(
          'Change the saved addresses',
          `Body \`{version, actions}\`; actions \`{action: 'addAddress', address}\`, \`changeAddress {addressId, address}\`, \`setDefaultShippingAddress {addressId} or {addressKey}\`, \`removeAddress {addressId}\`, applied in order, all or none → \`{version, addresses, defaultShippingAddressId?}\` (a request with removeAddress also carries it as \`profileDetail\`). A book with any address has exactly one default: the first address added becomes it, removing it promotes the oldest remaining. At most ${MAX_SAVED_ADDRESSES} addresses (400 \`AddressLimitReached\`). Stale version → 409 \`ConcurrentModification\`; bad field → 400 naming it; another's address id → 404 \`AddressNotFound\`.`,
          updateBody(
            ['addAddress', 'changeAddress', 'setDefaultShippingAddress', 'removeAddress'],
            {
              ...ADDRESS_MEMBERS,
              addressKey: text('setDefaultShippingAddress: the key of an address added before it'),
            },
          ),
        ),
        response: answers({ 200: ADDRESS_BOOK }, { errors: [403, 404, 409] }),
      },
    },
    async (request) => {
      const customerId = customerIdOf(request);
      const { version, actions } = parseAddressUpdate(request.body);
      return book.applyAddressActions(customerId, version, actions);
    },
  );
};
