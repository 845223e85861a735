// The embedded database's own thread (./pglite-thread.ts): PGlite runs here, so its statements —
// compiled PostgreSQL, synchronous while they run — never hold the server's event loop. Plain
// JavaScript, not TypeScript: a worker thread starts without the loader the server runs under
// (tsx, or vitest's), and this file needs nothing but PGlite.
//
// Messages in: { id, kind: 'query', sql, params, tx? } | { id, kind: 'exec', sql, tx? }
//            | { id, kind: 'begin' } | { id, kind: 'end', tx, commit } | { id, kind: 'close' }
// Messages out: { ready: true } | { ready: false, error } once, then { id, ok: true, result }
//             | { id, ok: false, error } per message. An error is a plain object: message, name and
//               the database's fields (code, detail, constraint, …), which the other side rebuilds.
import process from 'node:process';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

if (parentPort === null) throw new Error('pglite-worker.mjs runs as a worker thread');
const port = parentPort;

/** An error as data: structured cloning keeps an Error's message but not PostgreSQL's fields. */
const plain = (error) => {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function') continue;
    fields[key] = typeof value === 'object' && value !== null ? String(value) : value;
  }
  return { ...fields, name: error.name, message: error.message, stack: error.stack };
};

/** Thrown inside a transaction's callback to roll it back without an error of its own. */
const ROLLBACK = Symbol('rollback');

/** Open transactions: id → the transaction, how to end it, and its outcome. */
const transactions = new Map();
let nextTransaction = 1;

let db;
try {
  const dir = workerData?.dir ?? null;
  // pg_trgm backs typo-tolerant search and typeahead (migration 002 creates the extension).
  db = await PGlite.create(dir ?? undefined, { extensions: { pg_trgm } });
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ ready: false, error: plain(error) });
  process.exit(1);
}

const answer = (id, result) => port.postMessage({ id, ok: true, result });
const refuse = (id, error) => port.postMessage({ id, ok: false, error: plain(error) });

/** The open transaction `tx` names, or the database outside any. */
const target = (tx) => {
  if (tx === undefined) return db;
  const open = transactions.get(tx);
  if (open === undefined) throw new Error(`transaction ${tx} is not open`);
  return open.tx;
};

const begin = (id) => {
  const txId = nextTransaction++;
  let began = false;
  const done = db.transaction(async (tx) => {
    let end;
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

port.on('message', (message) => {
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
        throw new Error(`unknown message ${String(message.kind)}`);
    }
  };
  run().catch((error) => refuse(id, error));
});
