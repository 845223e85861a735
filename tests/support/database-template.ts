/**
 * A vitest global setup for the projects that start real servers (server, adapters, e2e): one
 * embedded database made the way a first `npm start` makes it — created, migrated, the demo
 * catalogue and accounts written, by the server's own steps — once per run. startTestServer gives
 * each server a copy of it instead of creating, migrating and seeding its own, which took every
 * test file about six seconds of CPU before its first test. A server given its own data dir
 * (`startTestServer({ dataDir })`, as the start-up tests do) still starts from nothing.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { migrate } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';
import { seedDemoAccounts } from '../../server/identity/demo-accounts';
import { seedCatalogue } from '../../server/start';
import { DATABASE_TEMPLATE_ENV } from './test-server';

/** The vitest process that made the template, so a second project of the run reuses it. */
const OWNER_ENV = `${DATABASE_TEMPLATE_ENV}_OWNER`;

export default async function setup(): Promise<() => Promise<void>> {
  // Another project of this run made it already (server and adapters run in one vitest).
  if (process.env[OWNER_ENV] === String(process.pid)) return async () => undefined;
  const dir = await mkdtemp(path.join(tmpdir(), 'lavabo-template-'));
  const pgDir = path.join(dir, 'pg');
  const db = await openPglite(pgDir);
  try {
    await migrate(db);
    await seedCatalogue(db, pino({ level: 'silent' }));
    await seedDemoAccounts(db);
    // Every test server copies this directory (71 MB, a second and a half of CPU each). The
    // seeding filled a second 16 MB WAL segment, and PostgreSQL keeps the spent one as a recycled
    // spare: without recycling, a checkpoint deletes it instead, and each copy is 16 MB smaller.
    // The session's setting only (PGlite's checkpoint runs in this backend); nothing is written
    // to the configuration the servers start with.
    await db.exec('SET wal_recycle = off');
    await db.exec('CHECKPOINT');
  } finally {
    await db.close();
  }
  // The test workers start after this and inherit the environment.
  process.env[DATABASE_TEMPLATE_ENV] = pgDir;
  process.env[OWNER_ENV] = String(process.pid);
  return async () => {
    delete process.env[DATABASE_TEMPLATE_ENV];
    delete process.env[OWNER_ENV];
    await rm(dir, { recursive: true, force: true });
  };
}
