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
 * The version lives in this process. That is the whole truth for the embedded database, which only
 * one process can open; with a PostgreSQL server other processes write too, so `isShared` is false
 * there and caches of changing data (stock) must not trust the version (see ./product-page.ts).
 *
 * A writer bumps after its change is committed and before it answers: a reader that read the old
 * data took the old version before it read, so its answer is stored under a version that is no
 * longer current. Bumping more often than needed is harmless (the caches only read again).
 */
import type { Database, DatabaseKind } from '../db/database';
import type { CatalogueVersion as CatalogueVersionPort } from '../search/catalogue-version';

export type CatalogueChange = 'stock' | 'prices' | 'catalogue';

export class CatalogueVersion implements CatalogueVersionPort {
  private value = 0;

  constructor(
    /** Whether every writer of the database bumps this version (only this process can write). */
    readonly isShared: boolean,
  ) {}

  /** The version now; it only grows. */
  current(): number {
    return this.value;
  }

  /** Called by a writer once its change is committed (before it answers). */
  bump(_change: CatalogueChange): void {
    this.value += 1;
  }

  /** The search answers' port (server/search/catalogue-version.ts): a change has committed. */
  changed(): void {
    this.bump('catalogue');
  }
}

const versions = new WeakMap<object, CatalogueVersion>();

/** Only the embedded database is written by this process alone. */
const writtenByThisProcessOnly = (kind: DatabaseKind): boolean => kind === 'pglite';

/** The catalogue version of this database (made on first use). */
export const catalogueVersionOf = (db: Pick<Database, 'kind'>): CatalogueVersion => {
  let version = versions.get(db);
  if (version === undefined) {
    version = new CatalogueVersion(writtenByThisProcessOnly(db.kind));
    versions.set(db, version);
  }
  return version;
};
