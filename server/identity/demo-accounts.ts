/**
 * The pinned demo accounts (ARCHITECTURE.md), written on every start when missing and never
 * overwritten: a homeowner, a professional (persona TVS, business type Plumber) and a sales
 * associate (persona KEMP), all with the password Lavabo-Demo-2026!. A fourth account,
 * expired@lavabo.test, has a password that has already expired, so the PASSWORD_EXPIRED answer
 * can be seen (the spec names no password age; docs/api.md "Identity"). A fifth,
 * author@lavabo.test, is a content author: it may preview the content's drafts (server/preview).
 */
import { randomUUID } from 'node:crypto';
import { ASSOCIATE_SUFFIX, GUEST_PERSONA, PROFESSIONAL_PERSONA } from '../../core/account/persona';
import { seedDemoAddresses } from '../customer/demo-addresses';
import type { Queryable } from '../db/database';
import { customerExists, insertCustomer } from './customer-repository';
import { grantRole, type CustomerRole } from './customer-roles';
import { hashPassword } from './password-hash';
import type { AccountType } from './signup-input';

export const DEMO_PASSWORD = 'Lavabo-Demo-2026!';

export interface DemoAccount {
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly accountType: AccountType;
  readonly persona: string;
  readonly businessType: string | null;
  readonly businessSubtype: string | null;
  /** The password has already expired (sign-in answers PASSWORD_EXPIRED). */
  readonly passwordExpired: boolean;
  /** Roles beyond shopping (server/db/migrations/024_customer_roles.sql). */
  readonly roles?: readonly CustomerRole[];
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'homeowner@lavabo.test',
    firstName: 'Harriet',
    lastName: 'Holm',
    accountType: 'homeowner',
    persona: GUEST_PERSONA,
    businessType: null,
    businessSubtype: null,
    passwordExpired: false,
  },
  {
    email: 'pro@lavabo.test',
    firstName: 'Pablo',
    lastName: 'Reyes',
    accountType: 'professional',
    persona: PROFESSIONAL_PERSONA,
    businessType: 'Plumber',
    businessSubtype: 'Residential',
    passwordExpired: false,
  },
  {
    email: 'associate@lavabo.test',
    firstName: 'Ada',
    lastName: 'Sorensen',
    accountType: 'homeowner',
    persona: ASSOCIATE_SUFFIX,
    businessType: null,
    businessSubtype: null,
    passwordExpired: false,
  },
  {
    email: 'expired@lavabo.test',
    firstName: 'Ezra',
    lastName: 'Pike',
    accountType: 'homeowner',
    persona: GUEST_PERSONA,
    businessType: null,
    businessSubtype: null,
    passwordExpired: true,
  },
  {
    email: 'author@lavabo.test',
    firstName: 'Aurora',
    lastName: 'Lind',
    accountType: 'homeowner',
    persona: GUEST_PERSONA,
    businessType: null,
    businessSubtype: null,
    passwordExpired: false,
    roles: ['author'],
  },
];

/** Writes the demo accounts that are missing; returns the e-mails written. */
export const seedDemoAccounts = async (db: Queryable, now = new Date()): Promise<string[]> => {
  const missing: DemoAccount[] = [];
  for (const account of DEMO_ACCOUNTS) {
    if (!(await customerExists(db, account.email))) missing.push(account);
  }
  // Hashing is the slow part (scrypt runs on libuv's thread pool): all at once.
  const hashes = await Promise.all(missing.map(() => hashPassword(DEMO_PASSWORD)));
  const written: string[] = [];
  for (const [i, account] of missing.entries()) {
    const inserted = await insertCustomer(db, {
      id: randomUUID(),
      uid: randomUUID(),
      email: account.email,
      passwordHash: hashes[i] ?? (await hashPassword(DEMO_PASSWORD)),
      firstName: account.firstName,
      lastName: account.lastName,
      accountType: account.accountType,
      persona: account.persona,
      businessType: account.businessType,
      businessSubtype: account.businessSubtype,
      phone: null,
      zipCode: null,
      newsletter: false,
      passwordChangedAt: now,
      passwordExpiresAt: account.passwordExpired ? now : null,
    });
    if (inserted) written.push(account.email);
  }
  // Roles are granted whether the account was written now or before (a data dir from before the
  // roles existed gains them); granting one held already writes nothing.
  for (const account of DEMO_ACCOUNTS) {
    for (const role of account.roles ?? []) await grantRole(db, account.email, role);
  }
  // Each demo account's default address (server/customer/demo-addresses.ts), once.
  await seedDemoAddresses(db, DEMO_ACCOUNTS);
  return written;
};
