/** Ports the validation use cases need from the outside world. */

/** One result of the address (zip) lookup of spec §7: the first resource's address. */
export interface PostalLocation {
  readonly postalCode: string;
  readonly city?: string;
  readonly state?: string;
  readonly country?: string;
  readonly latitude?: number;
  readonly longitude?: number;
}

/** Port: the zip lookup call (maps adapter in the shop, a dataset in the demo). */
export interface PostalCodeLookup {
  /** Best matches first; an empty list when nothing is known. */
  lookup(postalCode: string, country: string): Promise<readonly PostalLocation[]>;
}
