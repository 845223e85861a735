/**
 * Two real API processes (server/main.ts, as `npm run serve` starts it) on one PostgreSQL database
 * of their own, made from TEST_POSTGRES_URL (an administrator's URL): the first process migrates
 * and seeds it, the second finds it ready — as two processes of `WORKERS=2` would, but each on a
 * port of its own, so a test chooses which one answers each request. `close()` stops both and
 * drops the database.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  killStartedServers,
  startServerProcess,
  type ServerProcess,
} from '../../../bench/checkout/server-process';

export const postgresAdminUrl = (): string => {
  const url = process.env.TEST_POSTGRES_URL;
  if (url === undefined || url === '') {
    throw new Error('TEST_POSTGRES_URL (a PostgreSQL administrator URL) is needed for these tests');
  }
  return url;
};

const withAdmin = async <T>(work: (admin: pg.Client) => Promise<T>): Promise<T> => {
  const admin = new pg.Client({ connectionString: postgresAdminUrl() });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
};

const urlOf = (database: string): string => {
  const url = new URL(postgresAdminUrl());
  url.pathname = `/${database}`;
  return url.toString();
};

let made = 0;

/** An empty database of its own on the server of TEST_POSTGRES_URL; `drop()` removes it. */
export const createTestDatabase = async (): Promise<{
  readonly url: string;
  drop(): Promise<void>;
}> => {
  made += 1;
  // Named like the suite's other test databases, so a later run drops one a killed run left.
  const database = `lavabo_test_${process.pid}_cluster_${made}`;
  await withAdmin(async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${database}`);
  });
  return {
    url: urlOf(database),
    drop: () =>
      withAdmin(async (admin) => {
        await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      }),
  };
};

export interface TwoProcesses {
  readonly a: ServerProcess;
  readonly b: ServerProcess;
  /** A client of the processes' database, for what a test sets up or checks directly. */
  readonly db: pg.Pool;
  close(): Promise<void>;
}

export const startTwoProcesses = async (
  env: Readonly<Record<string, string>> = {},
): Promise<TwoProcesses> => {
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'lavabo-cluster-'));
  const db = new pg.Pool({ connectionString: database.url, max: 4 });
  const processEnv = {
    DATABASE_URL: database.url,
    // One key for both, as WORKERS' primary makes sure of: a token one signs, the other accepts.
    JWT_SECRET: randomBytes(32).toString('base64url'),
    LAVABO_DEV_TOOLS: '',
    ...env,
  };
  const started: ServerProcess[] = [];
  const close = async () => {
    await Promise.all(started.map((server) => server.stop()));
    await killStartedServers();
    await db.end();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const a = await startServerProcess({ dataDir, timeoutMs: 120_000, env: processEnv });
    started.push(a);
    const b = await startServerProcess({ dataDir, timeoutMs: 120_000, env: processEnv });
    started.push(b);
    return { a, b, db, close };
  } catch (error) {
    await close();
    throw error;
  }
};
