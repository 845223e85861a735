import path from 'node:path';
import type { Database } from './database';
import { openPgliteThread } from './pglite-thread';
import { openPostgres } from './postgres';

/**
 * PostgreSQL when DATABASE_URL is set, else embedded PGlite under `<dataDir>/pg`, on a thread of
 * its own (./pglite-thread.ts).
 */
export const openDatabase = (opts: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<Database> =>
  opts.databaseUrl !== undefined
    ? openPostgres(opts.databaseUrl, (error) =>
        process.emitWarning(`PostgreSQL ended an idle connection (${error.message}); reconnecting`),
      )
    : openPgliteThread(path.join(opts.dataDir, 'pg'));
