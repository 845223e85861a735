import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database, QueryResult, Transaction } from './database';

const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Transaction => ({
  async query<Row>(sql: string, params: unknown[] = []): Promise<QueryResult<Row>> {
    const result = await q.query<Row>(sql, params);
    return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
  },
  async exec(sql: string): Promise<void> {
    await q.exec(sql);
  },
});

/** Embedded PostgreSQL (WASM) persisted under `dir`; `null` keeps it in memory. */
export const openPglite = async (dir: string | null): Promise<Database> => {
  if (dir !== null) await mkdir(dir, { recursive: true });
  // pg_trgm backs typo-tolerant search and typeahead (migration 002 creates the extension).
  const db = await PGlite.create(dir ?? undefined, { extensions: { pg_trgm } });
  const base = wrap(db);
  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    transaction: (work) => db.transaction((tx) => work(wrap(tx))),
    close: () => db.close(),
  };
};
