/** Use case: read the shopper's Favorites list; null while they have none (it is made on first add). */
import type { ShoppingListGateway } from './ports';
import { FAVORITES, pickList, type ShoppingList } from './shopping-list';

export class LoadFavorites {
  constructor(private readonly gateway: Pick<ShoppingListGateway, 'getLists'>) {}

  async execute(): Promise<ShoppingList | null> {
    return pickList(await this.gateway.getLists(FAVORITES));
  }
}
