/**
 * The profile answers decoded at the boundary (adapters/http/account/profile.codec.ts): wire names
 * mapped to core's, nulls dropped, the remove answer's `profileDetail` read like the top-level
 * book, a malformed answer refused with the path of the bad field; and the container's binding.
 */
import { describe, expect, it } from 'vitest';
import { createContainer } from '../../../adapters/di/container';
import { defaultAppConfig, TYPES } from '../../../adapters/di/types';
import { FakeAddressBookGateway } from '../../../adapters/fake/account/fake-address-book-gateway';
import { HttpAddressBookGateway } from '../../../adapters/http/account/http-address-book-gateway';
import { AddressBookAnswerCodec, ProfileCodec } from '../../../adapters/http/account/profile.codec';
import { ApiError } from '../../../adapters/http/api-error';
import { decodeOrThrow } from '../../../adapters/http/decode';
import { MemoryStorage } from '../../../adapters/storage/memory-storage';

const wireAddress = {
  id: 'a1',
  firstName: 'Ada',
  lastName: null,
  mobile: '2125550100',
  streetName: '1 Main Street',
  additionalStreetInfo: 'Apt 2',
  additionalAddressInfo: 'Rear door',
  city: 'New York',
  region: 'Manhattan',
  state: 'NY',
  postalCode: '10001',
  country: 'US',
  custom: { type: { key: 'custom-address' }, fields: { label: 'Profile' } },
  isDefault: true,
};

const coreAddress = {
  id: 'a1',
  firstName: 'Ada',
  mobile: '2125550100',
  streetName: '1 Main Street',
  addressLine2: 'Apt 2',
  addressLine3: 'Rear door',
  city: 'New York',
  county: 'Manhattan',
  state: 'NY',
  postalCode: '10001',
  country: 'US',
  label: 'Profile',
};

const book = { version: 4, addresses: [wireAddress], defaultShippingAddressId: 'a1' };
const expectedBook = { version: 4, addresses: [coreAddress], defaultShippingAddressId: 'a1' };

describe('profile codecs', () => {
  it('decode the address book at the top level or inside profileDetail, to core’s names', () => {
    expect(decodeOrThrow(AddressBookAnswerCodec, book, 'test')).toEqual(expectedBook);
    expect(
      decodeOrThrow(AddressBookAnswerCodec, { profileDetail: book, extra: 1 }, 'test'),
    ).toEqual(expectedBook);
    expect(
      decodeOrThrow(
        AddressBookAnswerCodec,
        { ...book, defaultShippingAddressId: null, addresses: [] },
        'test',
      ),
    ).toEqual({ version: 4, addresses: [] });
  });

  it('decode the profile, dropping nulls and anything that is not core’s', () => {
    expect(
      decodeOrThrow(
        ProfileCodec,
        {
          ...book,
          firstName: 'Ada',
          lastName: 'Lovelace',
          companyName: null,
          businessType: 'Consumer',
          email: 'ada@example.com',
        },
        'test',
      ),
    ).toEqual({
      ...expectedBook,
      firstName: 'Ada',
      lastName: 'Lovelace',
      businessType: 'Consumer',
    });
  });

  it('refuse a malformed answer with the path of the bad field', () => {
    const bad = { ...book, addresses: [{ ...wireAddress, country: 7 }] };
    const error = (() => {
      try {
        decodeOrThrow(AddressBookAnswerCodec, bad, 'POST /customer/address');
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('decode');
    expect((error as ApiError).details.path).toContain('addresses.0');
    expect(() => decodeOrThrow(ProfileCodec, { ...book, firstName: 'A' }, 'x')).toThrow(/lastName/);
  });
});

describe('TYPES.AddressBookGateway', () => {
  const container = (mode: 'http' | 'fake') =>
    createContainer({
      mode,
      config: defaultAppConfig,
      storage: new MemoryStorage(),
      sessionStorage: new MemoryStorage(),
    });

  it('is the HTTP gateway in the shop and the in-memory fake in the demo, one per app', () => {
    const http = container('http');
    const gateway = http.get(TYPES.AddressBookGateway);
    expect(gateway).toBeInstanceOf(HttpAddressBookGateway);
    expect(http.get(TYPES.AddressBookGateway)).toBe(gateway);
    expect(container('fake').get(TYPES.AddressBookGateway)).toBeInstanceOf(FakeAddressBookGateway);
  });
});
