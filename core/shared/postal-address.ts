/**
 * How a postal address reads, written once for the address book, checkout and orders: the
 * recipient, the street lines, then "City, ST 10001" (state and postal code together, as a US or
 * Canadian envelope has them). Blank parts are left out, so no line is empty and no comma dangles.
 */

/** Any address-like value: saved addresses, checkout's form and an order's shipping address. */
export interface PostalAddress {
  readonly firstName?: string | undefined;
  readonly lastName?: string | undefined;
  readonly streetName?: string | undefined;
  readonly addressLine2?: string | undefined;
  readonly addressLine3?: string | undefined;
  readonly county?: string | undefined;
  readonly city?: string | undefined;
  readonly state?: string | undefined;
  readonly postalCode?: string | undefined;
  readonly mobile?: string | undefined;
}

export interface AddressFormat {
  /** Start with the recipient's name (default true). */
  readonly name?: boolean;
  /** The country as the reader should see it ("Canada"); left out when absent or blank. */
  readonly country?: string | undefined;
  /** End with "Mobile …" when the address has a number (default false). */
  readonly mobile?: boolean;
}

const present = (parts: readonly (string | undefined)[], separator: string): string =>
  parts
    .map((p) => p?.trim() ?? '')
    .filter((p) => p !== '')
    .join(separator);

/** The address line by line: ["Ada Holm", "1 Main St", "New York, NY 10001"]. */
export const addressLines = (a: PostalAddress, format: AddressFormat = {}): readonly string[] => {
  const mobile = a.mobile?.trim() ?? '';
  return [
    format.name === false ? '' : present([a.firstName, a.lastName], ' '),
    a.streetName?.trim() ?? '',
    a.addressLine2?.trim() ?? '',
    a.addressLine3?.trim() ?? '',
    a.county?.trim() ?? '',
    present([a.city, present([a.state, a.postalCode], ' ')], ', '),
    format.country?.trim() ?? '',
    format.mobile === true && mobile !== '' ? `Mobile ${mobile}` : '',
  ].filter((line) => line !== '');
};

/** The address on one line: "Ada Holm, 1 Main St, New York, NY 10001". */
export const addressOneLine = (a: PostalAddress, format: AddressFormat = {}): string =>
  addressLines(a, format).join(', ');
