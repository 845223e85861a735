/**
 * The favorites page (`/en/account/favorites`, guests' too): the shopper's Favorites list read
 * afresh, and the products on it looked up in the catalogue (spec §9: favorites lookup 50 rows at a
 * time). A product taken off the list (here or by its heart) leaves the grid at once; one that joins
 * it while the page is open (signing in merges the guest's list into the account's) is looked up
 * and shown.
 */
import { makeAutoObservable, reaction, runInAction } from 'mobx';
import type { GetProductTiles } from '../../core/catalog/get-product-tiles';
import type { ProductSummary } from '../../core/catalog/product';
import type { AsyncStatus } from '../../core/shared/async-status';
import type { FavoritesViewModel } from './favorites-view-model';

/** Spec §9: favorites are looked up 50 rows at a time. */
export const FAVORITES_LOOKUP_ROWS = 50;

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) =>
    items.slice(i * size, i * size + size),
  );

export class FavoritesPageViewModel {
  status: AsyncStatus = 'idle';
  private found: readonly ProductSummary[] = [];
  private generation = 0;

  constructor(
    private readonly favorites: FavoritesViewModel,
    private readonly getTiles: Pick<GetProductTiles, 'execute'>,
  ) {
    makeAutoObservable<FavoritesPageViewModel, 'favorites' | 'getTiles' | 'generation'>(this, {
      favorites: false,
      getTiles: false,
      generation: false,
    });
  }

  /** The favorite products still on the list, newest favorite first. */
  get products(): readonly ProductSummary[] {
    const order = [...this.favorites.skus].reverse().map((s) => s.toUpperCase());
    return this.found
      .filter((p) => this.favorites.isFavorite(p.sku))
      .sort((a, b) => order.indexOf(a.sku.toUpperCase()) - order.indexOf(b.sku.toUpperCase()));
  }

  /**
   * What the page shows: while the list itself is read again (after a sign-in or sign-out), it is
   * loading, not "no favorites".
   */
  get shownStatus(): AsyncStatus {
    if (this.status !== 'succeeded') return this.status;
    const list = this.favorites.status;
    return list === 'idle' || list === 'loading' ? 'loading' : this.status;
  }

  get isEmpty(): boolean {
    return this.shownStatus === 'succeeded' && this.products.length === 0;
  }

  /** Favorite SKUs not looked up yet. */
  private get unseen(): readonly string[] {
    const known = new Set(this.found.map((p) => p.sku.toUpperCase()));
    return this.favorites.skus.filter((s) => !known.has(s.toUpperCase()));
  }

  /**
   * Looks up the products that join the list while the page is open; returns the disposer.
   */
  follow(): () => void {
    return reaction(
      () =>
        this.status === 'succeeded' && this.favorites.status === 'succeeded'
          ? this.unseen.join(',')
          : '',
      (key) => {
        if (key !== '') void this.lookUp(key.split(','));
      },
    );
  }

  private async lookUp(skus: readonly string[]): Promise<void> {
    const generation = this.generation;
    try {
      const pages = await Promise.all(
        chunks(skus, FAVORITES_LOOKUP_ROWS).map((part) => this.getTiles.execute(part)),
      );
      if (generation !== this.generation) return;
      runInAction(() => {
        const known = new Set(this.found.map((p) => p.sku));
        this.found = [...this.found, ...pages.flat().filter((p) => !known.has(p.sku))];
      });
    } catch {
      // The products already shown stay; the next full load (or retry) tries again.
    }
  }

  async load(): Promise<void> {
    const generation = ++this.generation;
    this.status = 'loading';
    await this.favorites.load();
    if (generation !== this.generation) return;
    if (this.favorites.status === 'failed') {
      runInAction(() => {
        this.status = 'failed';
      });
      return;
    }
    try {
      const pages = await Promise.all(
        chunks(this.favorites.skus, FAVORITES_LOOKUP_ROWS).map((skus) =>
          this.getTiles.execute(skus),
        ),
      );
      if (generation !== this.generation) return;
      runInAction(() => {
        this.found = pages.flat();
        this.status = 'succeeded';
      });
    } catch {
      if (generation !== this.generation) return;
      runInAction(() => {
        this.status = 'failed';
      });
    }
  }

  remove(product: ProductSummary): Promise<void> {
    return this.favorites.remove({ sku: product.sku, title: product.title });
  }
}
