/**
 * Use case: the searches shoppers make most, offered on an empty search page and a search that
 * found nothing (spec §2 search page).
 */
import type { CatalogSearch } from './ports';

export class TopSearches {
  constructor(private readonly search: Pick<CatalogSearch, 'topSearches'>) {}

  execute(): Promise<readonly string[]> {
    return this.search.topSearches();
  }
}
