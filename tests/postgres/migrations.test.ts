/**
 * Several servers starting at once on one PostgreSQL database (several API processes, or a
 * restart while another still runs): each migration is applied once, in order, every start
 * succeeds, and the migration lock is not left held, so a later start does not wait for it.
 * Each test has an empty database of its own.
 */
import { readdir } from 'node:fs/promises';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { migrate, MIGRATION_LOCK, migrationsDir } from '../../server/db/migrate';
import { openPostgres } from '../../server/db/postgres';
import { DEMO_ACCOUNTS } from '../../server/identity/demo-accounts';
import { generateCatalogue } from '../../server/seed/catalogue/generate';
import {
  createPostgresDatabase,
  dropPostgresDatabase,
  postgresUrlFor,
} from '../support/test-database';
import { startTestServer } from '../support/test-server';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const emptyDatabase = async (): Promise<string> => {
  const name = await createPostgresDatabase();
  cleanups.push(() => dropPostgresDatabase(name));
  return postgresUrlFor(name);
};

const open = async (url: string): Promise<Database> => {
  const db = await openPostgres(url);
  cleanups.push(() => db.close());
  return db;
};

const migrationCount = async () =>
  (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).length;

const appliedVersions = async (db: Database): Promise<number[]> =>
  (
    await db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version')
  ).rows.map((r) => r.version);

/** Whether a session of its own can take the migration lock right now. */
const lockIsFree = async (url: string): Promise<boolean> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const taken = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [
      MIGRATION_LOCK,
    ]);
    return taken.rows[0]?.ok === true;
  } finally {
    await client.end();
  }
};

describe('migrations on one PostgreSQL database', () => {
  it('two processes migrating at once apply each migration once, and leave the lock free', async () => {
    const url = await emptyDatabase();
    // Two pools: two processes.
    const [first, second] = await Promise.all([open(url), open(url)]);
    const reports = await Promise.all([migrate(first), migrate(second)]);

    const all = await migrationCount();
    const applied = reports.flatMap((r) => r.applied).sort((a, b) => a - b);
    expect(applied).toEqual(Array.from({ length: all }, (_, i) => i + 1));
    expect(reports.map((r) => r.version)).toEqual([all, all]);
    expect(await appliedVersions(first)).toEqual(applied);
    expect(await lockIsFree(url)).toBe(true);
  });

  it('migrations started together through one pool do not wait on each other for ever', async () => {
    const url = await emptyDatabase();
    const db = await open(url);
    // A session lock taken on one pooled connection and released on another stays held: the
    // second run would wait for it until the pool closed.
    const reports = await Promise.all([migrate(db), migrate(db), migrate(db)]);
    expect(reports.flatMap((r) => r.applied)).toHaveLength(await migrationCount());
    expect(await lockIsFree(url)).toBe(true);
    // A later start finds nothing to do.
    expect((await migrate(db)).applied).toEqual([]);
  });

  it('two servers starting at once on an empty database both serve one catalogue and one set of demo accounts', async () => {
    const url = await emptyDatabase();
    const servers = await Promise.all([
      startTestServer({ databaseUrl: url }),
      startTestServer({ databaseUrl: url }),
    ]);
    for (const server of servers) cleanups.push(() => server.dispose());
    const all = await migrationCount();
    for (const server of servers) {
      const health = (await (await fetch(`${server.api}/health`)).json()) as {
        database: { kind: string; migrationVersion: number };
      };
      expect(health.database).toMatchObject({ kind: 'postgres', migrationVersion: all });
    }
    const { db } = servers[0];
    const accounts = await db.query<{ email: string }>(
      'SELECT email FROM customers ORDER BY email',
    );
    expect(accounts.rows.map((r) => r.email)).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());
    expect(await appliedVersions(db)).toHaveLength(all);
    // Loaded once: the second server found the tables full.
    const counts = await db.query<{ products: number; search: number }>(
      `SELECT (SELECT count(*)::int FROM products) AS products,
              (SELECT count(*)::int FROM search_documents) AS search`,
    );
    const products = generateCatalogue().products.length;
    expect(counts.rows[0]).toEqual({ products, search: products });
  });
});
