/**
 * Which database the tests' servers run on, and a database of their own for each on a PostgreSQL
 * server. The `server` project runs on embedded PGlite; `server-postgresql` runs the same files
 * with LAVABO_TEST_DATABASE=postgresql (vitest.config.ts), and then every test server and every
 * `openEmptyTestDatabase()` gets a new database on TEST_POSTGRES_URL's server: a copy of the run's
 * migrated, seeded template (./postgres-template.ts), or an empty one. Sharing one database would
 * let files running side by side see each other's orders, stock, rate-limit counts and accounts.
 *
 * TEST_POSTGRES_URL is an administrator's URL to the server (`.ci/run` starts one), e.g.
 * postgres://postgres@127.0.0.1:5432/postgres.
 */
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database, DatabaseKind } from '../../server/db/database';
import { openPglite } from '../../server/db/pglite';
import { openPostgres } from '../../server/db/postgres';

export const POSTGRES_URL_ENV = 'TEST_POSTGRES_URL';
/** Set to `postgresql` by the projects that run on the server (vitest.config.ts). */
export const TEST_DATABASE_ENV = 'LAVABO_TEST_DATABASE';
/** The template database's name, set by ./postgres-template.ts for the workers. */
export const POSTGRES_TEMPLATE_ENV = 'LAVABO_TEST_POSTGRES_TEMPLATE';
/** Every database this run makes starts with this (the template's teardown drops them all). */
export const POSTGRES_PREFIX_ENV = 'LAVABO_TEST_POSTGRES_PREFIX';

export const testDatabaseKind = (): DatabaseKind =>
  process.env[TEST_DATABASE_ENV] === 'postgresql' ? 'postgres' : 'pglite';

/** The administrator's URL; fails naming the variable when the run has no server. */
export const postgresAdminUrl = (): string => {
  const url = process.env[POSTGRES_URL_ENV];
  if (url === undefined || url === '') {
    throw new Error(
      `${POSTGRES_URL_ENV} is not set: the PostgreSQL tests need a server's administrator URL, ` +
        'e.g. postgres://postgres@127.0.0.1:5432/postgres',
    );
  }
  return url;
};

/** The same server and credentials, another database. */
export const postgresUrlFor = (database: string): string => {
  const url = new URL(postgresAdminUrl());
  url.pathname = `/${database}`;
  return url.toString();
};

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Runs `work` on a short-lived administrator connection (CREATE/DROP DATABASE). */
export const withAdmin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: postgresAdminUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

const prefix = (): string => {
  const given = process.env[POSTGRES_PREFIX_ENV];
  if (given === undefined || given === '') {
    throw new Error(
      `${POSTGRES_PREFIX_ENV} is not set: tests/support/postgres-template.ts must be the project's globalSetup`,
    );
  }
  return given;
};

/**
 * Creates a database (a copy of `template`, or empty) and returns its name. CREATE DATABASE …
 * TEMPLATE copies files, so a migrated, seeded database costs a fraction of a second.
 */
export const createPostgresDatabase = async (
  options: { name?: string; template?: string } = {},
): Promise<string> => {
  const name = options.name ?? `${prefix()}${randomBytes(6).toString('hex')}`;
  // An empty one sorts text as the embedded database does (collation C), whatever the server's
  // default locale: the same tests then expect the same order on both.
  const from =
    options.template === undefined
      ? ` TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C'`
      : ` TEMPLATE ${quote(options.template)}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE ${quote(name)}${from}`));
  return name;
};

/** Drops it even while a connection is still open (a server that was not closed). */
export const dropPostgresDatabase = (name: string): Promise<void> =>
  withAdmin(async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS ${quote(name)} WITH (FORCE)`);
  });

/**
 * The database of a test server's data dir: the same data dir opens the same database again
 * (a restart), as the embedded one lives under it. Named after the directory's path.
 */
export const postgresDatabaseOf = (dataDir: string): string =>
  `${prefix()}${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`;

export const postgresDatabaseExists = (name: string): Promise<boolean> =>
  withAdmin(async (admin) => {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return (found.rowCount ?? 0) > 0;
  });

/** The run's migrated, seeded template (set by ./postgres-template.ts). */
export const postgresTemplate = (): string => {
  const name = process.env[POSTGRES_TEMPLATE_ENV];
  if (name === undefined || name === '') {
    throw new Error(
      `${POSTGRES_TEMPLATE_ENV} is not set: tests/support/postgres-template.ts must be the project's globalSetup`,
    );
  }
  return name;
};

/**
 * An empty database nobody else uses, on this project's kind: PGlite in memory, or a new database
 * on the PostgreSQL server that closing drops. For tests of the migrations and the repositories.
 */
export const openEmptyTestDatabase = async (): Promise<Database> => {
  if (testDatabaseKind() === 'pglite') return openPglite(null);
  const name = await createPostgresDatabase();
  const db = await openPostgres(postgresUrlFor(name));
  return {
    ...db,
    async close() {
      await db.close();
      await dropPostgresDatabase(name);
    },
  };
};
