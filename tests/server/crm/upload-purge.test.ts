/**
 * The purge of uploads no registration used (server/crm/assets.ts purgeUnusedUploads) on a
 * migrated database, with a clock that moves only when told: which rows go (older than the
 * retention and used by no registration) as a property over random uploads, and that a row an
 * in-flight registration holds is skipped, not waited for.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR, ManualClock } from '../../../core/shared/clock';
import {
  AssetStore,
  purgeUnusedUploads,
  UNUSED_UPLOAD_RETENTION_MS,
} from '../../../server/crm/assets';
import type { Database } from '../../../server/db/database';
import { migrate } from '../../../server/db/migrate';
import { openEmptyTestDatabase } from '../../support/test-database';
import { PNG } from './files';

let db: Database;
beforeAll(async () => {
  db = await openEmptyTestDatabase();
  await migrate(db);
});
afterAll(() => db.close());

const NOW = Date.parse('2026-11-27T12:00:00Z');

/** An upload made `ageMs` before NOW, used by a registration or not; returns its id. */
const upload = async (ageMs: number, used: boolean): Promise<string> => {
  const owner = `guest:${randomUUID()}`;
  const { assetId } = await new AssetStore(db).save(owner, 'receipt.png', PNG);
  await db.query('UPDATE crm_assets SET created_at = $2::timestamptz WHERE id = $1', [
    assetId,
    new Date(NOW - ageMs),
  ]);
  if (used) {
    await db.query(
      `INSERT INTO product_registrations (id, owner_key, kind, model_number, product_sku,
         purchase_date, place_of_purchase, owner_email, owner_address, proof_asset_id)
       VALUES ($1, $2, 'offline', 'K-1', 'K-1', '2026-01-01', 'Showroom', 'a@example.test', '{}', $3)`,
      [randomUUID(), owner, assetId],
    );
  }
  return assetId;
};

const remaining = async (): Promise<Set<string>> =>
  new Set((await db.query<{ id: string }>('SELECT id FROM crm_assets')).rows.map((r) => r.id));

const clear = async () => {
  await db.query('DELETE FROM product_registrations');
  await db.query('DELETE FROM crm_assets');
};

describe('purgeUnusedUploads', () => {
  it('deletes exactly the uploads past the retention that no registration uses', async () => {
    const row = fc.record({
      ageMs: fc.integer({ min: 0, max: 3 * UNUSED_UPLOAD_RETENTION_MS }),
      used: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(row, { maxLength: 6 }), async (rows) => {
        await clear();
        const made = await Promise.all(
          rows.map(async (r) => ({ ...r, id: await upload(r.ageMs, r.used) })),
        );
        const purged = await purgeUnusedUploads(db, new ManualClock(NOW));
        const gone = made.filter((r) => !r.used && r.ageMs > UNUSED_UPLOAD_RETENTION_MS);
        expect(purged).toBe(gone.length);
        const left = await remaining();
        for (const r of made) expect(left.has(r.id)).toBe(!gone.includes(r));
      }),
      { numRuns: 25 },
    );
  });

  it('keeps an upload a day old to the hour, and purges it an hour later', async () => {
    await clear();
    const id = await upload(UNUSED_UPLOAD_RETENTION_MS - HOUR, false);
    expect(await purgeUnusedUploads(db, new ManualClock(NOW))).toBe(0);
    expect(await purgeUnusedUploads(db, new ManualClock(NOW + 2 * HOUR))).toBe(1);
    expect((await remaining()).has(id)).toBe(false);
  });

  it('skips an upload a registration in flight holds, and leaves it to that registration', async () => {
    await clear();
    const held = await upload(2 * UNUSED_UPLOAD_RETENTION_MS, false);
    const free = await upload(2 * UNUSED_UPLOAD_RETENTION_MS, false);
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => undefined as void;
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    // As registration-service.ts does: the proof's row locked until the registration commits.
    const registration = db.transaction(async (tx) => {
      await tx.query('SELECT id FROM crm_assets WHERE id = $1 FOR UPDATE', [held]);
      locked();
      await released;
    });
    await isLocked;
    if (db.kind === 'postgres') {
      // Another connection: the held row is skipped at once, the free one goes.
      expect(await purgeUnusedUploads(db, new ManualClock(NOW))).toBe(1);
      release();
      await registration;
      expect(await remaining()).toEqual(new Set([held]));
    } else {
      // The embedded database runs one transaction at a time: the purge waits for the
      // registration's, and then purges both.
      const purging = purgeUnusedUploads(db, new ManualClock(NOW));
      release();
      await registration;
      expect(await purging).toBe(2);
      expect((await remaining()).has(free)).toBe(false);
    }
  });
});
