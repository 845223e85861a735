/** The guest's anonymousId whose cart is merged on sign-in (spec §4 Cart lifecycle), on local storage. */
import * as t from 'io-ts';
import type { AnonymousIdStore } from '../../core/cart/ports';
import { readJson, writeJson } from './json-storage';

export const ANONYMOUS_ID_STORAGE_KEY = 'lavabo.cart.anonymousId';

export class LocalStorageAnonymousIdStore implements AnonymousIdStore {
  private memory: string | null = null;

  constructor(
    private readonly storage: Storage,
    private readonly key: string = ANONYMOUS_ID_STORAGE_KEY,
  ) {}

  load(): string | null {
    const stored = readJson(this.storage, this.key, t.string);
    const id = (stored ?? this.memory)?.trim() ?? '';
    return id === '' ? null : id;
  }

  save(anonymousId: string): void {
    const id = anonymousId.trim();
    if (id === '') {
      this.clear();
      return;
    }
    this.memory = id;
    writeJson(this.storage, this.key, id);
  }

  clear(): void {
    this.memory = null;
    try {
      this.storage.removeItem(this.key);
    } catch {
      // Nothing stored to clear.
    }
  }
}
