/**
 * The embedded database on its own thread (server/db/pglite-thread.ts), which `npm start` and
 * every test server use: it answers as in-process PGlite does — values of every type the server
 * stores, PostgreSQL's error fields, transactions that commit whole or not at all, statements
 * outside a transaction waiting for it — while the server's thread stays free.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database';
import { openPglite } from '../../../server/db/pglite';
import { openPgliteThread } from '../../../server/db/pglite-thread';
import { projectRoot } from '../../../server/config';

let db: Database;
let inProcess: Database;

beforeAll(async () => {
  [db, inProcess] = await Promise.all([openPgliteThread(null), openPglite(null)]);
  for (const d of [db, inProcess]) {
    await d.exec(`CREATE TABLE items (id int PRIMARY KEY, name text NOT NULL, doc jsonb,
      data bytea, at timestamptz, tags text[], n bigint, price numeric)`);
  }
});
afterAll(async () => {
  await Promise.all([db.close(), inProcess.close()]);
});

describe('the database thread', () => {
  it('answers every query as in-process PGlite does, values of each type included', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          id: fc.integer({ min: 1, max: 1_000_000 }),
          name: fc.string({ unit: 'grapheme', maxLength: 40 }).filter((s) => !s.includes('\0')),
          doc: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown),
          data: fc.uint8Array({ maxLength: 64 }),
          at: fc.date({
            min: new Date('1970-01-01'),
            max: new Date('2100-01-01'),
            noInvalidDate: true,
          }),
          tags: fc.array(
            fc.string({ maxLength: 8 }).filter((s) => !s.includes('\0')),
            {
              maxLength: 4,
            },
          ),
        }),
        async (row) => {
          const params = [row.id, row.name, JSON.stringify(row.doc), row.data, row.at, row.tags];
          const answers = [];
          for (const d of [db, inProcess]) {
            await d.query('DELETE FROM items');
            const written = await d.query(
              `INSERT INTO items (id, name, doc, data, at, tags, n, price)
               VALUES ($1, $2, $3, $4, $5, $6, 9007199254740993, 12.50)`,
              params,
            );
            const read = await d.query('SELECT * FROM items WHERE id = $1', [row.id]);
            answers.push({ written: written.rowCount, rows: read.rows, count: read.rowCount });
          }
          expect(answers[0]).toEqual(answers[1]);
          expect(answers[0]?.rows[0]).toMatchObject({ id: row.id, name: row.name });
        },
      ),
      { numRuns: 40 },
    );
  });

  it("carries PostgreSQL's error fields, which the server reads (unique violations)", async () => {
    await db.query('DELETE FROM items');
    await db.query(`INSERT INTO items (id, name) VALUES (1, 'one')`);
    const error = await db.query(`INSERT INTO items (id, name) VALUES (1, 'again')`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'items_pkey' });
    expect((error as Error).message).toMatch(/duplicate key/);
    // The database goes on answering after an error.
    expect((await db.query('SELECT count(*)::int AS n FROM items')).rows).toEqual([{ n: 1 }]);
  });

  it('commits a transaction whole, and rolls one back whole when its work fails', async () => {
    await db.query('DELETE FROM items');
    const kept = await db.transaction(async (tx) => {
      await tx.query(`INSERT INTO items (id, name) VALUES (1, 'a')`);
      await tx.query(`INSERT INTO items (id, name) VALUES (2, 'b')`);
      return (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM items')).rows[0]?.n;
    });
    expect(kept).toBe(2);
    const failure = new Error('the work failed');
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`INSERT INTO items (id, name) VALUES (3, 'c')`);
        throw failure;
      }),
    ).rejects.toBe(failure);
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`INSERT INTO items (id, name) VALUES (4, 'd')`);
        await tx.query(`INSERT INTO items (id, name) VALUES (1, 'duplicate')`);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await db.query<{ id: number }>('SELECT id FROM items ORDER BY id')).rows).toEqual([
      { id: 1 },
      { id: 2 },
    ]);
  });

  it('holds statements outside a transaction until it ends, as in-process PGlite does', async () => {
    await db.query('DELETE FROM items');
    const order: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = db.transaction(async (tx) => {
      await tx.query(`INSERT INTO items (id, name) VALUES (1, 'inside')`);
      order.push('inside');
      await held;
      order.push('commit');
    });
    // Started while the transaction is open: it sees the committed row, after the commit.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = db.query<{ n: number }>('SELECT count(*)::int AS n FROM items').then((r) => {
      order.push('outside');
      return r.rows[0]?.n;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await transaction;
    expect(await outside).toBe(1);
    expect(order).toEqual(['inside', 'commit', 'outside']);
  });

  it('runs scripts of several statements', async () => {
    await db.exec(`CREATE TABLE script_a (x int); CREATE TABLE script_b (y int);
      INSERT INTO script_a VALUES (1), (2);`);
    expect((await db.query('SELECT sum(x)::int AS s FROM script_a')).rows).toEqual([{ s: 3 }]);
  });

  it('keeps its data on disk across a close and an open', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'lavabo-pglite-thread-'));
    try {
      const first = await openPgliteThread(dir);
      await first.exec(`CREATE TABLE kept (v text)`);
      await first.query(`INSERT INTO kept VALUES ('still here')`);
      await first.close();
      await expect(first.query('SELECT 1')).rejects.toThrow(/closed/);
      const second = await openPgliteThread(dir);
      expect((await second.query('SELECT v FROM kept')).rows).toEqual([{ v: 'still here' }]);
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses every call with the reason once its thread has died, and says so once', async () => {
    // A stand-in thread that starts as the database's does, then ends at its first message.
    const dying = new URL('./support/dying-database-worker.mjs', import.meta.url);
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    try {
      const lost = await openPgliteThread(null, { worker: dying });
      await expect(lost.query('SELECT 1')).rejects.toThrow(/database thread ended/);
      await expect(lost.query('SELECT 2')).rejects.toThrow(/database thread ended/);
      await expect(lost.transaction(async () => 'never')).rejects.toThrow(/database thread ended/);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(warnings).toEqual([
        expect.stringMatching(
          /^DatabaseLost: The embedded database stopped: the database thread ended/,
        ),
      ]);
      await lost.close();
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('fails its start when the thread ends before saying it started, instead of waiting', async () => {
    const silent = new URL('./support/silent-database-worker.mjs', import.meta.url);
    await expect(openPgliteThread(null, { worker: silent })).rejects.toThrow(
      /database thread ended before it started \(exit code 3\)/,
    );
  });

  it('keeps a process alive while a call waits, and not once it is idle', () => {
    // A script that opens the database, waits on one query and never closes it: it prints the
    // answer (the waiting call kept it alive) and then exits by itself (the idle thread did not).
    const script = `
      import { openPgliteThread } from './server/db/pglite-thread.ts';
      const db = await openPgliteThread(null);
      const r = await db.query('SELECT 41 + 1 AS n');
      console.log('answer', r.rows[0].n);
    `;
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        cwd: projectRoot,
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('answer 42');
    expect(run.status).toBe(0);
  });
});
