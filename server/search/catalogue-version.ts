/**
 * The catalogue version: a number that changes after every committed change to what catalogue
 * reads show (products, prices, stock). Cached search answers are kept under the version they were
 * computed at (server/search/answer-cache.ts), so an answer is never older than the last commit.
 *
 * Every writer of search_documents, products, product_variants or product_prices calls `changed()`
 * after its transaction commits — never before, or a read between the call and the commit would
 * cache the old rows under the new version.
 */
export interface CatalogueVersion {
  /** The version now. A shared implementation may read it from the database (and so be async). */
  current(): number | Promise<number>;
  /** A change to the catalogue has committed: answers cached before it are stale. */
  changed(): void | Promise<void>;
}

/**
 * A bare version, for a cache on its own (its unit tests). The server's version is the one of its
 * database, `catalogueVersionOf(db)` in server/catalog/catalogue-version.ts, which the product
 * pages' cache reads too. Several processes on one PostgreSQL need a version they all see (a
 * `catalogue_version` row bumped by writers and read at most every few milliseconds, or
 * LISTEN/NOTIFY) behind the same interface.
 */
export class InProcessCatalogueVersion implements CatalogueVersion {
  private version = 0;

  current(): number {
    return this.version;
  }

  changed(): void {
    this.version += 1;
  }
}
