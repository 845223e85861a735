/**
 * Shopping-list use cases (core/lists): the shopper's favorites, saved products and saved services.
 * The same in the shop and the offline demo; only the ShoppingListGateway differs. One LoadList and
 * one ToggleListItem per list, each bound under its own name.
 */
import { ContainerModule } from 'inversify';
import type { TokenStore } from '../../core/auth/ports';
import { LoadFavorites, LoadList } from '../../core/lists/load-favorites';
import type { ListPresence, ShoppingListGateway } from '../../core/lists/ports';
import {
  FAVORITES,
  MY_PRODUCTS,
  MY_SERVICES,
  type ShoppingListName,
} from '../../core/lists/shopping-list';
import { ToggleListItem } from '../../core/lists/toggle-list-item';
import { LocalStorageListPresence } from '../storage/local-storage-list-presence';
import { TYPES } from './types';

/** Each list's reader and toggle. */
const LISTS: readonly (readonly [ShoppingListName, load: symbol, toggle: symbol])[] = [
  [FAVORITES, TYPES.LoadFavorites, TYPES.ToggleFavorite],
  [MY_PRODUCTS, TYPES.LoadSavedProducts, TYPES.ToggleMyProduct],
  [MY_SERVICES, TYPES.LoadSavedServices, TYPES.ToggleMyService],
];

export const listsModule = new ContainerModule(({ bind }) => {
  bind<ListPresence>(TYPES.ListPresence)
    .toResolvedValue(
      (tokens: TokenStore, storage: Storage) => new LocalStorageListPresence(tokens, storage),
      [TYPES.TokenStore, TYPES.Storage],
    )
    .inSingletonScope();
  for (const [name, load, toggle] of LISTS) {
    bind<LoadList>(load)
      .toResolvedValue(
        (lists: ShoppingListGateway, presence: ListPresence) =>
          name === FAVORITES
            ? new LoadFavorites(lists, presence)
            : new LoadList(lists, name, presence),
        [TYPES.ShoppingListGateway, TYPES.ListPresence],
      )
      .inSingletonScope();
    bind<ToggleListItem>(toggle)
      .toResolvedValue(
        (lists: ShoppingListGateway, presence: ListPresence) =>
          new ToggleListItem(lists, name, presence),
        [TYPES.ShoppingListGateway, TYPES.ListPresence],
      )
      .inSingletonScope();
  }
});
