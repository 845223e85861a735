/**
 * The active cart pointer (spec §3 cart client state activeCart {cartId, version}) on local
 * storage, so a returning shopper finds their cart. Listeners hear every save and clear: the app's
 * cart view model follows changes made elsewhere (the guest-cart merge after sign-in, the clear on
 * sign-out, another tab).
 */
import * as t from 'io-ts';
import type { ActiveCartRef } from '../../core/cart/cart';
import type { ActiveCartStore } from '../../core/cart/ports';
import { readJson, writeJson } from './json-storage';

export const ACTIVE_CART_STORAGE_KEY = 'lavabo.cart.active';

const ActiveCartRefCodec: t.Type<ActiveCartRef, unknown, unknown> = t.type({
  cartId: t.string,
  version: t.number,
});

export type ActiveCartListener = (ref: ActiveCartRef | null) => void;

/** A store whose changes can be watched. */
export interface ObservableActiveCartStore extends ActiveCartStore {
  subscribe(listener: ActiveCartListener): () => void;
}

export class LocalStorageActiveCartStore implements ObservableActiveCartStore {
  private readonly listeners = new Set<ActiveCartListener>();
  /** What this page last wrote: still the answer when storage refuses writes (private mode). */
  private memory: ActiveCartRef | null | undefined = undefined;

  constructor(
    private readonly storage: Storage,
    private readonly key: string = ACTIVE_CART_STORAGE_KEY,
  ) {}

  load(): ActiveCartRef | null {
    const stored = readJson(this.storage, this.key, ActiveCartRefCodec);
    if (stored !== null) return stored.cartId === '' ? null : stored;
    return this.memory ?? null;
  }

  save(ref: ActiveCartRef): void {
    const value = { cartId: ref.cartId, version: ref.version };
    this.memory = value;
    writeJson(this.storage, this.key, value);
    this.notify(value);
  }

  clear(): void {
    this.memory = null;
    try {
      this.storage.removeItem(this.key);
    } catch {
      // Nothing stored to clear.
    }
    this.notify(null);
  }

  subscribe(listener: ActiveCartListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify(ref: ActiveCartRef | null): void {
    for (const listener of [...this.listeners]) listener(ref);
  }
}
