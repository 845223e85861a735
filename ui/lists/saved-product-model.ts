/**
 * "Save to My products" on a product page: whether the product (the finish shown) is on the
 * customer's MyProducts list, and saving it there or taking it off. Saved products show in my
 * products beside the registered ones (spec §3 MyProducts). Changes run one after another, each
 * against the list the last one left, as the favorites do.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { LoadList } from '../../core/lists/load-favorites';
import { isOnList, type ShoppingList } from '../../core/lists/shopping-list';
import type { ToggleListItem } from '../../core/lists/toggle-list-item';
import type { AsyncStatus } from '../../core/shared/async-status';

export const SAVE_TO_MY_PRODUCTS = 'Save to My products';
export const REMOVE_FROM_MY_PRODUCTS = 'Remove from My products';
export const SAVE_FAILED = 'We could not update My products. Please try again.';

export interface SavedProductUseCases {
  readonly load: Pick<LoadList, 'execute'>;
  readonly toggle: Pick<ToggleListItem, 'set'>;
}

export class SavedProductModel {
  list: ShoppingList | null = null;
  status: AsyncStatus = 'idle';
  pending = false;
  /** Politely announced after a change, or when one failed. */
  message: string | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly useCases: SavedProductUseCases) {
    makeAutoObservable<SavedProductModel, 'useCases' | 'queue'>(this, {
      useCases: false,
      queue: false,
    });
  }

  isSaved(sku: string): boolean {
    return isOnList(this.list, sku);
  }

  async load(): Promise<void> {
    this.status = 'loading';
    try {
      const list = await this.useCases.load.execute();
      runInAction(() => {
        this.list = list;
        this.status = 'succeeded';
      });
    } catch {
      runInAction(() => {
        this.status = 'failed';
      });
    }
  }

  /** Saves the product, or takes it off when it is saved already. */
  toggle(product: { readonly sku: string; readonly title: string }): Promise<void> {
    this.pending = true;
    const run = this.queue.then(() => this.change(product));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async change(product: { readonly sku: string; readonly title: string }): Promise<void> {
    try {
      // Decided on the list as it is (a failed or missing read is read again first).
      if (this.status !== 'succeeded') await this.load();
      const wanted = !this.isSaved(product.sku);
      const result = await this.useCases.toggle.set(product.sku, wanted, this.list);
      runInAction(() => {
        if (result.ok) {
          this.list = result.value.list;
          this.status = 'succeeded';
          this.message = result.value.onList
            ? `${product.title} saved to My products.`
            : `${product.title} removed from My products.`;
        } else {
          this.message = SAVE_FAILED;
        }
      });
    } catch {
      runInAction(() => {
        this.message = SAVE_FAILED;
      });
    } finally {
      runInAction(() => {
        this.pending = false;
      });
    }
  }
}
