/** The maps and stores answers (docs/stores.md), decoded at the boundary. */
import * as t from 'io-ts';
import type { UserLocation } from '../../../core/stores/ports';
import type {
  LocationType,
  StoreLocation,
  StoreService,
} from '../../../core/stores/store-location';

const oneOf = <T extends string>(values: readonly T[], name: string): t.Type<T, string, unknown> =>
  new t.Type<T, string, unknown>(
    name,
    (u): u is T => typeof u === 'string' && (values as readonly string[]).includes(u),
    (u, c) =>
      typeof u === 'string' && (values as readonly string[]).includes(u)
        ? t.success(u as T)
        : t.failure(u, c),
    (a) => a,
  );

const LocationTypeCodec = oneOf<LocationType>(['showroom', 'store', 'dealer'], 'LocationType');
const StoreServiceCodec = oneOf<StoreService>(
  ['design-consultation', 'installation', 'service-parts', 'product-displays', 'trade-desk'],
  'StoreService',
);

/** A store; the spec's fields always (the adapter asks for them), ours when selected. */
export const StoreLocationCodec: t.Type<StoreLocation, unknown, unknown> = t.intersection([
  t.type({
    EntityID: t.string,
    BPnumber: t.string,
    LocationName: t.string,
    AddressLine: t.string,
    StateLong: t.string,
    AdminDistrict: t.string,
    PostalCode: t.string,
    Latitude: t.number,
    Longitude: t.number,
    Phone: t.string,
    OpenUntil: t.string,
    Locality: t.string,
  }),
  t.partial({
    AddressLine2: t.string,
    LocationType: LocationTypeCodec,
    Hours: t.readonlyArray(t.type({ day: t.number, opens: t.string, closes: t.string })),
    Services: t.readonlyArray(StoreServiceCodec),
    TimeZone: t.string,
    Distance: t.number,
  }),
]) as unknown as t.Type<StoreLocation, unknown, unknown>;

export const NearbyAnswerCodec = t.type({
  d: t.type({ results: t.readonlyArray(t.readonlyArray(StoreLocationCodec)) }),
});

export const UserLocationCodec: t.Type<UserLocation, unknown, unknown> = t.type({
  city: t.string,
  state: t.string,
  postalCode: t.string,
  country: oneOf<'US' | 'CA'>(['US', 'CA'], 'Country'),
  latitude: t.number,
  longitude: t.number,
}) as unknown as t.Type<UserLocation, unknown, unknown>;

export const LocationAnswerCodec = t.type({ location: UserLocationCodec });
export const IpLocationAnswerCodec = t.type({
  location: UserLocationCodec,
  source: oneOf<'default' | 'ip'>(['default', 'ip'], 'Source'),
});

export const ZipAnswerCodec = t.type({
  resources: t.readonlyArray(
    t.type({
      address: t.type({
        postalCode: t.string,
        locality: t.string,
        adminDistrict: t.string,
        countryRegion: t.string,
      }),
      point: t.type({ coordinates: t.readonlyArray(t.number) }),
    }),
  ),
});

export const AddressCheckCodec = t.union([
  t.type({ status: t.literal('valid'), city: t.string, state: t.string }),
  t.type({
    status: t.literal('mismatch'),
    field: t.union([t.literal('city'), t.literal('state')]),
    city: t.string,
    state: t.string,
  }),
  t.type({ status: t.literal('unknown-postal-code') }),
  t.type({ status: t.literal('unknown') }),
]);
