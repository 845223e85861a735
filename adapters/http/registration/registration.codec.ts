/**
 * io-ts codecs of the CRM answers (docs/registration.md "Shapes"): every answer is decoded before
 * it reaches core, so a server that drifts from the contract is a decode error, not a broken screen.
 */
import * as t from 'io-ts';

const nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null]);

const AddressCodec = t.intersection([
  t.type({
    firstName: t.string,
    lastName: t.string,
    email: t.string,
    mobile: t.string,
    streetName: t.string,
    city: t.string,
    state: t.string,
    postalCode: t.string,
    country: t.string,
  }),
  t.partial({ addressLine2: t.string }),
]);

export const UploadedAssetCodec = t.type({
  assetId: t.string,
  fileName: t.string,
  contentType: t.string,
  size: t.number,
  url: t.string,
});

export const RegistrationCodec = t.type({
  id: t.string,
  kind: t.keyof({ offline: null, online: null }),
  modelNumber: t.string,
  productSku: t.string,
  title: t.string,
  finish: nullable(t.string),
  purchaseDate: t.string,
  placeOfPurchase: t.string,
  serialNumber: nullable(t.string),
  owner: AddressCodec,
  installationAddress: nullable(AddressCodec),
  proofOfPurchase: nullable(UploadedAssetCodec),
  orderNumber: nullable(t.string),
  lineItemId: nullable(t.string),
  registeredAt: t.string,
});

export const ItemOutcomeCodec = t.type({
  orderNumber: t.string,
  lineItemId: t.string,
  sku: t.string,
  status: t.keyof({ registered: null, 'already-registered': null }),
  registrationId: t.string,
});

export const RegisteredCodec = t.intersection([
  t.type({
    success: t.literal('true'),
    message: t.string,
    registrations: t.readonlyArray(RegistrationCodec),
  }),
  t.partial({ items: t.readonlyArray(ItemOutcomeCodec) }),
]);

const WarrantyCodec = t.type({
  text: t.string,
  years: nullable(t.number),
  status: t.keyof({ active: null, expired: null, lifetime: null, unknown: null }),
  endsOn: nullable(t.string),
});

export const MyProductCodec = t.type({
  source: t.keyof({ registered: null, saved: null }),
  sku: t.string,
  productSku: t.string,
  title: t.string,
  finish: nullable(t.string),
  image: t.string,
  url: t.string,
  discontinued: t.boolean,
  registrationId: nullable(t.string),
  listLineItemId: nullable(t.string),
  purchaseDate: nullable(t.string),
  serialNumber: nullable(t.string),
  proofOfPurchase: nullable(UploadedAssetCodec),
  warranty: WarrantyCodec,
  specSheetUrl: nullable(t.string),
  documents: t.readonlyArray(t.type({ type: t.string, title: t.string, url: t.string })),
  fittingParts: t.readonlyArray(t.type({ sku: t.string, title: t.string, url: t.string })),
});

export const MyServiceCodec = t.type({
  source: t.keyof({ ordered: null, saved: null }),
  sku: t.string,
  title: t.string,
  kind: t.keyof({ 'design-service': null, 'install-service': null }),
  image: t.string,
  url: t.string,
  status: t.string,
  orderNumber: nullable(t.string),
  orderedAt: nullable(t.string),
  listLineItemId: nullable(t.string),
});

export const RegistrableItemCodec = t.type({
  orderNumber: t.string,
  lineItemId: t.string,
  sku: t.string,
  title: t.string,
  image: t.string,
  finish: nullable(t.string),
  orderedAt: t.string,
  registrationId: nullable(t.string),
});

export const ModelSuggestionCodec = t.type({
  modelNumber: t.string,
  title: t.string,
  discontinued: t.boolean,
});

export const resultsOf = <C extends t.Mixed>(item: C) => t.type({ results: t.readonlyArray(item) });
