/**
 * Numbered SQL migrations (`NNN_name.sql` in ./migrations), each applied once, in order, in its
 * own transaction, recorded in schema_migrations. An advisory lock keeps two servers starting at
 * once against one PostgreSQL from applying the same migration twice.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { syncPromotions } from '../cart/promotions';
import type { Database } from './database';

export const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

const MIGRATION_LOCK = 7_256_140_001;

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

export const migrate = async (db: Database, dir?: string): Promise<MigrationReport> => {
  const migrations = await loadMigrations(dir);
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY,
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  await db.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    const done = await db.query<{ version: number }>('SELECT version FROM schema_migrations');
    const doneVersions = new Set(done.rows.map((r) => Number(r.version)));
    const applied: number[] = [];
    for (const m of migrations) {
      if (doneVersions.has(m.version)) continue;
      await db.transaction(async (tx) => {
        await tx.exec(m.sql);
        await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
          m.version,
          m.name,
        ]);
      });
      applied.push(m.version);
    }
    // Reference data that core owns, written after the schema it needs.
    await syncPromotions(db);
    return { applied, version: await currentVersion(db) };
  } finally {
    await db.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  }
};

export const currentVersion = async (db: Database): Promise<number> => {
  const r = await db.query<{ version: number | null }>(
    'SELECT max(version) AS version FROM schema_migrations',
  );
  return Number(r.rows[0]?.version ?? 0);
};
