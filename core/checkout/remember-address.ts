/**
 * Use case: remember the address an order went to (spec §4 Checkout "Save this address to my
 * account"). A step of checkout's workflow, run after the order is placed: a signed-in customer
 * who shipped to a new address and left "save" ticked gets it added to their address book (the
 * first one becomes the default). The order stands whatever happens here.
 */
import { addAddress } from '../account/addresses';
import type { AddressBookGateway } from '../account/ports';
import { err, ok, type Result } from '../shared/result';
import type { CheckoutAddress } from './checkout';
import type { CheckoutAddressBook } from './list-checkout-addresses';

export interface RememberAddressInput {
  /** The customer's book as checkout read it; null for a guest. */
  readonly book: CheckoutAddressBook | null;
  readonly address: CheckoutAddress;
  /** The shopper shipped to a new address (not a saved one) and asked to save it. */
  readonly save: boolean;
}

export type RememberAddressOutcome = 'saved' | 'not-asked' | 'already-saved';

const same = (a: string | undefined, b: string | undefined): boolean =>
  (a ?? '').trim().toUpperCase() === (b ?? '').trim().toUpperCase();

export class RememberAddress {
  constructor(private readonly gateway?: Pick<AddressBookGateway, 'apply'>) {}

  async execute(
    input: RememberAddressInput,
  ): Promise<Result<RememberAddressOutcome, { readonly kind: 'failed'; readonly error: unknown }>> {
    const { book, address: a } = input;
    if (!input.save || book === null || this.gateway === undefined) return ok('not-asked');
    const known = book.addresses.some(
      (s) =>
        same(s.streetName, a.streetName) &&
        same(s.addressLine2, a.addressLine2) &&
        same(s.city, a.city) &&
        same(s.state, a.state) &&
        same(s.postalCode, a.postalCode) &&
        same(s.country, a.country),
    );
    if (known) return ok('already-saved');
    const update = addAddress(
      book,
      {
        firstName: a.firstName,
        lastName: a.lastName,
        mobile: a.mobile,
        streetName: a.streetName,
        ...(a.addressLine2 === undefined || a.addressLine2 === ''
          ? {}
          : { addressLine2: a.addressLine2 }),
        city: a.city,
        state: a.state.toUpperCase(),
        postalCode: a.postalCode,
        country: a.country,
        isDefault: book.addresses.length === 0,
      },
      'checkout',
    );
    try {
      await this.gateway.apply(update.version, update.actions);
      return ok('saved');
    } catch (error) {
      return err({ kind: 'failed', error });
    }
  }
}
