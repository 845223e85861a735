/**
 * Use cases: read one of the shopper's lists; null while they have none (it is made on first add).
 * A guest's list is one this device made, so a guest whose device never made or saw the list has
 * none, and is answered null without a call: a first visit's every page does not ask for the
 * favorites of a guest who has none. A customer's lists are always read.
 */
import { EVERY_LIST_READ, type ListPresence, type ShoppingListGateway } from './ports';
import { FAVORITES, pickList, type ShoppingList, type ShoppingListName } from './shopping-list';

/** Reads the shopper's list of that name and tells the device whether there is one. */
export const readList = async (
  gateway: Pick<ShoppingListGateway, 'getLists'>,
  name: ShoppingListName,
  presence: ListPresence,
): Promise<ShoppingList | null> => {
  const list = pickList(await gateway.getLists(name));
  presence.set(name, list !== null);
  return list;
};

export class LoadList {
  constructor(
    private readonly gateway: Pick<ShoppingListGateway, 'getLists'>,
    /** The list this use case reads. */
    readonly listName: ShoppingListName,
    private readonly presence: ListPresence = EVERY_LIST_READ,
  ) {}

  async execute(): Promise<ShoppingList | null> {
    if (!this.presence.signedIn() && !this.presence.has(this.listName)) return null;
    return readList(this.gateway, this.listName, this.presence);
  }
}

/** The Favorites list (the heart). */
export class LoadFavorites extends LoadList {
  constructor(
    gateway: Pick<ShoppingListGateway, 'getLists'>,
    presence: ListPresence = EVERY_LIST_READ,
  ) {
    super(gateway, FAVORITES, presence);
  }
}
