// @ts-check
// The embedded database's own thread (./pglite-thread.ts): PGlite runs here, so its statements —
// compiled PostgreSQL, synchronous while they run — never hold the server's event loop. Plain
// JavaScript, not TypeScript: a worker thread starts without the loader the server runs under
// (tsx, or vitest's), and this file needs nothing but PGlite. It is type-checked all the same
// (`npm run typecheck`), against the messages ./pglite-thread.ts declares:
//
// Messages in: WorkerRequest with an `id`. Messages out: WorkerStarted once, then a WorkerAnswer
// per message. An error is a PlainError (message, name and the database's fields: code, detail,
// constraint, …), which the other side rebuilds.
/** @typedef {import('./pglite-thread').WorkerRequest & { readonly id: number }} Message */
/** @typedef {import('./pglite-thread').WorkerAnswer} WorkerAnswer */
/** @typedef {import('./pglite-thread').WorkerStarted} WorkerStarted */
/** @typedef {import('./pglite-thread').PlainError} PlainError */
/** @typedef {import('@electric-sql/pglite').Transaction} Transaction */
import process from 'node:process';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

if (parentPort === null) throw new Error('pglite-worker.mjs runs as a worker thread');
const port = parentPort;

/**
 * An error as data: structured cloning keeps an Error's message but not PostgreSQL's fields.
 * @param {unknown} error
 * @returns {PlainError}
 */
const plain = (error) => {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  /** @type {Record<string, unknown>} */
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function') continue;
    fields[key] = typeof value === 'object' && value !== null ? String(value) : value;
  }
  const { name, message, stack } = error;
  return { ...fields, name, message, ...(stack === undefined ? {} : { stack }) };
};

/** Thrown inside a transaction's callback to roll it back without an error of its own. */
const ROLLBACK = Symbol('rollback');

/**
 * Open transactions: id → the transaction, how to end it, and its outcome.
 * @type {Map<number, { tx: Transaction, end: (commit: boolean) => void, done: Promise<unknown> }>}
 */
const transactions = new Map();
let nextTransaction = 1;

/** @type {PGlite} */
let db;
try {
  const dir = workerData?.dir ?? null;
  // pg_trgm backs typo-tolerant search and typeahead (migration 002 creates the extension).
  db = await PGlite.create(dir ?? undefined, { extensions: { pg_trgm } });
  port.postMessage(/** @type {WorkerStarted} */ ({ ready: true }));
} catch (error) {
  port.postMessage(/** @type {WorkerStarted} */ ({ ready: false, error: plain(error) }));
  process.exit(1);
}

/** @param {number} id @param {unknown} result */
const answer = (id, result) =>
  port.postMessage(/** @type {WorkerAnswer} */ ({ id, ok: true, result }));
/** @param {number} id @param {unknown} error */
const refuse = (id, error) =>
  port.postMessage(/** @type {WorkerAnswer} */ ({ id, ok: false, error: plain(error) }));

/**
 * The open transaction `tx` names, or the database outside any.
 * @param {number | undefined} tx
 * @returns {PGlite | Transaction}
 */
const target = (tx) => {
  if (tx === undefined) return db;
  const open = transactions.get(tx);
  if (open === undefined) throw new Error(`transaction ${tx} is not open`);
  return open.tx;
};

/** @param {number} id */
const begin = (id) => {
  const txId = nextTransaction++;
  let began = false;
  const done = db.transaction(async (tx) => {
    /** @type {(commit: boolean) => void} */
    let end = () => {};
    /** @type {Promise<boolean>} */
    const ended = new Promise((resolve) => {
      end = resolve;
    });
    transactions.set(txId, { tx, end, done });
    began = true;
    answer(id, txId);
    if (!(await ended)) throw ROLLBACK;
  });
  // The outcome is read by 'end'; a transaction that could not begin is refused here.
  done.catch((error) => {
    if (!began) refuse(id, error);
  });
};

/** @param {number} id @param {number} txId @param {boolean} commit */
const end = async (id, txId, commit) => {
  const open = transactions.get(txId);
  if (open === undefined) throw new Error(`transaction ${txId} is not open`);
  transactions.delete(txId);
  open.end(commit);
  try {
    await open.done;
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
  answer(id, null);
};

port.on('message', (/** @type {Message} */ message) => {
  const { id } = message;
  const run = async () => {
    switch (message.kind) {
      case 'query': {
        const result = await target(message.tx).query(message.sql, message.params);
        answer(id, { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length });
        return;
      }
      case 'exec':
        await target(message.tx).exec(message.sql);
        answer(id, null);
        return;
      case 'begin':
        begin(id);
        return;
      case 'end':
        await end(id, message.tx, message.commit === true);
        return;
      case 'close':
        await db.close();
        answer(id, null);
        port.close();
        return;
      default:
        throw new Error(
          `unknown message ${String(/** @type {{ kind?: unknown }} */ (message).kind)}`,
        );
    }
  };
  run().catch((error) => refuse(id, error));
});
