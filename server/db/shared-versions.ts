/**
 * The versions every process on one database shares (issue 14): `catalogue`, search_version's
 * number, which every change of the search documents bumps in its own transaction (migration 016:
 * an order's stock, a price, a catalogue load), and `sessions`, session_version's, which every
 * revocation of refresh tokens bumps as it commits (migration 017). A cache in one process keeps an
 * answer under the version it read it at and drops it when the version moves, whichever process
 * made the change.
 *
 * Read fresh for every caller: `read()` answers with a read of both rows that was sent after the
 * call, so a change committed before a request arrived (a shopper's order answered by another
 * process) is always seen. Callers arriving while a read is on its way wait for the next one, and
 * all of them share it: at most one read in flight and one waiting, however many requests.
 *
 * The guarantee this keeps, in every process: a request that starts after a commit's answer was
 * received sees that commit (tests/postgres/cross-process.test.ts, requests alternating between two
 * processes). A caller never joins the read already on its way: it may have been sent before a
 * commit the caller must see. That wait is what a cached catalogue read costs on PostgreSQL, and why
 * two processes on two cores answer cached reads no faster than one (docs/scale.md "What a cached
 * catalogue read pays on PostgreSQL"). The workers of one cluster (WORKERS=n) keep the versions in
 * memory instead, pushed to each other through the primary before a writer answers
 * (server/db/cluster-versions.ts); a process started alone keeps this read.
 */
import type { Queryable } from './database';

export interface Versions {
  readonly catalogue: number;
  readonly sessions: number;
}

const READ = `SELECT (SELECT version FROM search_version) AS catalogue,
                     (SELECT version FROM session_version) AS sessions`;

export class SharedVersions {
  /** The read on its way; its answer may predate callers who arrived after it was sent. */
  private inFlight: Promise<Versions> | null = null;
  /** The read every caller arriving while `inFlight` runs shares; sent when `inFlight` ends. */
  private next: Promise<Versions> | null = null;
  private reads = 0;

  constructor(private readonly db: Queryable) {}

  /** Reads sent so far (the tests check that concurrent callers share them). */
  get readCount(): number {
    return this.reads;
  }

  /** Both versions as committed when this call was made, or later. */
  read(): Promise<Versions> {
    if (this.inFlight === null) return this.send();
    if (this.next === null) {
      const after = this.inFlight.then(
        () => undefined,
        () => undefined,
      );
      this.next = after.then(() => {
        this.next = null;
        return this.send();
      });
    }
    return this.next;
  }

  private send(): Promise<Versions> {
    this.reads += 1;
    const reading = this.db
      .query<{ catalogue: string | number; sessions: string | number }>(READ)
      .then(({ rows }) => {
        const row = rows[0];
        if (row === undefined) throw new Error('search_version or session_version has no row');
        return { catalogue: Number(row.catalogue), sessions: Number(row.sessions) };
      })
      .finally(() => {
        if (this.inFlight === reading) this.inFlight = null;
      });
    this.inFlight = reading;
    return reading;
  }
}

/** Where a process reads the shared versions: fresh from the rows, or as a cluster pushes them. */
export interface VersionSource {
  read(): Promise<Versions>;
}

const shared = new WeakMap<object, VersionSource>();

/**
 * The shared versions of this database: read fresh for every caller (made on first use), unless
 * this process is a worker of a cluster and installed its pushed versions (server/db/cluster-versions.ts).
 */
export const sharedVersionsOf = (db: Queryable): VersionSource => {
  let versions = shared.get(db);
  if (versions === undefined) {
    versions = new SharedVersions(db);
    shared.set(db, versions);
  }
  return versions;
};

/** Makes `source` the shared versions of `db` in this process (a cluster's worker, server/app.ts). */
export const useVersionSource = (db: Queryable, source: VersionSource): void => {
  shared.set(db, source);
};
