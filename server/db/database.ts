/**
 * One small interface over both databases the server runs on: embedded PGlite (default) and a
 * PostgreSQL server (DATABASE_URL). Same SQL, same migrations.
 */
export type DatabaseKind = 'pglite' | 'postgres';

export interface QueryResult<Row> {
  readonly rows: Row[];
  readonly rowCount: number;
}

export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>;
}

export interface Transaction extends Queryable {
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Transaction {
  readonly kind: DatabaseKind;
  /** Runs `work` in one transaction: all of it commits, or none of it. */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
