/**
 * session_version (migration 017), the number other processes check their remembered session
 * answers against: every transaction that ends a live session — a revocation other than a
 * rotation, the deletion of a live token (account deletion) — moves it once as it commits; a
 * rotation, the purge of spent tokens and a rolled-back revocation do not.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database';
import { migrate } from '../../../server/db/migrate';
import { openPglite } from '../../../server/db/pglite';
import {
  deleteSpentRefreshTokens,
  insertCustomer,
  insertRefreshToken,
  revokeCustomerTokens,
  revokeFamily,
  rotateRefreshToken,
} from '../../../server/identity/customer-repository';

let db: Database;

beforeAll(async () => {
  db = await openPglite(null);
  await migrate(db);
});
afterAll(() => db.close());

const version = async (): Promise<number> =>
  Number(
    (await db.query<{ version: string }>('SELECT version FROM session_version')).rows[0]?.version,
  );

const HOUR = 60 * 60 * 1000;

/** A customer with `families` sign-in sessions of one live token each. */
const customerWithSessions = async (families: number) => {
  const customerId = randomUUID();
  const now = new Date();
  await insertCustomer(db, {
    id: customerId,
    uid: randomUUID(),
    email: `${customerId}@example.com`,
    passwordHash: 'not-a-real-hash',
    firstName: 'Row',
    lastName: 'Owner',
    accountType: 'homeowner',
    persona: 'GST',
    businessType: null,
    businessSubtype: null,
    phone: null,
    zipCode: null,
    newsletter: false,
    passwordChangedAt: now,
    passwordExpiresAt: null,
  });
  const tokens = [];
  for (let i = 0; i < families; i += 1) {
    const token = {
      id: randomUUID(),
      familyId: randomUUID(),
      customerId,
      issuedAt: now,
      expiresAt: new Date(now.getTime() + HOUR),
    };
    await insertRefreshToken(db, token);
    tokens.push(token);
  }
  return { customerId, tokens };
};

describe('session_version', () => {
  it('moves once for a sign-out, however many tokens it revoked', async () => {
    const { customerId, tokens } = await customerWithSessions(3);
    const before = await version();
    await revokeFamily(db, tokens[0]!.familyId, 'signout', new Date());
    expect(await version()).toBe(before + 1);
    await revokeCustomerTokens(db, customerId, 'password', new Date());
    expect(await version()).toBe(before + 2);
  });

  it('moves once for a transaction that ends sessions in several statements', async () => {
    const { tokens } = await customerWithSessions(2);
    const before = await version();
    await db.transaction(async (tx) => {
      await revokeFamily(tx, tokens[0]!.familyId, 'reuse', new Date());
      await revokeFamily(tx, tokens[1]!.familyId, 'reuse', new Date());
    });
    expect(await version()).toBe(before + 1);
  });

  it('moves when an account and its live tokens are deleted', async () => {
    const { customerId } = await customerWithSessions(1);
    const before = await version();
    await db.query('DELETE FROM customers WHERE id = $1', [customerId]);
    expect(await version()).toBe(before + 1);
  });

  it('stays for a rotation, a purge of spent tokens and a rolled-back sign-out', async () => {
    const { customerId, tokens } = await customerWithSessions(1);
    const before = await version();
    const next = randomUUID();
    expect(await rotateRefreshToken(db, tokens[0]!.id, customerId, next, new Date())).toBe(true);
    await insertRefreshToken(db, { ...tokens[0]!, id: next });
    expect(await version()).toBe(before);
    // The rotated token, revoked long ago in the purge's eyes.
    expect(
      await deleteSpentRefreshTokens(db, new Date(), new Date(Date.now() + HOUR)),
    ).toBeGreaterThan(0);
    expect(await version()).toBe(before);
    await expect(
      db.transaction(async (tx) => {
        await revokeFamily(tx, tokens[0]!.familyId, 'signout', new Date());
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await version()).toBe(before);
  });
});
