/**
 * GET /api/health asks the database at most once a second (issue 14) and says when it did: the
 * answer within a second of a check is that check's, with its `checkedAt`; requests arriving during
 * a check wait for it rather than starting their own; a failed check fails the request and is not
 * kept.
 */
import { describe, expect, it } from 'vitest';
import { healthCheck, HEALTH_CHECK_MAX_AGE_MS } from '../../../server/api/health';
import type { Database } from '../../../server/db/database';

const countingDatabase = (version = 14) => {
  const state = { queries: 0, fail: false, hold: null as Promise<void> | null };
  const db = {
    kind: 'pglite',
    async query() {
      state.queries += 1;
      if (state.hold !== null) await state.hold;
      if (state.fail) throw new Error('the database is down');
      return { rows: [{ version }], rowCount: 1 };
    },
  } as unknown as Database;
  return { db, state };
};

describe('the health check', () => {
  it('asks the database once a second, and says when', async () => {
    const { db, state } = countingDatabase();
    let clock = Date.UTC(2026, 10, 26, 12, 0, 0);
    const health = healthCheck(db, { now: () => clock });
    const first = await health();
    expect(first).toEqual({
      status: 'ok',
      database: { kind: 'pglite', migrationVersion: 14, checkedAt: '2026-11-26T12:00:00.000Z' },
    });
    clock += HEALTH_CHECK_MAX_AGE_MS - 1;
    expect(await health()).toEqual(first);
    expect(state.queries).toBe(1);
    clock += 1;
    expect((await health()).database.checkedAt).toBe('2026-11-26T12:00:01.000Z');
    expect(state.queries).toBe(2);
  });

  it('lets requests arriving during a check wait for it', async () => {
    const { db, state } = countingDatabase();
    let release = () => {};
    state.hold = new Promise((resolve) => (release = resolve));
    const health = healthCheck(db);
    const waiting = Array.from({ length: 20 }, () => health());
    release();
    const answers = await Promise.all(waiting);
    expect(state.queries).toBe(1);
    expect(new Set(answers).size).toBe(1);
  });

  it('fails while the database fails, and keeps no failure', async () => {
    const { db, state } = countingDatabase();
    const health = healthCheck(db, { now: () => 0 });
    state.fail = true;
    await expect(health()).rejects.toThrow('the database is down');
    state.fail = false;
    expect((await health()).status).toBe('ok');
    expect(state.queries).toBe(2);
  });
});
