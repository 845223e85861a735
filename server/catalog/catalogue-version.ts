/**
 * The catalogue's version (issue 14): a number that changes whenever what a catalogue read answers
 * may have changed — stock (an order was committed), prices or the catalogue itself (a load). An
 * answer cache remembers the version it read at and serves an answer only while the version is
 * still that one, so a cached answer is never older than the last committed change.
 *
 * One version per database: every part of the server holding the database reaches the same one
 * (`catalogueVersionOf(db)`), so a writer bumps it without being handed anything new, and two apps
 * on one database (the tests build some) see each other's changes.
 *
 * On the embedded database the version lives in this process: only one process can open it, so
 * the process's own writers are all the writers there are. On a PostgreSQL server other processes
 * write too (several API processes on one database), so the version is search_version's number
 * (migration 016), which every change of the search documents — an order's stock, a price, a
 * catalogue load — bumps in its own transaction; `current()` reads it afresh for each caller,
 * concurrent callers sharing one read (server/db/shared-versions.ts). Either way every change any
 * process commits is seen, so `isShared` holds and the caches of changing data (stock) stay on.
 *
 * A writer bumps after its change is committed and before it answers: a reader that read the old
 * data took the old version before it read, so its answer is stored under a version that is no
 * longer current. Bumping more often than needed is harmless (the caches only read again).
 */
import type { Database } from '../db/database';
import { sharedVersionsOf } from '../db/shared-versions';
import type { CatalogueVersion as CatalogueVersionPort } from '../search/catalogue-version';

export type CatalogueChange = 'stock' | 'prices' | 'catalogue';

export interface CatalogueVersion extends CatalogueVersionPort {
  /**
   * Whether the version sees every writer of the database, so an answer cached under it is never
   * older than the last committed change (both implementations here do).
   */
  readonly isShared: boolean;
  /** Called by a writer once its change is committed (before it answers). */
  bump(change: CatalogueChange): void;
}

/** The embedded database's version: a counter in the one process that can write. */
export class InProcessCatalogueVersion implements CatalogueVersion {
  readonly isShared = true;
  private value = 0;

  /** The version now; it only grows. */
  current(): number {
    return this.value;
  }

  bump(_change: CatalogueChange): void {
    this.value += 1;
  }

  /** The search answers' port (server/search/catalogue-version.ts): a change has committed. */
  changed(): void {
    this.bump('catalogue');
  }
}

/**
 * A PostgreSQL server's version: search_version's number, read for every caller. Writers need not
 * bump: the row moved in their own transaction.
 */
export class DatabaseCatalogueVersion implements CatalogueVersion {
  readonly isShared = true;

  constructor(private readonly db: Pick<Database, 'query'>) {}

  async current(): Promise<number> {
    return (await sharedVersionsOf(this.db).read()).catalogue;
  }

  bump(_change: CatalogueChange): void {}

  changed(): void {}
}

const versions = new WeakMap<object, CatalogueVersion>();

/** The catalogue version of this database (made on first use). */
export const catalogueVersionOf = (db: Pick<Database, 'kind' | 'query'>): CatalogueVersion => {
  let version = versions.get(db);
  if (version === undefined) {
    // Only the embedded database is written by this process alone.
    version =
      db.kind === 'pglite' ? new InProcessCatalogueVersion() : new DatabaseCatalogueVersion(db);
    versions.set(db, version);
  }
  return version;
};
