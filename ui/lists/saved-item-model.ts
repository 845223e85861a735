/**
 * "Save to My products" and "Save to My services" on a product page: whether the product (the
 * finish shown) is on the customer's MyProducts or MyServices list, and saving it there or taking
 * it off. Saved items show in my products and my services beside the registered products and the
 * ordered services (spec §3 MyProducts, MyServices). Changes run one after another, each against
 * the list the last one left, as the favorites do.
 */
import { makeAutoObservable, runInAction } from 'mobx';
import type { LoadList } from '../../core/lists/load-favorites';
import { isOnList, type ShoppingList } from '../../core/lists/shopping-list';
import type { ToggleListItem } from '../../core/lists/toggle-list-item';
import type { AsyncStatus } from '../../core/shared/async-status';

/** Which of the account's pages the list fills: its name as the shopper reads it. */
export type SavedPlace = 'My products' | 'My services';

export const saveLabel = (place: SavedPlace): string => `Save to ${place}`;
export const removeLabel = (place: SavedPlace): string => `Remove from ${place}`;
export const saveFailed = (place: SavedPlace): string =>
  `We could not update ${place}. Please try again.`;

export interface SavedItemUseCases {
  readonly load: Pick<LoadList, 'execute'>;
  readonly toggle: Pick<ToggleListItem, 'set'>;
}

export class SavedItemModel {
  list: ShoppingList | null = null;
  status: AsyncStatus = 'idle';
  pending = false;
  /** Politely announced after a change, or when one failed. */
  message: string | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  /** What a guest asked to save before signing in: saved once the customer's list is read. */
  private awaiting: { readonly sku: string; readonly title: string } | null = null;
  /** Which shopper's list reads are for: each sign-out starts a new one, as the favorites do. */
  private shopper = 0;

  constructor(
    private readonly useCases: SavedItemUseCases,
    readonly place: SavedPlace,
  ) {
    makeAutoObservable<SavedItemModel, 'useCases' | 'queue' | 'awaiting' | 'shopper'>(this, {
      useCases: false,
      queue: false,
      awaiting: false,
      shopper: false,
      place: false,
    });
  }

  isSaved(sku: string): boolean {
    return isOnList(this.list, sku);
  }

  /** Reads the list; then makes the save a guest asked for before signing in, if it is not made. */
  async load(): Promise<void> {
    const shopper = this.shopper;
    this.status = 'loading';
    try {
      const list = await this.useCases.load.execute();
      runInAction(() => {
        if (shopper !== this.shopper) return; // read for the shopper who signed out since
        this.list = list;
        this.status = 'succeeded';
      });
    } catch {
      runInAction(() => {
        if (shopper === this.shopper) this.status = 'failed';
      });
    }
    if (shopper !== this.shopper) return;
    const asked = this.awaiting;
    this.awaiting = null;
    if (asked !== null && !this.isSaved(asked.sku)) await this.toggle(asked);
  }

  /**
   * The customer signed out: their list is theirs alone. Forgotten at once, so the next customer
   * on this device never sees it while their own is read, and a read still on its way for the one
   * who left is dropped when it comes.
   */
  signedOut(): void {
    this.shopper += 1;
    this.list = null;
    this.status = 'idle';
    this.message = null;
  }

  /** A guest pressed Save: the press is kept for when they have signed in (then load runs). */
  saveAfterSignIn(product: { readonly sku: string; readonly title: string }): void {
    this.awaiting = product;
  }

  /** The guest closed the sign-in without signing in: nothing is saved later by surprise. */
  forgetSaveAfterSignIn(): void {
    this.awaiting = null;
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
            ? `${product.title} saved to ${this.place}.`
            : `${product.title} removed from ${this.place}.`;
        } else {
          this.message = saveFailed(this.place);
        }
      });
    } catch {
      runInAction(() => {
        this.message = saveFailed(this.place);
      });
    } finally {
      runInAction(() => {
        this.pending = false;
      });
    }
  }
}
