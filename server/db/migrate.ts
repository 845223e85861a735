/**
 * Numbered SQL migrations (`NNN_name.sql` in ./migrations), each applied once, in order, in its
 * own transaction, recorded in schema_migrations. An advisory lock keeps two servers starting at
 * once against one PostgreSQL from applying the same migration twice (see `migrate`).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { syncPromotions } from '../cart/promotions';
import type { Database, Transaction } from './database';

export const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export const MIGRATION_LOCK = 7_256_140_001;

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

export const loadMigrations = async (dir: string = migrationsDir): Promise<Migration[]> => {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  const migrations = await Promise.all(
    files.map(async (file) => {
      const match = /^(\d+)_([\w-]+)\.sql$/.exec(file);
      if (!match) throw new Error(`Migration file name must be NNN_name.sql: ${file}`);
      return {
        version: Number(match[1]),
        name: match[2] ?? file,
        sql: await readFile(path.join(dir, file), 'utf8'),
      };
    }),
  );
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new Error(`Migrations must be numbered 1, 2, 3…: ${m.name}`);
  });
  return migrations;
};

export interface MigrationReport {
  readonly applied: number[];
  readonly version: number;
}

/**
 * Each step runs in a transaction that first takes the migration lock with pg_advisory_xact_lock,
 * which ends with the transaction on whichever connection ran it. (A session lock taken through a
 * pool can be released on another pooled connection, which does not own it: the lock then stays
 * held by an idle connection and a second process waits for it until the first one exits.) Under
 * the lock a migration is applied only when it is still missing, so two servers starting at once
 * apply each one once, in order.
 */
export const migrate = async (db: Database, dir?: string): Promise<MigrationReport> => {
  const migrations = await loadMigrations(dir);
  const locked = <T>(work: (tx: Transaction) => Promise<T>): Promise<T> =>
    db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      return work(tx);
    });
  const done = await locked(async (tx) => {
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    return appliedVersions(tx);
  });
  const applied: number[] = [];
  for (const m of migrations) {
    if (done.has(m.version)) continue;
    const ran = await locked(async (tx) => {
      // Another server may have applied it since `done` was read.
      if ((await appliedVersions(tx)).has(m.version)) return false;
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        m.version,
        m.name,
      ]);
      return true;
    });
    if (ran) applied.push(m.version);
  }
  // Reference data that core owns, written after the schema it needs.
  await locked((tx) => syncPromotions(tx));
  return { applied, version: await currentVersion(db) };
};

const appliedVersions = async (tx: Transaction): Promise<Set<number>> => {
  const done = await tx.query<{ version: number }>('SELECT version FROM schema_migrations');
  return new Set(done.rows.map((r) => Number(r.version)));
};

export const currentVersion = async (db: Database): Promise<number> => {
  const r = await db.query<{ version: number | null }>(
    'SELECT max(version) AS version FROM schema_migrations',
  );
  return Number(r.rows[0]?.version ?? 0);
};
