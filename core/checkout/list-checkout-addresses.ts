/**
 * Use case: the signed-in customer's saved addresses checkout can ship to (US and Canada), the
 * default first, with the profile's names and version. A guest, or an app without an account
 * area, has none; a failed read is a failure the screen may ignore (the shopper can still type).
 */
import { addressesDefaultFirst } from '../account/address-book';
import type { Address } from '../account/addresses';
import type { AddressBookGateway } from '../account/ports';
import { err, ok, type Result } from '../shared/result';
import { CHECKOUT_COUNTRIES, type CheckoutCountry } from './checkout';

export interface CheckoutAddressBook {
  /** The profile's version: what saving an address to it is computed against. */
  readonly version: number;
  readonly addresses: readonly Address[];
  readonly defaultId: string | null;
  readonly firstName?: string;
  readonly lastName?: string;
}

export class ListCheckoutAddresses {
  constructor(private readonly book?: Pick<AddressBookGateway, 'profile'>) {}

  /** `customerEmail`: the signed-in customer's, or null for a guest (then: none). */
  async execute(
    customerEmail: string | null,
  ): Promise<
    Result<CheckoutAddressBook | null, { readonly kind: 'failed'; readonly error: unknown }>
  > {
    if (customerEmail === null || this.book === undefined) return ok(null);
    try {
      const profile = await this.book.profile();
      return ok({
        version: profile.version,
        addresses: addressesDefaultFirst(profile).filter((a) =>
          CHECKOUT_COUNTRIES.includes(a.country as CheckoutCountry),
        ),
        defaultId: profile.defaultShippingAddressId ?? null,
        firstName: profile.firstName,
        lastName: profile.lastName,
      });
    } catch (error) {
      return err({ kind: 'failed', error });
    }
  }
}
