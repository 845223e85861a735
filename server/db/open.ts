import path from 'node:path';
import type { Database } from './database';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

/** PostgreSQL when DATABASE_URL is set, else embedded PGlite under `<dataDir>/pg`. */
export const openDatabase = (opts: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<Database> =>
  opts.databaseUrl !== undefined
    ? openPostgres(opts.databaseUrl, (error) =>
        process.emitWarning(`PostgreSQL ended an idle connection (${error.message}); reconnecting`),
      )
    : openPglite(path.join(opts.dataDir, 'pg'));
