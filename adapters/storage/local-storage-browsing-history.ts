/**
 * Recently viewed products and search keyword history (spec §9, §5), on local storage. Unreadable
 * lists read as empty; the rules of what to keep live in core (recently-viewed, keyword-history).
 */
import * as t from 'io-ts';
import type { BrowsingHistoryStore } from '../../core/catalog/ports';
import { readJson, writeJson } from './json-storage';

export const RECENTLY_VIEWED_STORAGE_KEY = 'lavabo.recentlyViewed';
export const KEYWORDS_STORAGE_KEY = 'lavabo.keywords';

const Strings = t.array(t.string);

export class LocalStorageBrowsingHistory implements BrowsingHistoryStore {
  constructor(private readonly storage: Storage) {}

  loadRecentlyViewed(): readonly string[] {
    return readJson(this.storage, RECENTLY_VIEWED_STORAGE_KEY, Strings) ?? [];
  }

  saveRecentlyViewed(skus: readonly string[]): void {
    writeJson(this.storage, RECENTLY_VIEWED_STORAGE_KEY, skus);
  }

  loadKeywords(): readonly string[] {
    return readJson(this.storage, KEYWORDS_STORAGE_KEY, Strings) ?? [];
  }

  saveKeywords(keywords: readonly string[]): void {
    writeJson(this.storage, KEYWORDS_STORAGE_KEY, keywords);
  }
}
