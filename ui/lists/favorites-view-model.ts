/**
 * The shopper's Favorites for the whole app (spec §4 Favorites): which products are favorites,
 * the heart toggles on product tiles and the product page, and the favorites page's removes. One
 * instance per app, like compare. Changes run one after another, each against the list the last
 * one left, so quick double clicks never race each other.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { LoadFavorites } from '../../core/lists/load-favorites';
import { isFavorite } from '../../core/lists/is-favorite';
import { listSkus, type ShoppingList } from '../../core/lists/shopping-list';
import type { ToggleListItem } from '../../core/lists/toggle-list-item';
import type { AsyncStatus } from '../../core/shared/async-status';

export interface FavoritesUseCases {
  readonly load: LoadFavorites;
  readonly toggle: ToggleListItem;
}

export interface FavoriteProduct {
  readonly sku: string;
  readonly title: string;
}

export const FAVORITE_FAILED_MESSAGE = 'We could not update your favorites. Please try again.';

export class FavoritesViewModel {
  list: ShoppingList | null = null;
  status: AsyncStatus = 'idle';
  /** SKUs whose change is on its way to the server. */
  pending: readonly string[] = [];
  /** Politely announced after a change, or when one failed. */
  message: string | null = null;
  private loading: Promise<void> | null = null;
  /** Which shopper's list reads are for: each reload (sign-in, sign-out) starts a new one. */
  private shopper = 0;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly useCases: FavoritesUseCases) {
    makeAutoObservable<FavoritesViewModel, 'useCases' | 'loading' | 'queue' | 'shopper'>(this, {
      shopper: false,
      useCases: false,
      loading: false,
      queue: false,
    });
  }

  /** Favorite SKUs, in the order they were added. */
  get skus(): readonly string[] {
    return listSkus(this.list);
  }

  get count(): number {
    return this.skus.length;
  }

  isFavorite(sku: string): boolean {
    return isFavorite(this.list, sku);
  }

  isPending(sku: string): boolean {
    return this.pending.includes(sku);
  }

  /** Reads the list (again); concurrent calls share one request. */
  load(): Promise<void> {
    if (this.loading === null) {
      const reading = this.read(this.shopper).finally(() => {
        if (this.loading === reading) this.loading = null;
      });
      this.loading = reading;
    }
    return this.loading;
  }

  /**
   * After sign-in or sign-out the list is someone else's: forget it and read it again — a fresh
   * read, never one started for the previous shopper, whose late answer is then ignored.
   */
  reload(): Promise<void> {
    this.shopper += 1;
    this.loading = null;
    this.list = null;
    this.status = 'idle';
    return this.load();
  }

  toggle(product: FavoriteProduct): Promise<void> {
    return this.enqueue(product, null);
  }

  remove(product: FavoriteProduct): Promise<void> {
    return this.enqueue(product, false);
  }

  dismissMessage(): void {
    this.message = null;
  }

  private enqueue(product: FavoriteProduct, favorite: boolean | null): Promise<void> {
    this.pending = [...this.pending, product.sku];
    const run = this.queue.then(() => this.change(product, favorite));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async change(product: FavoriteProduct, favorite: boolean | null): Promise<void> {
    try {
      // Decide against the shopper's real list, not against "nothing loaded yet".
      if (this.status !== 'succeeded') await this.load();
      const want = favorite ?? !this.isFavorite(product.sku);
      const result = await this.useCases.toggle.set(product.sku, want, this.list);
      runInAction(() => {
        if (result.ok) {
          this.list = result.value.list;
          this.status = 'succeeded';
          this.message = result.value.onList
            ? `${product.title} added to favorites.`
            : `${product.title} removed from favorites.`;
        } else {
          this.message = FAVORITE_FAILED_MESSAGE;
        }
      });
    } catch {
      runInAction(() => {
        this.message = FAVORITE_FAILED_MESSAGE;
      });
    } finally {
      runInAction(() => {
        const i = this.pending.indexOf(product.sku);
        this.pending = this.pending.filter((_, j) => j !== i);
      });
    }
  }

  private async read(shopper: number): Promise<void> {
    this.status = 'loading';
    try {
      const list = await this.useCases.load.execute();
      runInAction(() => {
        if (shopper !== this.shopper) return; // the previous shopper's list
        this.list = list;
        this.status = 'succeeded';
      });
    } catch {
      runInAction(() => {
        if (shopper === this.shopper) this.status = 'failed';
      });
    }
  }
}
