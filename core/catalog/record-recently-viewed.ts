/**
 * Use case: the product page records the product as recently viewed (spec §9: at most
 * recentlyViewedMax from configuration, default 10; newest first, each product once).
 */
import type { ConfigurationGateway } from '../content/ports';
import type { BrowsingHistoryStore } from './ports';
import { addRecentlyViewed, recentlyViewedMax } from './recently-viewed';

export class RecordRecentlyViewed {
  constructor(
    private readonly store: BrowsingHistoryStore,
    /** Optional: without it (or when it fails) the default maximum applies. */
    private readonly configuration?: ConfigurationGateway,
  ) {}

  /** Master SKU of the viewed product; returns the list as stored. */
  async execute(sku: string): Promise<readonly string[]> {
    const max = await this.maximum();
    const trimmed = sku.trim();
    const current = this.store.loadRecentlyViewed();
    if (trimmed === '') return current;
    const next = addRecentlyViewed(current, trimmed, (s) => s, max);
    this.store.saveRecentlyViewed(next);
    return next;
  }

  private async maximum(): Promise<number> {
    if (this.configuration === undefined) return recentlyViewedMax(undefined);
    try {
      return recentlyViewedMax((await this.configuration.load()).recentlyViewedMax);
    } catch {
      // Spec §8: configuration failures are only logged, with a fallback.
      return recentlyViewedMax(undefined);
    }
  }
}
