/**
 * Session liveness (server/auth/session-liveness.ts) with a shared session version (a PostgreSQL
 * server, several processes): an answer is remembered only while the version it was read at is
 * current, so a sign-out through another process — which moves the version — is seen by the next
 * request here, well inside the answers' lifetime.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sessionLiveness } from '../../../server/auth/session-liveness';
import type { Queryable } from '../../../server/db/database';

const database = () => {
  const state = { live: true, reads: 0 };
  const db: Queryable = {
    query: async <Row>() => {
      state.reads += 1;
      const rows = (state.live ? [{ '?column?': 1 }] : []) as Row[];
      return { rows, rowCount: rows.length };
    },
  };
  return { db, state };
};

describe('sessionLiveness with a shared version', () => {
  it('reads again once another process has moved the version', async () => {
    const { db, state } = database();
    let version = 7;
    const live = sessionLiveness(db, { ttlMs: 60_000, version: async () => version });
    const customer = randomUUID();
    expect(await live(customer, 'family-1')).toBe(true);
    expect(await live(customer, 'family-1')).toBe(true);
    expect(state.reads).toBe(1);
    // Signed out through another process: its commit moved the version.
    state.live = false;
    version = 8;
    expect(await live(customer, 'family-1')).toBe(false);
    expect(state.reads).toBe(2);
  });

  it('without a version, remembers an answer for its lifetime (one process alone)', async () => {
    const { db, state } = database();
    let now = 1_000;
    const live = sessionLiveness(db, { ttlMs: 5_000, now: () => now });
    const customer = randomUUID();
    expect(await live(customer, 'family-1')).toBe(true);
    state.live = false;
    now += 4_999;
    expect(await live(customer, 'family-1')).toBe(true);
    now += 1;
    expect(await live(customer, 'family-1')).toBe(false);
  });
});
