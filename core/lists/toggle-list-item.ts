/**
 * Use case: put a product on one of the shopper's lists or take it off (spec §4 Favorites: "when
 * none exists one is created; the latest version is used"): Favorites (the heart), MyProducts
 * (saved products) or MyServices. The list is created on the first add. A change is made
 * against the list as the caller last saw it; when the server answers 409 ConcurrentModification
 * (another tab changed the list) or the list is gone, the list is re-read and the change decided
 * again once against the fresh list — so a product another tab already added is not added twice.
 * A second conflict is returned as the failure. A change that the caller's list says is already
 * made is checked against the list as it is now, since that picture may be out of date.
 */
import { err, ok, type Result } from '../shared/result';
import { isListError, VersionConflictError, ListNotFoundError, type ListError } from './errors';
import { readList } from './load-favorites';
import { EVERY_LIST_READ, type ListPresence, type ShoppingListGateway } from './ports';
import {
  FAVORITES,
  isOnList,
  lineForSku,
  type ShoppingList,
  type ShoppingListName,
} from './shopping-list';

export interface ListItemOutcome {
  /** The list after the change; null when there is still no list (a remove from none). */
  readonly list: ShoppingList | null;
  /** Whether the product is on the list now. */
  readonly onList: boolean;
}

export class ToggleListItem {
  private creating: Promise<ShoppingList> | null = null;

  constructor(
    private readonly gateway: ShoppingListGateway,
    /** The list this use case changes. */
    readonly listName: ShoppingListName = FAVORITES,
    /** Told when the list is made or read, so that a guest's next read asks for it. */
    private readonly presence: ListPresence = EVERY_LIST_READ,
  ) {}

  /** Flips the product relative to `known`, the list as the caller last saw it. */
  execute(sku: string, known: ShoppingList | null): Promise<Result<ListItemOutcome, ListError>> {
    return this.set(sku, !isOnList(known, sku), known);
  }

  /** Puts the product on the list (`wanted` true) or takes it off; idempotent. */
  async set(
    sku: string,
    wanted: boolean,
    known: ShoppingList | null,
  ): Promise<Result<ListItemOutcome, ListError>> {
    try {
      // Nothing to do by the caller's view, which may be stale (another tab): decide on the list
      // as it is now instead of answering from an old picture.
      const start = isOnList(known, sku) === wanted ? await this.fresh() : known;
      let list: ShoppingList | null;
      try {
        list = await this.apply(sku, wanted, start);
      } catch (e) {
        if (!(e instanceof VersionConflictError || e instanceof ListNotFoundError)) throw e;
        list = await this.apply(sku, wanted, await this.fresh());
      }
      return ok({ list, onList: isOnList(list, sku) });
    } catch (e) {
      if (isListError(e)) return err(e);
      throw e;
    }
  }

  private async apply(
    sku: string,
    wanted: boolean,
    list: ShoppingList | null,
  ): Promise<ShoppingList | null> {
    if (wanted) {
      if (list !== null && isOnList(list, sku)) return list;
      const target = list ?? (await this.createList());
      if (isOnList(target, sku)) return target;
      return this.gateway.addLineItem(target.id, target.version, sku);
    }
    const line = lineForSku(list, sku);
    if (list === null || line === undefined) return list;
    return this.gateway.removeLineItem(list.id, list.version, line.id);
  }

  private fresh(): Promise<ShoppingList | null> {
    return readList(this.gateway, this.listName, this.presence);
  }

  /**
   * Concurrent first adds share one new list. It is known to exist the moment it is made, even
   * if the add then fails: it is the shopper's from then on.
   */
  private createList(): Promise<ShoppingList> {
    this.creating ??= this.gateway
      .createList(this.listName)
      .then((list) => {
        this.presence.set(this.listName, true);
        return list;
      })
      .finally(() => {
        this.creating = null;
      });
    return this.creating;
  }
}
