import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { loadSigningKey } from './auth/signing-key';
import type { ServerConfig } from './config';
import type { Database } from './db/database';
import { migrate } from './db/migrate';
import { openDatabase } from './db/open';

export interface RunningServer {
  readonly app: FastifyInstance;
  readonly db: Database;
  readonly url: string;
  close(): Promise<void>;
}

/** Opens the database, applies migrations, and listens. */
export const startServer = async (config: ServerConfig): Promise<RunningServer> => {
  const db = await openDatabase(config);
  try {
    const report = await migrate(db);
    const signingKey = await loadSigningKey(config);
    const app = await buildApp({
      db,
      signingKey,
      staticDir: config.staticDir,
      logLevel: config.logLevel,
    });
    if (report.applied.length > 0) app.log.info({ applied: report.applied }, 'migrations applied');
    await app.listen({ port: config.port, host: config.host });
    const address = app.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : config.port;
    app.log.info({ database: db.kind, migrationVersion: report.version }, 'Lavabo is serving');
    return {
      app,
      db,
      url: `http://localhost:${port}`,
      async close() {
        await app.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
};
