/**
 * The SQL of the profile and address book (migration 008): the customer's profile fields and
 * version, and their saved addresses. Every address is read and written together with its
 * customer_id, so another customer's address id is simply not there. Writers lock the customer
 * row first (lockProfile), so a book read under that lock is the one the update applies to.
 */
import type { Address, AddressBook } from '../../core/account/addresses';
import type { Queryable } from '../db/database';

export interface ProfileRecord {
  readonly id: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly companyName: string | null;
  readonly accountType: string;
  /** The persona code (GST, TVS, KEMP, …): who may edit the business fields (spec §6). */
  readonly persona: string;
  readonly businessType: string | null;
  readonly businessSubtype: string | null;
  /** The sign-up zip code; a professional's is the business zip code. */
  readonly zipCode: string | null;
  readonly version: number;
}

interface ProfileRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  company_name: string | null;
  account_type: string;
  persona: string;
  business_type: string | null;
  business_subtype: string | null;
  zip_code: string | null;
  profile_version: number;
}

interface AddressRow {
  id: string;
  first_name: string | null;
  last_name: string | null;
  mobile: string | null;
  street_name: string;
  address_line2: string | null;
  address_line3: string | null;
  city: string;
  county: string | null;
  state: string | null;
  postal_code: string;
  country: string;
  label: string | null;
  is_default: boolean;
}

type AddressField = Exclude<keyof Address, 'id'>;

/** Address field → column, in the order of the INSERT and UPDATE below. */
const COLUMN: Readonly<Record<AddressField, keyof AddressRow>> = {
  firstName: 'first_name',
  lastName: 'last_name',
  mobile: 'mobile',
  streetName: 'street_name',
  addressLine2: 'address_line2',
  addressLine3: 'address_line3',
  city: 'city',
  county: 'county',
  state: 'state',
  postalCode: 'postal_code',
  country: 'country',
  label: 'label',
};
const FIELDS = Object.keys(COLUMN) as AddressField[];

const PROFILE_COLUMNS = `id, email, first_name, last_name, company_name, account_type, persona,
  business_type, business_subtype, zip_code, profile_version`;
const ADDRESS_COLUMNS = `id, ${FIELDS.map((f) => COLUMN[f]).join(', ')}, is_default`;

const toProfile = (row: ProfileRow): ProfileRecord => ({
  id: row.id,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  companyName: row.company_name,
  accountType: row.account_type,
  persona: row.persona,
  businessType: row.business_type,
  businessSubtype: row.business_subtype,
  zipCode: row.zip_code,
  version: Number(row.profile_version),
});

const toAddress = (row: AddressRow): Address => {
  const fields = FIELDS.flatMap((f) => {
    const value = row[COLUMN[f]];
    return typeof value === 'string' ? [[f, value] as const] : [];
  });
  return { id: row.id, ...Object.fromEntries(fields) };
};

const toBook = (version: number, rows: readonly AddressRow[]): AddressBook => {
  const defaultRow = rows.find((r) => r.is_default);
  const addresses = rows.map(toAddress);
  return defaultRow === undefined
    ? { version, addresses }
    : { version, addresses, defaultShippingAddressId: defaultRow.id };
};

const addressRows = async (q: Queryable, customerId: string): Promise<AddressRow[]> =>
  (
    await q.query<AddressRow>(
      `SELECT ${ADDRESS_COLUMNS} FROM customer_addresses WHERE customer_id = $1 ORDER BY position`,
      [customerId],
    )
  ).rows;

/** The profile and its address book as one snapshot (one statement); null: no such customer. */
export const readProfile = async (
  q: Queryable,
  customerId: string,
): Promise<{ readonly profile: ProfileRecord; readonly book: AddressBook } | null> => {
  const joined = await q.query<ProfileRow & { address: AddressRow | null }>(
    `SELECT c.id, c.email, c.first_name, c.last_name, c.company_name, c.account_type, c.persona,
       c.business_type, c.business_subtype, c.zip_code, c.profile_version,
       CASE WHEN a.id IS NULL THEN NULL ELSE to_jsonb(a) END AS address
     FROM customers c
     LEFT JOIN customer_addresses a ON a.customer_id = c.id
     WHERE c.id = $1
     ORDER BY a.position`,
    [customerId],
  );
  const first = joined.rows[0];
  if (first === undefined) return null;
  const profile = toProfile(first);
  const rows = joined.rows.flatMap((r) => (r.address === null ? [] : [r.address]));
  return { profile, book: toBook(profile.version, rows) };
};

/** The profile locked for this transaction, with its address book; null: no such customer. */
export const lockProfile = async (
  tx: Queryable,
  customerId: string,
): Promise<{ readonly profile: ProfileRecord; readonly book: AddressBook } | null> => {
  const locked = await tx.query<ProfileRow>(
    `SELECT ${PROFILE_COLUMNS} FROM customers WHERE id = $1 FOR UPDATE`,
    [customerId],
  );
  const row = locked.rows[0];
  if (row === undefined) return null;
  const profile = toProfile(row);
  return { profile, book: toBook(profile.version, await addressRows(tx, customerId)) };
};

export const readAddressBook = async (
  q: Queryable,
  customerId: string,
  version: number,
): Promise<AddressBook> => toBook(version, await addressRows(q, customerId));

const values = (a: Address): (string | null)[] => FIELDS.map((f) => a[f] ?? null);

const sameFields = (a: Address, b: Address): boolean =>
  FIELDS.every((f) => (a[f] ?? null) === (b[f] ?? null));

/**
 * Writes `after` over `before` (both the customer's book): removed addresses go, changed ones are
 * updated, new ones inserted in order, then the default flag moves. The old default is cleared
 * before the new one is set, so the one-default index holds after every statement.
 */
export const saveAddressBook = async (
  tx: Queryable,
  customerId: string,
  before: AddressBook,
  after: AddressBook,
): Promise<void> => {
  const kept = new Set(after.addresses.map((a) => a.id));
  const removed = before.addresses.filter((a) => !kept.has(a.id)).map((a) => a.id);
  if (removed.length > 0) {
    await tx.query('DELETE FROM customer_addresses WHERE customer_id = $1 AND id = ANY($2)', [
      customerId,
      removed,
    ]);
  }
  const previous = new Map(before.addresses.map((a) => [a.id, a]));
  const placeholders = FIELDS.map((_, i) => `$${i + 3}`).join(', ');
  for (const address of after.addresses) {
    const old = previous.get(address.id);
    if (old === undefined) {
      await tx.query(
        `INSERT INTO customer_addresses (id, customer_id, ${FIELDS.map((f) => COLUMN[f]).join(', ')})
         VALUES ($1, $2, ${placeholders})`,
        [address.id, customerId, ...values(address)],
      );
    } else if (!sameFields(old, address)) {
      await tx.query(
        `UPDATE customer_addresses
         SET ${FIELDS.map((f, i) => `${COLUMN[f]} = $${i + 3}`).join(', ')}, updated_at = now()
         WHERE customer_id = $2 AND id = $1`,
        [address.id, customerId, ...values(address)],
      );
    }
  }
  const defaultId = after.defaultShippingAddressId ?? null;
  await tx.query(
    `UPDATE customer_addresses SET is_default = false
     WHERE customer_id = $1 AND is_default AND id IS DISTINCT FROM $2`,
    [customerId, defaultId],
  );
  if (defaultId !== null) {
    await tx.query(
      `UPDATE customer_addresses SET is_default = true
       WHERE customer_id = $1 AND id = $2 AND NOT is_default`,
      [customerId, defaultId],
    );
  }
};

/** New values of profile fields; null clears one (names are never cleared: the parser requires them). */
export interface ProfileFieldChanges {
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly companyName?: string | null;
  readonly businessType?: string | null;
  readonly businessSubtype?: string | null;
  readonly zipCode?: string | null;
}

const PROFILE_COLUMN: Readonly<Record<keyof ProfileFieldChanges, string>> = {
  firstName: 'first_name',
  lastName: 'last_name',
  companyName: 'company_name',
  businessType: 'business_type',
  businessSubtype: 'business_subtype',
  zipCode: 'zip_code',
};

/** Sets the changed profile fields and the new version. */
export const saveProfile = async (
  tx: Queryable,
  customerId: string,
  changes: ProfileFieldChanges,
  version: number,
): Promise<void> => {
  const entries = (Object.keys(PROFILE_COLUMN) as (keyof ProfileFieldChanges)[]).flatMap((key) =>
    key in changes ? [[PROFILE_COLUMN[key], changes[key] ?? null] as const] : [],
  );
  const sets = entries.map(([column], i) => `${column} = $${i + 3}`);
  await tx.query(
    `UPDATE customers SET ${['profile_version = $2', ...sets].join(', ')} WHERE id = $1`,
    [customerId, version, ...entries.map(([, value]) => value)],
  );
};
