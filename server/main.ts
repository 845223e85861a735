/**
 * `npm start`: the storefront and its API on http://localhost:8080 (PORT overrides), listening on
 * 127.0.0.1 unless HOST says otherwise; no development tools unless LAVABO_DEV_TOOLS=1.
 */
import { configFromEnv } from './config';
import { startServer } from './start';

const server = await startServer(configFromEnv());
console.log(`Lavabo is open at ${server.url}/en`);

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
