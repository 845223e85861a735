// A stand-in for server/db/pglite-worker.mjs that ends before it says it started, as a thread
// killed or out of memory during its start does (tests/server/db/pglite-thread.test.ts).
import process from 'node:process';
import { parentPort } from 'node:worker_threads';

parentPort?.close();
process.exit(3);
