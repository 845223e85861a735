/** Use cases: read one of the shopper's lists; null while they have none (it is made on first add). */
import type { ShoppingListGateway } from './ports';
import { FAVORITES, pickList, type ShoppingList, type ShoppingListName } from './shopping-list';

export class LoadList {
  constructor(
    private readonly gateway: Pick<ShoppingListGateway, 'getLists'>,
    /** The list this use case reads. */
    readonly listName: ShoppingListName,
  ) {}

  async execute(): Promise<ShoppingList | null> {
    return pickList(await this.gateway.getLists(this.listName));
  }
}

/** The Favorites list (the heart). */
export class LoadFavorites extends LoadList {
  constructor(gateway: Pick<ShoppingListGateway, 'getLists'>) {
    super(gateway, FAVORITES);
  }
}
