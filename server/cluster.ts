/**
 * Several API processes on one port and one PostgreSQL database (WORKERS=n with DATABASE_URL; issue
 * 14), with node:cluster: this primary process prepares the database once (migrations, demo
 * catalogue and accounts, the signing key: server/start.ts `prepareDatabase`), then forks n workers
 * that each run the whole server (server/main.ts) and share the listening port, the primary handing
 * each new connection to the next worker in turn. That is node's default on Linux, kept on purpose:
 * clients keep their connections alive, so each is handed over once, and with the kernel balancing
 * accepts instead (NODE_CLUSTER_SCHED_POLICY=none) one worker took most of the bench's connections
 * and health and plp answered far fewer requests (docs/scale.md).
 *
 * Nothing a shopper relies on lives in one worker only: carts, orders, idempotent submits, two-step
 * challenges and rate-limit counts are rows of the database, and what a worker keeps in memory is
 * checked against versions every worker moves (server/db/shared-versions.ts), which the workers hold
 * in memory and this primary passes from the worker that moved them to every other before that
 * worker answers (server/db/cluster-versions.ts).
 *
 * Prints "Lavabo is open at …" once every worker listens. A worker that ends unexpectedly is
 * replaced; one that fails before it ever listened ends the whole server (exit 1), since its
 * replacements would fail the same way. SIGINT or SIGTERM: every worker closes gracefully (answers
 * in flight finish, the database is closed), then the primary exits — 0 when all closed cleanly.
 */
import cluster, { type Worker } from 'node:cluster';
import pino from 'pino';
import type { ServerConfig } from './config';
import { prepareDatabase } from './start';
import { VersionRelay, type RelayWorker } from './db/cluster-versions';

/** The message a worker sends once it listens. */
export interface ListeningMessage {
  readonly kind: 'listening';
  readonly url: string;
}

export const isListeningMessage = (message: unknown): message is ListeningMessage =>
  typeof message === 'object' &&
  message !== null &&
  (message as { kind?: unknown }).kind === 'listening' &&
  typeof (message as { url?: unknown }).url === 'string';

/** How long the workers get to close before they are killed. */
const CLOSE_TIMEOUT_MS = 15_000;

export const runPrimary = async (config: ServerConfig, workers: number): Promise<void> => {
  const log = pino({ level: config.logLevel }).child({ role: 'primary' });
  await prepareDatabase(config, log);

  const listening = new Set<Worker>();
  // Every worker's changes of the shared versions reach every other before the writer answers.
  const relay = new VersionRelay<Worker & RelayWorker>({ log });
  let opened = false;
  let closing = false;
  let failed = false;

  const shutdown = (signal: string, exitCode = 0) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down every worker');
    const running = Object.values(cluster.workers ?? {}).filter(
      (worker): worker is Worker => worker !== undefined && !worker.isDead(),
    );
    const killer = setTimeout(() => {
      log.error('workers did not close in time: killing them');
      for (const worker of running) worker.process.kill('SIGKILL');
    }, CLOSE_TIMEOUT_MS);
    killer.unref();
    for (const worker of running) worker.process.kill('SIGTERM');
    void Promise.all(
      running.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) resolve();
            else worker.once('exit', () => resolve());
          }),
      ),
    ).then(() => {
      clearTimeout(killer);
      process.exit(failed ? 1 : exitCode);
    });
  };

  const fork = (): Worker => {
    const worker = cluster.fork();
    // A message to a worker that is exiting fails: its exit settles what it was sent.
    worker.on('error', (error) => log.warn({ pid: worker.process.pid, err: error }, 'worker IPC'));
    worker.on('message', (message: unknown) => {
      if (relay.received(worker, message)) return;
      if (!isListeningMessage(message)) return;
      listening.add(worker);
      if (!opened && listening.size === workers) {
        opened = true;
        console.log(`Lavabo is open at ${message.url}/en (${workers} processes)`);
      }
    });
    return worker;
  };

  cluster.on('exit', (worker, code, signal) => {
    relay.exited(worker);
    const hadListened = listening.delete(worker);
    if (closing) {
      if (code !== 0 && signal !== 'SIGTERM' && signal !== 'SIGINT') failed = true;
      return;
    }
    if (!hadListened) {
      log.error({ pid: worker.process.pid, code, signal }, 'a worker failed to start');
      failed = true;
      shutdown('worker failed', 1);
      return;
    }
    log.error({ pid: worker.process.pid, code, signal }, 'a worker ended: starting another');
    fork();
  });

  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  for (let i = 0; i < workers; i += 1) fork();
};
