/**
 * Embedded PGlite on a thread of its own (./pglite-worker.mjs), behind the same Database interface
 * as ./pglite.ts. PGlite is PostgreSQL compiled to WebAssembly: each statement runs synchronously
 * on the thread that calls it. In the server's thread an add to cart held the event loop for about
 * half a millisecond per UPDATE, and everything else — parsing requests, pricing carts, writing
 * answers — waited for it (issue 14, "nothing blocks the event loop"). On its own thread the
 * database works while the server's thread serves, and the two cores share the load.
 *
 * Same semantics as in-process PGlite: one statement at a time, a transaction holds the database
 * until it ends (statements outside it wait in the worker), and errors carry PostgreSQL's fields
 * (code, detail, constraint). Rows and parameters cross by structured clone (Date, Uint8Array,
 * bigint, plain objects and arrays). The server's start (./open.ts) uses this; tests and benches
 * that open a database of their own may use ./pglite.ts in-process.
 */
import { mkdir } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import type { Database, QueryResult, Transaction } from './database';

/** A call to the thread (./pglite-worker.mjs), without the `id` every message carries. */
export type WorkerRequest =
  | {
      readonly kind: 'query';
      readonly sql: string;
      readonly params: unknown[];
      readonly tx?: number;
    }
  | { readonly kind: 'exec'; readonly sql: string; readonly tx?: number }
  | { readonly kind: 'begin' }
  | { readonly kind: 'end'; readonly tx: number; readonly commit: boolean }
  | { readonly kind: 'close' };

/** The thread's answer to the call of the same `id`. */
export type WorkerAnswer =
  | { readonly id: number; readonly ok: true; readonly result: unknown }
  | { readonly id: number; readonly ok: false; readonly error: PlainError };

/** The thread's first message: it started, or why it could not. */
export type WorkerStarted =
  { readonly ready: true } | { readonly ready: false; readonly error: PlainError };

/** An error as data: its message, name and the database's fields (code, detail, constraint, …). */
export interface PlainError {
  readonly name: string;
  readonly message: string;
  readonly stack?: string;
  readonly [field: string]: unknown;
}

/** The worker's error as an Error again, with PostgreSQL's fields (`code` '23505', …) on it. */
const errorOf = (plain: PlainError): Error => {
  const { name, message, stack, ...fields } = plain;
  const error = Object.assign(new Error(message), fields);
  error.name = name;
  if (stack !== undefined) error.stack = stack;
  return error;
};

const WORKER_URL = new URL('./pglite-worker.mjs', import.meta.url);

/** Embedded PostgreSQL (WASM) persisted under `dir` on its own thread; `null` keeps it in memory. */
export const openPgliteThread = async (
  dir: string | null,
  options: {
    /** The thread's script: ./pglite-worker.mjs, or a stand-in speaking its messages (tests). */
    readonly worker?: URL;
  } = {},
): Promise<Database> => {
  if (dir !== null) await mkdir(dir, { recursive: true });
  // No loader of the parent's (tsx's --import) is needed by the worker's plain JavaScript.
  const worker = new Worker(options.worker ?? WORKER_URL, { workerData: { dir }, execArgv: [] });

  const pending = new Map<number, { resolve(value: unknown): void; reject(e: Error): void }>();
  let nextId = 1;
  let gone: Error | null = null;

  const failAll = (error: Error) => {
    gone ??= error;
    for (const call of pending.values()) call.reject(error);
    pending.clear();
    worker.unref();
  };

  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    // A thread that ends before it says it started (killed, out of memory, a script that returns)
    // must fail the start, not leave it waiting for ever.
    const onExit = (code: number) =>
      reject(new Error(`the database thread ended before it started (exit code ${code})`));
    worker.once('error', onError);
    worker.once('exit', onExit);
    worker.once('message', (started: WorkerStarted) => {
      worker.off('error', onError);
      worker.off('exit', onExit);
      // From now on a waiting call keeps the process alive, as a socket to a server would; an idle
      // database does not, as in-process PGlite does not.
      worker.unref();
      if (started.ready) resolve();
      else reject(errorOf(started.error));
    });
  });

  worker.on('message', (answer: WorkerAnswer) => {
    const call = pending.get(answer.id);
    if (call === undefined) return;
    pending.delete(answer.id);
    if (pending.size === 0) worker.unref();
    if (answer.ok) call.resolve(answer.result);
    else call.reject(errorOf(answer.error));
  });
  // A thread that fails or ends before close() leaves a server that cannot answer: every call
  // from then on is refused with the reason, and the process is told once, loudly.
  const lost = (error: Error) => {
    if (gone === null) {
      process.emitWarning(`The embedded database stopped: ${error.message}`, 'DatabaseLost');
    }
    failAll(error);
  };
  worker.on('error', lost);
  worker.on('exit', (code) => lost(new Error(`the database thread ended (exit code ${code})`)));

  const call = <T>(request: WorkerRequest): Promise<T> => {
    if (gone !== null) return Promise.reject(gone);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ id, ...request });
    });
  };

  const on = (tx?: number): Transaction => ({
    query: <Row>(sql: string, params: unknown[] = []) =>
      call<QueryResult<Row>>(
        tx === undefined ? { kind: 'query', sql, params } : { kind: 'query', sql, params, tx },
      ),
    exec: (sql: string) =>
      call<void>(tx === undefined ? { kind: 'exec', sql } : { kind: 'exec', sql, tx }),
  });
  const base = on();

  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    async transaction(work) {
      const tx = await call<number>({ kind: 'begin' });
      let result;
      try {
        result = await work(on(tx));
      } catch (error) {
        // The work's error is the answer; a failed rollback (the thread gone) adds nothing to it.
        await call({ kind: 'end', tx, commit: false }).catch(() => undefined);
        throw error;
      }
      await call({ kind: 'end', tx, commit: true });
      return result;
    },
    async close() {
      if (gone !== null) return;
      await call({ kind: 'close' });
      gone = new Error('the database is closed');
      await worker.terminate();
    },
  };
};
