import pg from 'pg';
import type { Database, QueryResult, Transaction } from './database';

const wrap = (q: pg.Pool | pg.PoolClient): Transaction => ({
  async query<Row>(sql: string, params: unknown[] = []): Promise<QueryResult<Row>> {
    const result = await q.query(sql, params);
    return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length };
  },
  async exec(sql: string): Promise<void> {
    // Without parameters pg uses the simple protocol, which runs several statements.
    await q.query(sql);
  },
});

/**
 * A PostgreSQL server reached through DATABASE_URL, with a small connection pool. An idle pooled
 * connection the server ends (a restart, a failover, an administrator's termination) is reported to
 * `onIdleError` and dropped; the next query opens a new one. Without a listener pg's pool throws the
 * error at the process, which ends it.
 */
export const openPostgres = async (
  connectionString: string,
  onIdleError: (error: Error) => void = () => undefined,
): Promise<Database> => {
  const pool = new pg.Pool({ connectionString, max: 10 });
  pool.on('error', onIdleError);
  // Fail at start-up, not on the first request, when the server cannot be reached.
  const probe = await pool.connect();
  probe.release();
  const base = wrap(pool);
  return {
    kind: 'postgres',
    query: base.query,
    exec: base.exec,
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
};
