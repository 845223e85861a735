/**
 * The favorites page (`/en/account/favorites`): the shopper's Favorites list read afresh, and the
 * products on it looked up in the catalogue (spec §9: favorites lookup 50 rows at a time). A product
 * taken off the list (here or by its heart) leaves the grid at once.
 */
import { makeAutoObservable, runInAction } from 'mobx';
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

  get isEmpty(): boolean {
    return this.status === 'succeeded' && this.products.length === 0;
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
