/**
 * One default address for each pinned demo account, so checkout can offer a saved address from the
 * first sign-in. US addresses that pass checkout's rules (state, ZIP code, a 10-digit mobile; the
 * 555-01xx numbers are reserved for fiction). Written once: only to an account whose profile was
 * never changed (version 1) and that has no address, so a demo shopper who removes it does not get
 * it back on the next start, and two servers starting together write it once (the one-default
 * index turns the second insert into nothing).
 */
import { randomUUID } from 'node:crypto';
import { checkSavedAddress } from '../../core/account/address-book';
import { DEMO_ADDRESSES } from '../../core/account/demo-addresses';
import type { Queryable } from '../db/database';

interface DemoOwner {
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
}

/** Writes the demo addresses that are due; returns the e-mails given one. */
export const seedDemoAddresses = async (
  db: Queryable,
  accounts: readonly DemoOwner[],
): Promise<string[]> => {
  const written: string[] = [];
  for (const account of accounts) {
    const address = DEMO_ADDRESSES[account.email];
    if (address === undefined) continue;
    const checked = checkSavedAddress({
      ...address,
      firstName: account.firstName,
      lastName: account.lastName,
    });
    if (!checked.ok) throw new Error(`demo address of ${account.email} is not valid`);
    const a = checked.value;
    const inserted = await db.query(
      `INSERT INTO customer_addresses (id, customer_id, first_name, last_name, mobile, street_name,
         address_line2, city, state, postal_code, country, label, is_default)
       SELECT $2, c.id, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, true
       FROM customers c
       WHERE c.email = $1 AND c.profile_version = 1
         AND NOT EXISTS (SELECT 1 FROM customer_addresses x WHERE x.customer_id = c.id)
       ON CONFLICT DO NOTHING
       RETURNING id`,
      [
        account.email,
        randomUUID(),
        a.firstName ?? null,
        a.lastName ?? null,
        a.mobile ?? null,
        a.streetName ?? null,
        a.addressLine2 ?? null,
        a.city ?? null,
        a.state ?? null,
        a.postalCode ?? null,
        a.country ?? null,
        a.label ?? null,
      ],
    );
    if (inserted.rows.length > 0) written.push(account.email);
  }
  return written;
};
