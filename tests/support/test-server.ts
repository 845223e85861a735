/**
 * The real server on a free port with a throwaway data dir — the same startServer `npm start`
 * uses, with the embedded database, or in the PostgreSQL projects a database of its own on
 * TEST_POSTGRES_URL's server (./test-database.ts).
 */
import { execFile } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ServerConfig } from '../../server/config';
import { configFromEnv, projectRoot } from '../../server/config';
import { startServer, type RunningServer } from '../../server/start';
import { DEFAULT_RATE_LIMITS, scaleRateLimits } from '../../server/http/rate-limits';

/** The test servers' rate limits (RATE_LIMIT_SCALE=1000 does the same for a server process). */
export const GENEROUS_RATE_LIMITS = scaleRateLimits(DEFAULT_RATE_LIMITS, 1000);
import { contractCheck, describeViolations, type ContractViolation } from './contract-check';
import {
  createPostgresDatabase,
  dropPostgresDatabase,
  postgresDatabaseExists,
  postgresDatabaseOf,
  postgresTemplate,
  postgresUrlFor,
  testDatabaseKind,
} from './test-database';

const run = promisify(execFile);

/** Where the run's template database is (tests/support/database-template.ts sets it). */
export const DATABASE_TEMPLATE_ENV = 'LAVABO_TEST_DATABASE_TEMPLATE';

export interface TestServer extends RunningServer {
  readonly dataDir: string;
  readonly api: string;
  /** Answers so far that broke the API contract (./contract-check.ts). */
  readonly contractViolations: readonly ContractViolation[];
  /** Stops the server and deletes its data dir; fails when an answer broke the API contract. */
  dispose(): Promise<void>;
}

export const testConfig = (
  dataDir: string,
  overrides: Partial<ServerConfig> = {},
): ServerConfig => ({
  port: 0,
  host: '127.0.0.1',
  dataDir,
  databaseUrl: undefined,
  jwtSecret: undefined,
  staticDir: path.join(projectRoot, 'dist', 'client'),
  logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
  // As LAVABO_DEV_TOOLS=1 (`npm run dev`): the tests read the outbox and advance orders, from
  // 127.0.0.1. `npm start` serves neither (tests/server/secure-defaults).
  devEndpoints: configFromEnv({ LAVABO_DEV_TOOLS: '1' }).devEndpoints,
  trustProxy: false,
  // Every journey comes from 127.0.0.1, which is not exempt: limits a thousand times the defaults
  // keep the suites from meeting them. The rate-limit tests set their own.
  rateLimits: GENEROUS_RATE_LIMITS,
  rateLimitStore: 'memory',
  ...overrides,
});

/**
 * The system's `cp -R` where there is one: Node 20's fs.cp walks the template's 1,200 files in
 * JavaScript, and took 1.9 s of CPU for each of the run's few hundred test servers; `cp` does the
 * same copy in 0.5 s, nearly all of it the kernel's.
 */
const copyDirectory = async (from: string, to: string): Promise<void> => {
  try {
    await run('cp', ['-R', from, to]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await cp(from, to, { recursive: true });
  }
};

export const makeDataDir = () => mkdtemp(path.join(tmpdir(), 'lavabo-test-'));

/**
 * A fresh data dir holding a copy of the run's template database (tests/support/database-template.ts)
 * when the project made one: the server then opens a migrated, seeded database of its own instead
 * of creating one. Without a template the server creates it, as on a first start. In the
 * PostgreSQL projects the copy is a database on the server (tests/support/postgres-template.ts).
 */
export const makeSeededDataDir = async (): Promise<string> => {
  const dataDir = await makeDataDir();
  if (testDatabaseKind() === 'postgres') {
    await createPostgresDatabase({
      name: postgresDatabaseOf(dataDir),
      template: postgresTemplate(),
    });
    return dataDir;
  }
  const template = process.env[DATABASE_TEMPLATE_ENV];
  if (template !== undefined && template !== '')
    await copyDirectory(template, path.join(dataDir, 'pg'));
  return dataDir;
};

/**
 * The PostgreSQL database of a data dir, made empty on its first start (as the embedded one is
 * under a new data dir); undefined (the embedded database) on PGlite.
 */
const databaseUrlOf = async (dataDir: string): Promise<string | undefined> => {
  if (testDatabaseKind() === 'pglite') return undefined;
  const name = postgresDatabaseOf(dataDir);
  if (!(await postgresDatabaseExists(name))) await createPostgresDatabase({ name });
  return postgresUrlFor(name);
};

export const startTestServer = async (
  overrides: Partial<ServerConfig> = {},
): Promise<TestServer> => {
  const dataDir = overrides.dataDir ?? (await makeSeededDataDir());
  // Every answer of every test server is held to the API contract; a broken one fails the file.
  const check = contractCheck();
  // A database given by the caller is the caller's; one made here goes with the data dir.
  const ownDatabaseUrl =
    overrides.databaseUrl === undefined ? await databaseUrlOf(dataDir) : undefined;
  const server = await startServer(
    testConfig(dataDir, {
      instrument: check.instrument,
      ...overrides,
      databaseUrl: overrides.databaseUrl ?? ownDatabaseUrl,
    }),
  );
  return {
    ...server,
    dataDir,
    api: `${server.url}/api`,
    contractViolations: check.violations,
    async dispose() {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
      if (ownDatabaseUrl !== undefined) await dropPostgresDatabase(postgresDatabaseOf(dataDir));
      const broken = describeViolations(check.violations);
      if (broken !== null) throw new Error(broken);
    },
  };
};
