/**
 * Use case: make a product a favorite or not (spec §4 Favorites: "when none exists one is created;
 * the latest version is used"). The Favorites list is created on the first add. A change is made
 * against the list as the caller last saw it; when the server answers 409 ConcurrentModification
 * (another tab changed the list) or the list is gone, the list is re-read and the change decided
 * again once against the fresh list — so a product another tab already added is not added twice.
 * A second conflict is returned as the failure. A change that the caller's list says is already
 * made is checked against the list as it is now, since that picture may be out of date.
 */
import { err, ok, type Result } from '../shared/result';
import { isListError, VersionConflictError, ListNotFoundError, type ListError } from './errors';
import type { ShoppingListGateway } from './ports';
import { FAVORITES, isOnList, lineForSku, pickList, type ShoppingList } from './shopping-list';

export interface FavoriteOutcome {
  /** The Favorites list after the change; null when there is still no list (a remove from none). */
  readonly list: ShoppingList | null;
  /** Whether the product is a favorite now. */
  readonly favorite: boolean;
}

export class ToggleFavorite {
  private creating: Promise<ShoppingList> | null = null;

  constructor(private readonly gateway: ShoppingListGateway) {}

  /** Flips the product relative to `known`, the list as the caller last saw it. */
  execute(sku: string, known: ShoppingList | null): Promise<Result<FavoriteOutcome, ListError>> {
    return this.set(sku, !isOnList(known, sku), known);
  }

  /** Makes the product a favorite (`favorite` true) or not; idempotent. */
  async set(
    sku: string,
    favorite: boolean,
    known: ShoppingList | null,
  ): Promise<Result<FavoriteOutcome, ListError>> {
    try {
      // Nothing to do by the caller's view, which may be stale (another tab): decide on the list
      // as it is now instead of answering from an old picture.
      const start = isOnList(known, sku) === favorite ? await this.fresh() : known;
      let list: ShoppingList | null;
      try {
        list = await this.apply(sku, favorite, start);
      } catch (e) {
        if (!(e instanceof VersionConflictError || e instanceof ListNotFoundError)) throw e;
        list = await this.apply(sku, favorite, await this.fresh());
      }
      return ok({ list, favorite: isOnList(list, sku) });
    } catch (e) {
      if (isListError(e)) return err(e);
      throw e;
    }
  }

  private async apply(
    sku: string,
    favorite: boolean,
    list: ShoppingList | null,
  ): Promise<ShoppingList | null> {
    if (favorite) {
      if (list !== null && isOnList(list, sku)) return list;
      const target = list ?? (await this.createList());
      if (isOnList(target, sku)) return target;
      return this.gateway.addLineItem(target.id, target.version, sku);
    }
    const line = lineForSku(list, sku);
    if (list === null || line === undefined) return list;
    return this.gateway.removeLineItem(list.id, list.version, line.id);
  }

  private async fresh(): Promise<ShoppingList | null> {
    return pickList(await this.gateway.getLists(FAVORITES));
  }

  /** Concurrent first adds share one new list. */
  private createList(): Promise<ShoppingList> {
    this.creating ??= this.gateway.createList(FAVORITES).finally(() => {
      this.creating = null;
    });
    return this.creating;
  }
}
