/**
 * The versions several processes share (server/db/shared-versions.ts): every caller gets a read
 * sent after its call — a change committed before a request arrived is always seen — and callers
 * arriving together share reads (at most one in flight and one waiting).
 */
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../../server/db/database';
import { SharedVersions } from '../../../server/db/shared-versions';

/** A database whose version reads the test answers one by one, at the version of their sending. */
const heldDatabase = () => {
  const state = { catalogue: 1, sessions: 1, sent: [] as (() => void)[] };
  const db = {
    query: () => {
      // The row as committed when the read reaches the database, i.e. when it is sent.
      const row = { catalogue: String(state.catalogue), sessions: String(state.sessions) };
      return new Promise((resolve) => {
        state.sent.push(() => resolve({ rows: [row], rowCount: 1 }));
      });
    },
  } as unknown as Queryable;
  const answerAll = async () => {
    while (state.sent.length > 0) {
      state.sent.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  };
  return { db, state, answerAll };
};

describe('SharedVersions', () => {
  it('answers a caller who came while a read was on its way with a later read', async () => {
    const { db, state, answerAll } = heldDatabase();
    const versions = new SharedVersions(db);
    const early = versions.read();
    // Another process commits; then a request arrives here while the first read is out.
    state.catalogue = 2;
    state.sessions = 5;
    const late = versions.read();
    await answerAll();
    expect(await early).toEqual({ catalogue: 1, sessions: 1 });
    expect(await late).toEqual({ catalogue: 2, sessions: 5 });
  });

  it('shares reads among callers arriving together', async () => {
    const { db, answerAll } = heldDatabase();
    const versions = new SharedVersions(db);
    const answers = Array.from({ length: 50 }, () => versions.read());
    await answerAll();
    await Promise.all(answers);
    expect(versions.readCount).toBe(2);
    const after = versions.read();
    await answerAll();
    await after;
    expect(versions.readCount).toBe(3);
  });

  it('passes a failed read to its callers, and reads again for the next', async () => {
    let fail = true;
    const db: Queryable = {
      query: async <Row>() => {
        if (fail) throw new Error('connection lost');
        return { rows: [{ catalogue: '3', sessions: '4' } as Row], rowCount: 1 };
      },
    };
    const versions = new SharedVersions(db);
    await expect(versions.read()).rejects.toThrow('connection lost');
    fail = false;
    expect(await versions.read()).toEqual({ catalogue: 3, sessions: 4 });
  });
});
