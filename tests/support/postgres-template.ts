/**
 * The vitest global setup of the projects that run on a PostgreSQL server (server-postgresql,
 * postgres): one database made the way a first `npm start` makes it — migrated, the demo catalogue
 * and accounts written, by the server's own steps — once per run, which every test server then
 * copies (./test-database.ts). The teardown drops every database the run made, and a later run
 * drops those a killed run left behind.
 */
import { pino } from 'pino';
import { migrate } from '../../server/db/migrate';
import { openPostgres } from '../../server/db/postgres';
import { seedDemoAccounts } from '../../server/identity/demo-accounts';
import { seedCatalogue } from '../../server/start';
import {
  createPostgresDatabase,
  dropPostgresDatabase,
  POSTGRES_PREFIX_ENV,
  POSTGRES_TEMPLATE_ENV,
  postgresAdminUrl,
  postgresUrlFor,
  withAdmin,
} from './test-database';

const OWNER_ENV = `${POSTGRES_TEMPLATE_ENV}_OWNER`;
const RUN_DATABASE = /^lavabo_test_(\d+)_/;

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Databases of this run (`mine`), or of runs on this machine that ended without a teardown. */
const runDatabases = (mine: string | null): Promise<string[]> =>
  withAdmin(async (admin) => {
    const all = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'lavabo\\_test\\_%'",
    );
    return all.rows
      .map((r) => r.datname)
      .filter((name) => {
        if (mine !== null) return name.startsWith(mine);
        const pid = RUN_DATABASE.exec(name)?.[1];
        return pid !== undefined && !alive(Number(pid));
      });
  });

const dropAll = async (names: readonly string[]) => {
  for (const name of names) await dropPostgresDatabase(name);
};

export default async function setup(): Promise<() => Promise<void>> {
  postgresAdminUrl();
  // The other PostgreSQL project of this run made it already.
  if (process.env[OWNER_ENV] === String(process.pid)) return async () => undefined;
  await dropAll(await runDatabases(null));
  const prefix = `lavabo_test_${process.pid}_`;
  process.env[POSTGRES_PREFIX_ENV] = prefix;
  const template = await createPostgresDatabase({ name: `${prefix}template` });
  const db = await openPostgres(postgresUrlFor(template));
  try {
    await migrate(db);
    await seedCatalogue(db, pino({ level: 'silent' }));
    await seedDemoAccounts(db);
  } finally {
    await db.close();
  }
  // A copy needs the template to have no connections: none may open one by mistake.
  await withAdmin((admin) => admin.query(`ALTER DATABASE "${template}" ALLOW_CONNECTIONS false`));
  // The test workers start after this and inherit the environment.
  process.env[POSTGRES_TEMPLATE_ENV] = template;
  process.env[OWNER_ENV] = String(process.pid);
  return async () => {
    delete process.env[POSTGRES_TEMPLATE_ENV];
    delete process.env[OWNER_ENV];
    await dropAll(await runDatabases(prefix));
    delete process.env[POSTGRES_PREFIX_ENV];
  };
}
