/**
 * Lists' ListPresence port (core/lists/ports.ts) on this device: whether a customer is signed in
 * (the persisted auth slice holds a customer's token) and which lists this device made or last saw
 * (local storage, so a guest's favorites are asked for on their next visit too). What this page
 * wrote is kept in memory as well, for a storage that refuses writes (private mode).
 */
import * as t from 'io-ts';
import type { TokenStore } from '../../core/auth/ports';
import { isAuth } from '../../core/auth/session';
import type { ListPresence } from '../../core/lists/ports';
import type { ShoppingListName } from '../../core/lists/shopping-list';
import { readJson, writeJson } from './json-storage';

export const LIST_PRESENCE_STORAGE_KEY = 'lavabo.lists';

const NamesCodec = t.array(t.string);

export class LocalStorageListPresence implements ListPresence {
  private memory: readonly string[] | null = null;

  constructor(
    private readonly tokens: TokenStore,
    private readonly storage: Storage,
    private readonly key: string = LIST_PRESENCE_STORAGE_KEY,
  ) {}

  signedIn(): boolean {
    return isAuth(this.tokens.load());
  }

  has(name: ShoppingListName): boolean {
    return this.names().includes(name);
  }

  set(name: ShoppingListName, exists: boolean): void {
    const names = this.names();
    if (names.includes(name) === exists) return;
    const next = exists ? [...names, name] : names.filter((n) => n !== name);
    this.memory = next;
    writeJson(this.storage, this.key, next);
  }

  private names(): readonly string[] {
    return readJson(this.storage, this.key, NamesCodec) ?? this.memory ?? [];
  }
}
