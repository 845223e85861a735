/**
 * `npm start`: the storefront and its API on http://localhost:8080 (PORT overrides), listening on
 * 127.0.0.1 unless HOST says otherwise; no development tools unless LAVABO_DEV_TOOLS=1.
 *
 * WORKERS=n (with DATABASE_URL) runs n API processes on the port: this process becomes their
 * primary (server/cluster.ts) and each worker runs this file again.
 */
import cluster from 'node:cluster';
import { runPrimary, type ListeningMessage } from './cluster';
import { configFromEnv } from './config';
import { startServer } from './start';

const config = configFromEnv();

if (cluster.isPrimary && (config.workers ?? 1) > 1) {
  await runPrimary(config, config.workers ?? 1);
} else {
  const server = await startServer(config);
  if (cluster.isWorker) {
    const listening: ListeningMessage = { kind: 'listening', url: server.url };
    process.send?.(listening);
  } else {
    console.log(`Lavabo is open at ${server.url}/en`);
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    server.app.log.info({ signal }, 'shutting down');
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}
