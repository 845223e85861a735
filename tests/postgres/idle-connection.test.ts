/**
 * A PostgreSQL server that ends an idle pooled connection (a restart, a failover, an
 * administrator's termination) does not end the shop: the pool reports it and drops the
 * connection, and the next query opens a new one (server/db/postgres.ts).
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { openPostgres } from '../../server/db/postgres';
import {
  createPostgresDatabase,
  dropPostgresDatabase,
  postgresUrlFor,
} from '../support/test-database';

let name: string;
let db: Database;
const reported: Error[] = [];

beforeAll(async () => {
  name = await createPostgresDatabase();
  db = await openPostgres(postgresUrlFor(name), (error) => reported.push(error));
});
afterAll(async () => {
  await db?.close();
  if (name !== undefined) await dropPostgresDatabase(name);
});

it('survives the server ending its idle connections, and answers the next query', async () => {
  expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  const admin = new pg.Client({ connectionString: postgresUrlFor(name) });
  await admin.connect();
  try {
    const ended = await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
    expect(ended.rowCount).toBeGreaterThan(0);
  } finally {
    await admin.end();
  }
  await expect.poll(() => reported.length).toBeGreaterThan(0);
  expect((reported[0] as Error & { code?: string }).code).toBe('57P01');
  expect((await db.query<{ two: number }>('SELECT 2 AS two')).rows).toEqual([{ two: 2 }]);
});
