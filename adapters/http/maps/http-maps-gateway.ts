/**
 * MapsGateway (and so PostalCodeLookup) over the API (docs/stores.md): zip lookup, location by IP,
 * by ZIP and by coordinates, and the address check. A ZIP or point the service does not know is
 * null; an address the service cannot judge (it is down) is `unknown`, so the caller does not
 * block it (spec §5).
 */
import type { PostalLocation } from '../../../core/validation/ports';
import type {
  AddressToValidate,
  AddressValidation,
  MapsGateway,
  UserLocation,
} from '../../../core/stores/ports';
import type { GeoPoint } from '../../../core/stores/store-location';
import type { ApiClient } from '../api-client';
import { ApiError } from '../api-error';
import {
  AddressCheckCodec,
  IpLocationAnswerCodec,
  LocationAnswerCodec,
  ZipAnswerCodec,
} from './maps.codec';

/** A 400 or 404 answer: the service does not know what was asked. */
const notKnown = (error: unknown): boolean =>
  error instanceof ApiError && (error.kind === 'badRequest' || error.kind === 'notFound');

export class HttpMapsGateway implements MapsGateway {
  constructor(private readonly api: ApiClient) {}

  async lookup(postalCode: string, country: string): Promise<readonly PostalLocation[]> {
    const c = country.trim().toUpperCase();
    // The service knows the US and Canada; another country's code is nobody's here.
    if (c !== 'US' && c !== 'CA') return [];
    try {
      const answer = await this.api.get('/maps/zip', ZipAnswerCodec, {
        params: { postalCode, country: c },
      });
      return answer.resources.map(({ address, point }) => ({
        postalCode: address.postalCode,
        city: address.locality,
        state: address.adminDistrict,
        country: address.countryRegion,
        ...(point.coordinates[0] === undefined ? {} : { latitude: point.coordinates[0] }),
        ...(point.coordinates[1] === undefined ? {} : { longitude: point.coordinates[1] }),
      }));
    } catch (error) {
      if (notKnown(error)) return [];
      throw error;
    }
  }

  async locationByIp(): Promise<UserLocation | null> {
    return (await this.api.get('/maps/location/ip', IpLocationAnswerCodec)).location;
  }

  async locationByZip(postalCode: string, country: string): Promise<UserLocation | null> {
    try {
      const answer = await this.api.get('/maps/location/zipcode', LocationAnswerCodec, {
        params: { postalCode, country },
      });
      return answer.location;
    } catch (error) {
      if (notKnown(error)) return null;
      throw error;
    }
  }

  async reverseGeocode(point: GeoPoint, brand: string): Promise<UserLocation | null> {
    try {
      const answer = await this.api.get('/maps/location/reverse', LocationAnswerCodec, {
        params: { brand, lat: point.latitude, long: point.longitude },
      });
      return answer.location;
    } catch (error) {
      if (notKnown(error)) return null;
      throw error;
    }
  }

  async validateAddress(address: AddressToValidate): Promise<AddressValidation> {
    try {
      const answer = await this.api.post('/maps/address/validate', address, AddressCheckCodec);
      switch (answer.status) {
        case 'valid':
          return { kind: 'valid', city: answer.city, state: answer.state };
        case 'mismatch':
          return { kind: 'mismatch', field: answer.field, city: answer.city, state: answer.state };
        case 'unknown-postal-code':
          return { kind: 'unknown-postal-code' };
        case 'unknown':
          return { kind: 'unknown' };
      }
    } catch (error) {
      // The service cannot judge (down, or the address refused as input): never block on it.
      if (error instanceof ApiError) return { kind: 'unknown' };
      throw error;
    }
  }
}
