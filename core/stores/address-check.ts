/**
 * The address check of the maps service (spec §5 postal-code lookup; docs/stores.md
 * POST /api/maps/address/validate): does the city and state agree with the place the postal code
 * is? The state is checked first, then the city (US ZIPs only: a Canadian FSA covers several
 * towns, so its city is not held against the address). A blank city or state is filled, not
 * refused: the answer is `valid` with what the code says.
 */
import type { Place } from './geodata';

export type AddressCheck =
  | { readonly status: 'valid'; readonly city: string; readonly state: string }
  | {
      readonly status: 'mismatch';
      readonly field: 'city' | 'state';
      readonly city: string;
      readonly state: string;
    }
  | { readonly status: 'unknown-postal-code' }
  | { readonly status: 'unknown' };

const key = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/\bsaint\b/g, 'st')
    .trim();

/** The check of an address against the place of its postal code (null: no such code). */
export const validateAddressAt = (
  address: { readonly city: string; readonly state: string },
  place: Place | null,
): AddressCheck => {
  if (place === null) return { status: 'unknown-postal-code' };
  const said = { city: place.city, state: place.state };
  const state = address.state.trim().toUpperCase();
  if (state !== '' && state !== place.state) return { status: 'mismatch', field: 'state', ...said };
  const city = key(address.city);
  if (place.country === 'US' && city !== '' && city !== key(place.city)) {
    return { status: 'mismatch', field: 'city', ...said };
  }
  return { status: 'valid', ...said };
};
