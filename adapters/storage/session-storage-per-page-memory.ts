/**
 * Products-per-page choices remembered per list path (spec §9: in session storage). Entries that
 * are not whole numbers are dropped on reading; which numbers count is core's rule.
 */
import * as t from 'io-ts';
import type { PerPageMemory } from '../../core/catalog/ports';
import type { PerPageByPath } from '../../core/catalog/products-per-page';
import { readJson, writeJson } from './json-storage';

export const PER_PAGE_STORAGE_KEY = 'lavabo.perPage';

const Entries = t.record(t.string, t.unknown);

export class SessionStoragePerPageMemory implements PerPageMemory {
  constructor(
    private readonly storage: Storage,
    private readonly key: string = PER_PAGE_STORAGE_KEY,
  ) {}

  load(): PerPageByPath {
    const entries = readJson(this.storage, this.key, Entries);
    if (entries === null || Array.isArray(entries)) return {};
    const memory: Record<string, number> = {};
    for (const [path, n] of Object.entries(entries)) {
      if (typeof n === 'number' && Number.isSafeInteger(n)) memory[path] = n;
    }
    return memory;
  }

  save(memory: PerPageByPath): void {
    writeJson(this.storage, this.key, memory);
  }
}
