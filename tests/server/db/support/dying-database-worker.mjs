// A stand-in for server/db/pglite-worker.mjs that starts as it does and then ends at the first
// message, as a database thread that crashed would (tests/server/db/pglite-thread.test.ts).
import process from 'node:process';
import { parentPort } from 'node:worker_threads';

parentPort?.postMessage({ ready: true });
parentPort?.once('message', () => process.exit(3));
